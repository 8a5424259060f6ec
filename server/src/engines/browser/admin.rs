//! Browser-level CDP calls that the driver cannot make: `headless_chrome` sends a page's
//! calls on that page's session, where Chromium refuses `Target.disposeBrowserContext` ("Not
//! allowed"), and keeps its browser-level calls private. Without this connection a job's
//! context would only lose its page and live on (its network context, cache and cookie
//! store) until the browser restarts.

use std::net::TcpStream;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use anyhow::{Context as _, anyhow, bail};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// How long one browser-level call may take.
const CALL_TIMEOUT: Duration = Duration::from_secs(5);

type Socket = WebSocket<MaybeTlsStream<TcpStream>>;

/// A connection of our own to the browser's DevTools endpoint, opened on first use and
/// opened again after a failure.
pub struct Admin {
    url: String,
    socket: Mutex<Option<Socket>>,
    next_id: AtomicU64,
}

impl Admin {
    /// For the browser whose DevTools endpoint is `url` (`ws://127.0.0.1:…/devtools/browser/…`).
    pub fn new(url: String) -> Admin {
        Admin {
            url,
            socket: Mutex::new(None),
            next_id: AtomicU64::new(1),
        }
    }

    /// Disposes a browser context, closing every page it has.
    pub fn dispose_context(&self, context_id: &str) -> anyhow::Result<()> {
        self.call(
            "Target.disposeBrowserContext",
            serde_json::json!({ "browserContextId": context_id }),
        )
        .map(drop)
    }

    /// How many browser contexts the browser has (the default one not counted).
    pub fn contexts(&self) -> anyhow::Result<usize> {
        let result = self.call("Target.getBrowserContexts", serde_json::json!({}))?;
        result["browserContextIds"]
            .as_array()
            .map(Vec::len)
            .context("Target.getBrowserContexts answered no list")
    }

    /// Sends `method` with `params` at the browser level and answers its result.
    fn call(&self, method: &str, params: serde_json::Value) -> anyhow::Result<serde_json::Value> {
        let mut socket = self
            .socket
            .lock()
            .map_err(|_| anyhow!("browser admin connection poisoned"))?;
        if socket.is_none() {
            *socket = Some(connect(&self.url)?);
        }
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let answer = socket
            .as_mut()
            .map(|s| exchange(s, id, method, &params))
            .unwrap_or_else(|| Err(anyhow!("no browser admin connection")));
        if answer.is_err() {
            // A broken or desynchronised connection is replaced on the next call.
            *socket = None;
        }
        answer
    }
}

/// Connects under deadlines (a wedged browser must not hold a worker): TCP first, then the
/// WebSocket handshake on that stream.
fn connect(url: &str) -> anyhow::Result<Socket> {
    let address = url::Url::parse(url)
        .ok()
        .and_then(|u| u.socket_addrs(|| None).ok())
        .and_then(|addrs| addrs.into_iter().next())
        .with_context(|| format!("no address in the DevTools URL {url}"))?;
    let stream = TcpStream::connect_timeout(&address, CALL_TIMEOUT)?;
    stream.set_read_timeout(Some(CALL_TIMEOUT))?;
    stream.set_write_timeout(Some(CALL_TIMEOUT))?;
    let (socket, _) = tungstenite::client(url, MaybeTlsStream::Plain(stream))
        .map_err(|e| anyhow!("the DevTools handshake failed: {e}"))?;
    Ok(socket)
}

/// One call on `socket`: the request, then messages until the answer with `id` (a
/// browser-level connection that enabled no domain receives no events, but any is skipped).
fn exchange(
    socket: &mut Socket,
    id: u64,
    method: &str,
    params: &serde_json::Value,
) -> anyhow::Result<serde_json::Value> {
    let request = serde_json::json!({ "id": id, "method": method, "params": params });
    socket.send(Message::text(request.to_string()))?;
    loop {
        let Message::Text(text) = socket.read()? else {
            continue;
        };
        let mut answer: serde_json::Value = serde_json::from_str(text.as_str())?;
        if answer["id"].as_u64() != Some(id) {
            continue;
        }
        if let Some(error) = answer.get("error") {
            bail!("{method}: {error}");
        }
        return Ok(answer["result"].take());
    }
}
