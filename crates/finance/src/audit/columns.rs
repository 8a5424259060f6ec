//! The column headers of a statement's transaction table in the 12 languages, and the
//! header row found among a page's rows: which column is the date, the description, the
//! debits, the credits, a signed amount, the running balance. Shared by the words reader
//! (by x-range) and the CSV reader (by cell).

/// What a column holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ColumnRole {
    Date,
    /// A second date (value date): read past, never a description.
    ValueDate,
    Description,
    Debit,
    Credit,
    /// One signed amount column.
    Amount,
    Balance,
}

impl ColumnRole {
    /// Columns whose cells are amounts.
    pub fn holds_amounts(self) -> bool {
        matches!(
            self,
            ColumnRole::Debit | ColumnRole::Credit | ColumnRole::Amount | ColumnRole::Balance
        )
    }
}

/// Header phrases, lowercased, per role. Longer phrases are tried first by the callers.
const HEADERS: &[(ColumnRole, &[&str])] = &[
    (
        ColumnRole::ValueDate,
        &[
            "value date",
            "date de valeur",
            "date valeur",
            "fecha valor",
            "f. valor",
            "valor fecha",
            "wertstellung",
            "valuta",
            "wert",
            "data valuta",
            "data valor",
            "valutadatum",
            "rentedatum",
            "data waluty",
            "valeur",
            "起息日",
            "受渡日",
            "기산일",
            "تاريخ الاستحقاق",
        ],
    ),
    (
        ColumnRole::Date,
        &[
            "date",
            "booking date",
            "transaction date",
            "posting date",
            "posted",
            "trans date",
            "fecha",
            "fecha operación",
            "fecha operacion",
            "f. operación",
            "fecha contable",
            "date opération",
            "date d'opération",
            "date operation",
            "datum",
            "buchungstag",
            "buchungsdatum",
            "buchung",
            "data",
            "data operazione",
            "data contabile",
            "data movimento",
            "data mov.",
            "data operacji",
            "data księgowania",
            "data transakcji",
            "boekdatum",
            "日付",
            "取引日",
            "お取引日",
            "年月日",
            "日期",
            "交易日期",
            "记账日期",
            "交易日",
            "날짜",
            "거래일",
            "거래일자",
            "거래일시",
            "التاريخ",
            "تاريخ",
            "تاريخ العملية",
        ],
    ),
    (
        ColumnRole::Description,
        &[
            "description",
            "details",
            "transaction details",
            "particulars",
            "narrative",
            "transaction",
            "memo",
            "payee",
            "concepto",
            "descripción",
            "descripcion",
            "movimiento",
            "libellé",
            "libelle",
            "opération",
            "operation",
            "nature de l'opération",
            "désignation",
            "buchungstext",
            "verwendungszweck",
            "beschreibung",
            "vorgang",
            "text",
            "umsatzart",
            "descrizione",
            "causale",
            "descrição",
            "descricao",
            "histórico",
            "historico",
            "movimento",
            "omschrijving",
            "mededelingen",
            "opis",
            "opis operacji",
            "tytuł",
            "tytul",
            "szczegóły",
            "摘要",
            "内容",
            "お取引内容",
            "说明",
            "交易摘要",
            "备注",
            "적요",
            "내용",
            "거래내용",
            "기재내용",
            "الوصف",
            "البيان",
            "التفاصيل",
        ],
    ),
    (
        ColumnRole::Debit,
        &[
            "debit",
            "debits",
            "withdrawal",
            "withdrawals",
            "paid out",
            "money out",
            "payments",
            "dr",
            "cargo",
            "cargos",
            "debe",
            "débito",
            "debito",
            "débit",
            "débits",
            "debit eur",
            "soll",
            "belastung",
            "lastschrift",
            "ausgang",
            "dare",
            "addebiti",
            "uscite",
            "af",
            "uitgaven",
            "obciążenia",
            "obciazenia",
            "obciążenie",
            "wypłaty",
            "wydatki",
            "お引出し",
            "お引出金額",
            "お支払金額",
            "出金",
            "引出し",
            "支払",
            "支出",
            "支出金额",
            "借方",
            "출금",
            "출금액",
            "찾으신금액",
            "찾으신 금액",
            "مدين",
            "المدين",
            "سحب",
            "خصم",
        ],
    ),
    (
        ColumnRole::Credit,
        &[
            "credit",
            "credits",
            "deposit",
            "deposits",
            "paid in",
            "money in",
            "receipts",
            "cr",
            "abono",
            "abonos",
            "haber",
            "ingresos",
            "ingreso",
            "crédit",
            "crédits",
            "haben",
            "gutschrift",
            "eingang",
            "avere",
            "accrediti",
            "entrate",
            "crédito",
            "credito",
            "bij",
            "ontvangsten",
            "uznania",
            "uznanie",
            "wpłaty",
            "wplywy",
            "wpływy",
            "お預入れ",
            "お預入金額",
            "お預り金額",
            "預入れ",
            "入金",
            "存入",
            "收入",
            "收入金额",
            "贷方",
            "입금",
            "입금액",
            "맡기신금액",
            "맡기신 금액",
            "دائن",
            "الدائن",
            "إيداع",
            "ايداع",
        ],
    ),
    (
        ColumnRole::Amount,
        &[
            "amount",
            "importe",
            "montant",
            "betrag",
            "umsatz",
            "importo",
            "valor",
            "montante",
            "bedrag",
            "kwota",
            "金額",
            "お取引金額",
            "金额",
            "交易金额",
            "금액",
            "거래금액",
            "المبلغ",
            "مبلغ",
        ],
    ),
    (
        ColumnRole::Balance,
        &[
            "balance",
            "running balance",
            "saldo",
            "solde",
            "kontostand",
            "残高",
            "差引残高",
            "余额",
            "账户余额",
            "餘額",
            "잔액",
            "거래후잔액",
            "거래후 잔액",
            "الرصيد",
            "رصيد",
        ],
    ),
];

/// The role a header cell's text names, if any.
pub fn role_of(text: &str) -> Option<ColumnRole> {
    let key = header_key(text);
    if key.is_empty() {
        return None;
    }
    HEADERS
        .iter()
        .find(|(_, phrases)| phrases.contains(&key.as_str()))
        .map(|(role, _)| *role)
}

/// Lowercased, punctuation trimmed at the ends, a currency in parentheses dropped
/// ("Debit (EUR)" → "debit"), inner runs of spaces collapsed.
pub fn header_key(text: &str) -> String {
    let without_parenthesised = match text.find(['(', '（']) {
        Some(at) if at > 0 => &text[..at],
        _ => text,
    };
    let lower = without_parenthesised.to_lowercase();
    let words: Vec<&str> = lower
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'' && c != '.'))
        .map(|w| w.trim_end_matches('.'))
        .filter(|w| !w.is_empty())
        .collect();
    let joined = words.join(" ");
    // "f. valor" keeps its dot: retry with the raw abbreviation.
    if joined.starts_with("f ") {
        return lower.trim().to_owned();
    }
    joined
}

/// Whether a set of roles makes a transaction table: a date and some amount column.
pub fn is_table_header(roles: &[ColumnRole]) -> bool {
    roles.contains(&ColumnRole::Date)
        && roles.iter().any(|r| {
            matches!(
                r,
                ColumnRole::Amount | ColumnRole::Debit | ColumnRole::Credit
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_in_several_languages() {
        assert_eq!(role_of("Date"), Some(ColumnRole::Date));
        assert_eq!(role_of("Value date"), Some(ColumnRole::ValueDate));
        assert_eq!(role_of("Paid out"), Some(ColumnRole::Debit));
        assert_eq!(role_of("Debit (EUR)"), Some(ColumnRole::Debit));
        assert_eq!(role_of("Verwendungszweck"), Some(ColumnRole::Description));
        assert_eq!(role_of("Soll"), Some(ColumnRole::Debit));
        assert_eq!(role_of("Haben"), Some(ColumnRole::Credit));
        assert_eq!(role_of("Libellé"), Some(ColumnRole::Description));
        assert_eq!(role_of("Débit"), Some(ColumnRole::Debit));
        assert_eq!(role_of("Concepto"), Some(ColumnRole::Description));
        assert_eq!(role_of("Abono"), Some(ColumnRole::Credit));
        assert_eq!(role_of("Obciążenia"), Some(ColumnRole::Debit));
        assert_eq!(role_of("お預入れ"), Some(ColumnRole::Credit));
        assert_eq!(role_of("残高"), Some(ColumnRole::Balance));
        assert_eq!(role_of("잔액"), Some(ColumnRole::Balance));
        assert_eq!(role_of("الرصيد"), Some(ColumnRole::Balance));
        assert_eq!(role_of("Saldo:"), Some(ColumnRole::Balance));
        assert_eq!(role_of("Tesco"), None);
        assert!(is_table_header(&[ColumnRole::Date, ColumnRole::Debit]));
        assert!(!is_table_header(&[ColumnRole::Date, ColumnRole::Balance]));
    }
}
