//! Web pages the screenshot tests capture, served by the test itself on a loopback port
//! (allow-listed for the server under test), and a "victim" port that must never be reached:
//! it counts every connection it gets.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// A loopback HTTP server of fixed pages.
pub struct Pages {
    pub port: u16,
    hits: Arc<AtomicU64>,
    heads: Heads,
}

/// The head (request line and headers) of every request received, in order.
type Heads = Arc<Mutex<Vec<String>>>;

/// How a path is answered.
#[derive(Clone)]
enum Answer {
    Page {
        status: u16,
        html: String,
    },
    Redirect(String),
    /// Accepts the request and never answers (a page that never loads).
    Hang,
}

impl Pages {
    /// The pages every screenshot test can use; `victim` is the port pages point at to prove
    /// the browser cannot reach it.
    pub async fn start(victim: u16) -> Pages {
        let mut routes: HashMap<&'static str, Answer> = HashMap::new();
        let page = |html: &str| Answer::Page {
            status: 200,
            html: html.to_owned(),
        };
        routes.insert(
            "/",
            page("<html><head><title>Hello page</title></head><body style=\"margin:0;background:#ffffff\"><h1>Hello from the screenshot test</h1></body></html>"),
        );
        routes.insert(
            "/tall",
            page("<html><body style=\"margin:0\"><div style=\"height:3000px;background:linear-gradient(#fff,#00f)\">tall</div></body></html>"),
        );
        routes.insert(
            "/dark",
            page("<html><head><style>body{margin:0;background:#ffffff} @media (prefers-color-scheme: dark){body{background:#000000}}</style></head><body>theme</body></html>"),
        );
        routes.insert(
            "/element",
            page("<html><body style=\"margin:0;background:#fff\"><div style=\"height:300px\"></div><div id=\"box\" style=\"margin-left:40px;width:200px;height:120px;background:#ff0000\"></div></body></html>"),
        );
        routes.insert(
            "/late",
            page("<html><body style=\"margin:0;background:#ffffff\"><script>setTimeout(() => { document.body.style.background = '#00ff00'; }, 400);</script></body></html>"),
        );
        routes.insert(
            "/cjk",
            page("<html><head><meta charset=\"utf-8\"></head><body><p>Quarterly report</p><p>你好世界 東京都</p></body></html>"),
        );
        routes.insert(
            "/loop",
            page("<html><body>busy<script>while (true) {}</script></body></html>"),
        );
        routes.insert(
            "/popups",
            page("<html><body>popups<script>for (let i = 0; i < 50; i++) { window.open('/popups?' + i); }</script></body></html>"),
        );
        routes.insert(
            "/missing",
            Answer::Page {
                status: 404,
                html: "<html><body>not here</body></html>".into(),
            },
        );
        routes.insert(
            "/subresource",
            page("<html><body>with an image<img src=\"/sub.png\"></body></html>"),
        );
        routes.insert(
            "/ads-and-banner",
            page("<html><body style=\"margin:0;background:#ffffff\"><script src=\"/pagead/show_ads.js\"></script><script src=\"/js/cookieconsent.min.js\"></script><div id=\"onetrust-banner-sdk\" style=\"position:fixed;left:0;top:0;width:100%;height:50%;background:#ff0000\"></div><ins class=\"adsbygoogle\" style=\"display:block;position:fixed;left:0;bottom:0;width:100%;height:50%;background:#0000ff\"></ins></body></html>"),
        );
        routes.insert("/hang", Answer::Hang);
        routes.insert(
            "/to-victim",
            Answer::Redirect(format!("http://127.0.0.1:{victim}/secret")),
        );
        routes.insert(
            "/img-victim",
            page(&format!(
                "<html><body>image<img src=\"http://127.0.0.1:{victim}/pixel.png\"><iframe src=\"http://127.0.0.1:{victim}/frame\"></iframe><script>fetch('http://127.0.0.1:{victim}/api').catch(() => {{}}); try {{ new WebSocket('ws://127.0.0.1:{victim}/ws'); }} catch (e) {{}}</script></body></html>"
            )),
        );
        let listener = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("page server binds");
        let port = listener.local_addr().expect("address").port();
        let hits = Arc::new(AtomicU64::new(0));
        let heads = Heads::default();
        let routes = Arc::new(routes);
        let (counter, log) = (hits.clone(), heads.clone());
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                counter.fetch_add(1, Ordering::Relaxed);
                tokio::spawn(answer(stream, routes.clone(), log.clone()));
            }
        });
        Pages { port, hits, heads }
    }

    /// A port that only counts the connections it gets (and answers a small page).
    pub async fn victim() -> Pages {
        Pages::start(0).await
    }

    /// `http://127.0.0.1:<port><path>`.
    pub fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }

    /// The `host:port` entry that allow-lists this server.
    pub fn allow_entry(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }

    /// The heads of the requests received so far for `path` (the query left out), oldest
    /// first.
    pub fn heads_for(&self, path: &str) -> Vec<String> {
        let heads = self.heads.lock().expect("heads");
        heads
            .iter()
            .filter(|head| {
                let target = head.split_whitespace().nth(1).unwrap_or("/");
                target.split('?').next() == Some(path)
            })
            .cloned()
            .collect()
    }

    /// Connections received so far.
    pub fn hits(&self) -> u64 {
        self.hits.load(Ordering::Relaxed)
    }
}

async fn answer(mut stream: TcpStream, routes: Arc<HashMap<&'static str, Answer>>, heads: Heads) {
    let mut head = Vec::new();
    let mut buf = [0u8; 2048];
    while !head.windows(4).any(|w| w == b"\r\n\r\n") && head.len() < 65536 {
        match stream.read(&mut buf).await {
            Ok(0) | Err(_) => return,
            Ok(n) => head.extend_from_slice(&buf[..n]),
        }
    }
    let text = String::from_utf8_lossy(&head);
    if let Ok(mut heads) = heads.lock() {
        heads.push(text.to_string());
    }
    let target = text.split_whitespace().nth(1).unwrap_or("/");
    let path = target.split('?').next().unwrap_or("/");
    let answer = routes.get(path).cloned().unwrap_or(Answer::Page {
        status: 200,
        html: "<html><body>any</body></html>".into(),
    });
    let response = match answer {
        Answer::Hang => {
            tokio::time::sleep(std::time::Duration::from_secs(120)).await;
            return;
        }
        Answer::Redirect(to) => {
            format!(
                "HTTP/1.1 302 Found\r\nLocation: {to}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
            )
        }
        Answer::Page { status, html } => format!(
            "HTTP/1.1 {status} X\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: {}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n{html}",
            html.len()
        ),
    };
    let _ = stream.write_all(response.as_bytes()).await;
    let _ = stream.shutdown().await;
}
