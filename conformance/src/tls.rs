//! Certificates made at test time, for servers that terminate TLS themselves: a test CA and a
//! server certificate it signs for `127.0.0.1` and `localhost`. Nothing is checked in.

use std::path::{Path, PathBuf};

use anyhow::Result;
use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, Issuer, KeyPair};

/// A certificate authority of one test run.
pub struct TestCa {
    issuer: Issuer<'static, KeyPair>,
    /// The CA certificate, PEM: what a client trusts.
    pub pem: String,
}

/// A server certificate and its key, written as PEM files.
pub struct ServerFiles {
    pub cert: PathBuf,
    pub key: PathBuf,
}

impl TestCa {
    pub fn new(name: &str) -> Result<TestCa> {
        let mut params = CertificateParams::new(Vec::<String>::new())?;
        params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        params.distinguished_name.push(DnType::CommonName, name);
        let key = KeyPair::generate()?;
        let pem = params.self_signed(&key)?.pem();
        Ok(TestCa {
            issuer: Issuer::new(params, key),
            pem,
        })
    }

    /// A certificate for `127.0.0.1` and `localhost` signed by this CA, written into `dir`.
    pub fn server_files(&self, dir: &Path) -> Result<ServerFiles> {
        let params = CertificateParams::new(vec!["127.0.0.1".to_owned(), "localhost".to_owned()])?;
        let key = KeyPair::generate()?;
        let cert = params.signed_by(&key, &self.issuer)?;
        let files = ServerFiles {
            cert: dir.join("tls-cert.pem"),
            key: dir.join("tls-key.pem"),
        };
        std::fs::write(&files.cert, cert.pem())?;
        std::fs::write(&files.key, key.serialize_pem())?;
        Ok(files)
    }

    /// The CA as reqwest trusts it.
    pub fn certificate(&self) -> reqwest::Certificate {
        reqwest::Certificate::from_pem(self.pem.as_bytes()).expect("a PEM certificate")
    }
}
