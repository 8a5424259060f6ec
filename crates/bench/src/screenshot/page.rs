//! The page the benchmark captures: a 40-row invoice with a stylesheet, served from loopback
//! by a bare HTTP/1.1 loop so that neither side measures a web framework.

use std::net::SocketAddr;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

/// The invoice page's HTML.
pub fn invoice_html() -> String {
    let rows: String = (1..=40)
        .map(|i| {
            format!(
                "<tr><td>{i}</td><td>Consulting services, item {i}</td><td>{}</td><td>{}.00</td></tr>",
                i % 7 + 1,
                (i % 7 + 1) * 120
            )
        })
        .collect();
    format!(
        "<!doctype html><html><head><meta charset=\"utf-8\"><title>Invoice 2026-0042</title>\
         <style>body{{font-family:sans-serif;margin:40px;color:#222}} h1{{color:#0b5}} \
         table{{border-collapse:collapse;width:100%}} td,th{{border:1px solid #ccc;padding:4px 8px}} \
         tr:nth-child(even){{background:#f4f4f4}}</style></head><body><h1>Invoice 2026-0042</h1>\
         <p>Acme Widgets GmbH · Musterstraße 1 · 10115 Berlin</p><table><tr><th>#</th>\
         <th>Description</th><th>Qty</th><th>Amount</th></tr>{rows}</table>\
         <p>Total due: 19,680.00 EUR</p></body></html>"
    )
}

/// Serves `invoice_html` on an ephemeral loopback port, for the life of the runtime.
pub async fn serve_invoice() -> std::io::Result<SocketAddr> {
    let listener = TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    let html = invoice_html();
    tokio::spawn(async move {
        while let Ok((mut stream, _)) = listener.accept().await {
            let html = html.clone();
            tokio::spawn(async move {
                let mut buf = vec![0u8; 8192];
                let mut head = Vec::new();
                while !head.windows(4).any(|w| w == b"\r\n\r\n") {
                    match stream.read(&mut buf).await {
                        Ok(0) | Err(_) => return,
                        Ok(n) => head.extend_from_slice(&buf[..n]),
                    }
                }
                let response = format!(
                    "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{html}",
                    html.len()
                );
                let _ = stream.write_all(response.as_bytes()).await;
            });
        }
    });
    Ok(addr)
}
