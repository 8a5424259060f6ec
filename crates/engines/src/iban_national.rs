//! National check digits inside an IBAN's BBAN, for the countries whose account numbers
//! carry them: what python-stdnum checks (BE, ES, ME, NO) and further countries whose
//! published schemes were confirmed on their registry examples and reference vectors (FR and
//! MC's RIB key, IT and SM's CIN, PT's NIB, FI, CZ, SK, PL, HU, HR, RS, MK, SI, BA). Works on
//! a BBAN whose registry structure was already checked (upper case, digits where the
//! structure wants them). Pure.

use super::luhn;

/// The outcome of a country's national check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NationalCheck {
    /// The BBAN's national check digits hold.
    Passed,
    /// They do not: a mistyped or made-up account number whose IBAN check digits were
    /// computed over it.
    Failed,
    /// The country defines no national check we apply.
    NotDefined,
}

/// The countries with a national check, and the scheme each one's BBAN is checked with.
pub const COUNTRIES: &[(&str, &str)] = &[
    ("BA", "the BBAN, ISO 7064 mod 97-10"),
    ("BE", "the account number's last two digits, mod 97"),
    ("CZ", "the account prefix and number, weighted mod 11"),
    ("ES", "the CCC's two check digits, weighted mod 11"),
    ("FI", "the account number, Luhn"),
    ("FR", "the RIB key, mod 97"),
    (
        "HR",
        "the bank code and the account number, ISO 7064 mod 11,10",
    ),
    (
        "HU",
        "the bank and branch code and the account number, weights 9-7-3-1",
    ),
    ("IT", "the CIN letter"),
    ("MC", "the RIB key, mod 97"),
    ("ME", "the BBAN, ISO 7064 mod 97-10"),
    ("MK", "the BBAN, ISO 7064 mod 97-10"),
    (
        "NO",
        "the account number, weighted mod 11 (Luhn for postgiro numbers)",
    ),
    ("PL", "the bank and branch code, weights 3-9-7-1"),
    ("PT", "the NIB's two check digits, mod 97"),
    ("RS", "the BBAN, ISO 7064 mod 97-10"),
    ("SI", "the BBAN, ISO 7064 mod 97-10"),
    ("SK", "the account prefix and number, weighted mod 11"),
    ("SM", "the CIN letter"),
];

/// Checks the national check digits of `bban`, the account part of an IBAN of `country`.
pub fn check(country: &str, bban: &str) -> NationalCheck {
    let passed = match country {
        "BE" => belgium(bban),
        "ES" => spain(bban),
        "ME" | "RS" | "MK" | "SI" | "BA" => digits(bban).map(|d| mod97(&d) == 1),
        "NO" => norway(bban),
        "FR" | "MC" => rib_key(bban),
        "IT" | "SM" => cin(bban),
        "PT" => digits(bban).map(|d| mod97(&d) == 1),
        "FI" => digits(bban).map(|_| luhn::is_valid(bban)),
        "CZ" | "SK" => czech(bban),
        "PL" => {
            digits(bban.get(..8).unwrap_or_default()).map(|d| weighted(&d, &[3, 9, 7, 1], 10) == 0)
        }
        "HU" => hungary(bban),
        "HR" => croatia(bban),
        _ => return NationalCheck::NotDefined,
    };
    match passed {
        Some(true) => NationalCheck::Passed,
        Some(false) => NationalCheck::Failed,
        // Letters where the scheme wants digits: the registry allows them, the scheme
        // defines nothing for them.
        None => NationalCheck::NotDefined,
    }
}

/// The digit values of `text`, or `None` when it holds anything else (or nothing).
fn digits(text: &str) -> Option<Vec<u32>> {
    let values: Option<Vec<u32>> = text.chars().map(|c| c.to_digit(10)).collect();
    values.filter(|v| !v.is_empty())
}

/// The number the digits spell, mod 97.
fn mod97(digits: &[u32]) -> u32 {
    digits.iter().fold(0, |acc, d| (acc * 10 + d) % 97)
}

/// Σ digit × weight (the weights repeating from the left), mod `modulus`.
fn weighted(digits: &[u32], weights: &[u32], modulus: u32) -> u32 {
    digits
        .iter()
        .zip(weights.iter().cycle())
        .map(|(d, w)| d * w)
        .sum::<u32>()
        % modulus
}

/// Belgium: bank (3), account (7), check (2) = the first ten digits mod 97, 97 for 0.
fn belgium(bban: &str) -> Option<bool> {
    let d = digits(bban).filter(|d| d.len() == 12)?;
    let expected = match mod97(&d[..10]) {
        0 => 97,
        r => r,
    };
    Some(d[10] * 10 + d[11] == expected)
}

/// Spain: bank (4), branch (4), two check digits, account (10); the first check digit covers
/// `00` + bank + branch, the second the account, each Σ dᵢ·2ⁱ mod 11 (11 − r, r below 2
/// as is).
fn spain(bban: &str) -> Option<bool> {
    let d = digits(bban).filter(|d| d.len() == 20)?;
    let check_digit = |part: &[u32]| {
        let r = part
            .iter()
            .enumerate()
            .map(|(i, v)| v * (1 << i) % 11)
            .sum::<u32>()
            % 11;
        if r < 2 { r } else { 11 - r }
    };
    let mut first = vec![0, 0];
    first.extend_from_slice(&d[..8]);
    Some(d[8] == check_digit(&first) && d[9] == check_digit(&d[10..]))
}

/// Norway: an 11-digit account number whose last digit is Σ dᵢ·wᵢ mod 11 with weights
/// 6,7,8,9,4,5,6,7,8,9 (no valid number has remainder 10); a postgiro number (`0000` and 7
/// digits) is Luhn.
fn norway(bban: &str) -> Option<bool> {
    let d = digits(bban).filter(|d| d.len() == 11)?;
    if d[..4] == [0, 0, 0, 0] {
        return Some(luhn::is_valid(&bban[4..]));
    }
    Some(weighted(&d[..10], &[6, 7, 8, 9, 4, 5, 6, 7, 8, 9], 11) == d[10])
}

/// France and Monaco: bank (5), branch (5), account (11, letters read as digits), key (2):
/// 89·bank + 15·branch + 3·account + key ≡ 0 mod 97.
fn rib_key(bban: &str) -> Option<bool> {
    if bban.len() != 23 {
        return None;
    }
    let value = |c: char| match c {
        '0'..='9' => c.to_digit(10),
        // A, J → 1; B, K, S → 2; ...; I, R, Z → 9 (the letters as the RIB reads them).
        'A'..='I' => Some(c as u32 - 'A' as u32 + 1),
        'J'..='R' => Some(c as u32 - 'J' as u32 + 1),
        'S'..='Z' => Some(c as u32 - 'S' as u32 + 2),
        _ => None,
    };
    let part = |range: std::ops::Range<usize>| -> Option<u32> {
        bban.get(range)?
            .chars()
            .try_fold(0u32, |acc, c| Some((acc * 10 + value(c)?) % 97))
    };
    let (bank, branch, account) = (part(0..5)?, part(5..10)?, part(10..21)?);
    let key = digits(&bban[21..23])?;
    Some((89 * bank + 15 * branch + 3 * account + key[0] * 10 + key[1]) % 97 == 0)
}

/// Italy and San Marino: the CIN letter, first in the BBAN, checks the 22 characters after
/// it: characters in odd places (1st, 3rd, ...) count by the CIN's odd table, the others as
/// their value (digits 0-9, letters 0-25), and the sum mod 26 is the letter.
fn cin(bban: &str) -> Option<bool> {
    const ODD: [u32; 26] = [
        1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24,
        23,
    ];
    let mut chars = bban.chars();
    let letter = chars.next().filter(char::is_ascii_uppercase)?;
    let rest: Vec<char> = chars.collect();
    if rest.len() != 22 {
        return None;
    }
    let mut sum = 0;
    for (i, c) in rest.into_iter().enumerate() {
        let v = match c {
            '0'..='9' => c as u32 - '0' as u32,
            'A'..='Z' => c as u32 - 'A' as u32,
            _ => return None,
        };
        sum += if i % 2 == 0 { ODD[v as usize] } else { v };
    }
    Some(letter as u32 - 'A' as u32 == sum % 26)
}

/// Czech Republic and Slovakia: bank (4), account prefix (6), account number (10); the prefix
/// with weights 10,5,8,4,2,1 and the number with 6,3,7,9,10,5,8,4,2,1 are each ≡ 0 mod 11.
fn czech(bban: &str) -> Option<bool> {
    let d = digits(bban).filter(|d| d.len() == 20)?;
    Some(
        weighted(&d[4..10], &[10, 5, 8, 4, 2, 1], 11) == 0
            && weighted(&d[10..], &[6, 3, 7, 9, 10, 5, 8, 4, 2, 1], 11) == 0,
    )
}

/// Hungary: bank and branch (7) with its check digit, then the account (15) with its check
/// digit; each part's digits with weights 9,7,3,1 sum to a multiple of 10.
fn hungary(bban: &str) -> Option<bool> {
    let d = digits(bban).filter(|d| d.len() == 24)?;
    Some(weighted(&d[..8], &[9, 7, 3, 1], 10) == 0 && weighted(&d[8..], &[9, 7, 3, 1], 10) == 0)
}

/// Croatia: the bank code (7) and the account number (10) each end in an ISO 7064
/// MOD 11,10 check digit.
fn croatia(bban: &str) -> Option<bool> {
    let d = digits(bban).filter(|d| d.len() == 17)?;
    Some(mod_11_10(&d[..7]) && mod_11_10(&d[7..]))
}

/// ISO 7064 MOD 11,10 over digits whose last one is the check digit.
fn mod_11_10(digits: &[u32]) -> bool {
    let Some((check, body)) = digits.split_last() else {
        return false;
    };
    let p = body.iter().fold(10, |p, d| {
        let s = match (p + d) % 10 {
            0 => 10,
            s => s,
        };
        (2 * s) % 11
    });
    (11 - p) % 10 == *check
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_scheme_on_a_known_account() {
        for (country, bban) in [
            ("BE", "539007547034"),
            ("ES", "21000418450200051332"),
            ("ME", "505000012345678951"),
            ("NO", "86011117947"),
            ("FR", "20041010050500013M02606"),
            ("MC", "11222000010123456789030"),
            ("IT", "X0542811101000000123456"),
            ("SM", "U0322509800000000270100"),
            ("PT", "000201231234567890154"),
            ("FI", "12345600000785"),
            ("CZ", "08000000192000145399"),
            ("SK", "12000000198742637541"),
            ("PL", "109010140000071219812874"),
            ("HU", "117730161111101800000000"),
            ("HR", "10010051863000160"),
            ("RS", "260005601001611379"),
            ("MK", "250120000058984"),
            ("SI", "191000000123438"),
            ("BA", "1290079401028494"),
        ] {
            assert_eq!(check(country, bban), NationalCheck::Passed, "{country}");
        }
        assert_eq!(COUNTRIES.len(), 19);
    }

    #[test]
    fn a_changed_check_digit_fails() {
        assert_eq!(
            check("FR", "20041010050500013M02607"),
            NationalCheck::Failed
        );
        assert_eq!(
            check("IT", "Y0542811101000000123456"),
            NationalCheck::Failed
        );
        assert_eq!(check("PT", "000201231234567890155"), NationalCheck::Failed);
        assert_eq!(check("NO", "86011117946"), NationalCheck::Failed);
    }

    #[test]
    fn countries_without_a_scheme_and_letters_are_not_defined() {
        assert_eq!(check("DE", "370400440532013000"), NationalCheck::NotDefined);
        assert_eq!(check("GB", "NWBK60161331926819"), NationalCheck::NotDefined);
        assert_eq!(check("MK", "2501200000A8984"), NationalCheck::NotDefined);
    }
}
