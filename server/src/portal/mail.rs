//! The portal's outgoing mail (verification and password-reset links): over SMTP when
//! `[portal.smtp]` is configured, else one line in the operator's log with the link, so a
//! deployment without a mail server still works.
//!
//! Only the one-time link reaches the log; never a password (the SMTP password is kept out
//! of `Debug` too).
//!
//! SMTP goes through lettre's async transport on tokio, over rustls on the aws-lc-rs provider
//! the server already builds, checking the server's certificate against the platform's
//! roots. One connection per mail (portal mail is rare: no pool), and a send either finishes
//! within [`SEND_TIMEOUT`] or fails.

use std::fmt;
use std::time::Duration;

use anyhow::Context;
use lettre::message::header::ContentType;
use lettre::message::{Mailbox, Message};
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use rand::RngCore;
use serde::{Deserialize, Deserializer};
use slog::Logger;

/// The longest a send may take: connecting, TLS, and the whole SMTP exchange.
pub const SEND_TIMEOUT: Duration = Duration::from_secs(10);

/// How the connection to the SMTP server is protected.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SmtpSecurity {
    /// Plain text: only for a relay on the same host or a test server.
    None,
    /// Plain connection upgraded with STARTTLS, which is required (submission, port 587).
    #[default]
    Starttls,
    /// TLS from the first byte (submissions, port 465: set `port = 465`).
    Tls,
}

/// The `[portal.smtp]` section. Absent: mail goes to the log.
#[derive(Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SmtpConfig {
    pub host: String,
    /// 587 (submission with STARTTLS) unless set.
    #[serde(default = "default_port")]
    pub port: u16,
    #[serde(default)]
    pub security: SmtpSecurity,
    /// Login, when the server wants one; `""` counts as none.
    #[serde(default, deserialize_with = "empty_is_none")]
    pub username: Option<String>,
    #[serde(default, deserialize_with = "empty_is_none")]
    pub password: Option<String>,
    /// The sender, e.g. `Suite <portal@example.com>`.
    pub from: String,
}

fn default_port() -> u16 {
    587
}

fn empty_is_none<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<String>, D::Error> {
    let value = Option::<String>::deserialize(deserializer)?;
    Ok(value.filter(|v| !v.is_empty()))
}

impl fmt::Debug for SmtpConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SmtpConfig")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("security", &self.security)
            .field("username", &self.username)
            .field("password", &self.password.as_ref().map(|_| "<redacted>"))
            .field("from", &self.from)
            .finish()
    }
}

/// One mail: plain text holding a one-time link.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mail {
    pub to: String,
    pub subject: String,
    /// The body; the link is added on a line of its own if the text does not hold it.
    pub text: String,
    /// The one-time link the mail carries (the only part the log fallback writes besides
    /// the recipient and subject).
    pub link: String,
}

/// Sends the portal's mail, or logs it when no SMTP server is configured.
pub struct Mailer {
    smtp: Option<Smtp>,
    log: Logger,
}

struct Smtp {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
    /// `host:port`, for errors and the log.
    server: String,
    timeout: Duration,
}

impl fmt::Debug for Mailer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let server = self.smtp.as_ref().map(|smtp| smtp.server.as_str());
        f.debug_struct("Mailer").field("smtp", &server).finish()
    }
}

impl Mailer {
    /// A mailer over `smtp`, or one writing links to `log` when `None`. Fails on a `from`
    /// that is not a mailbox or a TLS set-up that cannot be built (no network is touched).
    pub fn new(smtp: Option<SmtpConfig>, log: Logger) -> anyhow::Result<Mailer> {
        Self::with_timeout(smtp, log, SEND_TIMEOUT)
    }

    fn with_timeout(
        smtp: Option<SmtpConfig>,
        log: Logger,
        timeout: Duration,
    ) -> anyhow::Result<Mailer> {
        let smtp = match smtp {
            None => None,
            Some(config) => Some(Smtp::new(config, timeout)?),
        };
        Ok(Mailer { smtp, log })
    }

    /// Whether mail really leaves (an SMTP server is configured).
    pub fn sends_mail(&self) -> bool {
        self.smtp.is_some()
    }

    /// Sends `mail` through the SMTP server, or logs it when there is none.
    pub async fn send(&self, mail: Mail) -> anyhow::Result<()> {
        let Some(smtp) = &self.smtp else {
            slog::info!(
                self.log,
                "mail not sent: no SMTP server is configured ([portal.smtp])";
                "to" => mail.to.as_str(),
                "subject" => mail.subject.as_str(),
                "link" => mail.link.as_str(),
            );
            return Ok(());
        };
        let message = build_message(&smtp.from, &mail)?;
        let failed = || format!("sending mail to {} through {}", mail.to, smtp.server);
        match tokio::time::timeout(smtp.timeout, smtp.transport.send(message)).await {
            Ok(Ok(_)) => {
                slog::info!(
                    self.log,
                    "mail sent";
                    "to" => mail.to.as_str(),
                    "subject" => mail.subject.as_str(),
                    "server" => smtp.server.as_str(),
                );
                Ok(())
            }
            Ok(Err(error)) => Err(anyhow::Error::new(error).context(failed())),
            Err(_) => Err(anyhow::anyhow!(
                "{}: no answer within {} s",
                failed(),
                smtp.timeout.as_secs_f64()
            )),
        }
    }
}

impl Smtp {
    fn new(config: SmtpConfig, timeout: Duration) -> anyhow::Result<Smtp> {
        let from: Mailbox = config
            .from
            .parse()
            .with_context(|| format!("[portal.smtp] from = {:?} is not a mailbox", config.from))?;
        let server = format!("{}:{}", config.host, config.port);
        let builder = match config.security {
            SmtpSecurity::None => {
                AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(config.host.as_str())
            }
            SmtpSecurity::Starttls => {
                AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(&config.host)
                    .with_context(|| format!("STARTTLS to {server}"))?
            }
            SmtpSecurity::Tls => AsyncSmtpTransport::<Tokio1Executor>::relay(&config.host)
                .with_context(|| format!("TLS to {server}"))?,
        };
        let mut builder = builder.port(config.port).timeout(Some(timeout));
        if let Some(username) = config.username {
            builder =
                builder.credentials(Credentials::new(username, config.password.unwrap_or_default()));
        }
        Ok(Smtp {
            transport: builder.build(),
            from,
            server,
            timeout,
        })
    }
}

/// The message for `mail` from `from`: plain UTF-8 text, a Message-ID in the sender's domain.
fn build_message(from: &Mailbox, mail: &Mail) -> anyhow::Result<Message> {
    let to: Mailbox = mail
        .to
        .parse()
        .with_context(|| format!("{:?} is not a mailbox", mail.to))?;
    let mut text = mail.text.clone();
    if !text.contains(&mail.link) {
        if !text.is_empty() && !text.ends_with('\n') {
            text.push('\n');
        }
        text.push('\n');
        text.push_str(&mail.link);
        text.push('\n');
    }
    let mut id = [0u8; 16];
    rand::rng().fill_bytes(&mut id);
    let id: String = id.iter().map(|b| format!("{b:02x}")).collect();
    Message::builder()
        .from(from.clone())
        .to(to)
        .subject(mail.subject.as_str())
        .message_id(Some(format!("<{id}@{}>", from.email.domain())))
        .header(ContentType::TEXT_PLAIN)
        .body(text)
        .context("building the mail")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    fn mail(link: &str) -> Mail {
        Mail {
            to: "Jane Doe <jane@example.com>".into(),
            subject: "Verify your email".into(),
            text: format!("Welcome to the suite.\n\nOpen this link to verify your email:\n{link}\n"),
            link: link.into(),
        }
    }

    /// The decoded body of a formatted single-part message (quoted-printable or not).
    fn body_of(formatted: &str) -> String {
        let (headers, body) = formatted.split_once("\r\n\r\n").expect("headers and body");
        if !headers.contains("Content-Transfer-Encoding: quoted-printable") {
            return body.to_owned();
        }
        let body = body.replace("=\r\n", "");
        let mut out = Vec::new();
        let bytes = body.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] == b'=' && i + 2 < bytes.len() {
                let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).expect("ascii");
                out.push(u8::from_str_radix(hex, 16).expect("hex"));
                i += 3;
            } else {
                out.push(bytes[i]);
                i += 1;
            }
        }
        String::from_utf8(out).expect("utf-8")
    }

    #[test]
    fn message_has_sender_recipient_subject_and_link() {
        let link = "https://portal.example.com/portal/verify?token=AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcdefg";
        let from: Mailbox = "Suite <portal@example.com>".parse().expect("a mailbox");
        let message = build_message(&from, &mail(link)).expect("a message");
        let formatted = String::from_utf8(message.formatted()).expect("utf-8");
        assert!(formatted.contains("From: Suite <portal@example.com>\r\n"), "{formatted}");
        assert!(formatted.contains("To: \"Jane Doe\" <jane@example.com>\r\n") || formatted.contains("To: Jane Doe <jane@example.com>\r\n"), "{formatted}");
        assert!(formatted.contains("Subject: Verify your email\r\n"), "{formatted}");
        assert!(formatted.contains("Content-Type: text/plain; charset=utf-8\r\n"), "{formatted}");
        assert!(formatted.contains("@example.com>\r\n"), "Message-ID in the sender's domain");
        let body = body_of(&formatted);
        assert!(body.contains(link), "{body}");
        assert!(body.contains("Open this link to verify your email:"));
    }

    #[test]
    fn link_added_when_the_text_lacks_it() {
        let from: Mailbox = "portal@example.com".parse().expect("a mailbox");
        let mut m = mail("https://h/portal/reset/confirm?token=T");
        m.text = "Reset your password:".into();
        let formatted = String::from_utf8(build_message(&from, &m).expect("a message").formatted())
            .expect("utf-8");
        assert!(body_of(&formatted).contains("Reset your password:\r\n\r\nhttps://h/portal/reset/confirm?token=T\r\n"));
    }

    #[test]
    fn bad_recipient_refused() {
        let from: Mailbox = "portal@example.com".parse().expect("a mailbox");
        let mut m = mail("https://h/x");
        m.to = "not an address".into();
        assert!(build_message(&from, &m).is_err());
    }

    /// A slog drain keeping each record as `LEVEL message key=value...`.
    #[derive(Clone, Default)]
    struct Capture(Arc<Mutex<Vec<String>>>);

    impl slog::Drain for Capture {
        type Ok = ();
        type Err = slog::Never;
        fn log(&self, record: &slog::Record<'_>, _: &slog::OwnedKVList) -> Result<(), slog::Never> {
            struct Line<'a>(&'a mut String);
            impl slog::Serializer for Line<'_> {
                fn emit_arguments(&mut self, key: slog::Key, value: &fmt::Arguments<'_>) -> slog::Result {
                    use std::fmt::Write as _;
                    let _ = write!(self.0, " {key}={value}");
                    Ok(())
                }
            }
            let mut line = format!("{} {}", record.level().as_short_str(), record.msg());
            let _ = slog::KV::serialize(&record.kv(), record, &mut Line(&mut line));
            self.0.lock().expect("not poisoned").push(line);
            Ok(())
        }
    }

    #[tokio::test]
    async fn without_smtp_the_link_goes_to_the_log() {
        let capture = Capture::default();
        let log = Logger::root(capture.clone(), slog::o!());
        let mailer = Mailer::new(None, log).expect("a mailer");
        assert!(!mailer.sends_mail());
        mailer
            .send(mail("http://127.0.0.1:8080/portal/verify?token=XYZ"))
            .await
            .expect("logged");
        let lines = capture.0.lock().expect("not poisoned").clone();
        assert_eq!(lines.len(), 1, "{lines:?}");
        let line = &lines[0];
        assert!(line.starts_with("INFO mail not sent: no SMTP server is configured"), "{line}");
        assert!(line.contains(" to=Jane Doe <jane@example.com>"), "{line}");
        assert!(line.contains(" subject=Verify your email"), "{line}");
        assert!(line.contains(" link=http://127.0.0.1:8080/portal/verify?token=XYZ"), "{line}");
        assert!(!line.contains("Welcome"), "the body is not logged: {line}");
    }

    fn config(port: u16) -> SmtpConfig {
        SmtpConfig {
            host: "127.0.0.1".into(),
            port,
            security: SmtpSecurity::None,
            username: None,
            password: None,
            from: "Suite <portal@localhost>".into(),
        }
    }

    /// A one-connection SMTP server on loopback answering everything with success; gives
    /// the commands it received and the message's data.
    async fn fake_smtp() -> (u16, tokio::task::JoinHandle<(Vec<String>, String)>) {
        use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let port = listener.local_addr().expect("an address").port();
        let server = tokio::spawn(async move {
            let (stream, _) = listener.accept().await.expect("a connection");
            let (read, mut write) = stream.into_split();
            let mut lines = BufReader::new(read).lines();
            write.write_all(b"220 fake ESMTP\r\n").await.expect("greet");
            let (mut commands, mut data) = (Vec::new(), String::new());
            while let Some(line) = lines.next_line().await.expect("a line") {
                commands.push(line.clone());
                let verb = line.split(' ').next().unwrap_or("").to_ascii_uppercase();
                let answer: &[u8] = match verb.as_str() {
                    "EHLO" => b"250 fake\r\n",
                    "DATA" => {
                        write.write_all(b"354 go on\r\n").await.expect("354");
                        while let Some(line) = lines.next_line().await.expect("data") {
                            if line == "." {
                                break;
                            }
                            data.push_str(&line);
                            data.push_str("\r\n");
                        }
                        b"250 queued\r\n"
                    }
                    "QUIT" => {
                        write.write_all(b"221 bye\r\n").await.expect("221");
                        break;
                    }
                    _ => b"250 ok\r\n",
                };
                write.write_all(answer).await.expect("answer");
            }
            (commands, data)
        });
        (port, server)
    }

    #[tokio::test]
    async fn sends_through_an_smtp_server() {
        let (port, server) = fake_smtp().await;
        let capture = Capture::default();
        let log = Logger::root(capture.clone(), slog::o!());
        let mailer = Mailer::new(Some(config(port)), log).expect("a mailer");
        assert!(mailer.sends_mail());
        let link = "http://127.0.0.1/portal/reset/confirm?token=abc";
        mailer.send(mail(link)).await.expect("sent");
        drop(mailer);
        let (commands, data) = server.await.expect("the server");
        assert!(commands.iter().any(|c| c == "MAIL FROM:<portal@localhost>"), "{commands:?}");
        assert!(commands.iter().any(|c| c == "RCPT TO:<jane@example.com>"), "{commands:?}");
        assert!(data.contains("Subject: Verify your email\r\n"), "{data}");
        assert!(body_of(&data).contains(link), "{data}");
        let lines = capture.0.lock().expect("not poisoned").clone();
        assert!(lines.iter().any(|l| l.starts_with("INFO mail sent")), "{lines:?}");
        assert!(lines.iter().all(|l| !l.contains(link)), "the link is not logged once sent");
    }

    #[tokio::test]
    async fn a_silent_server_times_out() {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let port = listener.local_addr().expect("an address").port();
        let held = tokio::spawn(async move { listener.accept().await });
        let log = Logger::root(slog::Discard, slog::o!());
        let mailer = Mailer::with_timeout(Some(config(port)), log, Duration::from_millis(300))
            .expect("a mailer");
        let error = mailer.send(mail("http://h/x")).await.expect_err("no greeting");
        let message = format!("{error:#}");
        assert!(message.contains(&format!("through 127.0.0.1:{port}")), "{message}");
        held.abort();
    }

    #[test]
    fn tls_transports_build_without_network() {
        for security in [SmtpSecurity::Starttls, SmtpSecurity::Tls] {
            let smtp = SmtpConfig {
                security,
                host: "smtp.example.com".into(),
                ..config(587)
            };
            let log = Logger::root(slog::Discard, slog::o!());
            Mailer::new(Some(smtp), log).expect("a TLS mailer");
        }
        let bad_from = SmtpConfig {
            from: "nobody".into(),
            ..config(25)
        };
        let log = Logger::root(slog::Discard, slog::o!());
        assert!(Mailer::new(Some(bad_from), log).is_err());
    }

    #[derive(Debug, Deserialize)]
    struct Section {
        smtp: Option<SmtpConfig>,
    }

    #[test]
    fn config_defaults() {
        let section: Section = toml::from_str(
            "[smtp]\nhost = \"mail.example.com\"\nfrom = \"Suite <portal@example.com>\"\n",
        )
        .expect("parses");
        let smtp = section.smtp.expect("a section");
        assert_eq!(smtp.port, 587);
        assert_eq!(smtp.security, SmtpSecurity::Starttls);
        assert_eq!((smtp.username, smtp.password), (None, None));
        let absent: Section = toml::from_str("").expect("parses");
        assert!(absent.smtp.is_none());
    }

    #[test]
    fn config_in_full_as_the_spec_shows_it() {
        let smtp: SmtpConfig = toml::from_str(
            "host = \"127.0.0.1\"\nport = 2525\nsecurity = \"none\"\nusername = \"\"\n\
             password = \"\"\nfrom = \"Suite <portal@localhost>\"\n",
        )
        .expect("parses");
        assert_eq!(smtp, config(2525));
        let smtp: SmtpConfig = toml::from_str(
            "host = \"h\"\nsecurity = \"tls\"\nport = 465\nusername = \"u\"\npassword = \"hunter2\"\nfrom = \"a@b.c\"\n",
        )
        .expect("parses");
        assert_eq!(smtp.security, SmtpSecurity::Tls);
        assert_eq!(smtp.username.as_deref(), Some("u"));
        assert_eq!(smtp.password.as_deref(), Some("hunter2"));
        let debug = format!("{smtp:?}");
        assert!(!debug.contains("hunter2"), "{debug}");
    }

    #[test]
    fn config_refuses_unknown_keys_and_values() {
        let unknown = toml::from_str::<SmtpConfig>("host = \"h\"\nfrom = \"a@b.c\"\nsecure = true\n")
            .expect_err("an unknown key");
        assert!(unknown.to_string().contains("secure"), "{unknown}");
        assert!(toml::from_str::<SmtpConfig>("host = \"h\"\nfrom = \"a@b.c\"\nsecurity = \"ssl\"\n").is_err());
        assert!(toml::from_str::<SmtpConfig>("from = \"a@b.c\"\n").is_err(), "host is required");
    }
}
