//! A server whose data directory fills up: calls answer 503 `storage_unavailable` with
//! `Retry-After` (not 500), `/readyz` answers 503 while the database cannot write, nothing is
//! charged for the refused calls, the server stays up, and it recovers by itself once space
//! is back. The fault is real: the data directory (SQLite database included) is on a small
//! tmpfs that the test fills with a file.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use conformance::TestServer;
use suite_platform::{Api, Plan};

/// A tmpfs of `megabytes` mounted for the test, unmounted when dropped.
struct SmallFileSystem {
    path: PathBuf,
}

impl SmallFileSystem {
    fn mount(megabytes: u32) -> SmallFileSystem {
        let path = std::env::temp_dir().join(format!(
            "suite-storage-fault-{}-{}",
            std::process::id(),
            rand_suffix()
        ));
        std::fs::create_dir_all(&path).expect("mount point made");
        let status = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={megabytes}m"), "tmpfs"])
            .arg(&path)
            .status()
            .expect("mount runs");
        assert!(
            status.success(),
            "mounting a tmpfs at {} failed ({status}): this test needs root, as `cargo xtask test` runs",
            path.display()
        );
        SmallFileSystem { path }
    }

    /// Writes a file until the file system is full; returns its path.
    fn fill(&self) -> PathBuf {
        let filler = self.path.join("filler");
        let mut file = std::fs::File::create(&filler).expect("filler created");
        let chunk = vec![0u8; 1 << 20];
        loop {
            match file.write_all(&chunk) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::StorageFull => break,
                Err(e) => panic!("filling the file system: {e}"),
            }
        }
        // Whatever the last partial write left, one more byte cannot fit.
        let _ = file.write_all(&chunk[..4096]);
        filler
    }
}

impl Drop for SmallFileSystem {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("-l").arg(&self.path).status();
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

fn rand_suffix() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

async fn readyz(server: &TestServer) -> u16 {
    server
        .raw()
        .get(server.url("/readyz"))
        .send()
        .await
        .expect("an answer")
        .status()
        .as_u16()
}

async fn validate(server: &TestServer, secret: &str) -> (u16, serde_json::Value, Option<String>) {
    let response = server.validate_a_card(secret).await;
    let status = response.status().as_u16();
    let retry_after = response
        .headers()
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    (status, response.json().await.expect("JSON"), retry_after)
}

fn data_dir(fs: &Path) -> PathBuf {
    fs.join("data")
}

#[tokio::test]
async fn a_full_disk_is_503_storage_unavailable_charges_nothing_and_recovers() {
    let fs = SmallFileSystem::mount(32);
    let dir = data_dir(&fs.path);
    // SQLite in the small data directory, whichever database this pass uses elsewhere.
    let server = TestServer::start_with(move |config| {
        config.platform.data_dir = dir;
        config.platform.database_url = String::new();
    })
    .await;
    let key = server.key(Plan::Free, &[Api::Validate]).await;
    for _ in 0..2 {
        assert_eq!(validate(&server, &key.secret).await.0, 200);
    }
    assert_eq!(readyz(&server).await, 200);

    let filler = fs.fill();
    for _ in 0..5 {
        let (status, body, retry_after) = validate(&server, &key.secret).await;
        assert_eq!(status, 503, "{body}");
        assert_eq!(body["error_code"], "storage_unavailable", "{body}");
        assert!(
            retry_after.is_some_and(|s| s.parse::<u64>().is_ok_and(|s| s > 0)),
            "Retry-After"
        );
        assert!(
            !body["message"]
                .as_str()
                .unwrap_or_default()
                .contains("full")
        );
    }
    assert_eq!(
        readyz(&server).await,
        503,
        "not ready while it cannot write"
    );

    std::fs::remove_file(filler).expect("space given back");
    assert_eq!(readyz(&server).await, 200, "ready again by itself");
    let (status, body, _) = validate(&server, &key.secret).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        server.used(&key, Api::Validate).await,
        3,
        "the refused calls were not charged"
    );
}
