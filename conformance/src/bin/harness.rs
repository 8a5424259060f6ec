//! What `cargo xtask conformance` asks of the harness outside the tests, with the harness's
//! own code: `preflight` checks that the deployment answers and takes the operator token,
//! `revoke-run` revokes every key the run made on the deployment (also after a
//! failed or killed test), and `make-ca DIR` writes a test CA and a server certificate for
//! `127.0.0.1` signed by it (`ca.pem`, `cert.pem`, `key.pem`), for an https deployment on
//! loopback.

use anyhow::{Context, Result, bail};
use conformance::external::Deployment;
use conformance::tls::TestCa;

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let deployment =
        || Deployment::from_env()?.context("the deployment is named in SUITE_CONFORMANCE_BASE_URL");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args.as_slice() {
        ["preflight"] => deployment()?.preflight().await,
        ["revoke-run"] => {
            let revoked = deployment()?.revoke_run().await?;
            println!("revoked the run's {revoked} remaining keys");
            Ok(())
        }
        ["make-ca", dir] => {
            let dir = std::path::Path::new(dir);
            std::fs::create_dir_all(dir)?;
            let ca = TestCa::new("suite conformance CA")?;
            let files = ca.server_files(dir)?;
            std::fs::write(dir.join("ca.pem"), &ca.pem)?;
            std::fs::rename(&files.cert, dir.join("cert.pem"))?;
            std::fs::rename(&files.key, dir.join("key.pem"))?;
            Ok(())
        }
        _ => bail!("usage: harness preflight | harness revoke-run | harness make-ca DIR"),
    }
}
