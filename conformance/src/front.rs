//! The repository's front (`deploy/nginx/suite.conf`, Debian's nginx) started for a test in
//! front of replicas on loopback: the file as operators use it, with only the replica
//! addresses, the listen port, the certificate and the log path replaced, terminating TLS
//! with a certificate of a CA made for the test.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::tls::TestCa;

/// A running nginx front; stopped when dropped.
pub struct Front {
    pub base: String,
    ca: TestCa,
    child: Child,
    dir: PathBuf,
}

impl Front {
    /// nginx on a free loopback port in front of `replicas` (their `host:port`), its files
    /// in `dir`.
    pub async fn start(replicas: [&str; 2], dir: &Path) -> Front {
        std::fs::create_dir_all(dir).expect("the front's directory");
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let ca = TestCa::new("suite front test CA").expect("a CA");
        let tls = ca.server_files(dir).expect("the front's certificate");
        let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let shipped = std::fs::read_to_string(repo.join("deploy/nginx/suite.conf"))
            .expect("deploy/nginx/suite.conf");
        let rendered = replace_exactly(
            &shipped,
            &[
                ("10.0.0.11:8080", replicas[0]),
                ("10.0.0.12:8080", replicas[1]),
                ("listen 443 ssl", &format!("listen 127.0.0.1:{port} ssl")),
                ("/etc/suite/tls/cert.pem", &tls.cert.to_string_lossy()),
                ("/etc/suite/tls/key.pem", &tls.key.to_string_lossy()),
                (
                    "/var/log/nginx/suite.access.log",
                    &dir.join("access.log").to_string_lossy(),
                ),
            ],
        );
        std::fs::write(dir.join("suite.conf"), rendered).expect("suite.conf written");
        // The main file Debian's nginx.conf would be, reduced to what a test needs.
        let main = format!(
            "worker_processes 1;\nerror_log {dir}/error.log warn;\npid {dir}/nginx.pid;\n\
             events {{ worker_connections 1024; }}\n\
             http {{\n  client_body_temp_path {dir}/body;\n  proxy_temp_path {dir}/proxy;\n  \
             include {dir}/suite.conf;\n}}\n",
            dir = dir.display()
        );
        std::fs::write(dir.join("nginx.conf"), main).expect("nginx.conf written");
        let nginx = Path::new("/usr/sbin/nginx");
        let child = Command::new(if nginx.exists() {
            nginx
        } else {
            Path::new("nginx")
        })
        .arg("-c")
        .arg(dir.join("nginx.conf"))
        .args(["-g", "daemon off; user root;"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("nginx starts (cargo xtask test installs it)");
        let front = Front {
            base: format!("https://127.0.0.1:{port}"),
            ca,
            child,
            dir: dir.to_owned(),
        };
        front.wait_healthy().await;
        front
    }

    /// The CA the front's certificate chains to, as reqwest trusts it.
    pub fn ca_certificate(&self) -> reqwest::Certificate {
        self.ca.certificate()
    }

    /// A client that trusts the front's certificate.
    pub fn client(&self) -> reqwest::Client {
        reqwest::Client::builder()
            .add_root_certificate(self.ca.certificate())
            .timeout(Duration::from_secs(60))
            .build()
            .expect("a client")
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    async fn wait_healthy(&self) {
        let client = self.client();
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let answer = client.get(self.url("/healthz")).send().await;
            if answer.is_ok_and(|r| r.status() == 200) {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "the nginx front did not answer /healthz within 30 s: {}",
                std::fs::read_to_string(self.dir.join("error.log")).unwrap_or_default()
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

/// `text` with each `(from, to)` replaced; every `from` must occur exactly once, so the
/// shipped file and the tested one cannot drift apart silently.
fn replace_exactly(text: &str, pairs: &[(&str, &str)]) -> String {
    let mut out = text.to_owned();
    for (from, to) in pairs {
        assert_eq!(
            out.matches(from).count(),
            1,
            "deploy/nginx/suite.conf should hold {from:?} exactly once"
        );
        out = out.replace(from, to);
    }
    out
}

impl Drop for Front {
    fn drop(&mut self) {
        // SIGQUIT: nginx's graceful stop, workers included.
        let _ = Command::new("kill")
            .args(["-QUIT", &self.child.id().to_string()])
            .status();
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline && !matches!(self.child.try_wait(), Ok(Some(_))) {
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
