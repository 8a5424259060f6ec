//! The field-extraction engine of `POST /v1/compliance/finance/parse`: from the words of a
//! receipt or an invoice (OCR or a PDF text layer, each with a box and a confidence) it
//! reads the vendor, the date, the total, subtotal and tax, the currency and the line items,
//! in the 12 languages of the SPEC, with layout-aware rules and no per-vendor template.
//!
//! The way through, in `parse`: words become visual rows (`rows`); the language and the
//! currency are guessed when not given (`language`, `currency`); every row is labelled
//! (`labels`) and its numbers read as exact hundredths (`amounts`); the totals block starts at
//! the first labelled amount, the header ends at the first item-like row; the vendor comes
//! from the header (`vendor`), its company form cleaned of OCR slips (`legal_forms`), the
//! items from the rows between (`items`), the totals from the block (`totals`,
//! `labelled_rows`), checked against the items, subtotal + tax and cash − change
//! (`cross_checks`); the date is found anywhere and read by the engines' date parser
//! (`dates`), a year after `Hints::today` or a day no calendar has repaired (`date_repair`).
//! Numbers that identify (VAT numbers, IBANs, phone, invoice numbers, postcodes) are blanked
//! before any amount is read (`identifiers`); the issuing country comes from the VAT
//! number's prefix or the address (`country`).
//!
//! Confidence: every field carries `confidence` in 0..1, the mean OCR confidence of the words
//! of the line it was read from (1 for a text layer) times the certainty of the rule that
//! chose it (e.g. 0.98 for a labelled total that sums with the items and tax, 0.7 for one of
//! several conflicting totals, 0.9 for a vendor line with a company form, 0.55 for a vendor
//! that is only the first plausible header line). It ranks readings; it is no probability.

mod amounts;
mod columns;
mod country;
mod cross_checks;
mod currency;
mod date_repair;
mod dates;
mod identifiers;
/// A born-digital invoice with known fields, for the conformance suite and the benchmark
/// (never in the server: the `test-support` feature).
#[cfg(any(test, feature = "test-support"))]
pub mod invoice_fixture;
mod items;
mod labelled_rows;
mod labels;
mod language;
mod legal_forms;
mod rows;
pub mod second_look;
mod text;
mod totals;
mod vendor;

#[cfg(test)]
mod born_digital_tests;
#[cfg(test)]
mod ocr_slip_tests;
#[cfg(test)]
mod test_support;
#[cfg(test)]
mod tests;

use chrono::NaiveDate;
use serde::Serialize;

use suite_engines::words::Word;

use amounts::amounts_in_cells;
use rows::Row;
use totals::RowFacts;

/// A receipt (a sale paid at once) or an invoice (a bill to pay).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DocType {
    Receipt,
    Invoice,
}

/// What the caller knows of the document.
#[derive(Debug, Clone, Default)]
pub struct Hints {
    /// ISO 639-1 code (`de`, `pt-BR` reads as `pt`); guessed when `None` or not one of the 12.
    pub language: Option<String>,
    pub doc_type: Option<DocType>,
    /// Today's date (the server's clock): a document dated well after it was misread
    /// (`2048` for `2018`). The engine has no clock; `None` skips that check.
    pub today: Option<NaiveDate>,
}

/// One extracted value with where it was read.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Field<T> {
    pub value: T,
    /// 0..1: OCR confidence of the source line × certainty of the rule (see the module doc).
    pub confidence: f32,
    /// The text of the line (visual row) the value was read from.
    pub line: String,
    /// 0-based page index.
    pub page: usize,
}

/// One line item. Amounts are hundredths of the currency unit.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Item {
    pub description: String,
    /// Units (may be fractional: 0.53 kg); 1 when the row shows none.
    pub quantity: f64,
    pub unit_price: i64,
    pub amount: Option<i64>,
    /// Whether quantity × unit price = amount (to the cent).
    pub consistent: bool,
    /// The source line(s), `\n`-joined when the description is on the line above.
    pub line: String,
    /// 0..1, as for fields; lower when the row does not multiply out.
    pub confidence: f32,
}

/// Everything read from a document. Money values are `i64` hundredths of the currency unit
/// (a yen amount ¥1,280 is 128000).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Parsed {
    pub vendor: Option<Field<String>>,
    /// Whether the vendor's line names a business (a company form such as SDN BHD or GmbH,
    /// or a business word such as trading or restaurant): a vendor that is only the first
    /// plausible header line may be a misread logo or an address.
    pub vendor_named: bool,
    pub date: Option<Field<NaiveDate>>,
    /// A labelled date that is no date at all (`31/02/2026`), when no date could be read.
    pub impossible_date: Option<Field<String>>,
    pub total: Option<Field<i64>>,
    /// Whether the total agrees with the items, subtotal + tax, cash − change or a second
    /// total line (or comes from a text layer): a total no other line confirms may be misread.
    pub total_checked: bool,
    pub subtotal: Option<Field<i64>>,
    pub tax: Option<Field<i64>>,
    /// Percent (6.0 for 6 %), when one rate is written.
    pub tax_rate: Option<Field<f64>>,
    /// ISO 4217 code, only when a sign or code is on the document.
    pub currency: Option<Field<String>>,
    pub line_items: Vec<Item>,
    pub doc_type: DocType,
    pub doc_type_guessed: bool,
    /// ISO 639-1 code.
    pub language: String,
    pub language_guessed: bool,
    /// ISO 3166 alpha-2 country the document names as the issuer's (its VAT number's
    /// prefix, else its address), when it names one.
    pub country: Option<String>,
}

const LANGUAGES: &[&str] = &[
    "en", "es", "fr", "de", "it", "pt", "nl", "pl", "zh", "ja", "ko", "ar",
];

/// Reads the fields of a document from the words of its pages (each page's words in reading
/// order).
pub fn parse(pages: &[Vec<Word>], hints: &Hints) -> Parsed {
    let rows = rows::rows_of(pages);
    let hinted_language = hints
        .language
        .as_deref()
        .map(|code| code.trim().to_ascii_lowercase())
        .and_then(|code| {
            LANGUAGES
                .iter()
                .find(|l| code.split(['-', '_']).next() == Some(**l))
                .copied()
        });
    let language = hinted_language.unwrap_or_else(|| language::language_of(&rows));
    let currency = currency::currency_of(&rows, Some(language));
    // Whole-number amounts (yen, won) when the currency has no minor unit and the evidence is
    // more than one stray sign, or when a Japanese or Korean document names no currency.
    let zero_decimal = match &currency {
        Some(found) => {
            currency::is_zero_decimal(found.code)
                && (found.weight >= 2 || matches!(language, "ja" | "ko"))
        }
        None => matches!(language, "ja" | "ko"),
    };
    let facts: Vec<RowFacts> = rows
        .iter()
        .map(|row| {
            // Identifiers (VAT numbers, IBANs, phone, invoice numbers, postcodes) are no
            // amounts.
            let cells: Vec<String> = row
                .cells
                .iter()
                .map(|c| identifiers::blanked(&c.text))
                .collect();
            RowFacts {
                label: labels::label_of(&row.folded),
                amounts: amounts_in_cells(&cells, zero_decimal),
                folded: row.folded.clone(),
                exact: row.confidence >= 0.999,
            }
        })
        .collect();
    let block = totals::block_start(&facts, zero_decimal).unwrap_or(rows.len());
    let header_end = header_end_from(&rows, &facts, 0, block, zero_decimal);
    // An amount above any name (a handwritten or stamped figure) ends no header: with no
    // name above it, the header runs on to the next amount, for a name with a company form
    // or a business word only.
    let vendor = vendor::vendor_of(&rows, header_end).or_else(|| {
        let next_end = header_end_from(&rows, &facts, header_end + 1, block, zero_decimal);
        vendor::vendor_of(&rows, next_end)
            .filter(|found| found.certainty >= vendor::BUSINESS_CERTAINTY)
            .map(|found| vendor::VendorFound {
                certainty: found.certainty * 0.8,
                ..found
            })
    });
    let items_start = match rows.get(header_end) {
        Some(row) if vendor::is_item_heading(&row.folded) => header_end + 1,
        _ => header_end,
    };
    let skip =
        |i: usize| vendor::is_header_detail(&rows[i]) || vendor::is_item_heading(&rows[i].folded);
    let columns = match rows.get(header_end) {
        Some(heading) if items_start > header_end => columns::Columns::of(heading),
        _ => columns::Columns::default(),
    };
    let line_items = items::items_of(
        &rows,
        &facts,
        (items_start, block),
        columns,
        zero_decimal,
        &skip,
    );
    let items_sum =
        (!line_items.is_empty()).then(|| line_items.iter().filter_map(|i| i.amount).sum());
    let items_verified = !line_items.is_empty() && line_items.iter().all(|i| i.consistent);
    let totals = totals::totals_of(&facts, block, items_sum, items_verified, zero_decimal);
    let day_first = dates::day_first(currency.as_ref().map(|c| c.code), &rows);
    let date = dates::date_of(&rows, day_first, hints.today);
    let impossible_date = date
        .is_none()
        .then(|| dates::impossible_date_of(&rows, day_first))
        .flatten();
    let country = country::country_of(&rows, header_end);
    let doc_type = hints
        .doc_type
        .unwrap_or_else(|| language::doc_type_of(&rows));

    let field = |row: usize, certainty: f32| {
        (
            rows[row].confidence * certainty,
            rows[row].text.clone(),
            rows[row].page,
        )
    };
    let money = |pick: Option<totals::Pick>| {
        pick.map(|p| {
            let (confidence, line, page) = field(p.row, p.certainty);
            Field {
                value: p.cents,
                confidence,
                line,
                page,
            }
        })
    };
    Parsed {
        vendor_named: vendor.as_ref().is_some_and(|v| v.named),
        vendor: vendor.map(|v| {
            let (confidence, line, page) = field(v.row, v.certainty);
            Field {
                value: v.name,
                confidence,
                line,
                page,
            }
        }),
        date: date.map(|d| {
            let (confidence, line, page) = field(d.row, d.certainty);
            Field {
                value: d.date,
                confidence,
                line,
                page,
            }
        }),
        impossible_date: impossible_date.map(|(text, row)| {
            let (confidence, line, page) = field(row, 0.9);
            Field {
                value: text,
                confidence,
                line,
                page,
            }
        }),
        total_checked: totals.checked,
        total: money(totals.total),
        subtotal: money(totals.subtotal),
        tax: money(totals.tax),
        tax_rate: totals.tax_rate.map(|(rate, row)| {
            let (confidence, line, page) = field(row, 0.9);
            Field {
                value: rate,
                confidence,
                line,
                page,
            }
        }),
        currency: currency.map(|c| {
            let (confidence, line, page) = field(c.row, c.certainty);
            Field {
                value: c.code.to_owned(),
                confidence,
                line,
                page,
            }
        }),
        line_items,
        doc_type,
        doc_type_guessed: hints.doc_type.is_none(),
        language: language.to_owned(),
        language_guessed: hinted_language.is_none(),
        country: country.map(str::to_owned),
    }
}

/// The end of the header block: the item table's heading, else the first row from `from` on
/// with a money amount that is no address or contact line, never past the totals block.
fn header_end_from(
    rows: &[Row],
    facts: &[RowFacts],
    from: usize,
    block: usize,
    zero_decimal: bool,
) -> usize {
    (from..block)
        .find(|&i| {
            vendor::is_item_heading(&rows[i].folded)
                || (facts[i].money(zero_decimal).next().is_some()
                    && !vendor::is_header_detail(&rows[i]))
        })
        .unwrap_or(block)
}
