//! Generated and hand-written CSV statements read back; the row bound.

use super::super::fixtures::{AmountColumns, Spec, generate};
use super::super::*;
use super::{assert_same, hints, ymd};

// ───────────── reading CSV ─────────────

fn csv_round_trip(language: &'static str, currency: &'static str, columns: AmountColumns) {
    let mut spec = Spec::new(13, 120).in_language(language, currency);
    spec.columns = columns;
    let generated = generate(&spec);
    let csv = generated.csv();
    let read = read_csv(csv.as_bytes(), &hints(language, Some(currency)), 1_000)
        .unwrap_or_else(|e| panic!("{language}: {e}"));
    assert_same(&read, &generated.truth());
    assert!(audit(&read).anomalies.is_empty());
}

#[test]
fn reads_csv_with_commas_and_a_decimal_point() {
    csv_round_trip("en", "GBP", AmountColumns::DebitCredit);
    csv_round_trip("en", "USD", AmountColumns::Signed);
}

#[test]
fn reads_csv_with_semicolons_and_a_decimal_comma() {
    csv_round_trip("de", "EUR", AmountColumns::Signed);
    csv_round_trip("fr", "EUR", AmountColumns::DebitCredit);
    csv_round_trip("pl", "PLN", AmountColumns::DebitCredit);
    csv_round_trip("es", "EUR", AmountColumns::DebitCredit);
}

#[test]
fn reads_a_bank_export_with_quotes_tabs_and_thousands() {
    let csv = "Konto;DE89 3704 0044 0532 0130 00\n\
               Buchungstag;Wertstellung;Buchungstext;Betrag;Saldo\n\
               01.03.2024;01.03.2024;\"Miete; März\";-1.200,00;3.800,00\n\
               04.03.2024;04.03.2024;Gehalt;2.500,50;6.300,50\n";
    let read = read_csv(csv.as_bytes(), &hints("de", None), 10).unwrap();
    assert_eq!(read.transactions.len(), 2);
    assert_eq!(read.transactions[0].description, "Miete; März");
    assert_eq!(read.transactions[0].amount, -120_000);
    assert_eq!(read.transactions[1].balance, Some(630_050));
    assert_eq!(read.transactions[1].date, Some(ymd(2024, 3, 4)));
    let tabbed = "Date\tDescription\tDebit\tCredit\n03/14/2024\tShop\t1,250.00\t\n03/15/2024\tRefund\t\t20.00\n";
    let read = read_csv(tabbed.as_bytes(), &hints("en", Some("USD")), 10).unwrap();
    assert_eq!(read.transactions[0].amount, -125_000);
    assert_eq!(read.transactions[1].amount, 2_000);
    assert_eq!(read.transactions[0].date, Some(ymd(2024, 3, 14)));
}

#[test]
fn csv_over_the_row_bound_is_refused() {
    let generated = generate(&Spec::new(1, 50));
    let error = read_csv(generated.csv().as_bytes(), &hints("en", None), 49).unwrap_err();
    assert_eq!(error, AuditError::TooManyRows { max_rows: 49 });
    assert!(read_csv(generated.csv().as_bytes(), &hints("en", None), 50).is_ok());
}
