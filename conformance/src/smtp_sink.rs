//! A minimal SMTP server for tests, on `127.0.0.1:0`: it accepts every message the server
//! under test sends (the portal's verification and reset mail), keeps each one — envelope and
//! raw data — and lets a test wait for the mail of one recipient and read its subject, its
//! plain text (decoded from 7bit, quoted-printable or base64, as lettre sends it) and its
//! links. It speaks just enough SMTP for a client without TLS or authentication.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use suite_server::portal::mail::{SmtpConfig, SmtpSecurity};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinHandle;

/// One message as it arrived.
#[derive(Debug, Clone)]
pub struct Message {
    /// The envelope's sender (`MAIL FROM`), without angle brackets.
    pub from: String,
    /// The envelope's recipients (`RCPT TO`), without angle brackets.
    pub recipients: Vec<String>,
    /// The data after `DATA`, dot-stuffing undone, up to the ending `.` line (excluded).
    pub data: String,
}

/// A message and whether [`SmtpSink::wait_for`] has handed it out.
type Received = Vec<(Message, bool)>;

/// The running sink; it stops listening when dropped.
pub struct SmtpSink {
    port: u16,
    received: Arc<Mutex<Received>>,
    accept: JoinHandle<()>,
}

impl SmtpSink {
    /// Listens on `127.0.0.1:0`.
    pub async fn start() -> SmtpSink {
        let listener = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("the SMTP sink binds a loopback port");
        let port = listener.local_addr().expect("the sink's address").port();
        let received = Arc::new(Mutex::new(Vec::new()));
        let store = received.clone();
        let accept = tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let store = store.clone();
                tokio::spawn(async move {
                    // A client that goes away mid-session loses only its own message.
                    let _ = session(stream, store).await;
                });
            }
        });
        SmtpSink {
            port,
            received,
            accept,
        }
    }

    /// The port it listens on (on 127.0.0.1).
    pub fn port(&self) -> u16 {
        self.port
    }

    /// The portal's `[portal.smtp]` that sends its mail here (plain SMTP on loopback).
    pub fn config(&self) -> SmtpConfig {
        SmtpConfig {
            host: "127.0.0.1".into(),
            port: self.port(),
            security: SmtpSecurity::None,
            username: None,
            password: None,
            from: "Suite <portal@localhost>".into(),
        }
    }

    /// Every message received so far, oldest first.
    pub fn messages(&self) -> Vec<Message> {
        self.lock().iter().map(|(m, _)| m.clone()).collect()
    }

    /// The oldest message to `recipient` (case-insensitive) not yet handed out by this
    /// method, waiting for it up to `within`; panics naming what did arrive otherwise.
    pub async fn wait_for(&self, recipient: &str, within: Duration) -> Message {
        let give_up = tokio::time::Instant::now() + within;
        loop {
            {
                let mut received = self.lock();
                let next = received.iter_mut().find(|(message, taken)| {
                    !*taken
                        && message
                            .recipients
                            .iter()
                            .any(|r| r.eq_ignore_ascii_case(recipient))
                });
                if let Some((message, taken)) = next {
                    *taken = true;
                    return message.clone();
                }
            }
            if tokio::time::Instant::now() >= give_up {
                let seen: Vec<_> = self
                    .messages()
                    .into_iter()
                    .map(|m| (m.subject(), m.recipients))
                    .collect();
                panic!("no new mail to {recipient} within {within:?}; received: {seen:?}");
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Received> {
        self.received
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        self.accept.abort();
    }
}

/// The address in `MAIL FROM:<a@b> SIZE=…` or `RCPT TO:<a@b>`, without brackets.
fn address(argument: &str) -> String {
    let after_colon = argument.split_once(':').map_or(argument, |(_, a)| a).trim();
    match (after_colon.find('<'), after_colon.find('>')) {
        (Some(open), Some(close)) if open < close => after_colon[open + 1..close].to_owned(),
        _ => after_colon
            .split_whitespace()
            .next()
            .unwrap_or_default()
            .to_owned(),
    }
}

/// One SMTP session, until `QUIT` or the client leaves.
async fn session(stream: TcpStream, store: Arc<Mutex<Received>>) -> std::io::Result<()> {
    let (read, mut write) = stream.into_split();
    let mut read = BufReader::new(read);
    write.write_all(b"220 localhost test SMTP sink\r\n").await?;
    let mut from: Option<String> = None;
    let mut recipients: Vec<String> = Vec::new();
    let mut line = Vec::new();
    loop {
        line.clear();
        if read.read_until(b'\n', &mut line).await? == 0 {
            return Ok(());
        }
        let command = String::from_utf8_lossy(&line);
        let command = command.trim_end_matches(['\r', '\n']);
        let (verb, argument) = command.split_once(' ').unwrap_or((command, ""));
        let reply: &[u8] = match verb.to_ascii_uppercase().as_str() {
            "EHLO" => b"250-localhost\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n",
            "HELO" => b"250 localhost\r\n",
            "MAIL" => {
                from = Some(address(argument));
                recipients.clear();
                b"250 OK\r\n"
            }
            "RCPT" if from.is_some() => {
                recipients.push(address(argument));
                b"250 OK\r\n"
            }
            "DATA" if from.is_some() && !recipients.is_empty() => {
                write
                    .write_all(b"354 End data with <CR><LF>.<CR><LF>\r\n")
                    .await?;
                let data = read_data(&mut read).await?;
                let message = Message {
                    from: from.take().unwrap_or_default(),
                    recipients: std::mem::take(&mut recipients),
                    data,
                };
                store
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .push((message, false));
                b"250 OK queued\r\n"
            }
            "RCPT" | "DATA" => b"503 Bad sequence of commands\r\n",
            "RSET" => {
                from = None;
                recipients.clear();
                b"250 OK\r\n"
            }
            "NOOP" => b"250 OK\r\n",
            "QUIT" => {
                write.write_all(b"221 Bye\r\n").await?;
                return Ok(());
            }
            _ => b"502 Command not implemented\r\n",
        };
        write.write_all(reply).await?;
    }
}

/// The data lines up to the lone `.`, dot-stuffing undone.
async fn read_data(
    read: &mut BufReader<tokio::net::tcp::OwnedReadHalf>,
) -> std::io::Result<String> {
    let mut data = Vec::new();
    let mut line = Vec::new();
    loop {
        line.clear();
        if read.read_until(b'\n', &mut line).await? == 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        if line == b".\r\n" || line == b".\n" {
            return Ok(String::from_utf8_lossy(&data).into_owned());
        }
        let unstuffed = line.strip_prefix(b".").unwrap_or(&line);
        data.extend_from_slice(unstuffed);
    }
}

impl Message {
    /// The `Subject` header, encoded words (RFC 2047) decoded.
    pub fn subject(&self) -> String {
        let (headers, _) = split_entity(&self.data);
        decode_words(&header(headers, "subject").unwrap_or_default())
    }

    /// The plain text: the body, or the first `text/plain` part of a multipart body,
    /// decoded from its transfer encoding, with `\n` line ends.
    pub fn text(&self) -> String {
        let (headers, body) = split_entity(&self.data);
        plain_text(headers, body).unwrap_or_default()
    }

    /// The http(s) URLs in [`Message::text`], in order.
    pub fn links(&self) -> Vec<String> {
        let text = self.text();
        let mut links = Vec::new();
        let mut rest = text.as_str();
        while let Some(start) = ["http://", "https://"]
            .iter()
            .filter_map(|scheme| rest.find(scheme))
            .min()
        {
            let tail = &rest[start..];
            let end = tail
                .find(|c: char| c.is_whitespace() || "<>\"'".contains(c))
                .unwrap_or(tail.len());
            let link = tail[..end].trim_end_matches(['.', ',', ';', ':', ')', ']', '!', '?']);
            links.push(link.to_owned());
            rest = &tail[end..];
        }
        links
    }
}

/// An entity's header block and body.
fn split_entity(entity: &str) -> (&str, &str) {
    for separator in ["\r\n\r\n", "\n\n"] {
        if let Some((headers, body)) = entity.split_once(separator) {
            return (headers, body);
        }
    }
    (entity, "")
}

/// The unfolded value of the header `name` (case-insensitive) in `headers`.
fn header(headers: &str, name: &str) -> Option<String> {
    let mut value: Option<String> = None;
    for line in headers.lines() {
        if line.starts_with([' ', '\t']) {
            if let Some(value) = value.as_mut() {
                value.push_str(line);
            }
            continue;
        }
        if value.is_some() {
            break;
        }
        if let Some((field, rest)) = line.split_once(':')
            && field.trim().eq_ignore_ascii_case(name)
        {
            value = Some(rest.trim().to_owned());
        }
    }
    value.map(|v| v.trim().to_owned())
}

/// The parameter `name` of a header value such as `multipart/alternative; boundary="x"`.
fn parameter(value: &str, name: &str) -> Option<String> {
    value.split(';').skip(1).find_map(|part| {
        let (key, v) = part.split_once('=')?;
        key.trim()
            .eq_ignore_ascii_case(name)
            .then(|| v.trim().trim_matches('"').to_owned())
    })
}

/// The decoded plain text of an entity, searching multipart bodies depth first.
fn plain_text(headers: &str, body: &str) -> Option<String> {
    let content_type = header(headers, "content-type").unwrap_or_else(|| "text/plain".into());
    let kind = content_type
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    if kind.starts_with("multipart/") {
        let delimiter = format!("--{}", parameter(&content_type, "boundary")?);
        return body
            .split(delimiter.as_str())
            .skip(1)
            .take_while(|part| !part.starts_with("--"))
            .find_map(|part| {
                let part = part.strip_prefix("\r\n").or(part.strip_prefix('\n'))?;
                let (headers, body) = split_entity(part);
                plain_text(headers, body)
            });
    }
    if kind != "text/plain" {
        return None;
    }
    let encoding = header(headers, "content-transfer-encoding")
        .unwrap_or_default()
        .to_ascii_lowercase();
    let bytes = match encoding.as_str() {
        "quoted-printable" => quoted_printable(body),
        "base64" => {
            let compact: String = body.chars().filter(|c| !c.is_whitespace()).collect();
            use base64::Engine as _;
            base64::engine::general_purpose::STANDARD
                .decode(compact)
                .ok()?
        }
        _ => body.as_bytes().to_vec(),
    };
    Some(String::from_utf8_lossy(&bytes).replace("\r\n", "\n"))
}

/// Quoted-printable decoded (RFC 2045 §6.7): `=XX` bytes, `=` at a line's end joins it to the
/// next, trailing white space dropped.
fn quoted_printable(text: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    let mut lines = text.split('\n').peekable();
    while let Some(line) = lines.next() {
        let line = line.trim_end_matches(['\r', ' ', '\t']);
        let (line, soft) = match line.strip_suffix('=') {
            Some(line) => (line, true),
            None => (line, false),
        };
        let bytes = line.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let hex = bytes
                .get(i + 1..i + 3)
                .and_then(|h| std::str::from_utf8(h).ok())
                .and_then(|h| u8::from_str_radix(h, 16).ok());
            match (bytes[i], hex) {
                (b'=', Some(byte)) => {
                    out.push(byte);
                    i += 3;
                }
                (byte, _) => {
                    out.push(byte);
                    i += 1;
                }
            }
        }
        if !soft && lines.peek().is_some() {
            out.extend_from_slice(b"\r\n");
        }
    }
    out
}

/// A header value with its RFC 2047 encoded words (`=?utf-8?b?…?=`, `=?utf-8?q?…?=`) decoded;
/// white space between two encoded words is dropped, as the RFC says.
fn decode_words(value: &str) -> String {
    let mut out = String::new();
    let mut rest = value;
    let mut after_word = false;
    while let Some(start) = rest.find("=?") {
        let decoded = encoded_word(&rest[start..]);
        let before = &rest[..start];
        match decoded {
            Some((text, length)) => {
                if !(after_word && before.trim().is_empty()) {
                    out.push_str(before);
                }
                out.push_str(&text);
                rest = &rest[start + length..];
                after_word = true;
            }
            None => {
                out.push_str(&rest[..start + 2]);
                rest = &rest[start + 2..];
                after_word = false;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The text of the encoded word `=?charset?enc?data?=` at the start of `word`, and its length.
fn encoded_word(word: &str) -> Option<(String, usize)> {
    let inner = word.strip_prefix("=?")?;
    let (_charset, inner) = inner.split_once('?')?;
    let (encoding, inner) = inner.split_once('?')?;
    let end = inner.find("?=")?;
    let data = &inner[..end];
    let bytes = match encoding.to_ascii_lowercase().as_str() {
        "b" => {
            use base64::Engine as _;
            base64::engine::general_purpose::STANDARD
                .decode(data)
                .ok()?
        }
        "q" => quoted_printable(&data.replace('_', " ")),
        _ => return None,
    };
    let length = word.len() - inner.len() + end + 2;
    Some((String::from_utf8_lossy(&bytes).into_owned(), length))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::AsyncReadExt;

    /// One reply, all its lines (the last has a space after its code).
    async fn reply(read: &mut BufReader<tokio::net::tcp::OwnedReadHalf>) -> String {
        let mut all = String::new();
        loop {
            let mut line = String::new();
            read.read_line(&mut line).await.expect("a reply");
            all.push_str(&line);
            if line.len() < 4 || line.as_bytes()[3] == b' ' {
                return all;
            }
        }
    }

    /// A client that sends `lines` one by one and reads the reply after each (the greeting
    /// first): the replies.
    async fn talk(port: u16, lines: &[&str]) -> Vec<String> {
        let stream = TcpStream::connect(("127.0.0.1", port))
            .await
            .expect("connects");
        let (read, mut write) = stream.into_split();
        let mut read = BufReader::new(read);
        let mut replies = Vec::new();
        replies.push(reply(&mut read).await);
        for line in lines {
            write.write_all(line.as_bytes()).await.expect("sends");
            replies.push(reply(&mut read).await);
        }
        let mut rest = String::new();
        let _ = read.read_to_string(&mut rest).await;
        replies
    }

    const QUOTED_PRINTABLE: &str = "From: Suite <portal@localhost>\r\n\
        To: jane@example.com\r\n\
        Subject: =?utf-8?q?Verify_your_email?=\r\n\
        MIME-Version: 1.0\r\n\
        Content-Type: text/plain; charset=utf-8\r\n\
        Content-Transfer-Encoding: quoted-printable\r\n\
        \r\n\
        Hello J=C3=A9r=C3=B4me,\r\n\
        \r\n\
        open http://127.0.0.1:8080/portal/verify?token=3Dabcdefghijklmnopqrstuvw=\r\n\
        xyz0123456789 to verify.\r\n\
        ..a line that began with a dot\r\n";

    const BASE64: &str = "From: Suite <portal@localhost>\r\n\
        To: joe@example.com\r\n\
        Subject: =?utf-8?b?UsOpaW5pdGlhbGlzZXI=?= =?utf-8?b?IGxlIG1vdCBkZSBwYXNzZQ==?=\r\n\
        Content-Type: text/plain; charset=utf-8\r\n\
        Content-Transfer-Encoding: base64\r\n\
        \r\n\
        UmVzZXQ6IGh0dHBzOi8vcG9ydGFsLmV4YW1wbGUvcG9ydGFsL3Jlc2V0L2NvbmZpcm0/dG9rZW49\r\n\
        eHl6IChvbmUgaG91cikuCg==\r\n";

    #[tokio::test]
    async fn it_keeps_each_message_and_decodes_its_text_and_links() {
        let sink = SmtpSink::start().await;
        let replies = talk(
            sink.port(),
            &[
                "EHLO client.test\r\n",
                "MAIL FROM:<portal@localhost>\r\n",
                "RCPT TO:<jane@example.com>\r\n",
                "RCPT TO:<copy@example.com>\r\n",
                "DATA\r\n",
                &format!("{QUOTED_PRINTABLE}.\r\n"),
                "RSET\r\n",
                "NOOP\r\n",
                "MAIL FROM:<portal@localhost> BODY=8BITMIME\r\n",
                "RCPT TO:<Joe@Example.com>\r\n",
                "DATA\r\n",
                &format!("{BASE64}.\r\n"),
                "HELP\r\n",
                "QUIT\r\n",
            ],
        )
        .await;
        let codes: Vec<&str> = replies.iter().map(|r| &r[..3]).collect();
        assert_eq!(
            codes,
            [
                "220", "250", "250", "250", "250", "354", "250", "250", "250", "250", "250", "354",
                "250", "502", "221"
            ],
            "{replies:?}"
        );
        assert!(replies[1].starts_with("250-"), "EHLO lists extensions");

        let first = sink
            .wait_for("jane@example.com", Duration::from_secs(5))
            .await;
        assert_eq!(first.from, "portal@localhost");
        assert_eq!(first.recipients, ["jane@example.com", "copy@example.com"]);
        assert_eq!(first.subject(), "Verify your email");
        assert_eq!(
            first.text(),
            "Hello Jérôme,\n\nopen http://127.0.0.1:8080/portal/verify?token=abcdefghijklmnopqrstuvwxyz0123456789 to verify.\n\
             .a line that began with a dot\n"
        );
        assert_eq!(
            first.links(),
            ["http://127.0.0.1:8080/portal/verify?token=abcdefghijklmnopqrstuvwxyz0123456789"]
        );
        assert!(first.data.contains("\r\n.a line that began"), "unstuffed");

        let second = sink
            .wait_for("joe@example.com", Duration::from_secs(5))
            .await;
        assert_eq!(second.subject(), "Réinitialiser le mot de passe");
        assert_eq!(
            second.text(),
            "Reset: https://portal.example/portal/reset/confirm?token=xyz (one hour).\n"
        );
        assert_eq!(
            second.links(),
            ["https://portal.example/portal/reset/confirm?token=xyz"]
        );
        assert_eq!(sink.messages().len(), 2);
    }

    #[tokio::test]
    async fn a_message_is_handed_out_once_and_waiting_is_bounded() {
        let sink = SmtpSink::start().await;
        talk(
            sink.port(),
            &[
                "HELO client.test\r\n",
                "MAIL FROM:<a@localhost>\r\n",
                "RCPT TO:<b@example.com>\r\n",
                "DATA\r\n",
                "Subject: one\r\n\r\nplain 7bit\r\n.\r\n",
                "QUIT\r\n",
            ],
        )
        .await;
        let message = sink.wait_for("b@example.com", Duration::from_secs(5)).await;
        assert_eq!(message.text(), "plain 7bit\n");
        assert!(message.links().is_empty());
        let again = tokio::spawn(async move {
            sink.wait_for("b@example.com", Duration::from_millis(200))
                .await
        });
        assert!(again.await.is_err(), "no second message: the wait panics");
    }

    #[test]
    fn a_multipart_message_gives_its_plain_part() {
        let message = Message {
            from: String::new(),
            recipients: Vec::new(),
            data: "Subject: x\r\nContent-Type: multipart/alternative;\r\n boundary=\"b1\"\r\n\r\n\
                   --b1\r\nContent-Type: text/html\r\n\r\n<p>html</p>\r\n\
                   --b1\r\nContent-Type: text/plain; charset=utf-8\r\n\
                   Content-Transfer-Encoding: 7bit\r\n\r\nsee https://x.test/a.\r\n--b1--\r\n"
                .into(),
        };
        assert_eq!(message.text(), "see https://x.test/a.\n");
        assert_eq!(message.links(), ["https://x.test/a"]);
    }
}
