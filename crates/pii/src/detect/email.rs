//! Email addresses, RFC 5322-ish, with internationalised (Unicode) local parts and domains.

use std::sync::LazyLock;

use regex::Regex;

use super::EntityKind;
use super::candidate::Candidate;
use super::text::Page;

static EMAIL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+(?:\p{L}{2,63}|xn--[a-zA-Z0-9-]{1,59})",
    )
    .expect("email pattern")
});

pub(crate) fn find(page: &Page, out: &mut Vec<Candidate>) {
    for m in EMAIL.find_iter(page.text) {
        let s = m.as_str();
        let local = s.split('@').next().unwrap_or("");
        if local.len() > 64 || s.len() > 254 {
            continue;
        }
        out.push(Candidate::new(
            EntityKind::Email,
            m.start(),
            m.end(),
            0.95,
            true,
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spans(t: &str) -> Vec<&str> {
        super::super::candidate::proposed(find, t)
    }

    #[test]
    fn finds_ascii_and_idn_addresses() {
        assert_eq!(
            spans("mail john.doe+x@example.co.uk now"),
            ["john.doe+x@example.co.uk"]
        );
        assert_eq!(spans("écrivez à josé@exemple.fr."), ["josé@exemple.fr"]);
        assert_eq!(spans("почта: иван@пример.рф"), ["иван@пример.рф"]);
        assert!(spans("price 5@3 each, user@localhost").is_empty());
    }
}
