//! Reads what a libtest binary printed (stable Rust has no machine-readable test output) into
//! one outcome per test, and writes the outcomes as a JUnit XML report for CI systems.
//!
//! A test that panicked with the harness's skip marker (`conformance-skip:`, see
//! `conformance/src/external.rs`) needed the in-process server: it is skipped, with the rest
//! of the marker's line as its reason.

use std::fmt::Write as _;
use std::time::Duration;

/// The harness's skip marker, as `conformance::external::SKIP_MARKER` prints it.
pub const SKIP_MARKER: &str = "conformance-skip:";

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    Passed,
    Failed(String),
    Skipped(String),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    pub name: String,
    pub verdict: Verdict,
}

/// One test binary's run.
#[derive(Debug, Clone)]
pub struct Suite {
    pub name: String,
    pub cases: Vec<Case>,
    pub time: Duration,
}

/// The tests of one binary's output, in the order they finished. A binary that exited
/// unsuccessfully without naming a failed test (it crashed, or did not start) gets one failed
/// case of its own carrying its output's tail.
pub fn parse(binary: &str, output: &str, exited_ok: bool) -> Vec<Case> {
    let details = failure_details(output);
    let mut cases: Vec<Case> = output
        .lines()
        .filter_map(|line| {
            let rest = line.strip_prefix("test ")?;
            let (name, result) = rest.rsplit_once(" ... ")?;
            let verdict = match result {
                "ok" => Verdict::Passed,
                "FAILED" => {
                    let text = details
                        .iter()
                        .find(|(n, _)| n == name)
                        .map(|(_, text)| text.clone())
                        .unwrap_or_default();
                    match skip_reason(&text) {
                        Some(reason) => Verdict::Skipped(reason),
                        None => Verdict::Failed(text),
                    }
                }
                r if r.starts_with("ignored") => {
                    Verdict::Skipped(r.strip_prefix("ignored, ").unwrap_or("ignored").to_owned())
                }
                _ => return None,
            };
            Some(Case {
                name: name.to_owned(),
                verdict,
            })
        })
        .collect();
    // A skipped test failed as far as libtest knows: it explains the binary's exit status.
    let named_a_failure = cases.iter().any(|c| !matches!(c.verdict, Verdict::Passed));
    if !exited_ok && !named_a_failure {
        let tail: Vec<&str> = output.lines().rev().take(40).collect();
        let tail: Vec<&str> = tail.into_iter().rev().collect();
        cases.push(Case {
            name: format!("{binary} (the test binary)"),
            verdict: Verdict::Failed(format!(
                "the binary failed without naming a test:\n{}",
                tail.join("\n")
            )),
        });
    }
    cases
}

/// The `---- NAME stdout ----` sections libtest prints for failed tests: (name, text).
fn failure_details(output: &str) -> Vec<(String, String)> {
    let mut sections: Vec<(String, String)> = Vec::new();
    let mut current: Option<(String, String)> = None;
    for line in output.lines() {
        let header = line
            .strip_prefix("---- ")
            .and_then(|l| l.strip_suffix(" stdout ----"));
        if header.is_some() || line == "failures:" {
            sections.extend(current.take());
        }
        if let Some(name) = header {
            current = Some((name.to_owned(), String::new()));
        } else if let Some((_, text)) = current.as_mut() {
            text.push_str(line);
            text.push('\n');
        }
    }
    sections.extend(current);
    sections
}

fn skip_reason(text: &str) -> Option<String> {
    text.lines().find_map(|line| {
        let (_, reason) = line.split_once(SKIP_MARKER)?;
        Some(reason.trim().to_owned())
    })
}

/// Counts of passed, failed and skipped cases.
pub fn counts<'a>(suites: impl IntoIterator<Item = &'a Suite>) -> (usize, usize, usize) {
    let (mut passed, mut failed, mut skipped) = (0, 0, 0);
    for case in suites.into_iter().flat_map(|s| &s.cases) {
        match case.verdict {
            Verdict::Passed => passed += 1,
            Verdict::Failed(_) => failed += 1,
            Verdict::Skipped(_) => skipped += 1,
        }
    }
    (passed, failed, skipped)
}

/// The JUnit XML report of `suites` (one `<testsuite>` per test binary).
pub fn junit(name: &str, suites: &[Suite]) -> String {
    let (passed, failed, skipped) = counts(suites);
    let total: f64 = suites.iter().map(|s| s.time.as_secs_f64()).sum();
    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        xml,
        "<testsuites name=\"{}\" tests=\"{}\" failures=\"{failed}\" skipped=\"{skipped}\" time=\"{total:.3}\">",
        escape(name),
        passed + failed + skipped
    );
    for suite in suites {
        let (p, f, s) = counts([suite]);
        let _ = writeln!(
            xml,
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{f}\" skipped=\"{s}\" time=\"{:.3}\">",
            escape(&suite.name),
            p + f + s,
            suite.time.as_secs_f64()
        );
        for case in &suite.cases {
            let head = format!(
                "    <testcase classname=\"{}\" name=\"{}\"",
                escape(&suite.name),
                escape(&case.name)
            );
            match &case.verdict {
                Verdict::Passed => {
                    let _ = writeln!(xml, "{head}/>");
                }
                Verdict::Skipped(reason) => {
                    let _ = writeln!(
                        xml,
                        "{head}>\n      <skipped message=\"{}\"/>\n    </testcase>",
                        escape(reason)
                    );
                }
                Verdict::Failed(text) => {
                    let first = text
                        .lines()
                        .find(|l| !l.trim().is_empty() && !l.starts_with("thread '"))
                        .unwrap_or("failed");
                    let _ = writeln!(
                        xml,
                        "{head}>\n      <failure message=\"{}\">{}</failure>\n    </testcase>",
                        escape(first),
                        escape(text)
                    );
                }
            }
        }
        xml.push_str("  </testsuite>\n");
    }
    xml.push_str("</testsuites>\n");
    xml
}

/// `text` escaped for XML attributes and text, without the control characters XML 1.0 forbids.
fn escape(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_control() || matches!(c, '\n' | '\t'))
        .fold(String::with_capacity(text.len()), |mut out, c| {
            match c {
                '&' => out.push_str("&amp;"),
                '<' => out.push_str("&lt;"),
                '>' => out.push_str("&gt;"),
                '"' => out.push_str("&quot;"),
                '\'' => out.push_str("&apos;"),
                c => out.push(c),
            }
            out
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    const OUTPUT: &str = "\
running 4 tests
test quota::resets_monthly ... FAILED
test iban::accepts_spaces ... ok
test slow ... ignored, takes an hour
test iban::refuses_bad_checksum ... FAILED

failures:

---- quota::resets_monthly stdout ----

thread 'quota::resets_monthly' panicked at conformance/src/external.rs:40:9:
conformance-skip: needs the in-process server's clock
note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace

---- iban::refuses_bad_checksum stdout ----

thread 'iban::refuses_bad_checksum' panicked at tests/iban.rs:12:5:
assertion `left == right` failed: <expected 400>
  left: 200
 right: 400

failures:
    iban::refuses_bad_checksum
    quota::resets_monthly

test result: FAILED. 1 passed; 2 failed; 1 ignored; 0 measured; 0 filtered out
";

    #[test]
    fn verdicts_come_from_the_result_lines_and_the_failure_sections() {
        let cases = parse("validate", OUTPUT, false);
        let verdict = |name: &str| {
            cases
                .iter()
                .find(|c| c.name == name)
                .map(|c| c.verdict.clone())
                .unwrap_or_else(|| panic!("no case {name}"))
        };
        assert_eq!(cases.len(), 4);
        assert_eq!(verdict("iban::accepts_spaces"), Verdict::Passed);
        assert_eq!(
            verdict("quota::resets_monthly"),
            Verdict::Skipped("needs the in-process server's clock".into())
        );
        assert_eq!(verdict("slow"), Verdict::Skipped("takes an hour".into()));
        match verdict("iban::refuses_bad_checksum") {
            Verdict::Failed(text) => {
                assert!(text.contains("left: 200"), "{text}");
                assert!(!text.contains("in-process"), "{text}");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_binary_that_dies_without_naming_a_test_is_a_failure() {
        let cases = parse("pii", "running 3 tests\nSegmentation fault\n", false);
        assert_eq!(cases.len(), 1);
        assert!(matches!(&cases[0].verdict, Verdict::Failed(t) if t.contains("Segmentation")));
        assert!(parse("pii", "running 0 tests\n", true).is_empty());
    }

    #[test]
    fn the_report_counts_and_escapes() {
        let suite = Suite {
            name: "validate".into(),
            cases: parse("validate", OUTPUT, false),
            time: Duration::from_millis(1500),
        };
        let xml = junit("suite conformance", &[suite]);
        assert!(xml.contains(
            "<testsuites name=\"suite conformance\" tests=\"4\" failures=\"1\" skipped=\"2\" time=\"1.500\">"
        ));
        assert!(xml.contains("<skipped message=\"needs the in-process server&apos;s clock\"/>"));
        assert!(xml.contains(
            "<failure message=\"assertion `left == right` failed: &lt;expected 400&gt;\">"
        ));
        assert!(!xml.contains("<expected"));
    }
}
