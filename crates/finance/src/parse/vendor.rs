//! The vendor: a line of the header block (the rows above the items) that is not an
//! address, a phone or tax registration number, a date, a title ("TAX INVOICE",
//! "Rechnung"), a URL or a greeting. A line with a company form (SDN BHD, GmbH, S.A., Ltd,
//! 株式会社, 주식회사 …) wins; else a business word (trading, restaurant …), else the first
//! one, larger print breaking ties. A name split over two lines (the form alone on the
//! second, or a parenthesis closed on it) is joined. A form one OCR slip off counts as a form
//! and is written as printed (`legal_forms`).

use std::sync::LazyLock;

use regex::Regex;

use super::labels::{
    ADDRESS_WORDS, BUSINESS_WORDS, COMPANY_FORMS, CONTACT_WORDS, GREETINGS, INVOICE_TITLES,
    ITEM_HEADINGS, RECEIPT_TITLES, STREET_ENDINGS, TAX, TAX_ID, label_of,
};
use super::legal_forms::{cleaned_name, with_forms_repaired};
use super::rows::Row;
use super::text::{has_any, has_keyword, letter_count};

/// The vendor name, its first row and the certainty of the rule (0..1).
#[derive(Debug, Clone, PartialEq)]
pub struct VendorFound {
    pub name: String,
    pub row: usize,
    pub certainty: f32,
    /// Whether the line names a business (a company form or a business word), not only
    /// comes first in the header.
    pub named: bool,
}

/// The certainty of a vendor line with a business word (and no company form).
pub const BUSINESS_CERTAINTY: f32 = 0.75;

/// The vendor of the rows whose header block ends before `header_end`.
pub fn vendor_of(rows: &[Row], header_end: usize) -> Option<VendorFound> {
    let end = header_end.min(rows.len()).min(12);
    // A number alone on its row (a stamp, a store or terminal number) starts no address: an
    // address names a street or a town.
    let address_row =
        (0..end).find(|&i| is_address(&rows[i].folded) && letter_count(&rows[i].folded) >= 3);
    // Below the address only a line with a company form or a business word can be the name
    // (the rest is the city, the state, opening hours); a line OCR read with almost no
    // confidence is noise.
    let candidates: Vec<usize> = (0..end)
        .filter(|&i| could_be_name(&rows[i]) && rows[i].confidence >= 0.3)
        .filter(|&i| {
            address_row.is_none_or(|a| i < a)
                || has_company_form(&rows[i].folded)
                || has_any(&rows[i].folded, BUSINESS_WORDS)
        })
        .collect();
    let median_height = {
        let mut heights: Vec<u32> = rows[..end].iter().map(Row::word_height).collect();
        heights.sort_unstable();
        heights.get(heights.len() / 2).copied().unwrap_or(0)
    };
    // Names below the document's title are the customer's (bill to, sold to); the vendor's
    // name comes before its address.
    let title_row = (0..end).find(|&i| is_title(&rows[i].folded));
    let score = |i: usize| {
        let row = &rows[i];
        let mut score = -(i as i32);
        if title_row.is_some_and(|t| i > t) {
            score -= 15;
        }
        if address_row.is_some_and(|a| i > a) {
            score -= 8;
        }
        // OCR noise (a logo read as letters) comes with a low confidence; printed names are
        // rarely all lower case (a handwritten note is).
        if row.confidence < 0.5 {
            score -= 6;
        }
        if row.text.chars().any(char::is_lowercase) && !row.text.chars().any(char::is_uppercase) {
            score -= 4;
        }
        if has_company_form(&row.folded) {
            score += 20;
        } else if has_any(&row.folded, BUSINESS_WORDS) {
            score += 6;
        }
        if median_height > 0 && row.word_height() * 10 >= median_height * 13 {
            score += 2;
        }
        score
    };
    let best = candidates
        .iter()
        .copied()
        .max_by_key(|&i| (score(i), std::cmp::Reverse(i)))?;
    let has_form = has_company_form(&rows[best].folded);
    let certainty = if has_form {
        0.9
    } else if has_any(&rows[best].folded, BUSINESS_WORDS) {
        BUSINESS_CERTAINTY
    } else {
        0.55
    };
    let mut name = rows[best].text.trim().to_owned();
    let mut first_row = best;
    if let Some(previous) = best.checked_sub(1).filter(|&p| candidates.contains(&p))
        && continues_previous(&rows[previous], &rows[best])
    {
        name = format!("{} {}", rows[previous].text.trim(), name);
        first_row = previous;
    } else if let Some(next) = Some(best + 1).filter(|&n| n < end && candidates.contains(&n))
        && ((!has_form && is_form_only(&rows[next].folded))
            || rows[best].folded.trim_end().ends_with(['&', '-', ',']))
    {
        name = format!("{} {}", name, rows[next].text.trim());
    }
    Some(VendorFound {
        name: cleaned_name(&without_registration_number(&name)),
        row: first_row,
        certainty,
        named: has_form || has_any(&rows[best].folded, BUSINESS_WORDS),
    })
}

/// Whether a folded text has a company form; `$` read for `S` (`$/B`, `$DN BHD`) and a form
/// one OCR slip off at the end (`son bhd`) count.
fn has_company_form(folded: &str) -> bool {
    has_any(folded, COMPANY_FORMS)
        || (folded.contains('$') && has_any(&folded.replace('$', "s"), COMPANY_FORMS))
        || has_any(&with_forms_repaired(folded).to_lowercase(), COMPANY_FORMS)
}

/// The name without a company registration number printed after it: `AEON CO. (M) BHD
/// (126926-H)` is `AEON CO. (M) BHD`.
fn without_registration_number(name: &str) -> String {
    static REGISTRATION: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"\s*[(\[]\s*\d[\w\-:./ ]*[)\]]?\s*$").expect("static regex"));
    let stripped = REGISTRATION.replace(name, "");
    if letter_count(&stripped) >= 3 {
        stripped.trim().to_owned()
    } else {
        name.to_owned()
    }
}

/// Whether a row may be a name: enough letters, and none of the things header rows
/// besides the name are.
fn could_be_name(row: &Row) -> bool {
    let text = &row.folded;
    let letters = letter_count(text);
    let digits = text.chars().filter(char::is_ascii_digit).count();
    if letters < 3 || digits > letters || !has_word(text) {
        return false;
    }
    if has_company_form(text) && !has_any(text, CONTACT_WORDS) {
        return true;
    }
    !(is_header_detail(row)
        || has_any(text, GREETINGS)
        || (label_of(text).is_some() && digits > 0)
        || has_any(text, super::labels::DATE_LABELS)
        || is_item_heading(text))
}

/// Whether a header row is an address, a phone or web address, a tax registration number or
/// a title: rows that are neither the vendor nor items.
pub fn is_header_detail(row: &Row) -> bool {
    let text = &row.folded;
    let digits = text.chars().filter(char::is_ascii_digit).count();
    let tax_registration = digits >= 5
        && (has_any(text, TAX_ID)
            || has_any(text, TAX)
            || has_any(text, &["reg", "co.", "company"]));
    let address = is_address(text);
    let title = is_title(text);
    tax_registration || address || title || has_any(text, CONTACT_WORDS)
}

/// Whether a folded row is (a part of) a postal address.
fn is_address(text: &str) -> bool {
    has_any(text, ADDRESS_WORDS)
        || has_postcode(text)
        || text.starts_with("no.")
        || text.starts_with("no ")
        || text.split_whitespace().any(|w| {
            STREET_ENDINGS
                .iter()
                .any(|e| w.trim_end_matches([',', '.']).ends_with(e))
        })
}

/// Whether a row names the document (TAX INVOICE, Rechnung, 領収書).
fn is_title(folded: &str) -> bool {
    has_any(folded, INVOICE_TITLES) || has_any(folded, RECEIPT_TITLES)
}

/// Whether the text has a word of three letters or more (any script): `Fyo30` alone is a
/// code or OCR noise, not a name.
fn has_word(folded: &str) -> bool {
    folded.split_whitespace().any(|token| {
        let letters = letter_count(token);
        !token.chars().any(|c| c.is_ascii_digit())
            && (letters >= 3 || (letters >= 2 && !token.is_ascii()))
    })
}

/// Whether a row is the heading of an item table (two heading words or more).
pub fn is_item_heading(folded: &str) -> bool {
    ITEM_HEADINGS
        .iter()
        .filter(|w| has_keyword(folded, w))
        .count()
        >= 2
}

/// A run of 4 to 6 digits standing alone: a postal code.
fn has_postcode(text: &str) -> bool {
    text.split(|c: char| !c.is_ascii_digit() && c != '-')
        .any(|w| (4..=6).contains(&w.len()) && w.chars().all(|c| c.is_ascii_digit()))
}

/// The second line of a name split in two: it is only the company form, or starts where the
/// first visibly goes on (`&`, `-`, an opening parenthesis), or closes a parenthesis the
/// first opened (`… (SETIA` / `ALAM) SDN BHD`).
fn continues_previous(previous: &Row, row: &Row) -> bool {
    let ends_open = previous.folded.trim_end().ends_with(['&', '-', ',']);
    let starts_open = row.folded.trim_start().starts_with(['(', '&']);
    let parenthesis_across =
        unbalanced_parentheses(&previous.folded) > 0 && unbalanced_parentheses(&row.folded) < 0;
    ends_open || starts_open || parenthesis_across || is_form_only(&row.folded)
}

/// Opening minus closing parentheses.
fn unbalanced_parentheses(text: &str) -> i32 {
    text.chars().fold(0, |open, c| match c {
        '(' => open + 1,
        ')' => open - 1,
        _ => open,
    })
}

/// Whether the row is a company form and almost nothing else (`SDN. BHD.`, `GmbH & Co. KG`).
fn is_form_only(folded: &str) -> bool {
    if !has_company_form(folded) {
        return false;
    }
    let mut rest = folded.to_owned();
    for form in COMPANY_FORMS {
        if has_keyword(&rest, form) {
            rest = rest.replacen(form, " ", 1);
        }
    }
    letter_count(&rest) <= 2
        || rest
            .split_whitespace()
            .all(|w| w == "&" || w == "co." || w == "(m)")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::rows::rows_of;
    use crate::parse::test_support::page;

    fn vendor(lines: &[&str]) -> Option<String> {
        let rows = rows_of(&[page(lines)]);
        vendor_of(&rows, rows.len()).map(|v| v.name)
    }

    #[test]
    fn the_line_with_a_company_form_wins_over_a_logo_line() {
        assert_eq!(
            vendor(&[
                "tan woon yann",
                "BOOK TA .K (TAMAN DAYA) SDN BHD",
                "NO.53 55,57 & 59, JALAN SAGU 18,",
                "81100 JOHOR BAHRU"
            ]),
            Some("BOOK TA .K (TAMAN DAYA) SDN BHD".into())
        );
    }

    #[test]
    fn a_name_split_over_two_lines_is_joined() {
        assert_eq!(
            vendor(&[
                "HOME MASTER HARDWARE &",
                "ELECTRICAL",
                "NO.113G, JALAN SETIA",
                "40170 SHAH ALAM"
            ]),
            Some("HOME MASTER HARDWARE & ELECTRICAL".into())
        );
        assert_eq!(
            vendor(&["SYARIKAT MAJU JAYA", "SDN. BHD.", "TEL: 03-1234 5678"]),
            Some("SYARIKAT MAJU JAYA SDN. BHD.".into())
        );
    }

    #[test]
    fn a_name_whose_parenthesis_closes_on_the_next_line_is_joined() {
        assert_eq!(
            vendor(&[
                "AIK HUAT HARDWARE ENTERPRISE (SETIA",
                "ALAM) SON BHD",
                "NO. 17, JALAN SETIA INDAH"
            ]),
            Some("AIK HUAT HARDWARE ENTERPRISE (SETIA ALAM) SDN BHD".into())
        );
    }

    #[test]
    fn a_number_alone_on_a_row_starts_no_address() {
        assert_eq!(
            vendor(&[
                "41020",
                "Sunrise Noodle House",
                "S117, Second Floor,",
                "Mall City Centre",
            ]),
            Some("Sunrise Noodle House".into())
        );
    }

    #[test]
    fn titles_addresses_phones_and_registration_numbers_are_skipped() {
        assert_eq!(
            vendor(&[
                "TAX INVOICE",
                "Tel: 03-1234 5678",
                "GST Reg No: 000123456789",
                "Sunrise Bakery",
                "12 Main Street"
            ]),
            Some("Sunrise Bakery".into())
        );
        assert_eq!(
            vendor(&["AEON CO. (M) BHD (126926-H)", "3RD FLR, PLAZA"]),
            Some("AEON CO. (M) BHD".into())
        );
        assert_eq!(
            vendor(&[
                "SIMPLIFIED TAX INVOICE",
                "12 Jalan Besar, 45600 Batang",
                "SELANGOR DARUL EHSAN"
            ]),
            None
        );
    }

    #[test]
    fn a_customer_below_the_title_loses_to_the_vendor_above_it() {
        assert_eq!(
            vendor(&[
                "PERNIAGAAN ZHENG HUI",
                "NO.59 JALAN PERMAS 9/5",
                "TAX INVOICE",
                "GOGIANT ENGINEERING (M) SDN BHD"
            ]),
            Some("PERNIAGAAN ZHENG HUI".into())
        );
    }
}
