//! Whether an amount is set in another font than the document's other amounts
//! (`font_inconsistency`): a figure pasted over the original rarely matches its typeface.
//!
//! Fonts per text run come from the shared engine (`engines::pdf_fonts`: poppler's
//! `pdftohtml -xml`), the first `MAX_PAGES` pages.
//!
//! The rule: among the runs that contain an amount (money-looking token: `1,234.56`,
//! `1.234,56`, `12.50`, `€12`, `¥1,200`), the families are compared after normalisation
//! (subset prefix, style and `MT`/`PS` suffixes dropped, so Arial-BoldMT is Arial: bold
//! totals are normal). With at least three amount runs and a family holding at least two of
//! them and more than any other, an amount run in another family is flagged unless the
//! other text on its line (same page, vertical centres within half a line) is set in that
//! same family, which is a consistently designed line (a footer) rather than a patch.

use std::collections::HashMap;
use std::sync::LazyLock;

use regex::Regex;

use super::scoring::WEIGHT_FONT_INCONSISTENCY;
use super::{Signal, SignalKind};
use suite_engines::pdf_fonts::{TextRun, text_runs};
use suite_engines::poppler::PopplerError;

/// Pages read at most.
pub const MAX_PAGES: u32 = 20;
/// Mismatching amounts named in the detail.
const AMOUNTS_NAMED: usize = 3;
/// Amounts in a minority font whose line is examined at most (each looks at its page's
/// runs: this keeps a hostile page of thousands of amounts linear).
const MAX_OUTLIERS_EXAMINED: usize = 50;

/// The `font_inconsistency` signal of `pdf`, reading its fonts with `pdftohtml`.
pub async fn font_signal(pdf: &[u8]) -> Result<Option<Signal>, PopplerError> {
    let runs = text_runs(pdf, MAX_PAGES).await?;
    Ok(font_inconsistency(&runs))
}

fn regex(pattern: &str) -> Regex {
    // The patterns are constants of this file, checked by the tests.
    #[allow(clippy::expect_used)]
    Regex::new(pattern).expect("a valid pattern")
}

static DECIMAL_AMOUNT: LazyLock<Regex> = LazyLock::new(|| {
    regex(r"^[-−(]?(?:\d{1,3}(?:[.,'\x{a0}\x{202f}]\d{3})+|\d{1,9})[.,]\d{2}\)?-?$")
});
static WHOLE_AMOUNT: LazyLock<Regex> =
    LazyLock::new(|| regex(r"^[-−(]?(?:\d{1,3}(?:[.,'\x{a0}]\d{3})+|\d{1,9})\)?-?$"));

const CURRENCY_SYMBOLS: &[char] = &[
    '$', '€', '£', '¥', '￥', '₩', '₹', '₽', '₺', '₪', '฿', '円', '원', '元', '₫', '₱',
];

/// The amount in `text`, if a token of it looks like money.
pub fn amount_token(text: &str) -> Option<&str> {
    text.split_whitespace().find_map(|token| {
        let trimmed = token.trim_end_matches([':', ';', ',', '*']);
        let has_symbol =
            trimmed.starts_with(CURRENCY_SYMBOLS) || trimmed.ends_with(CURRENCY_SYMBOLS);
        let number = trimmed
            .trim_start_matches(CURRENCY_SYMBOLS)
            .trim_end_matches(CURRENCY_SYMBOLS)
            .trim_start_matches(['R', 'S', 'C', 'A', 'U', 'H', 'K', 'N', 'Z'].as_slice())
            .trim_start_matches(CURRENCY_SYMBOLS);
        let looks_like_money = DECIMAL_AMOUNT.is_match(number)
            || (has_symbol && !number.is_empty() && WHOLE_AMOUNT.is_match(number));
        looks_like_money.then_some(trimmed)
    })
}

/// A family's name without subset prefix, style words and `MT`/`PS` suffixes, lower-cased.
pub fn normalized_family(family: &str) -> String {
    let without_subset = match family.split_once('+') {
        Some((prefix, rest))
            if prefix.len() == 6 && prefix.chars().all(|c| c.is_ascii_uppercase()) =>
        {
            rest
        }
        _ => family,
    };
    let base = without_subset
        .split([',', '-'])
        .next()
        .unwrap_or(without_subset)
        .to_lowercase();
    let mut name = base.trim().to_owned();
    const SUFFIXES: &[&str] = &[
        "psmt",
        "mt",
        "ps",
        "regular",
        "bold",
        "italic",
        "oblique",
        "semibold",
        "light",
        "medium",
        "black",
        "condensed",
        "narrow",
    ];
    for _ in 0..4 {
        let before = name.len();
        for suffix in SUFFIXES {
            if name.len() > suffix.len() + 2
                && let Some(stripped) = name.strip_suffix(suffix)
            {
                name = stripped.trim_end().to_owned();
            }
        }
        if name.len() == before {
            break;
        }
    }
    name
}

fn on_same_line(a: &TextRun, b: &TextRun) -> bool {
    let centre = |run: &TextRun| run.top + run.height / 2.0;
    a.page == b.page && (centre(a) - centre(b)).abs() <= a.height.max(b.height) / 2.0
}

/// A run with what the rule needs of it, computed once.
struct RunView<'a> {
    run: &'a TextRun,
    amount: Option<&'a str>,
    family: String,
}

/// The `font_inconsistency` signal of `runs`.
pub fn font_inconsistency(runs: &[TextRun]) -> Option<Signal> {
    let views: Vec<RunView<'_>> = runs
        .iter()
        .map(|run| RunView {
            run,
            amount: amount_token(&run.text),
            family: normalized_family(&run.font_family),
        })
        .collect();
    let amount_count = views.iter().filter(|view| view.amount.is_some()).count();
    if amount_count < 3 {
        return None;
    }
    let mut counts: HashMap<&str, usize> = HashMap::new();
    for view in views.iter().filter(|view| view.amount.is_some()) {
        *counts.entry(view.family.as_str()).or_default() += 1;
    }
    let mut ranked: Vec<(&str, usize)> = counts.into_iter().collect();
    ranked.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(b.0)));
    let (majority_family, majority_count) = *ranked.first()?;
    let runner_up = ranked.get(1).map_or(0, |(_, count)| *count);
    if majority_count < 2 || majority_count <= runner_up {
        return None;
    }
    let majority_display = views
        .iter()
        .find(|view| view.amount.is_some() && view.family == majority_family)
        .map(|view| display_family(&view.run.font_family))?;
    let mut runs_by_page: HashMap<u32, Vec<usize>> = HashMap::new();
    for (index, view) in views.iter().enumerate() {
        runs_by_page.entry(view.run.page).or_default().push(index);
    }
    let patched_look = |index: usize, view: &RunView<'_>| {
        let same_page = runs_by_page
            .get(&view.run.page)
            .map_or(&[][..], Vec::as_slice);
        let neighbours: Vec<&RunView<'_>> = same_page
            .iter()
            .filter(|other| **other != index)
            .map(|other| &views[*other])
            .filter(|other| other.amount.is_none() && on_same_line(view.run, other.run))
            .collect();
        let same_family = neighbours
            .iter()
            .filter(|other| other.family == view.family)
            .count();
        neighbours.is_empty() || same_family * 2 <= neighbours.len()
    };
    let outliers: Vec<String> = views
        .iter()
        .enumerate()
        .filter(|(_, view)| view.amount.is_some() && view.family != majority_family)
        .take(MAX_OUTLIERS_EXAMINED)
        .filter(|(index, view)| patched_look(*index, view))
        .filter_map(|(_, view)| {
            Some(format!(
                "\"{}\" (page {}) is set in {}",
                view.amount?,
                view.run.page,
                display_family(&view.run.font_family)
            ))
        })
        .collect();
    if outliers.is_empty() {
        return None;
    }
    let subject = if outliers.len() == 1 {
        "The amount"
    } else {
        "The amounts"
    };
    let more = outliers.len().saturating_sub(AMOUNTS_NAMED);
    let mut named = outliers
        .into_iter()
        .take(AMOUNTS_NAMED)
        .collect::<Vec<_>>()
        .join("; ");
    if more > 0 {
        named.push_str(&format!(" (and {more} more)"));
    }
    Some(Signal {
        kind: SignalKind::FontInconsistency,
        weight: WEIGHT_FONT_INCONSISTENCY,
        detail: format!(
            "{subject} {named}, while {majority_count} of the {amount_count} amounts are set in {majority_display}."
        ),
    })
}

/// A family as shown in a detail: without the subset prefix, control characters, bounded.
fn display_family(family: &str) -> String {
    let without_subset = match family.split_once('+') {
        Some((prefix, rest)) if prefix.len() == 6 => rest,
        _ => family,
    };
    without_subset
        .chars()
        .filter(|c| !c.is_control())
        .take(40)
        .collect()
}

#[cfg(test)]
mod tests;
