//! The filter lists shipped with the engine (`filters/*.txt`): request patterns refused and
//! elements hidden when a capture asks to block ads or cookie banners. Kept as text in the
//! repository so that operators can read and extend them; parsed once.

use std::sync::LazyLock;

/// One list: the URL patterns it refuses and the CSS selectors it hides.
#[derive(Debug, Default)]
pub struct Filters {
    pub urls: Vec<&'static str>,
    pub hidden: Vec<&'static str>,
}

impl Filters {
    /// Parses `url <pattern>` and `hide <selector>` lines; blank lines and `#` comments are
    /// skipped, and any other line is a mistake in the shipped file (a test reads them all).
    fn parse(text: &'static str) -> Result<Filters, String> {
        let mut filters = Filters::default();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            match line.split_once(' ') {
                Some(("url", pattern)) => filters.urls.push(pattern.trim()),
                Some(("hide", selector)) => filters.hidden.push(selector.trim()),
                _ => {
                    return Err(format!(
                        "line {}: `{line}` is neither `url` nor `hide`",
                        n + 1
                    ));
                }
            }
        }
        Ok(filters)
    }
}

fn shipped(text: &'static str) -> Filters {
    Filters::parse(text).unwrap_or_default()
}

/// Ad networks and trackers (`block_ads`).
pub static ADS: LazyLock<Filters> = LazyLock::new(|| shipped(include_str!("filters/ads.txt")));

/// Consent platforms and banner roots (`block_cookie_banners`).
pub static COOKIE_BANNERS: LazyLock<Filters> =
    LazyLock::new(|| shipped(include_str!("filters/cookie_banners.txt")));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_lists_parse_and_are_not_empty() {
        for text in [
            include_str!("filters/ads.txt"),
            include_str!("filters/cookie_banners.txt"),
        ] {
            let filters = Filters::parse(text).expect("the shipped list parses");
            assert!(filters.urls.len() >= 20 && filters.hidden.len() >= 10);
        }
    }

    #[test]
    fn other_lines_are_refused() {
        assert!(Filters::parse("block *://x/*").is_err());
        let filters = Filters::parse("# comment\n\nurl *://a/*\nhide .b\n").expect("parses");
        assert_eq!(filters.urls, ["*://a/*"]);
        assert_eq!(filters.hidden, [".b"]);
    }
}
