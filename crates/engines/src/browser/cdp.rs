//! Our own Chrome DevTools Protocol connection. `headless_chrome`'s transport holds its
//! socket's lock while its reader waits up to 100 ms for a message, so every call sent to a
//! quiet browser waited 0–100 ms before it left (rust-headless-chrome#446): a third of a
//! document's print. Here the socket is split: a reader thread owns the read half and never
//! blocks a writer; calls carry their own deadline; pages are flattened sessions on the one
//! socket (`sessionId`), and each session's events go to whoever listens to that session.
//! The typed methods (`Page::PrintToPDF` …) are the driver's generated protocol.

use std::collections::HashMap;
use std::net::TcpStream;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

use headless_chrome::protocol::cdp::types::Method;
use serde_json::Value;
use tungstenite::protocol::{Role, WebSocketConfig};
use tungstenite::{Message, WebSocket};

/// How long connecting to the DevTools endpoint may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// The largest message a call sends. Chromium reads DevTools messages into a 100 MiB buffer
/// and drops the whole connection, every page's, on a larger one; a page's content is the
/// one large thing we send (as a JSON string, a control character takes six bytes).
pub const MAX_MESSAGE: usize = 64 << 20;

/// Why a call got no result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CdpError {
    /// No answer before the call's deadline.
    TimedOut,
    /// The browser answered with an error (its message).
    Refused(String),
    /// The connection is gone (the browser exited or closed it).
    Closed,
    /// The call's message (its size in bytes) is over [`MAX_MESSAGE`]; it was not sent.
    TooLarge(usize),
    /// An answer that is not what the method returns.
    Invalid(String),
}

impl std::fmt::Display for CdpError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CdpError::TimedOut => f.write_str("the browser did not answer in time"),
            CdpError::Refused(message) => write!(f, "the browser refused: {message}"),
            CdpError::Closed => f.write_str("the browser connection is closed"),
            CdpError::TooLarge(bytes) => write!(
                f,
                "the request to the browser takes {} MiB (a control character takes six bytes); \
                 the limit is {} MiB",
                bytes >> 20,
                MAX_MESSAGE >> 20
            ),
            CdpError::Invalid(why) => write!(f, "the browser's answer is not understood: {why}"),
        }
    }
}

impl std::error::Error for CdpError {}

/// An event of one session: its method (`Page.lifecycleEvent`) and parameters.
#[derive(Debug, Clone)]
pub struct Event {
    pub method: String,
    pub params: Value,
}

type Answer = Result<Value, CdpError>;

/// The listeners of one session's events, each with its own id.
type Listeners = Vec<(u64, mpsc::Sender<Event>)>;

/// What the reader thread and the callers share: the callers waiting for an answer by call
/// id, the listeners by session id, and whether the socket has closed.
#[derive(Default)]
struct Shared {
    pending: Mutex<HashMap<u64, mpsc::SyncSender<Answer>>>,
    listeners: Mutex<HashMap<String, Listeners>>,
    closed: AtomicBool,
}

/// One WebSocket to a browser's DevTools endpoint.
pub struct Connection {
    writer: Mutex<WebSocket<TcpStream>>,
    shared: Arc<Shared>,
    next_id: AtomicU64,
}

impl Connection {
    /// Connects to `url` (`ws://127.0.0.1:…/devtools/browser/…`) and starts the reader.
    pub fn connect(url: &str) -> anyhow::Result<Arc<Connection>> {
        let address = url::Url::parse(url)?
            .socket_addrs(|| None)?
            .into_iter()
            .next()
            .ok_or_else(|| anyhow::anyhow!("no address in the DevTools URL {url}"))?;
        let stream = TcpStream::connect_timeout(&address, CONNECT_TIMEOUT)?;
        stream.set_nodelay(true)?;
        stream.set_read_timeout(Some(CONNECT_TIMEOUT))?;
        let (writer, _) = tungstenite::client(url, stream)
            .map_err(|e| anyhow::anyhow!("the DevTools handshake failed: {e}"))?;
        let read_half = writer.get_ref().try_clone()?;
        read_half.set_read_timeout(None)?;
        // Screenshots and PDFs arrive as one message of many megabytes.
        let config = WebSocketConfig::default()
            .max_message_size(None)
            .max_frame_size(None);
        let reader = WebSocket::from_raw_socket(read_half, Role::Client, Some(config));
        let shared = Arc::new(Shared::default());
        let for_reader = shared.clone();
        std::thread::Builder::new()
            .name("cdp-reader".into())
            .spawn(move || read_until_closed(reader, &for_reader))?;
        Ok(Arc::new(Connection {
            writer: Mutex::new(writer),
            shared,
            next_id: AtomicU64::new(1),
        }))
    }

    /// Calls `method` on the browser (no session) or on a page's session, waiting for its
    /// answer until `deadline`.
    pub fn call<C>(
        &self,
        session: Option<&str>,
        method: C,
        deadline: Instant,
    ) -> Result<C::ReturnObject, CdpError>
    where
        C: Method + serde::Serialize,
    {
        let params = serde_json::to_value(&method).map_err(|e| CdpError::Invalid(e.to_string()))?;
        let result = self.call_raw(session, C::NAME, params, deadline)?;
        serde_json::from_value(result).map_err(|e| CdpError::Invalid(format!("{}: {e}", C::NAME)))
    }

    /// Calls `method` with JSON `params`; answers the JSON result.
    pub fn call_raw(
        &self,
        session: Option<&str>,
        method: &str,
        params: Value,
        deadline: Instant,
    ) -> Result<Value, CdpError> {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let mut request = serde_json::json!({ "id": id, "method": method, "params": params });
        if let Some(session) = session {
            request["sessionId"] = session.into();
        }
        let message = request.to_string();
        if message.len() > MAX_MESSAGE {
            return Err(CdpError::TooLarge(message.len()));
        }
        let (tx, rx) = mpsc::sync_channel(1);
        lock(&self.shared.pending).insert(id, tx);
        if self.shared.closed.load(Ordering::Acquire) {
            lock(&self.shared.pending).remove(&id);
            return Err(CdpError::Closed);
        }
        let sent = lock(&self.writer).send(Message::text(message));
        if sent.is_err() {
            lock(&self.shared.pending).remove(&id);
            return Err(CdpError::Closed);
        }
        let answer = rx.recv_timeout(deadline.saturating_duration_since(Instant::now()));
        lock(&self.shared.pending).remove(&id);
        match answer {
            Ok(answer) => answer,
            Err(mpsc::RecvTimeoutError::Timeout) => Err(CdpError::TimedOut),
            Err(mpsc::RecvTimeoutError::Disconnected) => Err(CdpError::Closed),
        }
    }

    /// The events of `session` from now until the answer is dropped.
    pub fn events(self: &Arc<Self>, session: &str) -> Events {
        let (tx, rx) = mpsc::channel();
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        lock(&self.shared.listeners)
            .entry(session.to_owned())
            .or_default()
            .push((id, tx));
        Events {
            rx,
            id,
            session: session.to_owned(),
            shared: self.shared.clone(),
        }
    }

    /// Whether the browser closed the connection (it exited, or crashed).
    pub fn is_closed(&self) -> bool {
        self.shared.closed.load(Ordering::Acquire)
    }
}

/// A session's events, until dropped.
pub struct Events {
    rx: mpsc::Receiver<Event>,
    id: u64,
    session: String,
    shared: Arc<Shared>,
}

impl Events {
    /// The next event, waiting until `deadline`.
    pub fn next_before(&self, deadline: Instant) -> Result<Event, CdpError> {
        self.rx
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
            .map_err(|e| match e {
                mpsc::RecvTimeoutError::Timeout => CdpError::TimedOut,
                mpsc::RecvTimeoutError::Disconnected => CdpError::Closed,
            })
    }
}

impl Drop for Events {
    fn drop(&mut self) {
        let mut listeners = lock(&self.shared.listeners);
        if let Some(list) = listeners.get_mut(&self.session) {
            list.retain(|(id, _)| *id != self.id);
            if list.is_empty() {
                listeners.remove(&self.session);
            }
        }
    }
}

/// The reader: answers to their callers, events to their session's listeners, until the
/// socket closes; then every waiting call fails at once.
fn read_until_closed(mut reader: WebSocket<TcpStream>, shared: &Shared) {
    while let Ok(message) = reader.read() {
        let Message::Text(text) = message else {
            continue;
        };
        let Ok(mut message) = serde_json::from_str::<Value>(text.as_str()) else {
            continue;
        };
        if let Some(id) = message["id"].as_u64() {
            let answer = match message.get_mut("error") {
                Some(error) => Err(CdpError::Refused(
                    error["message"].as_str().unwrap_or("an error").to_owned(),
                )),
                None => Ok(message["result"].take()),
            };
            if let Some(caller) = lock(&shared.pending).remove(&id) {
                let _ = caller.send(answer);
            }
        } else if let (Some(method), Some(session)) =
            (message["method"].as_str(), message["sessionId"].as_str())
        {
            let mut listeners = lock(&shared.listeners);
            if let Some(list) = listeners.get_mut(session) {
                let event = Event {
                    method: method.to_owned(),
                    params: message["params"].take(),
                };
                list.retain(|(_, tx)| tx.send(event.clone()).is_ok());
            }
        }
    }
    shared.closed.store(true, Ordering::Release);
    lock(&shared.pending).clear();
    lock(&shared.listeners).clear();
}

/// Locks `mutex`, also after a panic elsewhere (what it guards stays consistent: maps and a
/// socket whose every use is one call).
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}
