//! Second readings of a hard scan. The first reading takes the page as one block of rows
//! (Tesseract's single-block segmentation), which keeps a label and its amount on one row
//! but drops lines printed much larger than the rest (a shop's name in a logo font), and
//! loses digits and slashes of small print on thermal paper (a 460-pixel-wide receipt photo).
//! Two second readings, each only when the first leaves something open:
//! - enlarged 1.5×, when the first found no date or no total: read again enlarged, the same
//!   page often gives the date or the total that the first reading lost;
//! - with automatic segmentation (blocks of any size), when the first found no line naming a
//!   business (a company form or a business word) for the vendor: that reading keeps the
//!   large print.
//!
//! A second reading only fills what the first left open and garbles something else instead,
//! so `merge` takes from it the date when the first had none, the vendor when the first named
//! no business and the second does, and the totals block (with its items) when the first had
//! no total, or an unconfirmed one where the second has one the page confirms (the items,
//! subtotal + tax, cash − change, a payment line). Whatever else the first reading found
//! stays. (Reading again every page whose total is unconfirmed, 16 of SROIE's 40, cost 55 %
//! more time on average and gained nothing over this: a confirmed total in another reading is
//! as often a misread as a repair.)

use super::Parsed;

/// How much a scan is enlarged for its second reading (Tesseract reads best with capital
/// letters 20–30 pixels high; receipts photographed whole often have 12–16).
pub const MAGNIFY: f32 = 1.5;

/// Whether a scan's first reading found no date or no total.
pub fn needs_enlargement(first: &Parsed) -> bool {
    first.date.is_none() || first.total.is_none()
}

/// Whether a scan's first reading named no business for the vendor (none found, or only the
/// first plausible header line).
pub fn needs_segmentation(first: &Parsed) -> bool {
    !first.vendor_named
}

/// The first reading with what the second one read more surely.
pub fn merge(first: Parsed, second: Parsed) -> Parsed {
    let mut merged = first;
    if !merged.vendor_named && second.vendor_named {
        merged.vendor = second.vendor;
        merged.vendor_named = true;
    }
    if merged.date.is_none() && second.date.is_some() {
        merged.date = second.date;
        merged.impossible_date = None;
    }
    let second_total_better = match (&merged.total, &second.total) {
        (None, Some(_)) => true,
        (Some(_), Some(_)) => !merged.total_checked && second.total_checked,
        (_, None) => false,
    };
    if second_total_better {
        merged.total = second.total;
        merged.total_checked = second.total_checked;
        merged.subtotal = second.subtotal;
        merged.tax = second.tax;
        merged.tax_rate = second.tax_rate;
        merged.line_items = second.line_items;
    }
    merged
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;

    use super::super::test_support::page;
    use super::super::{Hints, parse};
    use super::*;

    fn read(lines: &[&str]) -> Parsed {
        parse(&[page(lines)], &Hints::default())
    }

    const CONFIRMED: &[&str] = &[
        "KEDAI MAJU SDN BHD",
        "Date: 12/03/2018",
        "PEN 2 x 1.50       3.00",
        "BOOK               5.00",
        "TOTAL              8.00",
        "CASH              10.00",
        "CHANGE             2.00",
    ];

    #[test]
    fn only_a_page_with_no_date_or_no_total_is_read_again() {
        assert!(!needs_enlargement(&read(CONFIRMED)));
        let unconfirmed = read(&["KEDAI MAJU SDN BHD", "Date: 12/03/2018", "TOTAL  8.00"]);
        assert!(!unconfirmed.total_checked);
        assert!(
            !needs_enlargement(&unconfirmed),
            "an unconfirmed total is a total"
        );
        let mut undated = CONFIRMED.to_vec();
        undated.remove(1);
        assert!(needs_enlargement(&read(&undated)));
        assert!(needs_enlargement(&read(&[
            "KEDAI MAJU SDN BHD",
            "Date: 12/03/2018"
        ])));
    }

    #[test]
    fn the_second_reading_fills_a_missing_date_and_total_only() {
        let first = read(&[
            "KEDAI MAJU SDN BHD",
            "Date: 1203/2018",
            "PEN 2 x 1.50       3.00",
            "BOOK               5.00",
        ]);
        assert!(first.date.is_none() && first.total.is_none());
        let second = read(&[
            "KEDAI MAJU SON BHD",
            "Date: 12/03/2018",
            "PEN 2 x 1.50       3.00",
            "BOOK               5.00",
            "TOTAL              8.00",
        ]);
        let merged = merge(first.clone(), second);
        assert_eq!(
            merged.date.as_ref().map(|f| f.value),
            NaiveDate::from_ymd_opt(2018, 3, 12)
        );
        assert_eq!(merged.total.as_ref().map(|f| f.value), Some(800));
        assert_eq!(
            merged.vendor, first.vendor,
            "the vendor stays the first one"
        );
    }

    #[test]
    fn a_vendor_naming_no_business_is_replaced_by_one_that_does() {
        let logo_lost = read(&["BR No.: 0123 Kl", "Date: 12/03/2018", "TOTAL  8.00"]);
        assert!(!logo_lost.vendor_named);
        assert!(needs_segmentation(&logo_lost));
        let named = read(&["FUYI MINI MARKET", "Date: 12/03/2018", "TOTAL  8.00"]);
        assert!(named.vendor_named, "a market is a business");
        assert!(!needs_segmentation(&named));
        let merged = merge(logo_lost.clone(), named.clone());
        assert_eq!(merged.vendor, named.vendor);
        assert!(merged.vendor_named);

        let unnamed = read(&["Sunrise", "Date: 12/03/2018", "TOTAL  8.00"]);
        assert!(!unnamed.vendor_named);
        let kept = merge(logo_lost.clone(), unnamed);
        assert_eq!(
            kept.vendor, logo_lost.vendor,
            "unnamed for unnamed changes nothing"
        );
        let kept = merge(named.clone(), logo_lost);
        assert_eq!(kept.vendor, named.vendor, "a named vendor stays");
    }

    #[test]
    fn a_total_is_replaced_only_by_one_the_page_confirms() {
        let unconfirmed = read(&["KEDAI MAJU SDN BHD", "Date: 12/03/2018", "TOTAL  6.00"]);
        let confirmed = read(CONFIRMED);
        assert!(confirmed.total_checked, "cash − change confirms the total");
        let merged = merge(unconfirmed.clone(), confirmed.clone());
        assert_eq!(merged.total.as_ref().map(|f| f.value), Some(800));
        assert!(merged.total_checked);
        assert_eq!(
            merged.line_items, confirmed.line_items,
            "items come with their total"
        );

        let other_unconfirmed = read(&["KEDAI MAJU SDN BHD", "TOTAL  9.00"]);
        let kept = merge(unconfirmed.clone(), other_unconfirmed);
        assert_eq!(kept.total.as_ref().map(|f| f.value), Some(600));
        let kept = merge(confirmed, unconfirmed);
        assert_eq!(kept.total.as_ref().map(|f| f.value), Some(800));
        assert!(kept.total_checked);
    }
}
