//! A slog drain that writes each record as one bunyan JSON line (`msg`, `v`, `name`, `level`,
//! `time`, `hostname`, `pid`, then the logger's and the record's values, numbers kept as
//! numbers) straight into a reused per-thread buffer, then hands the line to the batch.

use std::cell::RefCell;
use std::fmt::{self, Write as _};
use std::io::Write;

use chrono::{Datelike, Timelike, Utc};
use slog::{KV, Key, Level, OwnedKVList, Record, Serializer};

use super::batch::Batch;

/// Formats records for `batch`.
pub struct Bunyan<W: Write> {
    /// `,"v":0,"name":"…","level":` — what follows the message up to the level.
    after_msg: String,
    /// `,"hostname":"…","pid":…` — what follows the time.
    after_time: String,
    batch: Batch<W>,
}

impl<W: Write> Bunyan<W> {
    pub fn new(name: &str, batch: Batch<W>) -> Bunyan<W> {
        let hostname = std::fs::read_to_string("/proc/sys/kernel/hostname")
            .ok()
            .or_else(|| std::env::var("HOSTNAME").ok())
            .map(|h| h.trim().to_owned())
            .unwrap_or_default();
        let mut after_msg = String::from(r#","v":0,"name":"#);
        push_json_str(&mut after_msg, name);
        after_msg.push_str(r#","level":"#);
        let mut after_time = String::from(r#","hostname":"#);
        push_json_str(&mut after_time, &hostname);
        let _ = write!(after_time, r#","pid":{}"#, std::process::id());
        Bunyan {
            after_msg,
            after_time,
            batch,
        }
    }

    fn format(&self, line: &mut String, record: &Record, values: &OwnedKVList) {
        line.push_str(r#"{"msg":"#);
        push_json_fmt(line, record.msg());
        line.push_str(&self.after_msg);
        line.push_str(bunyan_level(record.level()));
        line.push_str(r#","time":"#);
        push_time(line);
        line.push_str(&self.after_time);
        let mut fields = Fields(line);
        // Neither can fail: the serializer only appends to a String.
        let _ = values.serialize(record, &mut fields);
        let _ = record.kv().serialize(record, &mut fields);
        line.push_str("}\n");
    }
}

thread_local! {
    static LINE: RefCell<String> = RefCell::new(String::with_capacity(1024));
}

impl<W: Write> slog::Drain for Bunyan<W> {
    type Ok = ();
    type Err = slog::Never;

    /// A line that cannot be written is dropped: logging never fails a request.
    fn log(&self, record: &Record, values: &OwnedKVList) -> Result<(), slog::Never> {
        let write = |line: &mut String| {
            line.clear();
            self.format(line, record, values);
            let _ = self.batch.push(line.as_bytes());
        };
        LINE.with(|cell| match cell.try_borrow_mut() {
            Ok(mut line) => write(&mut line),
            // Logging from inside a value's formatting: use a buffer of its own.
            Err(_) => write(&mut String::new()),
        });
        Ok(())
    }
}

/// Bunyan's numeric levels.
fn bunyan_level(level: Level) -> &'static str {
    match level {
        Level::Critical => "60",
        Level::Error => "50",
        Level::Warning => "40",
        Level::Info => "30",
        Level::Debug => "20",
        Level::Trace => "10",
    }
}

thread_local! {
    /// The last second this thread formatted (Unix seconds, `"YYYY-MM-DDTHH:MM:SS.`).
    static SECOND: RefCell<(i64, String)> = const { RefCell::new((i64::MIN, String::new())) };
}

/// The current time, RFC 3339 in UTC with microseconds, as a JSON string. The part up to the
/// second is formatted once per second per thread.
fn push_time(line: &mut String) {
    let now = Utc::now();
    let micros = (now.nanosecond() / 1_000).min(999_999);
    SECOND.with(|cell| {
        let mut second = cell.borrow_mut();
        if second.0 != now.timestamp() {
            second.1.clear();
            let _ = write!(
                second.1,
                "\"{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.",
                now.year(),
                now.month(),
                now.day(),
                now.hour(),
                now.minute(),
                now.second(),
            );
            second.0 = now.timestamp();
        }
        line.push_str(&second.1);
    });
    let _ = write!(line, "{micros:06}Z\"");
}

/// Appends `text` as a JSON string.
fn push_json_str(line: &mut String, text: &str) {
    line.push('"');
    let _ = Escaped(line).write_str(text);
    line.push('"');
}

/// Appends formatted text as a JSON string, without formatting it anywhere else first.
fn push_json_fmt(line: &mut String, args: &fmt::Arguments) {
    match args.as_str() {
        Some(text) => push_json_str(line, text),
        None => {
            line.push('"');
            let _ = Escaped(line).write_fmt(*args);
            line.push('"');
        }
    }
}

/// Escapes what is written to it for the inside of a JSON string.
struct Escaped<'a>(&'a mut String);

impl fmt::Write for Escaped<'_> {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        if !text.bytes().any(|b| b < 0x20 || b == b'"' || b == b'\\') {
            self.0.push_str(text);
            return Ok(());
        }
        let mut plain = 0;
        for (i, byte) in text.bytes().enumerate() {
            let escape = match byte {
                b'"' => "\\\"",
                b'\\' => "\\\\",
                b'\n' => "\\n",
                b'\r' => "\\r",
                b'\t' => "\\t",
                0..=0x1f => "",
                _ => continue,
            };
            self.0.push_str(&text[plain..i]);
            if escape.is_empty() {
                let _ = write!(self.0, "\\u{byte:04x}");
            } else {
                self.0.push_str(escape);
            }
            plain = i + 1;
        }
        self.0.push_str(&text[plain..]);
        Ok(())
    }
}

/// Appends `,"key":value` for each value, keeping numbers, booleans and nothing as JSON's.
struct Fields<'a>(&'a mut String);

impl Fields<'_> {
    fn key(&mut self, key: Key) {
        self.0.push(',');
        push_json_str(self.0, key.as_str());
        self.0.push(':');
    }

    fn raw(&mut self, key: Key, value: impl fmt::Display) -> slog::Result {
        self.key(key);
        let _ = write!(self.0, "{value}");
        Ok(())
    }

    /// A float that JSON can hold is a number; NaN and the infinities become strings.
    fn float(&mut self, key: Key, value: f64) -> slog::Result {
        if value.is_finite() {
            self.raw(key, value)
        } else {
            self.key(key);
            push_json_str(self.0, &value.to_string());
            Ok(())
        }
    }
}

macro_rules! numbers {
    ($($method:ident: $type:ty),*) => {
        $(fn $method(&mut self, key: Key, value: $type) -> slog::Result {
            self.raw(key, value)
        })*
    };
}

impl Serializer for Fields<'_> {
    fn emit_arguments(&mut self, key: Key, value: &fmt::Arguments) -> slog::Result {
        self.key(key);
        push_json_fmt(self.0, value);
        Ok(())
    }

    fn emit_str(&mut self, key: Key, value: &str) -> slog::Result {
        self.key(key);
        push_json_str(self.0, value);
        Ok(())
    }

    numbers!(
        emit_usize: usize, emit_isize: isize, emit_u8: u8, emit_i8: i8, emit_u16: u16,
        emit_i16: i16, emit_u32: u32, emit_i32: i32, emit_u64: u64, emit_i64: i64,
        emit_u128: u128, emit_i128: i128, emit_bool: bool
    );

    fn emit_f32(&mut self, key: Key, value: f32) -> slog::Result {
        self.float(key, f64::from(value))
    }

    fn emit_f64(&mut self, key: Key, value: f64) -> slog::Result {
        self.float(key, value)
    }

    fn emit_unit(&mut self, key: Key) -> slog::Result {
        self.raw(key, "null")
    }

    fn emit_none(&mut self, key: Key) -> slog::Result {
        self.raw(key, "null")
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use serde_json::Value;
    use slog::Drain;

    use super::super::batch::tests::Sink;
    use super::*;

    /// Logs through a fresh drain and returns the one line it wrote, parsed.
    fn logged(log: impl FnOnce(&slog::Logger)) -> (String, Value) {
        let sink = Sink::default();
        let drain = Bunyan::new("suite", Batch::start(sink.clone()).unwrap()).fuse();
        let logger = slog::Logger::root(drain, slog::o!("local_addr" => "127.0.0.1:80"));
        log(&logger);
        drop(logger);
        let text = sink.text();
        assert_eq!(text.lines().count(), 1, "one line per record: {text:?}");
        assert!(text.ends_with('\n'));
        let value = serde_json::from_str(&text).expect("a JSON line");
        (text, value)
    }

    #[test]
    fn a_record_is_one_bunyan_line_with_typed_values() {
        let (_, line) = logged(|log| {
            let request = log.new(slog::o!("req_id" => "r-1".to_owned(), "method" => "POST"));
            slog::info!(request, "request completed";
                "response_code" => 200u16, "latency_us" => 1234u128, "cached" => true,
                "ratio" => 0.5f64, "missing" => None::<u32>, "bad" => f64::NAN);
        });
        assert_eq!(line["msg"], "request completed");
        assert_eq!(line["v"], 0);
        assert_eq!(line["name"], "suite");
        assert_eq!(line["level"], 30);
        assert_eq!(line["pid"], std::process::id());
        assert!(line["hostname"].is_string());
        assert_eq!(line["req_id"], "r-1");
        assert_eq!(line["method"], "POST");
        assert_eq!(line["local_addr"], "127.0.0.1:80");
        assert_eq!(line["response_code"], 200);
        assert_eq!(line["latency_us"], 1234);
        assert_eq!(line["cached"], true);
        assert_eq!(line["ratio"], 0.5);
        assert_eq!(line["missing"], Value::Null);
        assert_eq!(line["bad"], "NaN");
        let time = line["time"].as_str().unwrap();
        let parsed = chrono::DateTime::parse_from_rfc3339(time).expect("RFC 3339 time");
        let age = Utc::now().signed_duration_since(parsed);
        assert!(age >= chrono::Duration::zero() && age.to_std().unwrap() < Duration::from_secs(60));
    }

    #[test]
    fn strings_are_escaped_and_formatted_messages_kept_whole() {
        let nasty = "quote \" backslash \\ newline \n tab \t bell \u{7} é 漢 \u{2028}";
        let (text, line) = logged(|log| {
            slog::warn!(log, "rejected {} of {}", 3, "files \"x\""; "detail" => nasty,
                "display" => %format_args!("a{}b", '\n'));
        });
        assert_eq!(line["msg"], "rejected 3 of files \"x\"");
        assert_eq!(line["level"], 40);
        assert_eq!(line["detail"], nasty);
        assert_eq!(line["display"], "a\nb");
        assert!(
            text.contains(r"\u0007"),
            "control characters are escaped: {text}"
        );
    }

    #[test]
    fn the_time_follows_the_clock_across_seconds() {
        let time = || {
            let mut line = String::new();
            push_time(&mut line);
            let text = serde_json::from_str::<String>(&line).expect("a JSON string");
            chrono::DateTime::parse_from_rfc3339(&text).expect("RFC 3339 time")
        };
        let first = time();
        std::thread::sleep(Duration::from_millis(1100));
        let elapsed = time().signed_duration_since(first);
        assert!(
            elapsed >= chrono::Duration::milliseconds(1100)
                && elapsed < chrono::Duration::seconds(30),
            "{elapsed}"
        );
    }

    #[test]
    fn every_level_has_its_bunyan_number() {
        for (level, number) in [
            (Level::Critical, 60),
            (Level::Error, 50),
            (Level::Warning, 40),
            (Level::Info, 30),
            (Level::Debug, 20),
            (Level::Trace, 10),
        ] {
            assert_eq!(bunyan_level(level).parse::<u32>().unwrap(), number);
        }
    }
}
