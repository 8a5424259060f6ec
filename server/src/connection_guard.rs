//! The server's own front for a directly exposed deployment. dropshot 0.18 runs its own
//! accept loop and offers neither an idle timeout nor a connection cap (nor a way to hand it
//! accepted connections), so the public address is ours: connections are accepted here,
//! counted against a total and a per-client cap (over the cap: closed at once), and relayed
//! byte for byte — TLS included, so dropshot still terminates it — to dropshot on a loopback
//! port. A connection that waits for its client longer than the idle timeout is closed:
//! one that sent nothing yet, or whose last bytes were an answer to it. A request the server
//! is still working on is not idle; the handlers' own deadlines bound it.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;

use suite_platform::Platform;

/// The guard's limits (`[limits]` in the configuration).
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    pub idle_timeout: Option<Duration>,
    /// 0 for no cap.
    pub max_connections: usize,
    /// 0 for no cap.
    pub max_per_client: usize,
}

impl Limits {
    pub fn from_config(limits: &suite_platform::config::Limits) -> Limits {
        Limits {
            idle_timeout: (limits.idle_timeout_secs > 0)
                .then(|| Duration::from_secs(limits.idle_timeout_secs)),
            max_connections: limits.max_connections,
            max_per_client: limits.max_connections_per_client,
        }
    }

    /// Whether there is anything to guard: without limits dropshot takes the address itself.
    pub fn any(&self) -> bool {
        self.idle_timeout.is_some() || self.max_connections > 0 || self.max_per_client > 0
    }
}

/// Accepts on `listener` for ever, relaying each admitted connection to `inner`.
pub async fn serve(listener: TcpListener, inner: SocketAddr, limits: Limits, platform: Platform) {
    let log = platform.log().clone();
    let total =
        (limits.max_connections > 0).then(|| Arc::new(Semaphore::new(limits.max_connections)));
    let per_client: Arc<Mutex<HashMap<IpAddr, usize>>> = Arc::default();
    loop {
        let (client, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of file descriptors and the like: wait rather than spin.
                slog::warn!(log, "accepting a connection failed"; "error" => %e);
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let stats = &platform.metrics().connections;
        let permit = match &total {
            None => None,
            Some(total) => match total.clone().try_acquire_owned() {
                Ok(permit) => Some(permit),
                Err(_) => {
                    stats.refused_total_cap.fetch_add(1, Ordering::Relaxed);
                    continue;
                }
            },
        };
        let Some(slot) = ClientSlot::take(&per_client, peer.ip(), limits.max_per_client) else {
            stats.refused_client_cap.fetch_add(1, Ordering::Relaxed);
            continue;
        };
        let platform = platform.clone();
        tokio::spawn(async move {
            let stats = &platform.metrics().connections;
            stats.open.fetch_add(1, Ordering::Relaxed);
            let ending = relay(client, peer.ip(), inner, limits.idle_timeout, &platform).await;
            if ending == Ending::Idle {
                stats.closed_idle.fetch_add(1, Ordering::Relaxed);
            }
            stats.open.fetch_sub(1, Ordering::Relaxed);
            drop((slot, permit));
        });
    }
}

/// One connection counted against its client's cap until dropped.
struct ClientSlot {
    counts: Arc<Mutex<HashMap<IpAddr, usize>>>,
    ip: IpAddr,
}

impl ClientSlot {
    fn take(counts: &Arc<Mutex<HashMap<IpAddr, usize>>>, ip: IpAddr, max: usize) -> Option<Self> {
        let mut map = counts.lock().unwrap_or_else(|e| e.into_inner());
        let open = map.entry(ip).or_default();
        if max > 0 && *open >= max {
            return None;
        }
        *open += 1;
        Some(ClientSlot {
            counts: Arc::clone(counts),
            ip,
        })
    }
}

impl Drop for ClientSlot {
    fn drop(&mut self) {
        let mut map = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(open) = map.get_mut(&self.ip) {
            *open -= 1;
            if *open == 0 {
                map.remove(&self.ip);
            }
        }
    }
}

#[derive(Debug, PartialEq, Eq)]
enum Ending {
    Closed,
    Idle,
}

/// When the connection last carried bytes, and whether it now waits for its client.
struct Activity {
    started: Instant,
    last_ms: AtomicU64,
    waiting_for_client: AtomicBool,
}

impl Activity {
    fn new() -> Activity {
        Activity {
            started: Instant::now(),
            last_ms: AtomicU64::new(0),
            waiting_for_client: AtomicBool::new(true),
        }
    }

    fn saw(&self, from_client: bool) {
        let now = u64::try_from(self.started.elapsed().as_millis()).unwrap_or(u64::MAX);
        self.last_ms.store(now, Ordering::Relaxed);
        self.waiting_for_client
            .store(!from_client, Ordering::Relaxed);
    }

    /// How long the connection has waited for its client, if it is waiting for it.
    fn waited(&self) -> Option<Duration> {
        if !self.waiting_for_client.load(Ordering::Relaxed) {
            return None;
        }
        let last = Duration::from_millis(self.last_ms.load(Ordering::Relaxed));
        Some(self.started.elapsed().saturating_sub(last))
    }
}

async fn relay(
    client: TcpStream,
    client_ip: IpAddr,
    inner: SocketAddr,
    idle: Option<Duration>,
    platform: &Platform,
) -> Ending {
    let Ok(server) = TcpStream::connect(inner).await else {
        return Ending::Closed;
    };
    // dropshot sees this socket as the peer; the platform tells it who is behind.
    let _relayed = server
        .local_addr()
        .ok()
        .map(|relay| platform.relayed().register(relay, client_ip));
    let _ = client.set_nodelay(true);
    let _ = server.set_nodelay(true);
    let activity = Activity::new();
    let (mut client_in, mut client_out) = client.into_split();
    let (mut server_in, mut server_out) = server.into_split();
    let upstream = async {
        pump(&mut client_in, &mut server_out, &activity, true).await;
        // The client is done sending; its answer may still come.
        let _ = server_out.shutdown().await;
        std::future::pending::<()>().await;
    };
    let downstream = async {
        pump(&mut server_in, &mut client_out, &activity, false).await;
        let _ = client_out.shutdown().await;
    };
    tokio::select! {
        () = upstream => Ending::Closed,
        () = downstream => Ending::Closed,
        () = watch_idle(&activity, idle) => Ending::Idle,
    }
}

/// Copies `from` to `to` until either ends, noting each chunk in `activity`.
async fn pump(
    from: &mut (impl AsyncRead + Unpin),
    to: &mut (impl AsyncWrite + Unpin),
    activity: &Activity,
    from_client: bool,
) {
    let mut buf = vec![0u8; 16 * 1024];
    loop {
        let n = match from.read(&mut buf).await {
            Ok(0) | Err(_) => return,
            Ok(n) => n,
        };
        activity.saw(from_client);
        if to.write_all(&buf[..n]).await.is_err() {
            return;
        }
        // Bytes to the client count once they are written: a client that does not read
        // (slow read) stops the copy here and is idle from the last chunk it took.
        activity.saw(from_client);
    }
}

/// Resolves once the connection has waited for its client for `idle`; never without one.
async fn watch_idle(activity: &Activity, idle: Option<Duration>) {
    let Some(idle) = idle else {
        return std::future::pending().await;
    };
    let tick = (idle / 4).max(Duration::from_millis(50));
    loop {
        tokio::time::sleep(tick).await;
        if activity.waited().is_some_and(|waited| waited >= idle) {
            return;
        }
    }
}
