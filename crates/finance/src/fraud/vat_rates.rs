//! Standard and reduced VAT / GST / sales-tax rates per country, as data, for the
//! `tax_mismatch` check.
//!
//! Source: the national rates as of January 2026, compiled from the European Commission's
//! "VAT rates applied in the Member States" and the national tax authorities' published
//! rates (from the author's knowledge, 2026-11; no network was available to re-check each
//! one). Rates that applied before a change are kept in `former` with the last day they
//! applied, so an older document is not flagged for the rate of its time.
//!
//! Rules: 0 % (zero-rated, exempt, reverse charge, exports) is accepted everywhere and is
//! not listed. Countries without a single national rate (United States: state and local
//! sales taxes only; Brazil: ICMS/ISS/PIS/COFINS vary by state, city and product; Hong
//! Kong, Qatar, Kuwait: no VAT) are listed with `checked: false` and never flagged. Regional
//! rates (Canary Islands IGIC, Madeira, Azores, Corsica, overseas France, Canadian
//! provinces) are accepted for their whole country because the region is rarely known.
//! India lists the intra-state halves too (CGST and SGST are printed separately).

use chrono::NaiveDate;

/// A rate that applied until `until` (inclusive; year, month, day).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FormerRate {
    pub percent: f64,
    pub until: (i32, u32, u32),
}

/// The rates of one country.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CountryTaxRates {
    /// ISO 3166 alpha-2.
    pub country: &'static str,
    /// What the tax is called there ("VAT", "GST/HST", "IVA", "消費税" is written "JCT").
    pub tax_name: &'static str,
    /// Whether a rate outside the list is flagged (false: no national rate to compare with).
    pub checked: bool,
    /// Current rates in percent, standard first.
    pub rates: &'static [f64],
    /// Rates that applied before a change.
    pub former: &'static [FormerRate],
}

const fn until(percent: f64, year: i32, month: u32, day: u32) -> FormerRate {
    FormerRate {
        percent,
        until: (year, month, day),
    }
}

const fn checked(
    country: &'static str,
    tax_name: &'static str,
    rates: &'static [f64],
    former: &'static [FormerRate],
) -> CountryTaxRates {
    CountryTaxRates {
        country,
        tax_name,
        checked: true,
        rates,
        former,
    }
}

const fn not_checked(country: &'static str, tax_name: &'static str) -> CountryTaxRates {
    CountryTaxRates {
        country,
        tax_name,
        checked: false,
        rates: &[],
        former: &[],
    }
}

/// The table, by country code.
pub const COUNTRY_TAX_RATES: &[CountryTaxRates] = &[
    // Spanish-speaking markets.
    // ES: 21/10/4; IGIC (Canary Islands) 7/3/9.5/15/20; temporary 5 % on food and energy 2022–2024.
    checked(
        "ES",
        "IVA",
        &[21.0, 10.0, 4.0, 7.0, 3.0, 9.5, 15.0, 20.0],
        &[until(5.0, 2024, 12, 31)],
    ),
    // MX: 16, 8 in the northern and southern border regions.
    checked("MX", "IVA", &[16.0, 8.0], &[]),
    checked("AR", "IVA", &[21.0, 10.5, 27.0], &[]),
    checked("CO", "IVA", &[19.0, 5.0], &[]),
    checked("CL", "IVA", &[19.0], &[]),
    // PE: IGV 16 + IPM 2, printed as 18; the small restaurants' and hotels' regime (Law
    // 31556) stepped 10 → 10.5 → 12 → 14 (IGV + IPM) between 2022 and 2026.
    checked("PE", "IGV", &[18.0, 16.0, 10.0, 10.5, 12.0, 14.0], &[]),
    checked("UY", "IVA", &[22.0, 10.0], &[]),
    // French-speaking markets.
    // FR: 20/10/5.5/2.1; Corsica 13/0.9; overseas departments 8.5/1.75/1.05.
    checked(
        "FR",
        "TVA",
        &[20.0, 10.0, 5.5, 2.1, 13.0, 0.9, 8.5, 1.75, 1.05],
        &[],
    ),
    checked("BE", "TVA/BTW", &[21.0, 12.0, 6.0], &[]),
    // CH: 8.1/2.6/3.8 since 2024; 7.7/2.5/3.7 before.
    checked(
        "CH",
        "MWST/TVA",
        &[8.1, 2.6, 3.8],
        &[
            until(7.7, 2023, 12, 31),
            until(2.5, 2023, 12, 31),
            until(3.7, 2023, 12, 31),
        ],
    ),
    checked(
        "LU",
        "TVA",
        &[17.0, 14.0, 8.0, 3.0],
        &[
            until(16.0, 2023, 12, 31),
            until(13.0, 2023, 12, 31),
            until(7.0, 2023, 12, 31),
        ],
    ),
    checked("MA", "TVA", &[20.0, 14.0, 10.0, 7.0], &[]),
    // CA: GST 5; HST 13 (ON), 15 (NB, NL, PE), 14 (NS since April 2025); QST 9.975 and GST +
    // QST 14.975; PST 7 (BC, MB), 6 (SK) and their sums with GST 12 and 11.
    checked(
        "CA",
        "GST/HST",
        &[5.0, 13.0, 15.0, 14.0, 9.975, 14.975, 7.0, 6.0, 12.0, 11.0],
        &[],
    ),
    // German-speaking markets.
    checked(
        "DE",
        "USt",
        &[19.0, 7.0],
        &[until(16.0, 2020, 12, 31), until(5.0, 2020, 12, 31)],
    ),
    // AT: 20/13/10; 19 in Jungholz and Mittelberg; 4.9 on basic food announced from July 2026.
    checked(
        "AT",
        "USt",
        &[20.0, 13.0, 10.0, 19.0, 4.9],
        &[until(5.0, 2021, 12, 31)],
    ),
    // Italian.
    checked("IT", "IVA", &[22.0, 10.0, 5.0, 4.0], &[]),
    // Portuguese-speaking markets. PT mainland 23/13/6, Madeira 22/12/4, Azores 16/9/4.
    checked(
        "PT",
        "IVA",
        &[23.0, 13.0, 6.0, 22.0, 12.0, 4.0, 16.0, 9.0],
        &[],
    ),
    not_checked("BR", "ICMS/ISS/PIS/COFINS"),
    checked("AO", "IVA", &[14.0, 7.0, 5.0], &[]),
    checked("MZ", "IVA", &[16.0, 5.0], &[until(17.0, 2022, 12, 31)]),
    // Dutch.
    checked("NL", "btw", &[21.0, 9.0], &[until(6.0, 2018, 12, 31)]),
    // Polish.
    checked("PL", "VAT", &[23.0, 8.0, 5.0], &[]),
    // Chinese-speaking markets. CN: 13/9/6; small-scale levy 3 (1 under relief to 2027) and
    // the simplified 5; 16/10 until March 2019, 17/11 until April 2018.
    checked(
        "CN",
        "增值税 VAT",
        &[13.0, 9.0, 6.0, 5.0, 3.0, 1.0],
        &[
            until(16.0, 2019, 3, 31),
            until(10.0, 2019, 3, 31),
            until(17.0, 2018, 4, 30),
            until(11.0, 2018, 4, 30),
        ],
    ),
    checked("TW", "營業稅 business tax", &[5.0], &[]),
    not_checked("HK", "none"),
    not_checked("MO", "none"),
    // Japanese, Korean.
    checked(
        "JP",
        "消費税 consumption tax",
        &[10.0, 8.0],
        &[until(5.0, 2014, 3, 31)],
    ),
    checked("KR", "부가가치세 VAT", &[10.0], &[]),
    // Arabic-speaking markets.
    checked("SA", "VAT", &[15.0], &[until(5.0, 2020, 6, 30)]),
    checked("AE", "VAT", &[5.0], &[]),
    checked("EG", "VAT", &[14.0, 5.0], &[until(13.0, 2017, 6, 30)]),
    checked("BH", "VAT", &[10.0], &[until(5.0, 2021, 12, 31)]),
    checked("OM", "VAT", &[5.0], &[]),
    checked("JO", "GST", &[16.0, 10.0, 8.0, 4.0], &[]),
    not_checked("QA", "none"),
    not_checked("KW", "none"),
    // English-speaking markets.
    checked(
        "GB",
        "VAT",
        &[20.0, 5.0],
        &[
            until(12.5, 2022, 3, 31),
            until(17.5, 2011, 1, 3),
            until(15.0, 2009, 12, 31),
        ],
    ),
    // IE: 23/13.5/9/4.8.
    checked(
        "IE",
        "VAT",
        &[23.0, 13.5, 9.0, 4.8],
        &[until(21.0, 2021, 2, 28)],
    ),
    not_checked("US", "state and local sales tax"),
    checked("AU", "GST", &[10.0], &[]),
    checked("NZ", "GST", &[15.0], &[]),
    checked(
        "SG",
        "GST",
        &[9.0],
        &[until(8.0, 2023, 12, 31), until(7.0, 2022, 12, 31)],
    ),
    // MY: sales tax 5/10, service tax 6/8.
    checked("MY", "SST", &[10.0, 5.0, 8.0, 6.0], &[]),
    // IN: GST slabs 5/18/40 since 22 September 2025 (12 and 28 before; 28 stays on tobacco),
    // 3 and 0.25 on gold and rough diamonds, and the CGST/SGST halves of each.
    checked(
        "IN",
        "GST",
        &[
            5.0, 18.0, 40.0, 28.0, 3.0, 0.25, 2.5, 9.0, 20.0, 14.0, 1.5, 0.125,
        ],
        &[until(12.0, 2025, 9, 21), until(6.0, 2025, 9, 21)],
    ),
    checked("ZA", "VAT", &[15.0], &[until(14.0, 2018, 3, 31)]),
    checked("PH", "VAT", &[12.0], &[]),
    // Other European markets often seen.
    checked("SE", "moms", &[25.0, 12.0, 6.0], &[]),
    checked("DK", "moms", &[25.0], &[]),
    checked("NO", "mva", &[25.0, 15.0, 12.0], &[]),
    checked(
        "FI",
        "ALV",
        &[25.5, 13.5, 10.0],
        &[until(24.0, 2024, 8, 31), until(14.0, 2025, 12, 31)],
    ),
    checked(
        "CZ",
        "DPH",
        &[21.0, 12.0],
        &[until(15.0, 2023, 12, 31), until(10.0, 2023, 12, 31)],
    ),
    checked(
        "SK",
        "DPH",
        &[23.0, 19.0, 5.0],
        &[until(20.0, 2024, 12, 31), until(10.0, 2024, 12, 31)],
    ),
    checked("HU", "ÁFA", &[27.0, 18.0, 5.0], &[]),
    checked(
        "RO",
        "TVA",
        &[21.0, 11.0],
        &[
            until(19.0, 2025, 7, 31),
            until(9.0, 2025, 7, 31),
            until(5.0, 2025, 7, 31),
        ],
    ),
    checked("GR", "ΦΠΑ", &[24.0, 13.0, 6.0], &[]),
];

/// How close a printed rate must be to a table rate to be that rate, in percentage points.
pub const RATE_MATCH_TOLERANCE: f64 = 0.05;

/// The rates of `country` (ISO 3166 alpha-2, any case), when the table has it.
pub fn rates_for(country: &str) -> Option<&'static CountryTaxRates> {
    let code = country.trim();
    COUNTRY_TAX_RATES
        .iter()
        .find(|entry| entry.country.eq_ignore_ascii_case(code))
}

/// What the table says of a rate.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum RateVerdict {
    /// One of the country's rates (or 0 %, or a former rate that applied on the date).
    Known,
    /// Not a rate of this country.
    Unknown(&'static CountryTaxRates),
    /// No table entry, or a country without a national rate: not judged.
    NotChecked,
}

/// Whether `rate_percent` is a rate of `country` on `date` (a former rate counts when the
/// date is unknown or not after its last day).
pub fn judge_rate(country: &str, rate_percent: f64, date: Option<NaiveDate>) -> RateVerdict {
    let Some(entry) = rates_for(country) else {
        return RateVerdict::NotChecked;
    };
    if !entry.checked || !rate_percent.is_finite() {
        return RateVerdict::NotChecked;
    }
    let matches = |rate: f64| (rate - rate_percent).abs() <= RATE_MATCH_TOLERANCE;
    if matches(0.0) || entry.rates.iter().copied().any(matches) {
        return RateVerdict::Known;
    }
    let former_applies = entry.former.iter().any(|former| {
        let last_day = NaiveDate::from_ymd_opt(former.until.0, former.until.1, former.until.2);
        matches(former.percent)
            && match (date, last_day) {
                (Some(date), Some(last_day)) => date <= last_day,
                _ => true,
            }
    });
    if former_applies {
        RateVerdict::Known
    } else {
        RateVerdict::Unknown(entry)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(y: i32, m: u32, d: u32) -> Option<NaiveDate> {
        NaiveDate::from_ymd_opt(y, m, d)
    }

    #[test]
    fn the_table_is_well_formed() {
        for (index, entry) in COUNTRY_TAX_RATES.iter().enumerate() {
            assert_eq!(entry.country.len(), 2, "{}", entry.country);
            assert!(entry.country.chars().all(|c| c.is_ascii_uppercase()));
            assert_eq!(entry.checked, !entry.rates.is_empty(), "{}", entry.country);
            assert!(
                COUNTRY_TAX_RATES[..index]
                    .iter()
                    .all(|other| other.country != entry.country),
                "{} twice",
                entry.country
            );
            for former in entry.former {
                assert!(
                    NaiveDate::from_ymd_opt(former.until.0, former.until.1, former.until.2)
                        .is_some()
                );
            }
        }
        for code in [
            "ES", "MX", "AR", "CO", "FR", "BE", "CH", "CA", "DE", "AT", "IT", "PT", "BR", "NL",
            "PL", "CN", "TW", "JP", "KR", "SA", "AE", "EG", "GB", "IE", "US", "AU", "NZ", "SG",
            "MY", "IN",
        ] {
            assert!(rates_for(code).is_some(), "{code} missing");
        }
    }

    #[test]
    fn known_rates_pass() {
        for (country, rate) in [
            ("DE", 19.0),
            ("de", 7.0),
            ("FR", 5.5),
            ("FR", 2.1),
            ("ES", 4.0),
            ("IT", 22.0),
            ("NL", 9.0),
            ("PL", 8.0),
            ("PT", 13.0),
            ("JP", 8.0),
            ("KR", 10.0),
            ("CN", 6.0),
            ("GB", 5.0),
            ("SA", 15.0),
            ("AE", 5.0),
            ("CH", 8.1),
            ("CA", 13.0),
            ("MY", 8.0),
            ("IN", 18.0),
            ("DE", 0.0),
        ] {
            assert_eq!(
                judge_rate(country, rate, None),
                RateVerdict::Known,
                "{country} {rate}"
            );
        }
    }

    #[test]
    fn foreign_rates_fail_and_unjudged_countries_pass() {
        assert!(matches!(
            judge_rate("DE", 20.0, None),
            RateVerdict::Unknown(_)
        ));
        assert!(matches!(
            judge_rate("GB", 19.0, None),
            RateVerdict::Unknown(_)
        ));
        assert_eq!(judge_rate("US", 8.875, None), RateVerdict::NotChecked);
        assert_eq!(judge_rate("BR", 17.0, None), RateVerdict::NotChecked);
        assert_eq!(judge_rate("ZZ", 17.0, None), RateVerdict::NotChecked);
    }

    #[test]
    fn former_rates_count_only_until_they_ended() {
        assert_eq!(judge_rate("DE", 16.0, date(2020, 9, 1)), RateVerdict::Known);
        assert!(matches!(
            judge_rate("DE", 16.0, date(2024, 9, 1)),
            RateVerdict::Unknown(_)
        ));
        assert_eq!(judge_rate("SG", 8.0, date(2023, 5, 1)), RateVerdict::Known);
        assert!(matches!(
            judge_rate("SG", 8.0, date(2025, 5, 1)),
            RateVerdict::Unknown(_)
        ));
    }
}
