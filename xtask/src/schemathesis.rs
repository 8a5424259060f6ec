//! Property tests of the real `suite` binary against openapi/suite.yaml with schemathesis.
//!
//! Builds the binary, issues a `pro` key in a temporary data directory, serves on a free port,
//! runs every schemathesis check on the operations the server implements, then records the
//! (operation, status) pairs the server answered, read from its `/metrics`, for `coverage.rs`.
//! The key reaches schemathesis through the environment and its config file, never through
//! the command line or the log; schemathesis masks `X-API-Key` in what it prints.

use std::net::SocketAddr;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};

use crate::cargo::{Profile, build_suite, free_port, target_dir};
use crate::process::{Server, TempDir, http_get, import_sanctions_lists, issue_key};
use crate::system::describe;

/// Test cases per operation and phase: enough to find contract drift, bounded for CI time.
const MAX_EXAMPLES: &str = "50";

/// The longest a whole schemathesis run may take before it is stopped and the step fails.
const RUN_TIMEOUT: Duration = Duration::from_secs(30 * 60);

/// Checks not run, each with why it cannot apply to this API. Empty: all of them apply.
const EXCLUDED_CHECKS: &[(&str, &str)] = &[];

/// Operations whose schema-valid requests the server may refuse for what no schema can say,
/// with the statuses that refusal takes besides schemathesis's defaults, and why. The check
/// (`positive_data_acceptance`) still runs on them; only these statuses also count as fine.
const POLICY_REFUSALS: &[(&str, &[&str], &str)] = &[
    (
        "screenshot_capture",
        &["400", "413", "422"],
        "a URL must lead to a public address (400 url_not_allowed), fit the pixel limit (413) and load (422)",
    ),
    (
        "screenshot_pdf",
        &["400", "413", "422"],
        "a URL must lead to a public address (400 url_not_allowed) and load (422); over 100 pages is 413",
    ),
    (
        "screenshot_batch",
        &["400", "413"],
        "every item's URL must lead to a public address (400 url_not_allowed) and fit the pixel limit (413)",
    ),
    (
        "docgen_convert",
        &["400", "413", "415", "422"],
        "the file must not be empty (400), be a PDF, DOCX, ODT, HTML or text by its bytes (415), readable (422) and within the limits (413)",
    ),
    (
        "docgen_create_template",
        &["400", "413", "415", "422"],
        "the file must not be empty (400), compile (400 template_syntax), be what its engine says (415), and a DOCX/ODT readable (422) and within the zip limits (413)",
    ),
    (
        "pii_detect",
        &["400", "413", "415", "422"],
        "the file must not be empty (400), be a JPEG, PNG, WebP or PDF by its bytes (415), decodable and not encrypted (422) and within the page and pixel limits (413)",
    ),
    (
        "pii_redact",
        &["400", "413", "415", "422"],
        "the file must not be empty (400), be a JPEG, PNG, WebP or PDF by its bytes (415), decodable and not encrypted (422) and within the page and pixel limits (413)",
    ),
    (
        "pii_batch",
        &["400", "413", "415"],
        "every file must be a JPEG, PNG, WebP or PDF by its bytes (415) and within the page and pixel limits (413)",
    ),
    (
        "finance_parse",
        &["400", "413", "415", "422"],
        "the file must not be empty (400), be a JPEG, PNG, WebP or PDF by its bytes (415), decodable, not encrypted and hold a total or an item (422) and within the page and pixel limits (413)",
    ),
    (
        "finance_audit",
        &["400", "413", "415", "422"],
        "the file must not be empty (400), be a JPEG, PNG, WebP, PDF or CSV by its bytes (415), decodable with transactions in it (422) and within the page, pixel and row limits (413)",
    ),
    (
        "finance_fraud_check",
        &["400", "413", "415", "422"],
        "the file must not be empty (400), be a JPEG, PNG, WebP or PDF by its bytes (415), decodable and not encrypted (422) and within the page and pixel limits (413)",
    ),
    (
        "legal_analyze",
        &["400", "413", "415", "422"],
        "the file must not be empty (400), be a PDF, DOCX or plain text by its bytes (415), readable with text in it (422) and within the page and text limits (413)",
    ),
    (
        "legal_compare",
        &["400", "413", "415", "422"],
        "both files must not be empty (400), be a PDF, DOCX or plain text by their bytes (415), readable with text in them (422) and within the page and text limits (413)",
    ),
    (
        "legal_report",
        &["400", "413", "415", "422"],
        "the file must not be empty (400), be a PDF, DOCX or plain text by its bytes (415), readable with text in it (422) and within the page and text limits (413)",
    ),
    (
        "docgen_generate",
        &["400", "413", "422"],
        "data must hold what the template prints (400 missing_variable), the render must stay in its budget (422) and under 100 pages (413)",
    ),
    (
        "docgen_list_templates",
        &["400"],
        "a page_token must be one this listing issued (400)",
    ),
    (
        "docgen_delete_template",
        &["400"],
        "a built-in template cannot be deleted (400)",
    ),
];

/// Multipart operations whose optional fields make `negative_data_rejection` report false
/// failures: schemathesis turns a field into an empty array as negative data, and an empty
/// array in `multipart/form-data` is no part at all — the same request as the field left
/// out, which the server rightly accepts (a known class of schemathesis false positives).
/// For them a 2xx to "negative" data is expected too; their refusals of bad fields are
/// proved by the conformance tests instead.
const NEGATIVE_DATA_UNCHECKED: &[&str] = &[
    "docgen_create_template",
    "pii_detect",
    "pii_redact",
    "pii_batch",
    "finance_parse",
    "finance_audit",
    "finance_fraud_check",
    "legal_analyze",
    "legal_compare",
    "legal_report",
];

/// schemathesis's own list for `positive_data_acceptance`, extended per operation above.
const POSITIVE_DEFAULTS: &[&str] = &["2xx", "3xx", "401", "403", "404", "409", "429", "5xx"];

/// The config file: the key header, then one `[[operations]]` block per policy refusal.
fn config_text() -> String {
    let mut text = format!("headers = {{ \"X-API-Key\" = \"${{{KEY_VAR}}}\" }}\n");
    for (op, extra, why) in POLICY_REFUSALS {
        let statuses: Vec<String> = POSITIVE_DEFAULTS
            .iter()
            .chain(extra.iter())
            .map(|s| format!("\"{s}\""))
            .collect();
        text.push_str(&format!(
            "\n# {why}\n[[operations]]\ninclude-operation-id = \"{op}\"\nchecks.positive_data_acceptance.expected-statuses = [{}]\n",
            statuses.join(", ")
        ));
        if NEGATIVE_DATA_UNCHECKED.contains(op) {
            // `--checks all` on the command line outranks `enabled = false` here, so the
            // check stays on and counts an acceptance as an answer it expects.
            text.push_str(
                "checks.negative_data_rejection.expected-statuses = [\"2xx\", \"400\", \"401\", \"403\", \"404\", \"405\", \"406\", \"409\", \"413\", \"415\", \"422\", \"428\", \"429\", \"5xx\"]\n",
            );
        }
    }
    text
}

/// The environment variable the generated config file reads the key from.
const KEY_VAR: &str = "SUITE_SCHEMATHESIS_API_KEY";

pub fn run(root: &Path, schemathesis: &Path, coverage_dir: &Path) -> Result<()> {
    let suite = build_suite(root, Profile::Dev)?;
    let work = TempDir::create("suite-xtask-schemathesis")?;
    let data = work.path.join("data");

    let secret = issue_key(&suite, &data, "schemathesis", "pro", &[])?;
    import_sanctions_lists(root, &suite, &data)?;

    // The server's log and schemathesis's JUnit report outlive the run, for CI artifacts.
    let report_dir = target_dir(root).join("schemathesis");
    std::fs::create_dir_all(&report_dir)?;
    let addr = SocketAddr::from(([127, 0, 0, 1], free_port()?));
    let mut server = Server::spawn(&suite, &data, addr, &report_dir.join("server.log"))?;
    server.wait_healthy(Duration::from_secs(60))?;
    println!(
        "suite serving on http://{addr} (log: {})",
        server.log.display()
    );

    let config = work.path.join("schemathesis.toml");
    std::fs::write(&config, config_text())?;
    let mut command = Command::new(schemathesis);
    command
        .arg("--config-file")
        .arg(&config)
        .arg("run")
        .arg(root.join("openapi").join("suite.yaml"))
        .args(["--url", &format!("http://{addr}")])
        .args(["--checks", "all"])
        .args(["--max-examples", MAX_EXAMPLES])
        .args(["--request-timeout", "30"])
        .args(["--output-sanitize", "true"])
        .args(["--report", "junit", "--report-junit-path"])
        .arg(report_dir.join("junit.xml"));
    if !EXCLUDED_CHECKS.is_empty() {
        let names: Vec<&str> = EXCLUDED_CHECKS.iter().map(|(name, _)| *name).collect();
        command.args(["--exclude-checks", &names.join(",")]);
    }
    command.env(KEY_VAR, &secret).current_dir(&work.path);
    let outcome = run_with_timeout(command, RUN_TIMEOUT);

    // Record what the server answered whatever schemathesis concluded; its verdict comes first.
    let recorded = record_coverage(&server, coverage_dir);
    server.stop();
    outcome.and(recorded)
}

/// Runs `command` with inherited output, killing it after `timeout`.
fn run_with_timeout(mut command: Command, timeout: Duration) -> Result<()> {
    println!("$ {KEY_VAR}=*** {}", describe(&command));
    let mut child = command
        .spawn()
        .with_context(|| format!("starting {}", describe(&command)))?;
    let deadline = Instant::now() + timeout;
    loop {
        if let Some(status) = child.try_wait()? {
            if status.success() {
                return Ok(());
            }
            bail!("schemathesis reported failures ({status}); see its output above");
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            bail!("schemathesis did not finish within {timeout:?}");
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// Writes the (operation, status) pairs of `/metrics` to `dir/schemathesis.txt`.
fn record_coverage(server: &Server, dir: &Path) -> Result<()> {
    let (status, body) = http_get(server.addr, "/metrics").context("GET /metrics")?;
    if status != 200 {
        bail!("GET /metrics answered {status}");
    }
    let pairs: String = body
        .lines()
        .filter_map(metrics_pair)
        .map(|(op, status)| format!("{op} {status}\n"))
        .collect();
    std::fs::create_dir_all(dir)?;
    let file = dir.join("schemathesis.txt");
    std::fs::write(&file, &pairs).with_context(|| format!("writing {}", file.display()))?;
    println!(
        "recorded {} (operation, status) pairs in {}",
        pairs.lines().count(),
        file.display()
    );
    Ok(())
}

/// `suite_requests_total{operation="X",status="NNN"} N` → `("X", "NNN")`.
fn metrics_pair(line: &str) -> Option<(&str, &str)> {
    let labels = line
        .strip_prefix("suite_requests_total{")?
        .split('}')
        .next()?;
    let mut operation = None;
    let mut status = None;
    for label in labels.split(',') {
        let (key, value) = label.split_once('=')?;
        let value = value.trim_matches('"');
        match key {
            "operation" => operation = Some(value),
            "status" => status = Some(value),
            _ => {}
        }
    }
    Some((operation?, status?))
}

#[cfg(test)]
mod tests {
    use super::{NEGATIVE_DATA_UNCHECKED, POLICY_REFUSALS, config_text, metrics_pair};

    #[test]
    fn every_operation_without_the_negative_check_has_a_block_that_says_so() {
        let text = config_text();
        for op in NEGATIVE_DATA_UNCHECKED {
            assert!(
                POLICY_REFUSALS.iter().any(|(o, _, _)| o == op),
                "{op} needs an [[operations]] block"
            );
            let block = text
                .split("[[operations]]")
                .find(|b| b.contains(&format!("\"{op}\"")))
                .expect("a block");
            assert!(block.contains("checks.negative_data_rejection.expected-statuses = [\"2xx\""));
        }
    }

    #[test]
    fn reads_request_counters_only() {
        let line = "suite_requests_total{operation=\"validate_creditcard\",status=\"200\"} 2";
        assert_eq!(metrics_pair(line), Some(("validate_creditcard", "200")));
        assert_eq!(
            metrics_pair("suite_request_duration_seconds_count{operation=\"x\"} 2"),
            None
        );
        assert_eq!(metrics_pair("# TYPE suite_requests_total counter"), None);
    }
}
