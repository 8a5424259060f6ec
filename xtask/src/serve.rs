//! `cargo xtask serve [--dev]`: install what the server needs, build it (optimized; `--dev`
//! for the quick debug build when changing the code), migrate the embedded database, issue a
//! development key on every API, make sure sanctions lists are loaded (official, else the
//! shipped snapshot), then become `suite serve` until Ctrl-C.
//!
//! The data directory is `$SUITE_DATA_DIR`, else `data/` in the workspace. The last step
//! `exec`s the server, so Ctrl-C reaches it directly and it shuts down cleanly.

use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

use crate::cargo::{Profile, build_suite};
use crate::system::{self, describe};

pub fn run(root: &Path, args: &[String]) -> Result<()> {
    let profile = match args {
        [] => Profile::Release,
        [flag] if flag == "--dev" => Profile::Dev,
        _ => bail!("usage: cargo xtask serve [--dev]"),
    };
    system::ensure_server_deps()?;
    if profile == Profile::Release {
        println!(
            "building the optimized server (the first build takes several minutes; `--dev` builds faster and runs slower)"
        );
    }
    let suite = build_suite(root, profile)?;
    let data = match std::env::var_os("SUITE_DATA_DIR").map(PathBuf::from) {
        Some(dir) if dir.is_absolute() => dir,
        Some(dir) => std::env::current_dir()?.join(dir),
        None => root.join("data"),
    };
    std::fs::create_dir_all(&data).with_context(|| format!("creating {}", data.display()))?;
    println!("data directory: {}", data.display());

    let suite_command = |args: &[&str]| {
        let mut command = Command::new(&suite);
        command.args(args).env("SUITE_DATA_DIR", &data);
        command
    };
    system::run(suite_command(&["migrate"]))?;
    // The official lists when they can be downloaded, else the dated snapshot in the binary.
    system::run(suite_command(&["lists", "ensure"]))?;
    println!("development key, subscribed to all seven APIs on the unlimited plan:");
    system::run(suite_command(&[
        "keys",
        "create",
        "--name",
        "dev",
        "--plan",
        "unlimited",
    ]))?;

    println!(
        "customer portal: /portal on the address below. Sign-up is by invitation: make a link with\n  \
         SUITE_DATA_DIR={} {} portal invite --email you@example.org\n\
         (or start with SUITE_PORTAL_SIGNUP=open); with no [portal.smtp] the verification and \
         reset links appear in this log",
        data.display(),
        suite.display()
    );

    let mut serve = suite_command(&["serve"]);
    let error = serve.exec();
    Err(error).with_context(|| format!("starting {}", describe(&serve)))
}
