//! The usage page's bar chart of calls per month, drawn on the server as inline SVG: no script,
//! no font or image from anywhere, readable by screen readers (`<title>` and `<desc>` say the
//! figures in words) and scaled to the page's width (a `viewBox`, `width="100%"`).
//!
//! Colours meet WCAG AA on white: text at least 4.5:1, bars and the limit line at least 3:1
//! (a test computes the ratios). Every piece of text is XML-escaped. Presentation attributes
//! only (no `style`), so a Content-Security-Policy without `'unsafe-inline'` styles still
//! draws it.

use std::fmt::Write as _;

use suite_engines::markup::escape_xml;

/// The drawing's coordinate system; the page scales it.
const WIDTH: f64 = 480.0;
const HEIGHT: f64 = 250.0;
/// Room above the bars for their values.
const TOP: f64 = 22.0;
/// The plot's bottom (bars stand on it); month labels and the legend go below.
const BASELINE: f64 = 196.0;
const SIDE: f64 = 8.0;
/// Bar width as a share of its month's slot.
const BAR_SHARE: f64 = 0.6;

/// Bars: 5.6:1 on white.
pub const BAR_COLOUR: &str = "#1f5fa8";
/// Values, months, legend, baseline: 15.3:1 on white.
pub const TEXT_COLOUR: &str = "#222222";
/// The plan limit's dashed line and its legend: 6.1:1 on white.
pub const LIMIT_COLOUR: &str = "#b3261e";

/// An SVG bar chart of `months` (label such as "Jun 2026", calls), oldest first, one bar each
/// with its value above and its label below; `limit` (the plan's monthly calls) as a dashed
/// line the scale always covers, named in a legend. `title` names the chart.
pub fn monthly_bars(months: &[(String, i64)], limit: Option<i64>, title: &str) -> String {
    let id = chart_id(months, limit, title);
    let limit = limit.map(|l| l.max(0));
    let top_value = months
        .iter()
        .map(|(_, calls)| (*calls).max(0))
        .chain(limit)
        .max()
        .unwrap_or(0)
        .max(1) as f64;
    let plot_height = BASELINE - TOP;
    let y_of = |value: i64| BASELINE - (value.max(0) as f64 / top_value) * plot_height;

    let mut svg = String::with_capacity(2048);
    let _ = write!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" \
         aria-labelledby=\"{id}-title {id}-desc\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" \
         width=\"100%\" preserveAspectRatio=\"xMidYMid meet\" \
         font-family=\"sans-serif\" font-size=\"14\">\
         <title id=\"{id}-title\">{}</title><desc id=\"{id}-desc\">{}</desc>",
        escape_xml(title),
        escape_xml(&describe(months, limit)),
    );
    // The baseline.
    let _ = write!(
        svg,
        "<line x1=\"{SIDE}\" y1=\"{BASELINE}\" x2=\"{}\" y2=\"{BASELINE}\" \
         stroke=\"{TEXT_COLOUR}\" stroke-width=\"1\"/>",
        WIDTH - SIDE
    );
    if months.is_empty() {
        let _ = write!(
            svg,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" fill=\"{TEXT_COLOUR}\">\
             No usage yet</text>",
            WIDTH / 2.0,
            (TOP + BASELINE) / 2.0
        );
    }
    let slot = (WIDTH - 2.0 * SIDE) / months.len().max(1) as f64;
    let bar_width = slot * BAR_SHARE;
    for (i, (label, calls)) in months.iter().enumerate() {
        let centre = SIDE + slot * (i as f64 + 0.5);
        let y = y_of(*calls);
        let _ = write!(
            svg,
            "<rect class=\"bar\" x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" \
             fill=\"{BAR_COLOUR}\"><title>{}: {} calls</title></rect>\
             <text x=\"{centre:.1}\" y=\"{:.1}\" text-anchor=\"middle\" \
             fill=\"{TEXT_COLOUR}\">{}</text>\
             <text x=\"{centre:.1}\" y=\"{:.1}\" text-anchor=\"middle\" \
             fill=\"{TEXT_COLOUR}\">{}</text>",
            centre - bar_width / 2.0,
            y,
            bar_width,
            BASELINE - y,
            escape_xml(label),
            grouped(*calls),
            y - 6.0,
            compact(*calls),
            BASELINE + 18.0,
            escape_xml(label),
        );
    }
    if let Some(limit) = limit {
        let y = y_of(limit);
        let legend_y = HEIGHT - 10.0;
        let _ = write!(
            svg,
            "<line class=\"limit\" x1=\"{SIDE}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" \
             stroke=\"{LIMIT_COLOUR}\" stroke-width=\"2\" stroke-dasharray=\"6 4\"/>\
             <line x1=\"{SIDE}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" \
             stroke=\"{LIMIT_COLOUR}\" stroke-width=\"2\" stroke-dasharray=\"6 4\"/>\
             <text x=\"{:.1}\" y=\"{legend_y:.1}\" fill=\"{LIMIT_COLOUR}\">\
             Plan limit: {} calls a month</text>",
            WIDTH - SIDE,
            legend_y - 4.0,
            SIDE + 24.0,
            legend_y - 4.0,
            SIDE + 30.0,
            grouped(limit),
        );
    }
    svg.push_str("</svg>");
    svg
}

/// The figures in words, for the `<desc>`.
fn describe(months: &[(String, i64)], limit: Option<i64>) -> String {
    let mut text = if months.is_empty() {
        "No usage recorded.".to_owned()
    } else {
        let figures: Vec<String> = months
            .iter()
            .map(|(label, calls)| format!("{label}: {} calls", grouped(*calls)))
            .collect();
        format!("Calls per month. {}.", figures.join("; "))
    };
    if let Some(limit) = limit {
        let _ = write!(text, " Plan limit: {} calls a month.", grouped(limit));
    }
    text
}

/// An id for the `<title>` and `<desc>` unique to this chart's content (a page shows one chart
/// per API): FNV-1a over the title, the figures and the limit.
fn chart_id(months: &[(String, i64)], limit: Option<i64>, title: &str) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for byte in bytes {
            hash ^= u64::from(*byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
        // A separator, so ("ab", "c") and ("a", "bc") differ.
        hash ^= 0xff;
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    };
    eat(title.as_bytes());
    for (label, calls) in months {
        eat(label.as_bytes());
        eat(&calls.to_le_bytes());
    }
    if let Some(limit) = limit {
        eat(&limit.to_le_bytes());
    }
    format!("usage-chart-{hash:016x}")
}

/// `1234567` as "1,234,567".
fn grouped(value: i64) -> String {
    let digits = value.unsigned_abs().to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3 + 1);
    if value < 0 {
        out.push('-');
    }
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// A bar's value in the room above it: grouped below 10,000, else "12.3k", "4.5M", "1.2B".
fn compact(value: i64) -> String {
    let abs = value.unsigned_abs() as f64;
    if abs < 10_000.0 {
        return grouped(value);
    }
    let sign = if value < 0 { "-" } else { "" };
    let (scaled, unit) = if abs < 999_950.0 {
        (abs / 1e3, "k")
    } else if abs < 999_950_000.0 {
        (abs / 1e6, "M")
    } else {
        (abs / 1e9, "B")
    };
    let text = format!("{scaled:.1}");
    let text = text.strip_suffix(".0").unwrap_or(&text);
    format!("{sign}{text}{unit}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn months(values: &[i64]) -> Vec<(String, i64)> {
        let names = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug"];
        values
            .iter()
            .zip(names)
            .map(|(v, n)| (format!("{n} 2026"), *v))
            .collect()
    }

    /// The value of attribute `name` in each element of `tag` whose text starts `start`.
    fn attributes(svg: &str, start: &str, name: &str) -> Vec<f64> {
        svg.split(start)
            .skip(1)
            .map(|element| {
                let element = &element[..element.find('>').expect("a closed tag")];
                let at = element
                    .find(&format!(" {name}=\""))
                    .unwrap_or_else(|| panic!("{name} in {element}"));
                let rest = &element[at + name.len() + 3..];
                rest[..rest.find('"').expect("a closing quote")]
                    .parse()
                    .expect("a number")
            })
            .collect()
    }

    #[test]
    fn six_bars_in_order_proportional_to_their_values() {
        let values = [100, 250, 0, 400, 50, 300];
        let svg = monthly_bars(&months(&values), None, "Data validation");
        let heights = attributes(&svg, "<rect class=\"bar\"", "height");
        let xs = attributes(&svg, "<rect class=\"bar\"", "x");
        assert_eq!(heights.len(), 6);
        assert!(xs.windows(2).all(|w| w[0] < w[1]), "{xs:?}");
        // The tallest bar fills the plot; the others in proportion.
        let unit = heights[3] / 400.0;
        assert!((heights[3] - (BASELINE - TOP)).abs() < 0.1);
        for (height, value) in heights.iter().zip(values) {
            assert!((height - unit * value as f64).abs() < 0.1, "{heights:?}");
        }
        // Months below, in order; values above.
        let order: Vec<usize> = [
            "Jan 2026", "Feb 2026", "Mar 2026", "Apr 2026", "May 2026", "Jun 2026",
        ]
        .iter()
        .map(|m| {
            svg.find(&format!(">{m}</text>"))
                .expect("the month's label")
        })
        .collect();
        assert!(order.windows(2).all(|w| w[0] < w[1]));
        for value in ["100", "250", "400", "50", "300"] {
            assert!(svg.contains(&format!(">{value}</text>")), "{value}");
        }
        assert!(svg.contains("<desc id="));
        assert!(svg.contains("Jan 2026: 100 calls; Feb 2026: 250 calls"));
        assert!(svg.contains("viewBox=\"0 0 480 250\""));
        assert!(svg.contains("width=\"100%\""));
        assert!(svg.contains("role=\"img\""));
    }

    #[test]
    fn labelled_by_its_title_and_desc() {
        let svg = monthly_bars(&months(&[1, 2]), Some(10), "Screenshots");
        let labelled = svg
            .split("aria-labelledby=\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .expect("aria-labelledby");
        let ids: Vec<&str> = labelled.split(' ').collect();
        assert_eq!(ids.len(), 2);
        assert!(svg.contains(&format!("<title id=\"{}\">Screenshots</title>", ids[0])));
        assert!(svg.contains(&format!("<desc id=\"{}\">", ids[1])));
        // Another API's chart on the same page gets other ids.
        let other = monthly_bars(&months(&[1, 2]), Some(10), "Sanctions screening");
        assert!(!other.contains(ids[0]));
    }

    #[test]
    fn zero_months() {
        let svg = monthly_bars(&[], None, "Usage");
        assert!(!svg.contains("<rect"));
        assert!(svg.contains("No usage yet"));
        assert!(svg.contains("No usage recorded."));
        assert!(svg.starts_with("<svg ") && svg.ends_with("</svg>"));
    }

    #[test]
    fn all_zero_months_draw_flat_bars() {
        let svg = monthly_bars(&months(&[0, 0, 0]), None, "Usage");
        let heights = attributes(&svg, "<rect class=\"bar\"", "height");
        assert_eq!(heights, [0.0, 0.0, 0.0]);
    }

    #[test]
    fn limit_line_present_and_scaled() {
        let values = [100, 200, 300, 400, 500, 600];
        let svg = monthly_bars(&months(&values), Some(1000), "Usage");
        let limit_y = attributes(&svg, "<line class=\"limit\"", "y1");
        assert_eq!(limit_y, [TOP]);
        assert!(svg.contains("stroke-dasharray"));
        assert!(svg.contains("Plan limit: 1,000 calls a month"));
        // The scale covers the limit: the 600 bar is 60% of the plot.
        let heights = attributes(&svg, "<rect class=\"bar\"", "height");
        assert!(
            (heights[5] - 0.6 * (BASELINE - TOP)).abs() < 0.1,
            "{heights:?}"
        );
    }

    #[test]
    fn limit_under_the_usage_stays_inside() {
        let svg = monthly_bars(&months(&[50, 200]), Some(100), "Usage");
        let limit_y = attributes(&svg, "<line class=\"limit\"", "y1")[0];
        let middle = (TOP + BASELINE) / 2.0;
        assert!((limit_y - middle).abs() < 0.1, "{limit_y}");
    }

    #[test]
    fn limit_line_absent() {
        let svg = monthly_bars(&months(&[1, 2, 3]), None, "Usage");
        assert!(!svg.contains("class=\"limit\""));
        assert!(!svg.contains("stroke-dasharray"));
        assert!(!svg.contains("Plan limit"));
    }

    #[test]
    fn hostile_text_escaped() {
        let title = "</title><script>alert(1)</script><a href=\"https://evil.example\">&'";
        let data = vec![("<b>Jun</b> & \"2026\"".to_owned(), 5)];
        let svg = monthly_bars(&data, None, title);
        assert!(!svg.contains("<script"));
        assert!(!svg.contains("<a "));
        assert!(!svg.contains("<b>"));
        assert!(svg.contains(
            "&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;a href=&quot;https://evil.example&quot;&gt;&amp;&#39;"
        ));
        assert!(svg.contains("&lt;b&gt;Jun&lt;/b&gt; &amp; &quot;2026&quot;"));
        assert_eq!(escape_xml("a\u{0}b\u{1b}c"), "abc");
    }

    #[test]
    fn nothing_from_elsewhere() {
        let svg = monthly_bars(
            &months(&[1, 20, 300, 4000, 50_000, 600_000]),
            Some(1_000_000),
            "Usage",
        );
        let without_namespace = svg.replace("xmlns=\"http://www.w3.org/2000/svg\"", "");
        assert!(!without_namespace.contains("http"), "{svg}");
        for banned in [
            "href",
            "<script",
            "<image",
            "<use",
            "@import",
            "url(",
            "style",
            "<foreignObject",
        ] {
            assert!(!svg.contains(banned), "{banned}");
        }
    }

    #[test]
    fn numbers_fit_their_room() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(1_234_567), "1,234,567");
        assert_eq!(grouped(-12_345), "-12,345");
        assert_eq!(compact(9_999), "9,999");
        assert_eq!(compact(10_000), "10k");
        assert_eq!(compact(12_345), "12.3k");
        assert_eq!(compact(999_949), "999.9k");
        assert_eq!(compact(999_950), "1M");
        assert_eq!(compact(4_560_000), "4.6M");
        assert_eq!(compact(2_000_000_000), "2B");
    }

    /// WCAG 2 relative luminance of `#rrggbb`.
    fn luminance(hex: &str) -> f64 {
        let channel = |i: usize| {
            let v = f64::from(u8::from_str_radix(&hex[i..i + 2], 16).expect("hex")) / 255.0;
            if v <= 0.040_45 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
    }

    #[test]
    fn colours_meet_wcag_aa_on_white() {
        let on_white = |hex: &str| 1.05 / (luminance(hex) + 0.05);
        // Text (values, months, the limit's legend): 4.5:1.
        assert!(on_white(TEXT_COLOUR) >= 4.5);
        assert!(on_white(LIMIT_COLOUR) >= 4.5);
        // Graphics (bars): 3:1; ours reach text's ratio too.
        assert!(on_white(BAR_COLOUR) >= 4.5);
    }
}
