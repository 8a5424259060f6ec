//! The words of a statement's special rows in the 12 languages: opening and closing
//! balances, balances carried or brought forward between pages, totals, the statement
//! period. Matched on lowercased text with `contains`, longest phrases first.

/// What a special row is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RowLabel {
    /// The balance before the first transaction.
    Opening,
    /// The balance after the last transaction.
    Closing,
    /// A page's last balance, repeated at the top of the next page.
    CarriedForward,
    /// A page's first line repeating the previous page's balance.
    BroughtForward,
    /// A totals row (sums of the columns): not a transaction.
    Total,
}

/// Phrases, lowercased. Order matters: a "brought forward" phrase is checked before the
/// bare "balance" ones, and opening before closing.
const PHRASES: &[(&str, RowLabel)] = &[
    // English
    ("balance brought forward", RowLabel::BroughtForward),
    ("brought forward", RowLabel::BroughtForward),
    ("balance carried forward", RowLabel::CarriedForward),
    ("carried forward", RowLabel::CarriedForward),
    ("opening balance", RowLabel::Opening),
    ("previous balance", RowLabel::Opening),
    ("starting balance", RowLabel::Opening),
    ("beginning balance", RowLabel::Opening),
    ("closing balance", RowLabel::Closing),
    ("ending balance", RowLabel::Closing),
    ("new balance", RowLabel::Closing),
    ("final balance", RowLabel::Closing),
    // Spanish
    ("saldo inicial", RowLabel::Opening),
    ("saldo anterior", RowLabel::Opening),
    ("saldo final", RowLabel::Closing),
    ("saldo a su favor", RowLabel::Closing),
    ("suma y sigue", RowLabel::CarriedForward),
    ("suma anterior", RowLabel::BroughtForward),
    // French
    ("solde précédent", RowLabel::Opening),
    ("solde precedent", RowLabel::Opening),
    ("ancien solde", RowLabel::Opening),
    ("solde initial", RowLabel::Opening),
    ("solde d'ouverture", RowLabel::Opening),
    ("nouveau solde", RowLabel::Closing),
    ("solde final", RowLabel::Closing),
    ("solde de clôture", RowLabel::Closing),
    ("report à nouveau", RowLabel::BroughtForward),
    ("à reporter", RowLabel::CarriedForward),
    ("report", RowLabel::BroughtForward),
    // German
    ("übertrag", RowLabel::CarriedForward),
    ("anfangssaldo", RowLabel::Opening),
    ("alter kontostand", RowLabel::Opening),
    ("alter saldo", RowLabel::Opening),
    ("saldo alt", RowLabel::Opening),
    ("endsaldo", RowLabel::Closing),
    ("neuer kontostand", RowLabel::Closing),
    ("neuer saldo", RowLabel::Closing),
    ("saldo neu", RowLabel::Closing),
    ("schlusssaldo", RowLabel::Closing),
    // Italian
    ("saldo iniziale", RowLabel::Opening),
    ("saldo precedente", RowLabel::Opening),
    ("saldo contabile finale", RowLabel::Closing),
    ("saldo finale", RowLabel::Closing),
    ("a riportare", RowLabel::CarriedForward),
    ("riporto", RowLabel::BroughtForward),
    // Portuguese
    ("saldo transitado", RowLabel::BroughtForward),
    ("saldo a transportar", RowLabel::CarriedForward),
    ("saldo transportado", RowLabel::BroughtForward),
    ("saldo inicial", RowLabel::Opening),
    ("saldo anterior", RowLabel::Opening),
    ("saldo atual", RowLabel::Closing),
    // Dutch
    ("beginsaldo", RowLabel::Opening),
    ("vorig saldo", RowLabel::Opening),
    ("oud saldo", RowLabel::Opening),
    ("eindsaldo", RowLabel::Closing),
    ("nieuw saldo", RowLabel::Closing),
    ("transport", RowLabel::CarriedForward),
    // Polish
    ("saldo początkowe", RowLabel::Opening),
    ("saldo poczatkowe", RowLabel::Opening),
    ("saldo otwarcia", RowLabel::Opening),
    ("saldo końcowe", RowLabel::Closing),
    ("saldo koncowe", RowLabel::Closing),
    ("saldo zamknięcia", RowLabel::Closing),
    ("z przeniesienia", RowLabel::BroughtForward),
    ("do przeniesienia", RowLabel::CarriedForward),
    // Chinese
    ("承前页", RowLabel::BroughtForward),
    ("过次页", RowLabel::CarriedForward),
    ("期初余额", RowLabel::Opening),
    ("上期余额", RowLabel::Opening),
    ("期末余额", RowLabel::Closing),
    ("本期余额", RowLabel::Closing),
    ("期初餘額", RowLabel::Opening),
    ("期末餘額", RowLabel::Closing),
    // Japanese
    ("前頁より繰越", RowLabel::BroughtForward),
    ("次頁へ繰越", RowLabel::CarriedForward),
    ("前月繰越", RowLabel::Opening),
    ("前回残高", RowLabel::Opening),
    ("期首残高", RowLabel::Opening),
    ("繰越残高", RowLabel::Opening),
    ("今回残高", RowLabel::Closing),
    ("期末残高", RowLabel::Closing),
    ("次月繰越", RowLabel::Closing),
    // Korean
    ("전페이지 이월", RowLabel::BroughtForward),
    ("다음페이지 이월", RowLabel::CarriedForward),
    ("기초잔액", RowLabel::Opening),
    ("기초 잔액", RowLabel::Opening),
    ("전월이월", RowLabel::Opening),
    ("이월잔액", RowLabel::Opening),
    ("기말잔액", RowLabel::Closing),
    ("기말 잔액", RowLabel::Closing),
    // Arabic
    ("رصيد منقول", RowLabel::BroughtForward),
    ("رصيد مرحل", RowLabel::CarriedForward),
    ("الرصيد الافتتاحي", RowLabel::Opening),
    ("رصيد افتتاحي", RowLabel::Opening),
    ("الرصيد السابق", RowLabel::Opening),
    ("الرصيد الختامي", RowLabel::Closing),
    ("رصيد ختامي", RowLabel::Closing),
    ("الرصيد النهائي", RowLabel::Closing),
    // Totals
    ("total", RowLabel::Total),
    ("summe", RowLabel::Total),
    ("totaal", RowLabel::Total),
    ("totale", RowLabel::Total),
    ("razem", RowLabel::Total),
    ("suma", RowLabel::Total),
    ("合計", RowLabel::Total),
    ("合计", RowLabel::Total),
    ("합계", RowLabel::Total),
    ("총계", RowLabel::Total),
    ("المجموع", RowLabel::Total),
    ("الإجمالي", RowLabel::Total),
];

/// Single words that also occur in merchants' names ("TRANSPORT FOR LONDON"): they label a
/// row only when they are its whole text.
const WHOLE_ONLY: &[&str] = &["transport", "report", "riporto", "übertrag"];

/// The label of a row's description text, if it is a special row: the text starts with a
/// phrase (`anywhere`: contains it at a word start, for rows outside the table, where a
/// summary box may say "Your opening balance"). Ambiguous single words must be the whole
/// text. `Total` rows are only totals when the caller sees no date on them.
pub fn row_label(text: &str, anywhere: bool) -> Option<RowLabel> {
    let lower = text.trim().to_lowercase();
    PHRASES
        .iter()
        .find(|(phrase, _)| {
            if WHOLE_ONLY.contains(phrase) {
                return lower.trim_end_matches(|c: char| !c.is_alphanumeric()) == *phrase;
            }
            if anywhere {
                contains_at_word_start(&lower, phrase)
            } else {
                lower.starts_with(phrase)
            }
        })
        .map(|(_, label)| *label)
}

fn contains_at_word_start(haystack: &str, needle: &str) -> bool {
    haystack.match_indices(needle).any(|(at, _)| {
        haystack[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric() || !c.is_ascii())
    })
}

/// Words announcing the statement period ("Statement period", "Zeitraum", "期間").
const PERIOD_WORDS: &[&str] = &[
    "period",
    "from",
    "periodo",
    "período",
    "période",
    "du",
    "zeitraum",
    "vom",
    "periode",
    "van",
    "okres",
    "od",
    "期間",
    "期间",
    "기간",
    "الفترة",
    "من",
];

/// Whether a row's text announces the statement period.
pub fn announces_period(text: &str) -> bool {
    let lower = text.to_lowercase();
    PERIOD_WORDS
        .iter()
        .any(|w| contains_at_word_start(&lower, w))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_in_several_languages() {
        let label = |t| row_label(t, false);
        assert_eq!(label("Opening balance"), Some(RowLabel::Opening));
        assert_eq!(
            label("Balance brought forward"),
            Some(RowLabel::BroughtForward)
        );
        assert_eq!(
            label("BALANCE CARRIED FORWARD"),
            Some(RowLabel::CarriedForward)
        );
        assert_eq!(label("Anfangssaldo"), Some(RowLabel::Opening));
        assert_eq!(label("Solde précédent"), Some(RowLabel::Opening));
        assert_eq!(label("Saldo początkowe"), Some(RowLabel::Opening));
        assert_eq!(label("Saldo końcowe"), Some(RowLabel::Closing));
        assert_eq!(label("前月繰越"), Some(RowLabel::Opening));
        assert_eq!(label("الرصيد الختامي"), Some(RowLabel::Closing));
        assert_eq!(label("Totals"), Some(RowLabel::Total));
        assert_eq!(label("Übertrag:"), Some(RowLabel::CarriedForward));
        assert_eq!(label("TESCO STORES 2231"), None);
        assert_eq!(label("Transport for London"), None);
        assert_eq!(label("Sport report"), None);
        assert_eq!(label("PAYMENT opening balance"), None);
        assert_eq!(
            row_label("Your opening balance on 1 March", true),
            Some(RowLabel::Opening)
        );
    }
}
