//! VAT number prefixes, the country each names and the shape of the number after it: one
//! table for the two APIs that read VAT numbers (finance finds them on invoices, validation
//! checks them), which cannot import each other. Pure.
//!
//! The shapes are the formats as numbers are written without separators, as loose as each
//! country's own numbers allow (Greece's old 8 digits, Belgium's old 9); the check digits are
//! the validation API's (`suite_validate::vat`).

use std::sync::LazyLock;

use regex::Regex;

/// One VAT prefix.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VatPrefix {
    /// As numbers carry it, upper case: `EL` for Greece, `XI` for Northern Ireland, `CHE` for
    /// Switzerland.
    pub prefix: &'static str,
    /// The country it names, ISO 3166 alpha-2 (`GR` for `EL`, `GB` for `XI`).
    pub country: &'static str,
    /// One of the EU's VAT prefixes (the 27 member states and `XI`).
    pub eu: bool,
    /// The number after the prefix, a regular expression over its characters without
    /// separators (letters in upper case; matched either case).
    pub shape: &'static str,
}

/// UK numbers: 9 digits (12 with a branch), a government department's (`GD`) or health
/// authority's (`HA`) 3 digits, or those behind `8888` with 2 check digits.
const UK_SHAPE: &str = "[0-9]{9}(?:[0-9]{3})?|(?:GD|HA)(?:[0-9]{3}|8888[0-9]{5})";

const fn eu(prefix: &'static str, country: &'static str, shape: &'static str) -> VatPrefix {
    VatPrefix {
        prefix,
        country,
        eu: true,
        shape,
    }
}

const fn outside_eu(prefix: &'static str, country: &'static str, shape: &'static str) -> VatPrefix {
    VatPrefix {
        prefix,
        country,
        eu: false,
        shape,
    }
}

/// The EU's prefixes, the UK's and those of Switzerland and Norway. No prefix begins another.
pub const PREFIXES: &[VatPrefix] = &[
    eu("AT", "AT", "U[0-9]{8}"),
    eu("BE", "BE", "[01]?[0-9]{9}"),
    eu("BG", "BG", "[0-9]{9,10}"),
    eu("CY", "CY", "[0-9]{8}[A-Z]"),
    eu("CZ", "CZ", "[0-9]{8,10}"),
    eu("DE", "DE", "[0-9]{9}"),
    eu("DK", "DK", "[0-9]{8}"),
    eu("EE", "EE", "[0-9]{9}"),
    eu("EL", "GR", "[0-9]{8,9}"),
    eu("ES", "ES", "[0-9A-Z][0-9]{7}[0-9A-Z]"),
    eu("FI", "FI", "[0-9]{8}"),
    eu("FR", "FR", "[0-9A-HJ-NP-Z]{2}[0-9]{9}"),
    eu("HR", "HR", "[0-9]{11}"),
    eu("HU", "HU", "[0-9]{8}"),
    eu("IE", "IE", "[0-9][0-9A-Z+*][0-9]{5}[A-W]{1,2}"),
    eu("IT", "IT", "[0-9]{11}"),
    eu("LT", "LT", "[0-9]{9}(?:[0-9]{3})?"),
    eu("LU", "LU", "[0-9]{8}"),
    eu("LV", "LV", "[0-9]{11}"),
    eu("MT", "MT", "[0-9]{8}"),
    eu("NL", "NL", "[0-9]{9}B[0-9]{2}"),
    eu("PL", "PL", "[0-9]{10}"),
    eu("PT", "PT", "[0-9]{9}"),
    eu("RO", "RO", "[0-9]{2,10}|[0-9]{13}"),
    eu("SE", "SE", "[0-9]{10}01"),
    eu("SI", "SI", "[0-9]{8}"),
    eu("SK", "SK", "[0-9]{10}"),
    eu("XI", "GB", UK_SHAPE),
    outside_eu("GB", "GB", UK_SHAPE),
    outside_eu("CHE", "CH", "[0-9]{9}(?:MWST|TVA|IVA)?"),
    outside_eu("NO", "NO", "[0-9]{9}(?:MVA)?"),
];

/// The entry of a code typed as a VAT prefix, upper case: the prefix itself, else a country's
/// ISO code standing for its prefix (`GR` for `EL`, `CH` for `CHE`; `GB` is the UK's own).
pub fn find(code: &str) -> Option<&'static VatPrefix> {
    PREFIXES
        .iter()
        .find(|entry| entry.prefix == code)
        .or_else(|| PREFIXES.iter().find(|entry| entry.country == code))
}

/// What a number of `prefix`'s country may begin with: the prefix, the country's other
/// prefix (`GB` beside `XI`) and its ISO code where that is no prefix (`GR` beside `EL`).
/// Nothing for a prefix not in [`PREFIXES`].
pub fn spellings(prefix: &str) -> impl Iterator<Item = &'static str> + Clone {
    let own = PREFIXES.iter().find(|entry| entry.prefix == prefix);
    own.into_iter().flat_map(|own| {
        let others = PREFIXES
            .iter()
            .filter(move |entry| entry.country == own.country && entry.prefix != own.prefix)
            .map(|entry| entry.prefix);
        let iso_code_is_a_prefix = PREFIXES.iter().any(|entry| entry.prefix == own.country);
        std::iter::once(own.prefix)
            .chain(others)
            .chain((!iso_code_is_a_prefix).then_some(own.country))
    })
}

/// Each entry's shape, anchored, either case.
static SHAPES: LazyLock<Vec<Regex>> = LazyLock::new(|| {
    PREFIXES
        .iter()
        .map(|entry| Regex::new(&format!("(?i)^(?:{})$", entry.shape)).expect("static regex"))
        .collect()
});

/// The entry of a whole VAT number written without separators, either case
/// (`de123456789`): its prefix, then the shape of that prefix's numbers.
pub fn of_number(number: &str) -> Option<&'static VatPrefix> {
    PREFIXES
        .iter()
        .zip(SHAPES.iter())
        .find_map(|(entry, shape)| {
            let rest = number
                .get(..entry.prefix.len())
                .filter(|head| head.eq_ignore_ascii_case(entry.prefix))
                .and_then(|_| number.get(entry.prefix.len()..))?;
            shape.is_match(rest).then_some(entry)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_prefix_begins_another() {
        for a in PREFIXES {
            for b in PREFIXES {
                assert!(
                    a.prefix == b.prefix || !b.prefix.starts_with(a.prefix),
                    "{} begins {}",
                    a.prefix,
                    b.prefix
                );
            }
        }
        assert_eq!(PREFIXES.iter().filter(|entry| entry.eu).count(), 28);
    }

    #[test]
    fn a_prefix_names_its_country() {
        assert_eq!(find("EL").map(|e| e.country), Some("GR"));
        assert_eq!(find("GR").map(|e| e.prefix), Some("EL"));
        assert_eq!(find("XI").map(|e| e.country), Some("GB"));
        assert_eq!(find("GB").map(|e| e.prefix), Some("GB"));
        assert_eq!(find("CH").map(|e| e.prefix), Some("CHE"));
        assert_eq!(find("EU"), None);
        assert_eq!(find("US"), None);
    }

    #[test]
    fn a_country_is_written_with_its_prefixes_and_iso_code() {
        let of = |prefix| spellings(prefix).collect::<Vec<_>>();
        assert_eq!(of("EL"), ["EL", "GR"]);
        assert_eq!(of("XI"), ["XI", "GB"]);
        assert_eq!(of("GB"), ["GB", "XI"]);
        assert_eq!(of("DE"), ["DE"]);
        assert_eq!(of("CHE"), ["CHE", "CH"]);
        assert!(of("EU").is_empty());
    }

    #[test]
    fn numbers_have_their_country_shape() {
        for (number, country) in [
            ("ATU57194903", "AT"),
            ("atu57194903", "AT"),
            ("BE0403019261", "BE"),
            ("CY10259033P", "CY"),
            ("DE136695976", "DE"),
            ("EL094259216", "GR"),
            ("ESX5253868R", "ES"),
            ("FRK7399859412", "FR"),
            ("IE8D79739I", "IE"),
            ("IE6433435OA", "IE"),
            ("NL004495445B01", "NL"),
            ("RO18547290", "RO"),
            ("SE123456789701", "SE"),
            ("XI980780684", "GB"),
            ("GB980780684", "GB"),
            ("GBGD001", "GB"),
            ("CHE123456789MWST", "CH"),
            ("NO123456789MVA", "NO"),
        ] {
            assert_eq!(
                of_number(number).map(|e| e.country),
                Some(country),
                "{number}"
            );
        }
        for not_a_vat_number in [
            "DE12345678",
            "AT12345678",
            "FRIO334175221",
            "NL123456789C01",
            "description",
            "PL1234567",
            "US123456789",
            "",
        ] {
            assert_eq!(of_number(not_a_vat_number), None, "{not_a_vat_number}");
        }
    }
}
