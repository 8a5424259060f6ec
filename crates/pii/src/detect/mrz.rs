//! Machine-readable zones of passports (ICAO 9303 TD3: two lines of 44 characters): when
//! the check digits hold, the document number, birth date and holder's name are certain.

use super::EntityKind;
use super::candidate::Candidate;
use super::text::Page;

/// The ICAO 9303 check digit (weights 7, 3, 1; `<` is 0, letters 10..35).
pub(crate) fn check_digit(field: &str) -> Option<u32> {
    let mut sum = 0;
    for (i, b) in field.bytes().enumerate() {
        let v = match b {
            b'0'..=b'9' => u32::from(b - b'0'),
            b'A'..=b'Z' => u32::from(b - b'A') + 10,
            b'<' => 0,
            _ => return None,
        };
        sum += v * [7, 3, 1][i % 3];
    }
    Some(sum % 10)
}

fn digit_at(s: &str, i: usize) -> Option<u32> {
    s.as_bytes().get(i).and_then(|&b| (b as char).to_digit(10))
}

fn mrz_line(l: &str) -> bool {
    l.len() == 44
        && l.bytes()
            .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'<')
}

pub(crate) fn find(page: &Page, out: &mut Vec<Candidate>) {
    let text = page.text;
    let mut lines = Vec::new();
    let mut at = 0;
    for line in text.split('\n') {
        let trimmed = line.trim_end_matches('\r');
        let lead = trimmed.len() - trimmed.trim_start().len();
        lines.push((at + lead, trimmed.trim()));
        at += line.len() + 1;
    }
    for pair in lines.windows(2) {
        let ((s1, l1), (s2, l2)) = (pair[0], pair[1]);
        if !mrz_line(l1) || !mrz_line(l2) || !l1.starts_with('P') {
            continue;
        }
        let number_ok = check_digit(&l2[..9]).is_some_and(|c| Some(c) == digit_at(l2, 9));
        let birth_ok = check_digit(&l2[13..19]).is_some_and(|c| Some(c) == digit_at(l2, 19));
        if number_ok {
            let len = l2[..9].trim_end_matches('<').len();
            out.push(Candidate::new(
                EntityKind::Passport,
                s2,
                s2 + len,
                0.99,
                true,
            ));
        }
        if birth_ok {
            out.push(Candidate::new(
                EntityKind::DateOfBirth,
                s2 + 13,
                s2 + 19,
                0.99,
                true,
            ));
        }
        if number_ok || birth_ok {
            let name = &l1[5..];
            let len = name.trim_end_matches('<').len();
            if len > 0 {
                out.push(Candidate::new(
                    EntityKind::Name,
                    s1 + 5,
                    s1 + 5 + len,
                    0.97,
                    true,
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_valid_td3_zone() {
        let t = "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898902C36UTO7408122F1204159ZE184226B<<<<<10\n";
        let mut v = Vec::new();
        find(&Page::new(t), &mut v);
        let got: Vec<(EntityKind, &str)> = v.iter().map(|c| (c.kind, &t[c.start..c.end])).collect();
        assert_eq!(
            got,
            [
                (EntityKind::Passport, "L898902C3"),
                (EntityKind::DateOfBirth, "740812"),
                (EntityKind::Name, "ERIKSSON<<ANNA<MARIA"),
            ]
        );
    }

    #[test]
    fn ignores_zones_with_bad_check_digits() {
        let t = "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898902C37UTO7408123F1204159ZE184226B<<<<<10\n";
        let mut v = Vec::new();
        find(&Page::new(t), &mut v);
        assert!(v.is_empty());
    }
}
