//! Card number validation: Luhn checksum, brand from an IIN range table, and the brand's
//! allowed lengths. Pure; never keeps or echoes the full number.

/// A card brand, identified from the number's leading digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Brand {
    Visa,
    Mastercard,
    Amex,
    Discover,
    Jcb,
    Diners,
    Unionpay,
    Maestro,
    Mir,
    Elo,
    Hipercard,
    Rupay,
    Unknown,
}

/// One row of the IIN table: numbers whose first `digits` digits lie in `low..=high`.
struct Range {
    digits: u32,
    low: u64,
    high: u64,
    brand: Brand,
}

const fn r(digits: u32, low: u64, high: u64, brand: Brand) -> Range {
    Range {
        digits,
        low,
        high,
        brand,
    }
}

/// The IIN table. The longest matching prefix wins, so co-branded sub-ranges (Elo inside
/// Visa's 4, Discover inside UnionPay's 62) override their parents.
const RANGES: &[Range] = &[
    r(1, 4, 4, Brand::Visa),
    r(2, 51, 55, Brand::Mastercard),
    r(4, 2221, 2720, Brand::Mastercard),
    r(2, 34, 34, Brand::Amex),
    r(2, 37, 37, Brand::Amex),
    r(4, 6011, 6011, Brand::Discover),
    r(3, 644, 649, Brand::Discover),
    r(2, 65, 65, Brand::Discover),
    r(6, 622126, 622925, Brand::Discover),
    r(4, 3528, 3589, Brand::Jcb),
    r(3, 300, 305, Brand::Diners),
    r(4, 3095, 3095, Brand::Diners),
    r(2, 36, 36, Brand::Diners),
    r(2, 38, 39, Brand::Diners),
    r(2, 62, 62, Brand::Unionpay),
    r(2, 81, 81, Brand::Unionpay),
    r(2, 50, 50, Brand::Maestro),
    r(2, 56, 58, Brand::Maestro),
    r(2, 67, 67, Brand::Maestro),
    r(4, 6304, 6304, Brand::Maestro),
    r(4, 6759, 6759, Brand::Maestro),
    r(4, 6761, 6763, Brand::Maestro),
    r(4, 2200, 2204, Brand::Mir),
    r(6, 401178, 401179, Brand::Elo),
    r(6, 431274, 431274, Brand::Elo),
    r(6, 438935, 438935, Brand::Elo),
    r(6, 451416, 451416, Brand::Elo),
    r(6, 457393, 457393, Brand::Elo),
    r(6, 457631, 457632, Brand::Elo),
    r(6, 504175, 504175, Brand::Elo),
    r(6, 506699, 506778, Brand::Elo),
    r(6, 509000, 509999, Brand::Elo),
    r(6, 627780, 627780, Brand::Elo),
    r(6, 636297, 636297, Brand::Elo),
    r(6, 636368, 636368, Brand::Elo),
    r(6, 650031, 650033, Brand::Elo),
    r(6, 650035, 650051, Brand::Elo),
    r(6, 650405, 650439, Brand::Elo),
    r(6, 650485, 650538, Brand::Elo),
    r(6, 650541, 650598, Brand::Elo),
    r(6, 650700, 650718, Brand::Elo),
    r(6, 650720, 650727, Brand::Elo),
    r(6, 650901, 650978, Brand::Elo),
    r(6, 651652, 651679, Brand::Elo),
    r(6, 655000, 655019, Brand::Elo),
    r(6, 655021, 655058, Brand::Elo),
    r(6, 606282, 606282, Brand::Hipercard),
    r(6, 384100, 384100, Brand::Hipercard),
    r(6, 384140, 384140, Brand::Hipercard),
    r(6, 384160, 384160, Brand::Hipercard),
    r(6, 637095, 637095, Brand::Hipercard),
    r(6, 637568, 637568, Brand::Hipercard),
    r(6, 637599, 637599, Brand::Hipercard),
    r(6, 637609, 637609, Brand::Hipercard),
    r(6, 637612, 637612, Brand::Hipercard),
    r(2, 60, 60, Brand::Rupay),
    r(3, 508, 508, Brand::Rupay),
    r(4, 6521, 6522, Brand::Rupay),
    r(3, 353, 353, Brand::Rupay),
    r(3, 356, 356, Brand::Rupay),
    r(2, 82, 82, Brand::Rupay),
];

impl Brand {
    /// The brand whose IIN range is the longest prefix of `digits`.
    pub fn of(digits: &str) -> Brand {
        RANGES
            .iter()
            .filter(|range| {
                let n = range.digits as usize;
                digits.len() >= n
                    && digits[..n]
                        .parse::<u64>()
                        .is_ok_and(|p| (range.low..=range.high).contains(&p))
            })
            .max_by_key(|range| range.digits)
            .map_or(Brand::Unknown, |range| range.brand)
    }

    /// The lengths this brand issues.
    pub fn lengths(self) -> &'static [usize] {
        match self {
            Brand::Visa => &[13, 16, 19],
            Brand::Mastercard | Brand::Mir | Brand::Elo | Brand::Rupay => &[16],
            Brand::Amex => &[15],
            Brand::Discover | Brand::Jcb | Brand::Unionpay => &[16, 17, 18, 19],
            Brand::Diners => &[14, 15, 16, 17, 18, 19],
            Brand::Maestro => &[12, 13, 14, 15, 16, 17, 18, 19],
            Brand::Hipercard => &[13, 16, 19],
            Brand::Unknown => &[12, 13, 14, 15, 16, 17, 18, 19],
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Brand::Visa => "visa",
            Brand::Mastercard => "mastercard",
            Brand::Amex => "amex",
            Brand::Discover => "discover",
            Brand::Jcb => "jcb",
            Brand::Diners => "diners",
            Brand::Unionpay => "unionpay",
            Brand::Maestro => "maestro",
            Brand::Mir => "mir",
            Brand::Elo => "elo",
            Brand::Hipercard => "hipercard",
            Brand::Rupay => "rupay",
            Brand::Unknown => "unknown",
        }
    }
}

/// What a card number check finds.
#[derive(Debug, Clone, PartialEq)]
pub struct CardCheck {
    pub brand: Brand,
    pub luhn_valid: bool,
    pub length_valid: bool,
    pub valid: bool,
    /// Digit count.
    pub length: usize,
    /// The issuer identification number: the first 6 digits; empty below 13 digits, where
    /// `masked` hides them too (with the last 4 and the Luhn digit they would leave a
    /// 12-digit number about ten candidates).
    pub iin: String,
    pub last4: String,
    /// All but the first 6 and last 4 digits replaced by `*`.
    pub masked: String,
    /// `masked` in the brand's usual grouping (4-6-5 for Amex, 4-4-4-4 otherwise).
    pub formatted_masked: String,
    /// Why the number is not valid, if it is not.
    pub error: Option<String>,
}

/// Why a number cannot be checked at all (answered 400).
#[derive(Debug, Clone, PartialEq)]
pub enum CardInputError {
    Empty,
    InvalidCharacter(char),
}

impl std::fmt::Display for CardInputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CardInputError::Empty => f.write_str("the card number is empty"),
            CardInputError::InvalidCharacter(c) => {
                write!(
                    f,
                    "the card number may hold only digits, spaces and dashes, not {c:?}"
                )
            }
        }
    }
}

/// Strips the separators people type (spaces, dashes, dots) and refuses anything else.
pub fn digits_of(input: &str) -> Result<String, CardInputError> {
    let mut digits = String::with_capacity(19);
    for c in input.trim().chars() {
        match c {
            '0'..='9' => digits.push(c),
            ' ' | '-' | '.' => {}
            other => return Err(CardInputError::InvalidCharacter(other)),
        }
    }
    if digits.is_empty() {
        return Err(CardInputError::Empty);
    }
    Ok(digits)
}

pub fn check(input: &str) -> Result<CardCheck, CardInputError> {
    let digits = digits_of(input)?;
    let brand = Brand::of(&digits);
    let length = digits.len();
    let luhn = super::luhn::is_valid(&digits);
    let length_valid = brand.lengths().contains(&length);
    let error = if length < 12 {
        Some(format!("{length} digits is too short for a card number"))
    } else if length > 19 {
        Some(format!(
            "{length} digits is too long for a card number (at most 19)"
        ))
    } else if brand == Brand::Unknown {
        Some("the number matches no known card brand".to_owned())
    } else if !length_valid {
        Some(format!(
            "{} cards have {} digits, not {length}",
            brand.name(),
            lengths_text(brand.lengths())
        ))
    } else if !luhn {
        Some("the Luhn checksum does not match".to_owned())
    } else {
        None
    };
    let masked = mask(&digits);
    let shows_head = length >= SHOW_HEAD_FROM;
    Ok(CardCheck {
        brand,
        luhn_valid: luhn,
        length_valid,
        valid: error.is_none(),
        length,
        iin: if shows_head {
            digits.chars().take(6).collect()
        } else {
            String::new()
        },
        last4: digits[length.saturating_sub(4)..].to_owned(),
        formatted_masked: group(&masked, brand),
        masked,
        error,
    })
}

fn lengths_text(lengths: &[usize]) -> String {
    match lengths {
        [one] => one.to_string(),
        [first, .., last] if last - first + 1 == lengths.len() => format!("{first} to {last}"),
        many => many
            .iter()
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// The shortest number whose first 6 digits are shown (in `masked` and as `iin`): at least
/// 3 digits stay hidden.
const SHOW_HEAD_FROM: usize = 13;

/// Keeps the first 6 and the last 4 digits (PCI DSS); short numbers keep only the last 4.
fn mask(digits: &str) -> String {
    let n = digits.len();
    let keep_head = if n >= SHOW_HEAD_FROM { 6 } else { 0 };
    digits
        .char_indices()
        .map(|(i, c)| if i < keep_head || i + 4 >= n { c } else { '*' })
        .collect()
}

fn group(masked: &str, brand: Brand) -> String {
    let sizes: &[usize] = match (brand, masked.len()) {
        (Brand::Amex, 15) => &[4, 6, 5],
        (Brand::Diners, 14) => &[4, 6, 4],
        _ => &[4, 4, 4, 4, 4],
    };
    let mut groups = Vec::new();
    let mut rest = masked;
    for &size in sizes {
        if rest.is_empty() {
            break;
        }
        let (head, tail) = rest.split_at(size.min(rest.len()));
        groups.push(head);
        rest = tail;
    }
    if !rest.is_empty() {
        groups.push(rest);
    }
    groups.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Test numbers published by the card networks and payment processors.
    const VALID: &[(&str, Brand)] = &[
        ("4111111111111111", Brand::Visa),
        ("4012888888881881", Brand::Visa),
        ("4222222222222", Brand::Visa),
        ("5555555555554444", Brand::Mastercard),
        ("5105105105105100", Brand::Mastercard),
        ("2221000000000009", Brand::Mastercard),
        ("2720990000000007", Brand::Mastercard),
        ("378282246310005", Brand::Amex),
        ("371449635398431", Brand::Amex),
        ("6011111111111117", Brand::Discover),
        ("6011000990139424", Brand::Discover),
        ("3530111333300000", Brand::Jcb),
        ("3566002020360505", Brand::Jcb),
        ("30569309025904", Brand::Diners),
        ("38520000023237", Brand::Diners),
        ("6200000000000005", Brand::Unionpay),
        ("6759649826438453", Brand::Maestro),
        ("2200000000000004", Brand::Mir),
        ("6362970000457013", Brand::Elo),
        ("6062826786276634", Brand::Hipercard),
    ];

    #[test]
    fn published_test_numbers_are_valid_with_their_brand() {
        for (number, brand) in VALID {
            let check = check(number).unwrap();
            assert!(check.valid, "{number}: {:?}", check.error);
            assert_eq!(check.brand, *brand, "{number}");
        }
    }

    #[test]
    fn mastercard_range_ends_at_2720() {
        assert_eq!(Brand::of("2720990000000007"), Brand::Mastercard);
        assert_eq!(Brand::of("2721000000000000"), Brand::Unknown);
        assert_eq!(Brand::of("2220990000000000"), Brand::Unknown);
        assert_eq!(Brand::of("5600000000000000"), Brand::Maestro);
    }

    #[test]
    fn an_unknown_brand_is_not_valid() {
        let check = check("9999999999999995").unwrap();
        assert!(check.luhn_valid);
        assert_eq!(check.brand, Brand::Unknown);
        assert!(!check.valid);
    }

    #[test]
    fn a_changed_digit_fails_luhn() {
        let check = check("4111111111111112").unwrap();
        assert!(!check.luhn_valid);
        assert!(!check.valid);
        assert_eq!(
            check.error.as_deref(),
            Some("the Luhn checksum does not match")
        );
    }

    #[test]
    fn wrong_length_for_the_brand() {
        let check = check("37828224631000").unwrap();
        assert_eq!(check.brand, Brand::Amex);
        assert!(!check.length_valid);
        assert!(check.error.unwrap().contains("amex cards have 15 digits"));
    }

    #[test]
    fn masks_never_show_the_middle() {
        let check = check("4111 1111-1111 1111").unwrap();
        assert_eq!(check.masked, "411111******1111");
        assert_eq!(check.formatted_masked, "4111 11** **** 1111");
        assert_eq!(check.iin, "411111");
        assert_eq!(check.last4, "1111");
        let amex = super::check("378282246310005").unwrap();
        assert_eq!(amex.formatted_masked, "3782 82**** *0005");
    }

    #[test]
    fn a_twelve_digit_number_shows_only_its_last_four() {
        // A 12-digit Maestro number: 6 + 4 shown digits and the Luhn rule would leave about
        // ten candidates, so neither `masked` nor `iin` shows the head.
        let check = check("5000 0000 0009").unwrap();
        assert_eq!(check.brand, Brand::Maestro);
        assert!(check.valid, "{:?}", check.error);
        assert_eq!(check.masked, "********0009");
        assert_eq!(check.iin, "");
        assert_eq!(check.last4, "0009");
        let thirteen = super::check("4222222222222").unwrap();
        assert_eq!(thirteen.iin, "422222");
        assert_eq!(thirteen.masked, "422222***2222");
    }

    #[test]
    fn no_answer_field_holds_the_whole_number() {
        for (number, _) in VALID {
            let c = check(number).unwrap();
            for field in [&c.masked, &c.formatted_masked, &c.iin, &c.last4] {
                let shown: String = field.chars().filter(char::is_ascii_digit).collect();
                assert!(shown.len() + 3 <= number.len(), "{number}: {field}");
            }
            let all = format!("{}{}", c.iin, c.last4);
            assert!(all.len() + 3 <= number.len(), "{number}");
            assert!(!format!("{c:?}").contains(number), "{number}");
        }
    }

    #[test]
    fn refuses_what_is_not_a_number() {
        assert_eq!(check("   "), Err(CardInputError::Empty));
        assert_eq!(
            check("4111x111"),
            Err(CardInputError::InvalidCharacter('x'))
        );
        let long = check(&"4".repeat(63)).unwrap();
        assert!(!long.valid && !long.length_valid);
        assert_eq!(
            long.error.as_deref(),
            Some("63 digits is too long for a card number (at most 19)")
        );
    }
}
