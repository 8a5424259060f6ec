//! The Luhn (mod 10) checksum, written once for the three validators that use it: card
//! numbers, the VAT numbers of Austria, Spain, France, Italy and Sweden, and the national
//! check of Finnish and Norwegian (postgiro) IBANs.

/// The Luhn sum of an ASCII digit string, mod 10 (call only on digit strings): every second
/// digit from the right is doubled and its digits added. 0 for a valid number.
pub fn checksum(digits: &str) -> u32 {
    digits
        .bytes()
        .rev()
        .enumerate()
        .map(|(i, b)| {
            let d = u32::from(b.wrapping_sub(b'0'));
            if i % 2 == 1 {
                let doubled = d * 2;
                if doubled > 9 { doubled - 9 } else { doubled }
            } else {
                d
            }
        })
        .sum::<u32>()
        % 10
}

/// The number's last digit is its Luhn check digit.
pub fn is_valid(digits: &str) -> bool {
    checksum(digits) == 0
}

/// The Luhn check digit to append to `digits`.
pub fn check_digit(digits: &str) -> u32 {
    (10 - checksum(&format!("{digits}0"))) % 10
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_numbers_sum_to_zero() {
        for number in ["4111111111111111", "378282246310005", "79927398713", "0"] {
            assert!(is_valid(number), "{number}");
        }
        assert!(!is_valid("4111111111111112"));
        assert_eq!(checksum("79927398710"), 7);
    }

    #[test]
    fn the_check_digit_completes_a_valid_number() {
        assert_eq!(check_digit("7992739871"), 3);
        for body in ["411111111111111", "37828224631000", "123456789"] {
            let complete = format!("{body}{}", check_digit(body));
            assert!(is_valid(&complete), "{complete}");
        }
    }
}
