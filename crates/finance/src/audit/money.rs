//! Amounts as people read them in anomaly descriptions (`-1,250.00`), and at the wire
//! (`f64`). Descriptions use one neutral format whatever the statement's language.

use super::types::Cents;

/// `-1,250.00`: thousands with commas, two decimals, a leading minus when negative.
pub fn format_cents(cents: Cents) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let magnitude = cents.unsigned_abs();
    let units = (magnitude / 100).to_string();
    let mut grouped = String::with_capacity(units.len() + units.len() / 3);
    for (i, c) in units.chars().enumerate() {
        if i > 0 && (units.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(c);
    }
    format!("{sign}{grouped}.{:02}", magnitude % 100)
}

/// The amount in currency units, for the wire.
pub fn cents_to_f64(cents: Cents) -> f64 {
    cents as f64 / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_with_grouping_and_sign() {
        assert_eq!(format_cents(0), "0.00");
        assert_eq!(format_cents(5), "0.05");
        assert_eq!(format_cents(-125_000), "-1,250.00");
        assert_eq!(format_cents(123_456_789), "1,234,567.89");
        assert_eq!(format_cents(99_999), "999.99");
        assert_eq!(cents_to_f64(-125_050), -1250.5);
    }
}
