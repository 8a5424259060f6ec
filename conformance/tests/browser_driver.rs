//! The Chromium driver of `conformance::browser` against a page made for it, so the page
//! tests can trust it: fields found by their labels (and refused clearly without one),
//! selects, clicks that wait for a POST's redirect, buttons within a row, the status and
//! headers of the document, cookies kept apart between pages, screenshots on a phone.

use std::sync::Arc;

use anyhow::Result;
use conformance::browser::{Browser, Field, artifacts_dir};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};

const FORM: &str = r#"<!doctype html><html><head><meta name="viewport" content="width=device-width">
<title>form</title></head><body><main>
<form method="post" action="/submit">
  <input type="hidden" name="csrf" value="t0k">
  <label for="e">Email</label> <input id="e" name="email" type="email" required>
  <label for="r">Locked
  </label> <input id="r" name="locked" readonly value="fixed@example.com">
  <label for="p">Plan</label>
  <select id="p" name="plan"><option value="free">Free</option><option value="pro">Pro</option></select>
  <label>Orphan</label> <input name="orphan">
  <label for="gone">Gone</label>
  <button type="submit">Go</button>
</form>
<table>
  <tr data-key-id="key_1"><td>one</td><td><form method="post" action="/rows/key_1"><button>Rotate</button></form></td></tr>
  <tr data-key-id="key_2"><td>two</td><td><form method="post" action="/rows/key_2"><button>Rotate</button></form></td></tr>
</table><a href="/form#top">here</a> <a href="https://elsewhere.example/x">away</a></main></body></html>"#;

/// A small HTTP/1.1 server: the form, what a POST sent (after a 303), 429 with Retry-After.
async fn serve(listener: TcpListener) {
    while let Ok((stream, _)) = listener.accept().await {
        tokio::spawn(answer(stream));
    }
}

async fn answer(stream: TcpStream) -> std::io::Result<()> {
    let (read, mut write) = stream.into_split();
    let mut read = BufReader::new(read);
    let mut request = String::new();
    read.read_line(&mut request).await?;
    let mut length = 0;
    loop {
        let mut line = String::new();
        read.read_line(&mut line).await?;
        if line.trim().is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':')
            && name.eq_ignore_ascii_case("content-length")
        {
            length = value.trim().parse().unwrap_or(0);
        }
    }
    let mut body = vec![0; length];
    read.read_exact(&mut body).await?;
    let body = String::from_utf8_lossy(&body);
    let mut parts = request.split_whitespace();
    let (method, target) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
    let response = match (method, target) {
        ("GET", "/form") => format!(
            "HTTP/1.1 200 OK\r\ncontent-type: text/html; charset=utf-8\r\n\
             content-length: {}\r\nconnection: close\r\n\r\n{FORM}",
            FORM.len()
        ),
        ("POST", "/submit") => format!(
            "HTTP/1.1 303 See Other\r\nlocation: /done?{body}\r\n\
             set-cookie: suite_session=abc; Path=/; HttpOnly; SameSite=Lax\r\n\
             content-length: 0\r\nconnection: close\r\n\r\n"
        ),
        ("POST", row) if row.starts_with("/rows/") => format!(
            "HTTP/1.1 303 See Other\r\nlocation: /done?row={}\r\n\
             content-length: 0\r\nconnection: close\r\n\r\n",
            &row["/rows/".len()..]
        ),
        ("GET", done) if done.starts_with("/done?") => {
            let page = format!(
                "<!doctype html><title>done</title><p role=\"alert\">sent {}</p>",
                &done["/done?".len()..]
            );
            format!(
                "HTTP/1.1 429 Too Many Requests\r\ncontent-type: text/html\r\nretry-after: 42\r\n\
                 content-length: {}\r\nconnection: close\r\n\r\n{page}",
                page.len()
            )
        }
        _ => "HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n".into(),
    };
    write.write_all(response.as_bytes()).await?;
    write.shutdown().await
}

/// The error of a step that must fail, as text.
fn failure<T: std::fmt::Debug>(result: Result<T>) -> String {
    format!("{:#}", result.expect_err("the step fails"))
}

#[tokio::test]
async fn the_driver_fills_by_label_clicks_through_redirects_and_keeps_pages_apart() {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("binds");
    let base = format!("http://{}", listener.local_addr().expect("address"));
    tokio::spawn(serve(listener));

    let checked = tokio::task::spawn_blocking(move || -> Result<()> {
        let browser = Arc::new(Browser::launch()?);
        let page = browser.page()?;
        page.goto(&format!("{base}/form"))?;
        assert_eq!(page.status()?, 200);
        assert_eq!(page.url()?, format!("{base}/form"));

        // Labels: exact text, through `for`, and clear refusals otherwise.
        assert_eq!(
            page.labelled("Locked")?,
            Field {
                name: "locked".into(),
                value: "fixed@example.com".into(),
                read_only: true,
            }
        );
        let missing = failure(page.fill("Mail", "x"));
        assert!(missing.contains("0 <label>s read \"Mail\"") && missing.contains("Email"));
        assert!(failure(page.fill("Orphan", "x")).contains("has no for"));
        assert!(failure(page.fill("Gone", "x")).contains("not in the page"));
        assert!(failure(page.fill("Locked", "x")).contains("read-only"));
        assert!(failure(page.fill("Plan", "x")).contains("SELECT"));
        assert!(failure(page.select("Plan", "gold")).contains("[\"free\",\"pro\"]"));
        // An invalid form is not sent: the step says why instead of waiting.
        assert!(failure(page.click_button("Go")).contains("email"));
        assert!(failure(page.click_button("Rotate")).contains("2 buttons"));

        assert_eq!(
            page.attr_all("tr[data-key-id]", "data-key-id")?,
            ["key_1", "key_2"]
        );
        assert_eq!(page.texts("td:first-child")?, ["one", "two"]);
        assert_eq!(page.value("input[name=\"csrf\"]")?, "t0k");
        assert_eq!(
            page.faults()?,
            [
                "unlabelled input orphan",
                "refers to https://elsewhere.example/x"
            ]
        );
        let shot = page.screenshot("driver/form")?;
        assert!(shot.starts_with(artifacts_dir()));

        page.fill("Email", "a@b.example")?;
        page.select("Plan", "pro")?;
        page.click_button("Go")?;
        assert_eq!(page.status()?, 429);
        assert_eq!(page.response_header("Retry-After")?.as_deref(), Some("42"));
        assert_eq!(page.cookie("suite_session")?.as_deref(), Some("abc"));
        let sent = page.text_of("[role=alert]")?;
        assert!(
            sent.contains("csrf=t0k")
                && sent.contains("email=a%40b.example")
                && sent.contains("plan=pro"),
            "{sent}"
        );
        assert!(page.text()?.contains("sent csrf=t0k"));

        page.goto(&format!("{base}/form"))?;
        page.click_button_in_row("tr[data-key-id=\"key_2\"]", "Rotate")?;
        assert_eq!(page.url()?, format!("{base}/done?row=key_2"));
        assert!(failure(page.click_button_in_row("tr.none", "Rotate")).contains("nothing matches"));

        // Another page has cookies of its own.
        let other = browser.page()?;
        other.goto(&format!("{base}/form"))?;
        assert_eq!(other.cookie("suite_session")?, None);

        other.set_phone_viewport()?;
        other.goto(&format!("{base}/form"))?;
        let png = std::fs::read(other.screenshot("driver/form-phone")?)?;
        let decoded = png::Decoder::new(std::io::Cursor::new(png)).read_info()?;
        assert_eq!(decoded.info().width, 390 * 2);
        Ok(())
    })
    .await
    .expect("the browser thread");
    checked.expect("the driver works");
}
