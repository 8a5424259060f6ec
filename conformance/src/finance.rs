//! What the finance tests share: receipts and invoices with known fields in each of the 12
//! languages, written here as HTML in the local conventions (decimal comma, symbol after the
//! amount, month names, 年月日) for the server's document API to print. Bank statements come
//! from the audit engine's own generator (`suite_finance::audit::fixtures`).

use suite_client::types::FinanceLanguage;

/// How a locale writes an amount.
#[derive(Debug, Clone, Copy)]
pub enum Style {
    /// `1,234.56`
    PointDecimal,
    /// `1.234,56`
    CommaDecimal,
    /// `1 234,56`
    SpaceCommaDecimal,
    /// `1,234` (yen, won)
    NoDecimals,
}

impl Style {
    /// `cents` written in this style (no currency).
    pub fn amount(self, cents: i64) -> String {
        let sign = if cents < 0 { "-" } else { "" };
        let cents = cents.abs();
        let (units, fraction) = (cents / 100, cents % 100);
        let (thousands, decimal) = match self {
            Style::PointDecimal | Style::NoDecimals => (',', '.'),
            Style::CommaDecimal => ('.', ','),
            Style::SpaceCommaDecimal => (' ', ','),
        };
        let digits = units.to_string();
        let mut grouped = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                grouped.push(thousands);
            }
            grouped.push(c);
        }
        match self {
            Style::NoDecimals => format!("{sign}{grouped}"),
            _ => format!("{sign}{grouped}{decimal}{fraction:02}"),
        }
    }
}

/// A receipt or invoice with known fields, in one language's conventions.
#[derive(Debug, Clone)]
pub struct Sample {
    pub language: FinanceLanguage,
    pub vendor: &'static str,
    pub address: &'static str,
    pub title: &'static str,
    /// The date as printed, with its label.
    pub date_line: &'static str,
    pub date_iso: &'static str,
    /// Description, quantity, unit price in cents.
    pub items: &'static [(&'static str, u32, i64)],
    pub labels: Labels,
    /// Tax rate in percent (tax = subtotal × rate, rounded to the cent).
    pub tax_rate: f64,
    pub currency: &'static str,
    /// The symbol printed before (`true`) or after the amounts.
    pub symbol: (&'static str, bool),
    pub style: Style,
    /// Cash handed over, in cents: printed with its change, which are not the total.
    pub cash: i64,
}

/// A language's words for the lines of a receipt.
#[derive(Debug, Clone, Copy)]
pub struct Labels {
    pub item: &'static str,
    pub quantity: &'static str,
    pub price: &'static str,
    pub amount: &'static str,
    pub subtotal: &'static str,
    pub tax: &'static str,
    pub total: &'static str,
    pub cash: &'static str,
    pub change: &'static str,
}

impl Sample {
    pub fn subtotal(&self) -> i64 {
        self.items
            .iter()
            .map(|(_, quantity, unit)| i64::from(*quantity) * unit)
            .sum()
    }

    pub fn tax(&self) -> i64 {
        (self.subtotal() as f64 * self.tax_rate / 100.0).round() as i64
    }

    pub fn total(&self) -> i64 {
        self.subtotal() + self.tax()
    }

    /// `cents` as printed on this receipt, with the currency symbol.
    pub fn money(&self, cents: i64) -> String {
        let amount = self.style.amount(cents);
        match self.symbol {
            (symbol, true) => format!("{symbol}{amount}"),
            (symbol, false) => format!("{amount} {symbol}"),
        }
    }

    /// The receipt as an HTML page: header block, a table of items with right-aligned
    /// amounts, the totals block, then cash and change.
    pub fn html(&self) -> Vec<u8> {
        let l = &self.labels;
        let dir = if matches!(self.language, FinanceLanguage::Ar) {
            " dir=\"rtl\""
        } else {
            ""
        };
        let mut rows = String::new();
        for (description, quantity, unit) in self.items {
            rows.push_str(&format!(
                "<tr><td>{description}</td><td class=n>{quantity}</td><td class=n>{}</td><td class=n>{}</td></tr>",
                self.money(*unit),
                self.money(i64::from(*quantity) * unit)
            ));
        }
        let rate = if self.tax_rate.fract() == 0.0 {
            format!("{}", self.tax_rate as i64)
        } else {
            format!("{}", self.tax_rate).replace(
                '.',
                if matches!(self.style, Style::PointDecimal | Style::NoDecimals) {
                    "."
                } else {
                    ","
                },
            )
        };
        let total_row = |label: &str, cents: i64| {
            format!(
                "<tr><td colspan=3>{label}</td><td class=n>{}</td></tr>",
                self.money(cents)
            )
        };
        format!(
            "<!DOCTYPE html><html{dir}><head><meta charset=\"utf-8\"><style>@page {{ size: A5; margin: 12mm }} \
             body {{ font: 11pt 'DejaVu Sans', 'Noto Sans CJK JP', sans-serif }} h1 {{ font-size: 15pt; margin: 0 }} \
             table {{ width: 100%; border-collapse: collapse; margin-top: 8mm }} td, th {{ padding: 1mm 0 }} \
             .n {{ text-align: right }} th {{ text-align: left }}</style></head><body>\
             <h1>{vendor}</h1><p>{address}</p><p>{title}</p><p>{date}</p>\
             <table><tr><th>{item}</th><th class=n>{quantity}</th><th class=n>{price}</th><th class=n>{amount}</th></tr>{rows}\
             {subtotal}{tax}{total}{cash}{change}</table></body></html>",
            vendor = self.vendor,
            address = self.address,
            title = self.title,
            date = self.date_line,
            item = l.item,
            quantity = l.quantity,
            price = l.price,
            amount = l.amount,
            subtotal = total_row(l.subtotal, self.subtotal()),
            tax = total_row(&format!("{} {rate}%", l.tax), self.tax()),
            total = total_row(l.total, self.total()),
            cash = total_row(l.cash, self.cash),
            change = total_row(l.change, self.cash - self.total()),
        )
        .into_bytes()
    }
}

/// One receipt or invoice in each of the 12 languages.
pub fn samples() -> Vec<Sample> {
    vec![
        Sample {
            language: FinanceLanguage::En,
            vendor: "Harbour Street Books Ltd",
            address: "14 Harbour Street, Bristol BS1 4QA",
            title: "VAT Receipt",
            date_line: "Date: 14 March 2026",
            date_iso: "2026-03-14",
            items: &[("Paperback novel", 2, 899), ("Reading lamp", 1, 2450)],
            labels: Labels {
                item: "Item",
                quantity: "Qty",
                price: "Price",
                amount: "Amount",
                subtotal: "Subtotal",
                tax: "VAT",
                total: "Total",
                cash: "Cash",
                change: "Change",
            },
            tax_rate: 20.0,
            currency: "GBP",
            symbol: ("£", true),
            style: Style::PointDecimal,
            cash: 6000,
        },
        Sample {
            language: FinanceLanguage::Es,
            vendor: "Librería Central S.L.",
            address: "Calle Mayor 12, 28013 Madrid",
            title: "Factura simplificada",
            date_line: "Fecha: 05/02/2026",
            date_iso: "2026-02-05",
            items: &[("Cuaderno A4", 3, 250), ("Bolígrafo azul", 4, 120)],
            labels: Labels {
                item: "Artículo",
                quantity: "Cant.",
                price: "Precio",
                amount: "Importe",
                subtotal: "Base imponible",
                tax: "IVA",
                total: "Total",
                cash: "Efectivo",
                change: "Cambio",
            },
            tax_rate: 21.0,
            currency: "EUR",
            symbol: ("€", false),
            style: Style::CommaDecimal,
            cash: 2000,
        },
        Sample {
            language: FinanceLanguage::Fr,
            vendor: "Boulangerie Martin SARL",
            address: "8 rue de la Paix, 75002 Paris",
            title: "Ticket de caisse",
            date_line: "Date : 12 mars 2026",
            date_iso: "2026-03-12",
            items: &[("Baguette tradition", 3, 130), ("Croissant", 4, 115)],
            labels: Labels {
                item: "Article",
                quantity: "Qté",
                price: "Prix",
                amount: "Montant",
                subtotal: "Total HT",
                tax: "TVA",
                total: "Total TTC",
                cash: "Espèces",
                change: "Rendu",
            },
            tax_rate: 5.5,
            currency: "EUR",
            symbol: ("€", false),
            style: Style::SpaceCommaDecimal,
            cash: 1000,
        },
        Sample {
            language: FinanceLanguage::De,
            vendor: "Bäckerei Schmidt GmbH",
            address: "Hauptstraße 5, 10115 Berlin",
            title: "Kassenbon",
            date_line: "Datum: 03.02.2026",
            date_iso: "2026-02-03",
            items: &[("Roggenbrot", 1, 349), ("Brezel", 4, 85)],
            labels: Labels {
                item: "Artikel",
                quantity: "Menge",
                price: "Preis",
                amount: "Betrag",
                subtotal: "Netto",
                tax: "MwSt",
                total: "Gesamt",
                cash: "Bar",
                change: "Rückgeld",
            },
            tax_rate: 7.0,
            currency: "EUR",
            symbol: ("€", false),
            style: Style::CommaDecimal,
            cash: 1000,
        },
        Sample {
            language: FinanceLanguage::It,
            vendor: "Ferramenta Rossi S.r.l.",
            address: "Via Roma 21, 20121 Milano",
            title: "Scontrino fiscale",
            date_line: "Data: 21/01/2026",
            date_iso: "2026-01-21",
            items: &[("Martello", 1, 1800), ("Viti 100 pz", 2, 450)],
            labels: Labels {
                item: "Descrizione",
                quantity: "Qtà",
                price: "Prezzo",
                amount: "Importo",
                subtotal: "Imponibile",
                tax: "IVA",
                total: "Totale",
                cash: "Contanti",
                change: "Resto",
            },
            tax_rate: 22.0,
            currency: "EUR",
            symbol: ("€", true),
            style: Style::CommaDecimal,
            cash: 5000,
        },
        Sample {
            language: FinanceLanguage::Pt,
            vendor: "Papelaria Lisboa Lda",
            address: "Rua Augusta 100, 1100-053 Lisboa",
            title: "Fatura-recibo",
            date_line: "Data: 2026-02-09",
            date_iso: "2026-02-09",
            items: &[("Caderno", 2, 350), ("Caneta", 5, 120)],
            labels: Labels {
                item: "Descrição",
                quantity: "Qtd",
                price: "Preço",
                amount: "Valor",
                subtotal: "Subtotal",
                tax: "IVA",
                total: "Total",
                cash: "Numerário",
                change: "Troco",
            },
            tax_rate: 23.0,
            currency: "EUR",
            symbol: ("€", false),
            style: Style::CommaDecimal,
            cash: 2000,
        },
        Sample {
            language: FinanceLanguage::Nl,
            vendor: "Fietsenwinkel De Vries B.V.",
            address: "Kerkstraat 44, 1017 GM Amsterdam",
            title: "Kassabon",
            date_line: "Datum: 17-02-2026",
            date_iso: "2026-02-17",
            items: &[("Fietsbel", 2, 650), ("Binnenband", 3, 895)],
            labels: Labels {
                item: "Omschrijving",
                quantity: "Aantal",
                price: "Prijs",
                amount: "Bedrag",
                subtotal: "Subtotaal",
                tax: "BTW",
                total: "Totaal",
                cash: "Contant",
                change: "Wisselgeld",
            },
            tax_rate: 21.0,
            currency: "EUR",
            symbol: ("€ ", true),
            style: Style::CommaDecimal,
            cash: 5000,
        },
        Sample {
            language: FinanceLanguage::Pl,
            vendor: "Sklep Nowak Sp. z o.o.",
            address: "ul. Długa 7, 00-238 Warszawa",
            title: "Paragon fiskalny",
            date_line: "Data: 11.03.2026",
            date_iso: "2026-03-11",
            items: &[("Chleb żytni", 2, 650), ("Masło", 1, 899)],
            labels: Labels {
                item: "Nazwa",
                quantity: "Ilość",
                price: "Cena",
                amount: "Wartość",
                subtotal: "Netto",
                tax: "PTU",
                total: "Razem",
                cash: "Gotówka",
                change: "Reszta",
            },
            tax_rate: 8.0,
            currency: "PLN",
            symbol: ("zł", false),
            style: Style::SpaceCommaDecimal,
            cash: 5000,
        },
        Sample {
            language: FinanceLanguage::Zh,
            vendor: "上海美食有限公司",
            address: "上海市黄浦区南京东路100号",
            title: "收据",
            date_line: "日期：2026年3月8日",
            date_iso: "2026-03-08",
            items: &[("小笼包", 2, 2800), ("豆浆", 3, 600)],
            labels: Labels {
                item: "商品",
                quantity: "数量",
                price: "单价",
                amount: "金额",
                subtotal: "小计",
                tax: "增值税",
                total: "总计",
                cash: "现金",
                change: "找零",
            },
            tax_rate: 6.0,
            currency: "CNY",
            symbol: ("¥", true),
            style: Style::PointDecimal,
            cash: 20000,
        },
        Sample {
            language: FinanceLanguage::Ja,
            vendor: "株式会社山田商店",
            address: "東京都千代田区丸の内1-1",
            title: "領収書",
            date_line: "日付：2026年2月14日",
            date_iso: "2026-02-14",
            items: &[("緑茶", 2, 15000), ("おにぎり", 3, 18000)],
            labels: Labels {
                item: "品名",
                quantity: "数量",
                price: "単価",
                amount: "金額",
                subtotal: "小計",
                tax: "消費税",
                total: "合計",
                cash: "お預り",
                change: "お釣り",
            },
            tax_rate: 10.0,
            currency: "JPY",
            symbol: ("¥", true),
            style: Style::NoDecimals,
            cash: 100_000,
        },
        Sample {
            language: FinanceLanguage::Ko,
            vendor: "주식회사 한빛마트",
            address: "서울특별시 중구 세종대로 110",
            title: "영수증",
            date_line: "날짜: 2026-03-02",
            date_iso: "2026-03-02",
            items: &[("우유", 2, 250_000), ("라면", 5, 90_000)],
            labels: Labels {
                item: "품목",
                quantity: "수량",
                price: "단가",
                amount: "금액",
                subtotal: "공급가액",
                tax: "부가세",
                total: "합계",
                cash: "현금",
                change: "거스름돈",
            },
            tax_rate: 10.0,
            currency: "KRW",
            symbol: ("₩", true),
            style: Style::NoDecimals,
            cash: 1_500_000,
        },
        Sample {
            language: FinanceLanguage::Ar,
            vendor: "شركة النور للتجارة",
            address: "طريق الملك فهد، الرياض",
            title: "فاتورة ضريبية مبسطة",
            date_line: "التاريخ: 15/03/2026",
            date_iso: "2026-03-15",
            items: &[("قهوة عربية", 2, 2500), ("تمر", 1, 4000)],
            labels: Labels {
                item: "الصنف",
                quantity: "الكمية",
                price: "السعر",
                amount: "المبلغ",
                subtotal: "المجموع الفرعي",
                tax: "ضريبة القيمة المضافة",
                total: "الإجمالي",
                cash: "نقدا",
                change: "الباقي",
            },
            tax_rate: 15.0,
            currency: "SAR",
            symbol: ("SAR", false),
            style: Style::PointDecimal,
            cash: 20000,
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_are_written_in_each_locale_style() {
        assert_eq!(Style::PointDecimal.amount(123_456), "1,234.56");
        assert_eq!(Style::CommaDecimal.amount(123_456), "1.234,56");
        assert_eq!(Style::SpaceCommaDecimal.amount(99), "0,99");
        assert_eq!(Style::NoDecimals.amount(110_000), "1,100");
    }

    #[test]
    fn every_sample_adds_up_and_pays_in_cash() {
        let samples = samples();
        assert_eq!(samples.len(), 12);
        for sample in samples {
            assert_eq!(sample.total(), sample.subtotal() + sample.tax());
            assert!(sample.cash > sample.total(), "{}", sample.vendor);
        }
    }
}
