//! Start-up: connect and migrate the database, build the API description from the generated
//! trait plus the operational and admin endpoints, serve, and sweep expired files.

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use dropshot::{
    ApiDescription, ConfigDropshot, ConfigTls, HandlerTaskMode, HttpServer, ServerBuilder,
};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};

use crate::Suite;
use crate::admin;
use crate::api_docs;
use crate::config::Config;
use crate::connection_guard;
use crate::service;
use suite_platform::clock::Clock;
use suite_platform::db::Db;
use suite_platform::generated::api::Operation;
use suite_platform::generated::api::{SuiteServer, suite_api_mod};
use suite_platform::{self as platform, Platform, unrouted};

/// A running server.
pub struct RunningServer {
    pub addr: SocketAddr,
    pub platform: Platform,
    http: HttpServer<Suite>,
    sweeper: tokio::task::JoinHandle<()>,
    /// The connection guard's accept loop, when it holds the public address.
    guard: Option<tokio::task::JoinHandle<()>>,
}

impl RunningServer {
    /// Stops accepting, finishes in-flight requests, and stops the sweeper.
    pub async fn close(self) -> Result<()> {
        self.sweeper.abort();
        if let Some(guard) = &self.guard {
            guard.abort();
        }
        self.http.close().await.map_err(anyhow::Error::msg)
    }

    /// Resolves when the server stops.
    pub async fn wait(self) -> Result<()> {
        let result = self.http.wait_for_shutdown().await;
        self.sweeper.abort();
        if let Some(guard) = &self.guard {
            guard.abort();
        }
        result.map_err(anyhow::Error::msg)
    }
}

/// The full API: the contract's operations plus the unpublished service, reference (`/docs`)
/// and admin endpoints.
pub fn api_description() -> Result<ApiDescription<Suite>> {
    let mut api = suite_api_mod::api_description::<SuiteServer<Suite>>()
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let outcomes = [
        api.register(service::healthz),
        api.register(service::readyz),
        api.register(service::metrics),
        api.register(service::openapi),
        api.register(api_docs::docs_page),
        api.register(api_docs::docs_asset),
        api.register(admin::list_keys),
        api.register(admin::create_key),
        api.register(admin::revoke_key),
        api.register(admin::rotate_key),
        api.register(admin::set_plan),
        api.register(admin::create_invitation),
    ];
    for outcome in outcomes {
        outcome.map_err(|e| anyhow::anyhow!("{e}"))?;
    }
    crate::portal::pages::register(&mut api)?;
    Ok(api)
}

/// Connects to and migrates the configured database.
pub async fn open_database(config: &platform::config::Config) -> Result<Db> {
    let db = Db::connect(&config.effective_database_url()).await?;
    db.migrate().await?;
    Ok(db)
}

/// Starts serving `config` with `clock`.
pub async fn start(config: Config, clock: Clock, log: slog::Logger) -> Result<RunningServer> {
    let bind_address: SocketAddr = config
        .platform
        .listen
        .parse()
        .with_context(|| format!("listen address {:?}", config.platform.listen))?;
    let tls = tls(&config.platform)?;
    private_data_dir(&config.platform.data_dir)?;
    let db = open_database(&config.platform).await?;
    let sweep_every = Duration::from_secs(config.platform.sweep_interval_secs.max(1));
    let platform = Platform::new(config.platform.clone(), db, clock, log.clone())?;
    let suite = Suite::new(platform.clone(), &config).await?;
    let largest_form = Operation::ALL
        .into_iter()
        .map(|op| {
            platform
                .limits()
                .form_body_bytes(op.batch().map(|(_, max)| max))
        })
        .max()
        .unwrap_or_default();
    // With limits, the connection guard takes the public address and dropshot a loopback
    // port behind it; without, dropshot takes the address itself.
    let guard_limits = connection_guard::Limits::from_config(&config.platform.limits);
    let guard_listener = if guard_limits.any() {
        Some(
            tokio::net::TcpListener::bind(bind_address)
                .await
                .with_context(|| format!("listening on {bind_address}"))?,
        )
    } else {
        None
    };
    let dropshot_address = match &guard_listener {
        Some(_) => SocketAddr::from(([127, 0, 0, 1], 0)),
        None => bind_address,
    };
    let dropshot_config = ConfigDropshot {
        bind_address: dropshot_address,
        // The platform reads bodies itself and answers 413 over its own limits.
        default_request_body_max_bytes: largest_form,
        default_handler_task_mode: HandlerTaskMode::Detached,
        ..Default::default()
    };
    let http = ServerBuilder::new(api_description()?, suite, unrouted::quiet_log(log.clone()))
        .config(dropshot_config)
        .tls(tls)
        .version_policy(unrouted::policy(
            api_description()?,
            suite_platform::generated::api::check_query,
        ))
        .start()
        .map_err(|e| anyhow::anyhow!("starting the HTTP server: {e}"))?;
    let (addr, guard) = match guard_listener {
        Some(listener) => (
            listener.local_addr()?,
            Some(tokio::spawn(connection_guard::serve(
                listener,
                http.local_addr(),
                guard_limits,
                platform.clone(),
            ))),
        ),
        None => (http.local_addr(), None),
    };
    sweep_once(&platform).await;
    let sweeper = tokio::spawn(sweep_periodically(platform.clone(), sweep_every));
    Ok(RunningServer {
        addr,
        platform,
        http,
        sweeper,
        guard,
    })
}

/// Makes the data directory (the SQLite database, the files made for customers, the lists)
/// and keeps it private to the server's user, mode 0700: the helpers that read untrusted
/// bytes run as another user (`suite_engines::sandbox`) and must not be able to read it.
fn private_data_dir(dir: &Path) -> Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))
        .with_context(|| format!("making {} private to the server's user", dir.display()))
}

/// The server's TLS when `tls_cert` and `tls_key` are set: their PEM files read now (any PEM
/// key form), so that a missing, unreadable or mismatched file stops the start with an error
/// naming it; HTTP/2 and HTTP/1.1 offered over ALPN.
pub fn tls(config: &platform::config::Config) -> Result<Option<ConfigTls>> {
    let Some((cert_file, key_file)) = config.tls_files()? else {
        return Ok(None);
    };
    let read = |path: &Path, what: &str| {
        std::fs::read(path).with_context(|| format!("reading the TLS {what} {}", path.display()))
    };
    let certs = CertificateDer::pem_slice_iter(&read(&cert_file, "certificate")?)
        .collect::<Result<Vec<_>, _>>()
        .with_context(|| format!("parsing the TLS certificate {}", cert_file.display()))?;
    if certs.is_empty() {
        bail!(
            "the TLS certificate {} holds no PEM certificate",
            cert_file.display()
        );
    }
    let key = PrivateKeyDer::from_pem_slice(&read(&key_file, "key")?).with_context(|| {
        format!(
            "the TLS key {} holds no PEM private key (PKCS#8, PKCS#1 or SEC1)",
            key_file.display()
        )
    })?;
    let provider = Arc::new(rustls::crypto::aws_lc_rs::default_provider());
    let mut server_config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()?
        .with_no_client_auth()
        .with_single_cert(certs, key)
        .with_context(|| {
            format!(
                "the TLS key {} does not fit the certificate {}",
                key_file.display(),
                cert_file.display()
            )
        })?;
    server_config.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
    Ok(Some(ConfigTls::Dynamic(server_config)))
}

/// Sweeps expired files every `every`, the first time one period after start (the start
/// itself sweeps once, before serving, so no request races the first sweep).
async fn sweep_periodically(platform: Platform, every: Duration) {
    let mut ticker = tokio::time::interval(every);
    ticker.tick().await;
    loop {
        ticker.tick().await;
        sweep_once(&platform).await;
    }
}

async fn sweep_once(platform: &Platform) {
    match platform.blobs().sweep(platform.now()).await {
        Ok(0) => {}
        Ok(n) => slog::info!(platform.log(), "swept expired files"; "count" => n),
        Err(e) => {
            slog::warn!(platform.log(), "sweeping expired files failed"; "error" => format!("{e:#}"))
        }
    }
}
