//! Dates of birth: numeric and written dates (several languages) reported only with a
//! birth cue just before them; other dates are ignored.

use std::sync::LazyLock;

use regex::Regex;

use super::EntityKind;
use super::candidate::Candidate;
use super::context::cued_matches;
use super::text::Page;

const MONTHS: &str = "jan(?:uary|uar|vier|eiro)?|feb(?:ruary|ruar|braio)?|févr(?:ier)?|fevereiro|mar(?:ch|zo|s|ço)?|märz|apr(?:il|ile)?|avr(?:il)?|abr(?:il)?|may|mai|mayo|maggio|maio|mei|jun(?:e|i|io|ho)?|juin|giugno|jul(?:y|i|io|ho)?|juil(?:let)?|luglio|aug(?:ust|ustus)?|août|ago(?:sto)?|sep(?:t|tember|tiembre|tembre)?|set(?:tembre|embro)?|oct(?:ober|obre|ubre)?|okt(?:ober)?|ott(?:obre)?|out(?:ubro)?|nov(?:ember|embre|iembre|embro)?|dec(?:ember)?|déc(?:embre)?|dez(?:ember|embro)?|dic(?:iembre|embre)?|enero|gennaio|janeiro|januari|februari|maart|juli|augustus";

static DATE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"(?i)\b(?:\d{{1,2}}[./-]\d{{1,2}}[./-](?:\d{{4}}|\d{{2}})|\d{{4}}[./-]\d{{1,2}}[./-]\d{{1,2}}|\d{{1,2}}\.?(?:\s+de)?\s+(?:{MONTHS})\.?(?:\s+de)?\s+\d{{4}}|(?:{MONTHS})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}}|\d{{4}}年\d{{1,2}}月\d{{1,2}}日|\d{{4}}년\s?\d{{1,2}}월\s?\d{{1,2}}일)"
    ))
    .expect("date pattern")
});

pub(crate) fn find(page: &Page, out: &mut Vec<Candidate>) {
    cued_matches(page, &DATE, EntityKind::DateOfBirth, 0.85, |_| true, out);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spans(t: &str) -> Vec<&str> {
        super::super::candidate::proposed(find, t)
    }

    #[test]
    fn dates_need_birth_context() {
        assert_eq!(spans("Date of birth: 12/03/1985"), ["12/03/1985"]);
        assert_eq!(spans("geb. 3. März 1961 in Köln"), ["3. März 1961"]);
        assert_eq!(spans("née le 5 juin 1990"), ["5 juin 1990"]);
        assert_eq!(
            spans("nacido el 12 de marzo de 1985"),
            ["12 de marzo de 1985"]
        );
        assert_eq!(spans("生年月日 1985年3月12日"), ["1985年3月12日"]);
        assert!(spans("Invoice date 12/03/2024, due March 30, 2024").is_empty());
    }
}
