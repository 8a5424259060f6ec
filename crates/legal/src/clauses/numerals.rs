//! Reads the values of clause numbers written as roman numerals or as Spanish ordinal
//! words ("Quinta", "DÉCIMA PRIMERA"), so numbering sequences can be checked.

/// Value of a roman numeral (either case), None when it is not a well-formed one.
pub(super) fn roman_value(numeral: &str) -> Option<u32> {
    let mut total = 0u32;
    let mut previous = 0u32;
    for ch in numeral.chars().rev() {
        let value = match ch.to_ascii_uppercase() {
            'I' => 1,
            'V' => 5,
            'X' => 10,
            'L' => 50,
            'C' => 100,
            'D' => 500,
            'M' => 1000,
            _ => return None,
        };
        if value < previous {
            total = total.checked_sub(value)?;
        } else {
            total += value;
            previous = value;
        }
    }
    // Reject non-canonical spellings such as "IIII" or "VX" by writing the value back.
    (total > 0 && to_roman(total).eq_ignore_ascii_case(numeral)).then_some(total)
}

/// `value` in upper-case roman numerals ("MCMXCIV").
pub(crate) fn to_roman(mut value: u32) -> String {
    const STEPS: [(u32, &str); 13] = [
        (1000, "M"),
        (900, "CM"),
        (500, "D"),
        (400, "CD"),
        (100, "C"),
        (90, "XC"),
        (50, "L"),
        (40, "XL"),
        (10, "X"),
        (9, "IX"),
        (5, "V"),
        (4, "IV"),
        (1, "I"),
    ];
    let mut out = String::new();
    for (step, letters) in STEPS {
        while value >= step {
            out.push_str(letters);
            value -= step;
        }
    }
    out
}

/// The regex alternation of Spanish ordinal words 1-29, compound forms first.
pub(super) fn spanish_ordinal_pattern() -> String {
    let units = "primer[oa]|segund[oa]|tercer[oa]?|cuart[oa]|quint[oa]|sext[oa]|s[ée]ptim[oa]|octav[oa]|noven[oa]";
    format!(
        r"(?:(?:d[ée]cim[oa]|vig[ée]sim[oa])[\s-]?(?:{units})|und[ée]cim[oa]|duod[ée]cim[oa]|d[ée]cim[oa]|vig[ée]sim[oa]|{units})"
    )
}

/// Value of a Spanish ordinal word ("Quinta" = 5, "DÉCIMA PRIMERA" = 11).
pub(super) fn spanish_ordinal_value(word: &str) -> Option<u32> {
    let plain: String = deunicode::deunicode(word)
        .to_lowercase()
        .chars()
        .filter(char::is_ascii_alphabetic)
        .collect();
    let (tens, rest) = if let Some(rest) = strip_stem(&plain, "decim") {
        (10, rest)
    } else if let Some(rest) = strip_stem(&plain, "vigesim") {
        (20, rest)
    } else if let Some(rest) = strip_stem(&plain, "undecim") {
        return rest.is_empty().then_some(11);
    } else if let Some(rest) = strip_stem(&plain, "duodecim") {
        return rest.is_empty().then_some(12);
    } else {
        (0, plain.as_str())
    };
    if rest.is_empty() {
        return (tens > 0).then_some(tens);
    }
    const UNITS: [&str; 9] = [
        "primer", "segund", "tercer", "cuart", "quint", "sext", "septim", "octav", "noven",
    ];
    let unit = UNITS.iter().position(|stem| {
        rest.strip_prefix(stem)
            .is_some_and(|end| end.is_empty() || end == "o" || end == "a")
    })?;
    Some(tens + unit as u32 + 1)
}

/// `word` without the stem and its gender ending ("decima" → ""), when it starts with it.
fn strip_stem<'a>(word: &'a str, stem: &str) -> Option<&'a str> {
    let rest = word.strip_prefix(stem)?;
    rest.strip_prefix('o').or_else(|| rest.strip_prefix('a'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_roman_numerals_and_rejects_malformed_ones() {
        assert_eq!(roman_value("IV"), Some(4));
        assert_eq!(roman_value("xii"), Some(12));
        assert_eq!(roman_value("XLIX"), Some(49));
        assert_eq!(roman_value("IIII"), None);
        assert_eq!(roman_value("VX"), None);
        assert_eq!(roman_value("ABC"), None);
    }

    #[test]
    fn reads_spanish_ordinals_simple_and_compound() {
        assert_eq!(spanish_ordinal_value("PRIMERA"), Some(1));
        assert_eq!(spanish_ordinal_value("Quinta"), Some(5));
        assert_eq!(spanish_ordinal_value("SÉPTIMO"), Some(7));
        assert_eq!(spanish_ordinal_value("DÉCIMA"), Some(10));
        assert_eq!(spanish_ordinal_value("DÉCIMA PRIMERA"), Some(11));
        assert_eq!(spanish_ordinal_value("Decimotercera"), Some(13));
        assert_eq!(spanish_ordinal_value("UNDÉCIMA"), Some(11));
        assert_eq!(spanish_ordinal_value("VIGÉSIMA SEGUNDA"), Some(22));
        assert_eq!(spanish_ordinal_value("Quintana"), None);
    }
}
