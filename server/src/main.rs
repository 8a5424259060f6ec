//! The `suite` binary: serve the APIs, migrate the database, manage keys.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand};
use suite_platform::clock::Clock;
use suite_platform::generated::api::Operation;
use suite_platform::keys::{self, IssuedKey, KeyInfo};
use suite_platform::{Api, Plan};
use suite_server::config::Config;
use suite_server::server;

/// The server's allocator: a request makes many small short-lived allocations, which glibc's
/// malloc serves at several times mimalloc's cost (`cargo xtask bench validate` measured).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(
    name = "suite",
    about = "Seven HTTP APIs behind one key scheme and one plan model"
)]
struct Cli {
    /// Configuration file (TOML); environment variables override it.
    #[arg(long, global = true, env = "SUITE_CONFIG")]
    config: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Migrate the database and serve until interrupted.
    Serve,
    /// Apply pending database migrations.
    Migrate,
    /// List the contract's operations, each with its method and path.
    Operations,
    /// Manage API keys.
    #[command(subcommand)]
    Keys(KeysCommand),
    /// The customer portal: invitation links.
    #[command(subcommand)]
    Portal(PortalCommand),
    /// Manage the sanctions lists: import, refresh, ensure, info.
    #[command(subcommand)]
    Lists(suite_sanctions::lists::cli::ListsCommand),
    /// One LibreOffice worker of the document engine, talking to its server on stdin and
    /// stdout (started by `suite serve`, not by people).
    #[command(hide = true)]
    OfficeWorker,
}

#[derive(Subcommand)]
enum PortalCommand {
    /// Print a one-use sign-up link for a customer (valid seven days).
    Invite {
        #[arg(long)]
        email: String,
        /// The server's address as customers reach it; default: `public_url`, else the
        /// listen address.
        #[arg(long)]
        base_url: Option<String>,
    },
}

#[derive(Subcommand)]
enum KeysCommand {
    /// Create a key; prints the secret once.
    Create {
        /// A name for humans.
        #[arg(long)]
        name: String,
        /// Plan for every chosen API: free, basic, pro or unlimited.
        #[arg(long, default_value = "free")]
        plan: String,
        /// APIs to subscribe to (repeatable); all seven when omitted.
        #[arg(long = "api")]
        apis: Vec<String>,
        /// Print only the secret (for scripts).
        #[arg(long)]
        quiet: bool,
    },
    /// List keys (never their secrets).
    List,
    /// Revoke a key at once.
    Revoke { id: String },
    /// Replace a key's secret; prints the new one once.
    Rotate { id: String },
    /// Change a key's plan on one API, or unsubscribe it with `--plan none`.
    SetPlan {
        id: String,
        #[arg(long)]
        api: String,
        #[arg(long)]
        plan: String,
    },
}

/// Writes a line to stdout and fails, rather than panicking as `println!` does, when stdout
/// is gone (a closed pipe): `main` then ends quietly.
macro_rules! out {
    ($($arg:tt)*) => {
        writeln!(std::io::stdout(), $($arg)*)
    };
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // A LibreOffice worker runs on its own thread before any other starts (the pool started
    // it in its bubblewrap jail; no runtime, no OCR set-up belongs in it).
    if matches!(cli.command, Command::OfficeWorker) {
        return match suite_engines::office::worker_main() {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                let _ = writeln!(std::io::stderr(), "Error: {e:?}");
                ExitCode::FAILURE
            }
        };
    }
    // Tesseract's OpenMP: one thread per OCR worker, set by starting again if need be.
    suite_engines::ocr::openmp::limit_threads_or_restart();
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
        // The reader went away (`suite operations | head -3`): stop quietly, as the coreutils
        // and ripgrep do, with nothing left to say to anyone.
        Err(e) if reader_went_away(&e) => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "Error: {e:?}");
            ExitCode::FAILURE
        }
    }
}

/// Whether `error` comes from writing to a stdout whose reader has closed it.
fn reader_went_away(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

async fn run(cli: Cli) -> Result<()> {
    let config = Config::load(cli.config.as_deref())?;
    match cli.command {
        Command::Serve => serve(config).await,
        Command::OfficeWorker => bail!("office-worker runs before the runtime starts"),
        Command::Migrate => {
            server::open_database(&config.platform).await?;
            out!("database migrated")?;
            Ok(())
        }
        Command::Keys(command) => keys_command(config, command).await,
        Command::Portal(PortalCommand::Invite { email, base_url }) => {
            let db = server::open_database(&config.platform).await?;
            let platform = &config.platform;
            let base_url = base_url.unwrap_or_else(|| {
                if platform.public_url.is_empty() {
                    format!("{}://{}", platform.scheme(), platform.listen)
                } else {
                    platform.public_url.clone()
                }
            });
            let now = chrono::Utc::now().timestamp();
            let invitation = suite_server::portal::invite(&db, &email, &base_url, now).await?;
            out!("{}", invitation.url)?;
            Ok(())
        }
        Command::Lists(command) => {
            let dir = config.sanctions.list_dir(&config.platform.data_dir);
            let sources = config.sanctions.refresh_sources()?;
            tokio::task::spawn_blocking(move || {
                suite_sanctions::lists::cli::run(&dir, &sources, command)
            })
            .await
            .context("the lists command stopped")?
        }
        Command::Operations => {
            for op in Operation::ALL {
                out!("{}\t{} {}", op.id(), op.method(), op.path())?;
            }
            Ok(())
        }
    }
}

async fn serve(config: Config) -> Result<()> {
    let log = suite_platform::logging::logger(config.platform.log_level.clone())?;
    let running = server::start(config, Clock::System, log).await?;
    // The contract review's patterns compile in the background (about 0.2 s a language), so
    // the first contract of each language is not the one that pays for it.
    tokio::task::spawn_blocking(suite_legal::rules::prepare);
    // The server keeps serving when nobody reads its stdout: its log is what counts.
    let _ = out!(
        "Serving on {}://{}",
        running.platform.config().scheme(),
        running.addr
    );
    // Ctrl-C or SIGTERM (what service managers and container runtimes send) shut down
    // cleanly: the browser engine's Chromium is closed with the server, never left behind.
    let mut terminate = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        .context("listening for SIGTERM")?;
    tokio::select! {
        result = tokio::signal::ctrl_c() => result.context("waiting for Ctrl-C")?,
        _ = terminate.recv() => {}
    }
    let _ = out!("shutting down");
    running.close().await
}

fn parse_api(name: &str) -> Result<Api> {
    Api::parse(name).with_context(|| format!("unknown API {name:?}; one of docgen, screenshot, finance, sanctions, legal, pii, validate"))
}

fn parse_plan(name: &str) -> Result<Plan> {
    Plan::parse(name)
        .with_context(|| format!("unknown plan {name:?}; one of free, basic, pro, unlimited"))
}

async fn keys_command(config: Config, command: KeysCommand) -> Result<()> {
    let db = server::open_database(&config.platform).await?;
    let now = chrono::Utc::now().timestamp();
    match command {
        KeysCommand::Create {
            name,
            plan,
            apis,
            quiet,
        } => {
            let plan = parse_plan(&plan)?;
            let apis = if apis.is_empty() {
                Api::ALL.to_vec()
            } else {
                apis.iter().map(|a| parse_api(a)).collect::<Result<_>>()?
            };
            let subscriptions: Vec<(Api, Plan)> = apis.into_iter().map(|api| (api, plan)).collect();
            let issued = keys::create(&db, &name, &subscriptions, now).await?;
            print_issued(&issued, quiet)?;
        }
        KeysCommand::List => {
            for key in keys::list(&db).await? {
                print_key(&key)?;
            }
        }
        KeysCommand::Revoke { id } => {
            if !keys::revoke(&db, &id, now).await? {
                bail!("no key {id}");
            }
            out!("revoked {id}")?;
        }
        KeysCommand::Rotate { id } => print_issued(&keys::rotate(&db, &id).await?, false)?,
        KeysCommand::SetPlan { id, api, plan } => {
            if keys::get(&db, &id).await?.is_none() {
                bail!("no key {id}");
            }
            let plan = if plan == "none" {
                None
            } else {
                Some(parse_plan(&plan)?)
            };
            keys::set_plan(&db, &id, parse_api(&api)?, plan).await?;
            out!("updated {id}")?;
        }
    }
    Ok(())
}

fn print_issued(issued: &IssuedKey, quiet: bool) -> std::io::Result<()> {
    if quiet {
        return out!("{}", issued.api_key);
    }
    print_key(&issued.info)?;
    out!("api key (shown once): {}", issued.api_key)
}

fn print_key(key: &KeyInfo) -> std::io::Result<()> {
    let plans: Vec<String> = key
        .subscriptions
        .iter()
        .map(|s| format!("{}={}", s.api, s.plan))
        .collect();
    let state = if key.revoked_at.is_some() {
        "revoked"
    } else {
        "active"
    };
    out!(
        "{}\t{}\t{}…\t{}\t{}",
        key.id,
        key.name,
        key.prefix,
        state,
        plans.join(",")
    )
}
