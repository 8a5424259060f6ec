//! `suite-bench`: every benchmark, accuracy evaluation and raw reference of the suite, apart
//! from the `suite` binary that serves (`cargo xtask bench <api>` runs it on the release
//! build). Each API's tools are a module of their own; `support` holds what they share.

mod docgen;
mod finance;
mod legal;
mod pii;
mod sanctions;
mod screenshot;
mod support;

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};
use suite_sanctions::index::Index;
use suite_server::config::Config;

#[derive(Parser)]
#[command(
    name = "suite-bench",
    about = "Benchmarks and accuracy evaluations of the suite's APIs"
)]
struct Cli {
    /// Configuration file (TOML) of the server the benchmarks start; environment variables
    /// override it.
    #[arg(long, global = true, env = "SUITE_CONFIG")]
    config: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// The sanctions lists' benchmark and evaluation.
    #[command(subcommand)]
    Sanctions(SanctionsCommand),
    /// The screenshot API's benchmark.
    #[command(subcommand)]
    Screenshot(ScreenshotCommand),
    /// The document generation API's benchmark.
    #[command(subcommand)]
    Docgen(DocgenCommand),
    /// The PII API's benchmark and evaluation.
    #[command(subcommand)]
    Pii(PiiCommand),
    /// The finance API's benchmark and evaluation.
    #[command(subcommand)]
    Finance(FinanceCommand),
    /// The contract review API's benchmark and evaluation.
    #[command(subcommand)]
    Legal(LegalCommand),
}

#[derive(Subcommand)]
enum SanctionsCommand {
    /// Recall on perturbed list names and false alarms on common names, on PATHs (default:
    /// the list directory).
    Evaluate {
        paths: Vec<PathBuf>,
        /// Misses and false alarms shown per kind.
        #[arg(long, default_value_t = 5)]
        examples: usize,
    },
    /// Time index building, screening, deep analysis and batches on PATHs (default: the list
    /// directory), and report memory.
    Bench {
        paths: Vec<PathBuf>,
        /// Screen queries to time.
        #[arg(long, default_value_t = 5000)]
        queries: usize,
    },
}

#[derive(Subcommand)]
enum ScreenshotCommand {
    /// Benchmark the API (in process, over HTTP) against a raw CDP capture with the same
    /// Chromium (`cargo xtask bench screenshot` runs it on the release build).
    Bench,
}

#[derive(Subcommand)]
enum DocgenCommand {
    /// Benchmark the API (in process, over HTTP) against a raw print in the same Chromium,
    /// WeasyPrint, wkhtmltopdf and a cold soffice (`cargo xtask bench docgen` runs it on the
    /// release build).
    Bench,
}

#[derive(Subcommand)]
enum FinanceCommand {
    /// Benchmark the API (in process, over HTTP) against the `tesseract` CLI on the same
    /// receipt, and audits of a 20-page statement PDF and a 5,000-row CSV (`cargo xtask
    /// bench finance` runs it on the release build).
    Bench,
    /// Parse the SROIE receipts through the server's engines and report the exact-match
    /// accuracy of vendor, date and total against their keys.
    Evaluate {
        /// A directory with `img/NNN.jpg` and `key/NNN.json`.
        #[arg(long, default_value = "../shared/data/receipts/sroie")]
        data: PathBuf,
        /// Print each receipt's fields next to its key.
        #[arg(long)]
        verbose: bool,
    },
}

#[derive(Subcommand)]
enum LegalCommand {
    /// Benchmark analyze (in process and over HTTP, as TXT, DOCX and PDF), compare and
    /// report on a 30-page contract (`cargo xtask bench legal` runs it on the release build).
    Bench,
    /// Analyze the CUAD contracts and report, per category, document-level precision and
    /// recall against the experts' labels.
    Evaluate {
        /// A directory with the contracts (`*.txt`) and `master_clauses_dev.csv`.
        #[arg(long, default_value = "../shared/data/contracts/cuad")]
        data: PathBuf,
        /// Print each contract's predictions next to its labels.
        #[arg(long)]
        verbose: bool,
        /// A checkout of the CUAD mirror (`master_clauses.csv`, `full_contract_txt/`): report
        /// the twelve-label table on the classifier's development and test split instead.
        #[arg(long)]
        mirror: Option<PathBuf>,
        /// The split file written by `legal train`.
        #[arg(long, default_value = "crates/legal/classifier/split.tsv")]
        split: PathBuf,
    },
    /// Train the clause classifier on the development split of the CUAD contracts and write
    /// `weights.bin` and `split.tsv` (deterministic: the same data gives the same bytes).
    Train {
        /// A checkout of the CUAD mirror (`master_clauses.csv`, `full_contract_txt/`); rows
        /// 1-150 of the CSV are held out and never read.
        #[arg(long)]
        mirror: PathBuf,
        /// The development contracts (`*.txt` and `master_clauses_dev.csv`).
        #[arg(long, default_value = "../shared/data/contracts/cuad")]
        data: PathBuf,
        /// Where the weights and the split are written.
        #[arg(long, default_value = "crates/legal/classifier")]
        out: PathBuf,
        /// Tuning: train on three quarters of the development split and write the other
        /// quarter as the test part of `validation-split.tsv` (the test split is not used).
        #[arg(long)]
        validation: bool,
    },
}

#[derive(Subcommand)]
enum PiiCommand {
    /// Benchmark the API (in process, over HTTP) against the `tesseract` CLI on the same
    /// image (`cargo xtask bench pii` runs it on the release build).
    Bench,
    /// Render labelled sentences to images, detect through the API, and report precision,
    /// recall and F2 per entity type.
    Evaluate {
        /// A presidio-research style JSON file (`full_text`, `spans`).
        #[arg(long, default_value = "../shared/data/pii/presidio_synth_dev.json")]
        data: PathBuf,
        /// Print the figures as JSON.
        #[arg(long)]
        json: bool,
        /// Also write each sentence with the text OCR read from its image (JSON), for
        /// studying what the recognizers see.
        #[arg(long)]
        dump: Option<PathBuf>,
    },
}

fn main() -> ExitCode {
    // Tesseract's OpenMP: one thread per OCR worker, as in the server.
    suite_engines::ocr::openmp::limit_threads_or_restart();
    let cli = Cli::parse();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "Error: starting the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(cli)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "Error: {e:?}");
            ExitCode::FAILURE
        }
    }
}

async fn run(cli: Cli) -> Result<()> {
    let config = Config::load(cli.config.as_deref())?;
    match cli.command {
        Command::Sanctions(command) => {
            let dir = config.sanctions.list_dir(&config.platform.data_dir);
            tokio::task::spawn_blocking(move || sanctions_command(&dir, command))
                .await
                .context("the sanctions command stopped")?
        }
        Command::Screenshot(ScreenshotCommand::Bench) => screenshot::bench::run(config).await,
        Command::Docgen(DocgenCommand::Bench) => docgen::bench::run(config).await,
        Command::Finance(FinanceCommand::Bench) => finance::bench::run(config).await,
        Command::Finance(FinanceCommand::Evaluate { data, verbose }) => {
            finance::evaluate::run(config, &data, verbose).await
        }
        Command::Legal(LegalCommand::Bench) => legal::bench::run(config).await,
        Command::Legal(LegalCommand::Evaluate {
            data,
            verbose,
            mirror,
            split,
        }) => legal::evaluate::run(&data, mirror.as_deref(), &split, verbose),
        Command::Legal(LegalCommand::Train {
            mirror,
            data,
            out,
            validation,
        }) => legal::train::run(&mirror, &data, &out, validation),
        Command::Pii(PiiCommand::Bench) => pii::bench::run(config).await,
        Command::Pii(PiiCommand::Evaluate { data, json, dump }) => {
            pii::evaluate::run(config, &data, json, dump.as_deref()).await
        }
    }
}

/// Runs the sanctions benchmark or evaluation on the lists in `paths` (default: `dir`).
fn sanctions_command(dir: &std::path::Path, command: SanctionsCommand) -> Result<()> {
    use suite_sanctions::lists::cli::{load_paths, read_lists};
    match command {
        SanctionsCommand::Evaluate { paths, examples } => {
            let (index, _) = load_paths(dir, &paths)?;
            let report = sanctions::evaluate::evaluate(&index);
            write!(std::io::stdout(), "{}", report.render_with(examples))?;
        }
        SanctionsCommand::Bench { paths, queries } => {
            let rss_before = support::rss_kib();
            let started = Instant::now();
            let lists = read_lists(dir, &paths)?;
            let parsed = started.elapsed();
            let build = Instant::now();
            let index = Index::build(lists);
            let built = build.elapsed();
            let report = sanctions::bench::run(&index, queries, parsed, built, rss_before);
            write!(std::io::stdout(), "{}", report.render())?;
        }
    }
    Ok(())
}
