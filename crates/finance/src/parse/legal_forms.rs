//! The vendor name as printed, cleaned of OCR slips in its closed vocabulary: a company form
//! read one letter off at the end of the name (`SON BHD`, `SDP BHD` → `SDN BHD`, `$/B` →
//! `S/B`, `CoO` → `CO`) is written as the form, a form glued to the name by a mark
//! (`INTERNATIONAL.SDN BHD`) is parted, and stray marks at the ends are dropped.

use std::cmp::Reverse;

use super::labels::edit_distance;

/// Company forms as printed, token by token (the end of a name).
#[rustfmt::skip]
const FORMS: &[&[&str]] = &[
    &["SDN", "BHD"], &["BHD"], &["BERHAD"], &["S/B"], &["PTE", "LTD"], &["PTY", "LTD"],
    &["CO", "LTD"], &["LTD"], &["LIMITED"], &["CO"], &["LLC"], &["PLC"], &["INC"], &["CORP"],
    &["GmbH"], &["AG"], &["KG"], &["SARL"], &["SAS"], &["S.A."], &["S.L."], &["SRL"],
    &["S.R.L."], &["S.P.A."], &["B.V."], &["N.V."], &["LTDA"], &["LDA"],
    &["SP.", "Z", "O.O."], &["株式会社"], &["有限公司"], &["주식회사"],
];

/// Letters and digits OCR reads for one another in print.
const LOOKALIKES: &[&str] = &["OD0Q", "I1LT|", "B8", "S5$", "G6", "Z2"];

/// Forms a comma may precede (`Acme, Inc.`); before any other (`GALLERY, SDN BHD`) a comma
/// is an OCR speck.
const COMMA_FORMS: &[&str] = &["INC", "LLC", "LLP", "LTD", "LIMITED", "CO", "CORP", "PLC"];

/// Abbreviations whose final period belongs to them (kept at the end of a name).
const DOTTED: &[&str] = &[
    "CO", "LTD", "INC", "CORP", "BROS", "LDA", "LTDA", "JR", "ST",
];

/// Marks that never end (or start) a name: OCR noise from rules, borders and stains.
const STRAY_MARKS: &[char] = &[
    ',', ';', ':', '|', '-', '_', '~', '*', '"', '\'', '“', '”', '‘', '’', '•', '`', '!',
];

/// The vendor name with its company form repaired and stray marks dropped.
pub fn cleaned_name(name: &str) -> String {
    let tokens: Vec<String> = name.split_whitespace().flat_map(parted_form).collect();
    let tokens = with_form_repaired(tokens);
    trimmed_marks(&tokens.join(" "))
}

/// The name with a misread company form at its end written as the form (for matching).
pub fn with_forms_repaired(text: &str) -> String {
    with_form_repaired(text.split_whitespace().map(str::to_owned).collect()).join(" ")
}

/// A token with a company form glued after a period or a comma (`INTERNATIONAL.SDN`) as two
/// tokens; any other token as it is.
fn parted_form(token: &str) -> Vec<String> {
    if let Some(at) = token.rfind(['.', ','])
        && at > 0
    {
        let (head, tail) = (&token[..at], &token[at + 1..]);
        let head_letters = head.chars().filter(|c| c.is_alphabetic()).count();
        let tail_is_form = FORMS.iter().any(|form| {
            form.first()
                .is_some_and(|first| first.len() >= 3 && core(tail) == core(first))
        });
        if head_letters >= 3 && !head.contains('.') && tail_is_form {
            return vec![head.to_owned(), tail.to_owned()];
        }
    }
    vec![token.to_owned()]
}

/// The tokens with the company form they end with written as printed when OCR read it one
/// slip off.
fn with_form_repaired(mut tokens: Vec<String>) -> Vec<String> {
    let slips_of = |form: &[&str], tokens: &[String]| -> Option<(usize, Vec<Slip>)> {
        let start = tokens.len().checked_sub(form.len()).filter(|&s| s > 0)?;
        let last = form.len() - 1;
        let slips: Vec<Slip> = tokens[start..]
            .iter()
            .zip(form.iter())
            .enumerate()
            .map(|(k, (token, printed))| {
                // The end of a form of several tokens cut off at the paper's edge (`SDN B`).
                let cut_off = k == last
                    && last > 0
                    && !core(token).is_empty()
                    && core(printed).starts_with(&core(token));
                match slip(token, printed, form.len() > 1) {
                    Slip::Other if cut_off => Slip::One,
                    other => other,
                }
            })
            .collect();
        let repairs = slips.iter().filter(|s| **s == Slip::One).count();
        (!slips.contains(&Slip::Other) && repairs <= 1).then_some((start, slips))
    };
    // The longest form read, then the one read with fewest slips: `SON BHD` is `SDN BHD`
    // (not `BHD` after a word), `PTY LTD` stays (not `PTE LTD` one slip off).
    let best = FORMS
        .iter()
        .enumerate()
        .filter_map(|(index, form)| {
            let (start, slips) = slips_of(form, &tokens)?;
            let repairs = slips.iter().filter(|s| **s == Slip::One).count();
            let rank = (form.len(), Reverse(repairs), Reverse(index));
            Some((rank, form, start, slips))
        })
        .max_by_key(|(rank, ..)| *rank);
    let Some((_, form, start, slips)) = best else {
        return tokens;
    };
    if let Some(before) = tokens.get_mut(start - 1)
        && speck_before_form(before, form)
    {
        before.pop();
    }
    for (k, printed) in form.iter().enumerate() {
        if slips[k] == Slip::One {
            let trailing: String = tokens[start + k]
                .chars()
                .rev()
                .take_while(|c| matches!(c, '.' | ','))
                .collect();
            let trailing = if printed.ends_with('.') {
                ""
            } else {
                &trailing
            };
            tokens[start + k] = format!("{printed}{trailing}");
        }
    }
    tokens
}

/// Whether the word before a form ends with a mark OCR made of a speck: a comma before a form
/// no comma precedes (`GALLERY, SDN BHD`), a period after a word that is no abbreviation
/// (`INTERNATIONAL. SDN BHD`).
fn speck_before_form(word: &str, form: &[&str]) -> bool {
    let letters = word.chars().filter(|c| c.is_alphabetic()).count();
    if word.ends_with(',') {
        return letters >= 2
            && !form
                .first()
                .is_some_and(|first| COMMA_FORMS.contains(first));
    }
    match word.strip_suffix('.') {
        Some(rest) => letters >= 4 && !rest.contains('.') && !DOTTED.contains(&core(rest).as_str()),
        None => false,
    }
}

/// How a read token stands to a printed form token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Slip {
    Exact,
    /// One OCR slip off.
    One,
    Other,
}

/// Whether `token` reads `printed`, exactly or one slip off. In a form of several tokens any
/// one-letter edit of a word of three letters or more is a slip (the other tokens confirm
/// the form); alone, only a look-alike letter (`LT0` for `LTD`) or a doubled letter (`CoO`
/// for `CO`) is, a digit or mark read for a letter, so real words (`INK`, `SON`, `SRI`) stay.
fn slip(token: &str, printed: &str, in_several: bool) -> Slip {
    let (read, printed) = (core(token), core(printed));
    if read == printed {
        return if token.contains('$') {
            Slip::One
        } else {
            Slip::Exact
        };
    }
    if !read.is_ascii() || !printed.is_ascii() || read.is_empty() {
        return Slip::Other;
    }
    let doubled = read.len() == printed.len() + 1
        && (0..read.len()).any(|k| {
            let bytes = read.as_bytes();
            k > 0
                && bytes[k] == bytes[k - 1]
                && format!("{}{}", &read[..k], &read[k + 1..]) == printed
        });
    let lookalike = read.len() == printed.len()
        && read.len() >= 3
        && read
            .chars()
            .zip(printed.chars())
            .filter(|(a, b)| a != b)
            .all(|(a, b)| {
                !a.is_alphabetic()
                    && LOOKALIKES
                        .iter()
                        .any(|set| set.contains(a) && set.contains(b))
            })
        && edit_distance(&read, &printed) == 1;
    let any_edit = in_several && printed.len() >= 3 && edit_distance(&read, &printed) == 1;
    if doubled || lookalike || any_edit {
        Slip::One
    } else {
        Slip::Other
    }
}

/// A token reduced to what a form is matched on: upper case letters, digits and `/`, with
/// `$` read as `S`.
fn core(token: &str) -> String {
    token
        .chars()
        .map(|c| if c == '$' { 'S' } else { c })
        .filter(|c| c.is_alphanumeric() || *c == '/' || *c == '|')
        .flat_map(char::to_uppercase)
        .collect()
}

/// The name without stray marks at either end, nor a final period after a word that is no
/// dotted abbreviation (`SDN BHD.` → `SDN BHD`; `Foo Ltd.`, `Foo S.A.` and `SDN. BHD.` stay).
fn trimmed_marks(name: &str) -> String {
    let mut name = name.trim_start_matches(|c: char| c.is_whitespace() || STRAY_MARKS.contains(&c));
    loop {
        let before = name;
        name = name.trim_end_matches(|c: char| c.is_whitespace() || STRAY_MARKS.contains(&c));
        if let Some(stripped) = name.strip_suffix('.') {
            let mut words = stripped.rsplit(' ');
            let last_word = words.next().unwrap_or(stripped);
            let dotted_style = words.next().is_some_and(|w| w.ends_with('.'));
            let abbreviation = last_word.contains('.')
                || dotted_style
                || DOTTED.contains(&core(last_word).as_str())
                || last_word.chars().filter(|c| c.is_alphabetic()).count() <= 1;
            if !abbreviation {
                name = stripped;
            }
        }
        if name == before {
            return name.to_owned();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_form_one_slip_off_at_the_end_is_written_as_the_form() {
        assert_eq!(
            cleaned_name("WARAKUYA PERMAS CITY SON BHD"),
            "WARAKUYA PERMAS CITY SDN BHD"
        );
        assert_eq!(
            cleaned_name("LIGHTROOM GALLERY SDP BHD"),
            "LIGHTROOM GALLERY SDN BHD"
        );
        assert_eq!(
            cleaned_name("Owner by Castle Blue $/B"),
            "Owner by Castle Blue S/B"
        );
        assert_eq!(cleaned_name("SAM SAM TRADING CoO"), "SAM SAM TRADING CO");
        assert_eq!(cleaned_name("Acme Widgets LT0"), "Acme Widgets LTD");
        assert_eq!(cleaned_name("MAJU JAYA SON, BHD."), "MAJU JAYA SDN, BHD");
        assert_eq!(
            cleaned_name("LIGHTROOM GALLERY, SDE BHD"),
            "LIGHTROOM GALLERY SDN BHD"
        );
        assert_eq!(cleaned_name("Acme Tools, Inc."), "Acme Tools, Inc.");
        assert_eq!(
            cleaned_name("LIGHTROOM GALLERY SDN B"),
            "LIGHTROOM GALLERY SDN BHD"
        );
        assert_eq!(
            cleaned_name("UNIHAKKA INTERNATIONAL. SDN BHD"),
            "UNIHAKKA INTERNATIONAL SDN BHD"
        );
        assert_eq!(cleaned_name("Foo Trading Co. Ltd"), "Foo Trading Co. Ltd");
        assert_eq!(
            cleaned_name("S.H.H. MOTOR SDN. BHD."),
            "S.H.H. MOTOR SDN. BHD."
        );
    }

    #[test]
    fn real_words_and_names_without_forms_stay() {
        assert_eq!(cleaned_name("SMITH & SON"), "SMITH & SON");
        assert_eq!(cleaned_name("SQUID INK"), "SQUID INK");
        assert_eq!(cleaned_name("Bäckerei Müller GmbH"), "Bäckerei Müller GmbH");
        assert_eq!(cleaned_name("SON BHD"), "SON BHD");
        assert_eq!(cleaned_name("KEDAI SRI"), "KEDAI SRI");
        assert_eq!(
            cleaned_name("Harbour Foods PTY LTD"),
            "Harbour Foods PTY LTD"
        );
    }

    #[test]
    fn a_glued_form_is_parted_and_stray_end_marks_dropped() {
        assert_eq!(
            cleaned_name("UNIHAKKA INTERNATIONAL.SDN BHD."),
            "UNIHAKKA INTERNATIONAL SDN BHD"
        );
        assert_eq!(cleaned_name("“Sunrise Bakery. |"), "Sunrise Bakery");
        assert_eq!(cleaned_name("Foo Trading Co."), "Foo Trading Co.");
        assert_eq!(
            cleaned_name("Distribuciones Norte S.A."),
            "Distribuciones Norte S.A."
        );
        assert_eq!(cleaned_name("AEON CO. (M) BHD"), "AEON CO. (M) BHD");
    }
}
