//! The few pieces of PDF syntax the forensics need, read from untrusted bytes with fixed
//! bounds: dictionaries (`<< /Key value … >>`), string objects (literal with escapes, hex),
//! text strings (UTF-16BE with BOM, UTF-8 with BOM, else PDFDocEncoding read as Latin-1),
//! references (`12 0 R`) and dates (`D:YYYYMMDDHHmmSS+HH'mm'`, and XMP's ISO 8601).

use chrono::{FixedOffset, NaiveDate, NaiveDateTime, NaiveTime, TimeZone};

/// Bytes of one string object read at most (Info values are short).
pub const MAX_STRING_BYTES: usize = 16 * 1024;
/// Entries of one dictionary read at most.
pub const MAX_DICTIONARY_ENTRIES: usize = 512;
/// Nesting of dictionaries and arrays followed at most.
pub const MAX_NESTING: usize = 32;

fn is_whitespace(byte: u8) -> bool {
    matches!(byte, b'\0' | b'\t' | b'\n' | b'\x0c' | b'\r' | b' ')
}

fn is_delimiter(byte: u8) -> bool {
    matches!(
        byte,
        b'(' | b')' | b'<' | b'>' | b'[' | b']' | b'{' | b'}' | b'/' | b'%'
    )
}

fn is_regular(byte: u8) -> bool {
    !is_whitespace(byte) && !is_delimiter(byte)
}

/// The position of the first byte at or after `position` that is not whitespace or part of
/// a comment.
pub fn skip_whitespace(bytes: &[u8], mut position: usize) -> usize {
    while let Some(&byte) = bytes.get(position) {
        if is_whitespace(byte) {
            position += 1;
        } else if byte == b'%' {
            while bytes
                .get(position)
                .is_some_and(|b| *b != b'\n' && *b != b'\r')
            {
                position += 1;
            }
        } else {
            break;
        }
    }
    position
}

fn skip_regular(bytes: &[u8], mut position: usize) -> usize {
    while bytes.get(position).copied().is_some_and(is_regular) {
        position += 1;
    }
    position
}

/// The end (exclusive) of the value starting at `position`, or `None` when it is malformed
/// or too deep.
fn skip_value(bytes: &[u8], position: usize, depth: usize) -> Option<usize> {
    if depth > MAX_NESTING {
        return None;
    }
    match bytes.get(position)? {
        b'(' => literal_string(bytes, position).map(|(_, end)| end),
        b'<' if bytes.get(position + 1) == Some(&b'<') => {
            dictionary_end(bytes, position, depth + 1)
        }
        b'<' => hex_string(bytes, position).map(|(_, end)| end),
        b'[' => {
            let mut cursor = position + 1;
            loop {
                cursor = skip_whitespace(bytes, cursor);
                match bytes.get(cursor)? {
                    b']' => return Some(cursor + 1),
                    _ => cursor = skip_value(bytes, cursor, depth + 1)?,
                }
            }
        }
        b'/' => Some(skip_regular(bytes, position + 1)),
        byte if is_regular(*byte) => {
            let end = skip_regular(bytes, position);
            // `12 0 R`: a reference is one value.
            if let Some((_, _, reference_end)) = reference_at(bytes, position) {
                return Some(reference_end);
            }
            Some(end)
        }
        _ => None,
    }
}

fn dictionary_end(bytes: &[u8], position: usize, depth: usize) -> Option<usize> {
    let mut cursor = position + 2;
    for _ in 0..=MAX_DICTIONARY_ENTRIES * 2 {
        cursor = skip_whitespace(bytes, cursor);
        if bytes.get(cursor..cursor + 2) == Some(b">>") {
            return Some(cursor + 2);
        }
        cursor = skip_value(bytes, cursor, depth)?;
    }
    None
}

/// A number and generation followed by `R` at `position`: (number, generation, end).
pub fn reference_at(bytes: &[u8], position: usize) -> Option<(u32, u16, usize)> {
    let number_end = skip_regular(bytes, position);
    let number: u32 = std::str::from_utf8(bytes.get(position..number_end)?)
        .ok()?
        .parse()
        .ok()?;
    let generation_start = skip_whitespace(bytes, number_end);
    let generation_end = skip_regular(bytes, generation_start);
    let generation: u16 = std::str::from_utf8(bytes.get(generation_start..generation_end)?)
        .ok()?
        .parse()
        .ok()?;
    let r_position = skip_whitespace(bytes, generation_end);
    if bytes.get(r_position) == Some(&b'R')
        && !bytes.get(r_position + 1).copied().is_some_and(is_regular)
    {
        return Some((number, generation, r_position + 1));
    }
    None
}

/// The entries of the dictionary starting at `position` (at `<<`): key name (without `/`)
/// and the raw value bytes.
#[allow(clippy::type_complexity)]
pub fn dictionary_entries(bytes: &[u8], position: usize) -> Option<Vec<(Vec<u8>, &[u8])>> {
    let start = skip_whitespace(bytes, position);
    if bytes.get(start..start + 2) != Some(b"<<") {
        return None;
    }
    let mut entries = Vec::new();
    let mut cursor = start + 2;
    while entries.len() < MAX_DICTIONARY_ENTRIES {
        cursor = skip_whitespace(bytes, cursor);
        if bytes.get(cursor..cursor + 2) == Some(b">>") {
            return Some(entries);
        }
        if bytes.get(cursor) != Some(&b'/') {
            return None;
        }
        let key_end = skip_regular(bytes, cursor + 1);
        let key = bytes.get(cursor + 1..key_end)?.to_vec();
        let value_start = skip_whitespace(bytes, key_end);
        let value_end = skip_value(bytes, value_start, 1)?;
        entries.push((key, bytes.get(value_start..value_end)?));
        cursor = value_end;
    }
    Some(entries)
}

/// The value of `key` in the dictionary at `position`.
pub fn dictionary_value<'a>(bytes: &'a [u8], position: usize, key: &[u8]) -> Option<&'a [u8]> {
    dictionary_entries(bytes, position)?
        .into_iter()
        .find(|(name, _)| name.as_slice() == key)
        .map(|(_, value)| value)
}

/// A string object (literal or hex) at the start of `value`: its bytes.
pub fn string_object(value: &[u8]) -> Option<Vec<u8>> {
    match value.first()? {
        b'(' => literal_string(value, 0).map(|(bytes, _)| bytes),
        b'<' if value.get(1) != Some(&b'<') => hex_string(value, 0).map(|(bytes, _)| bytes),
        _ => None,
    }
}

/// The literal string at `position` (at `(`): its bytes with escapes resolved, and the end.
pub fn literal_string(bytes: &[u8], position: usize) -> Option<(Vec<u8>, usize)> {
    if bytes.get(position) != Some(&b'(') {
        return None;
    }
    let mut out = Vec::new();
    let mut depth = 1usize;
    let mut cursor = position + 1;
    let limit = position.saturating_add(MAX_STRING_BYTES * 4);
    while cursor < limit {
        let byte = *bytes.get(cursor)?;
        cursor += 1;
        match byte {
            b'\\' => {
                let escaped = *bytes.get(cursor)?;
                cursor += 1;
                match escaped {
                    b'n' => out.push(b'\n'),
                    b'r' => out.push(b'\r'),
                    b't' => out.push(b'\t'),
                    b'b' => out.push(0x08),
                    b'f' => out.push(0x0c),
                    b'0'..=b'7' => {
                        let mut value = u32::from(escaped - b'0');
                        for _ in 0..2 {
                            match bytes.get(cursor) {
                                Some(digit @ b'0'..=b'7') => {
                                    value = value * 8 + u32::from(digit - b'0');
                                    cursor += 1;
                                }
                                _ => break,
                            }
                        }
                        out.push((value & 0xff) as u8);
                    }
                    b'\r' => {
                        // A line continuation: the backslash and the end of line vanish.
                        if bytes.get(cursor) == Some(&b'\n') {
                            cursor += 1;
                        }
                    }
                    b'\n' => {}
                    other => out.push(other), // \( \) \\ and unknown escapes: the character
                }
            }
            b'(' => {
                depth += 1;
                out.push(byte);
            }
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Some((out, cursor));
                }
                out.push(byte);
            }
            _ => out.push(byte),
        }
        if out.len() > MAX_STRING_BYTES {
            return None;
        }
    }
    None
}

/// The hex string at `position` (at `<`): its bytes (an odd last digit is padded with 0),
/// and the end.
pub fn hex_string(bytes: &[u8], position: usize) -> Option<(Vec<u8>, usize)> {
    if bytes.get(position) != Some(&b'<') {
        return None;
    }
    let mut out = Vec::new();
    let mut pending: Option<u8> = None;
    let mut cursor = position + 1;
    let limit = position.saturating_add(MAX_STRING_BYTES * 4);
    while cursor < limit {
        let byte = *bytes.get(cursor)?;
        cursor += 1;
        let nibble = match byte {
            b'>' => {
                if let Some(high) = pending {
                    out.push(high << 4);
                }
                return Some((out, cursor));
            }
            b'0'..=b'9' => byte - b'0',
            b'a'..=b'f' => byte - b'a' + 10,
            b'A'..=b'F' => byte - b'A' + 10,
            _ if is_whitespace(byte) => continue,
            _ => return None,
        };
        match pending.take() {
            Some(high) => out.push(high << 4 | nibble),
            None => pending = Some(nibble),
        }
        if out.len() > MAX_STRING_BYTES {
            return None;
        }
    }
    None
}

/// A PDF text string as Unicode: UTF-16BE after FE FF, UTF-8 after EF BB BF, otherwise
/// PDFDocEncoding (read as Latin-1, which it equals for the characters tool names use).
pub fn decode_text_string(raw: &[u8]) -> String {
    if let Some(utf16) = raw.strip_prefix(&[0xfe, 0xff]) {
        let units: Vec<u16> = utf16
            .chunks(2)
            .map(|pair| u16::from_be_bytes([pair[0], pair.get(1).copied().unwrap_or(0)]))
            .collect();
        return String::from_utf16_lossy(&units);
    }
    if let Some(utf8) = raw.strip_prefix(&[0xef, 0xbb, 0xbf]) {
        return String::from_utf8_lossy(utf8).into_owned();
    }
    raw.iter().map(|byte| char::from(*byte)).collect()
}

/// A point in time as a PDF or XMP date writes it: the local clock time and, when given,
/// its offset from UTC.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PdfDate {
    pub local: NaiveDateTime,
    pub offset_minutes: Option<i32>,
}

impl PdfDate {
    /// Seconds from `earlier` to `self`: in UTC when both have an offset, else on the
    /// local clocks.
    pub fn seconds_after(&self, earlier: &PdfDate) -> i64 {
        match (self.utc(), earlier.utc()) {
            (Some(later), Some(earlier)) => (later - earlier).num_seconds(),
            _ => (self.local - earlier.local).num_seconds(),
        }
    }

    fn utc(&self) -> Option<NaiveDateTime> {
        let offset = FixedOffset::east_opt(self.offset_minutes? * 60)?;
        offset
            .from_local_datetime(&self.local)
            .single()
            .map(|moment| moment.naive_utc())
    }
}

impl std::fmt::Display for PdfDate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.local.format("%Y-%m-%d %H:%M:%S"))?;
        match self.offset_minutes {
            Some(0) => f.write_str(" UTC"),
            Some(minutes) => {
                let sign = if minutes < 0 { '-' } else { '+' };
                let minutes = minutes.unsigned_abs();
                write!(f, " {sign}{:02}:{:02}", minutes / 60, minutes % 60)
            }
            None => Ok(()),
        }
    }
}

fn digits(text: &[u8], start: usize, count: usize) -> Option<u32> {
    let slice = text.get(start..start + count)?;
    if !slice.iter().all(u8::is_ascii_digit) {
        return None;
    }
    std::str::from_utf8(slice).ok()?.parse().ok()
}

fn optional_digits(text: &[u8], start: usize, count: usize, default: u32) -> (u32, bool) {
    match digits(text, start, count) {
        Some(value) => (value, true),
        None => (default, false),
    }
}

/// A PDF date `D:YYYYMMDDHHmmSSOHH'mm'` (everything after the year optional; `D:` optional;
/// O is `+`, `-` or `Z`).
pub fn parse_pdf_date(text: &str) -> Option<PdfDate> {
    let trimmed = text.trim();
    let bytes = trimmed.strip_prefix("D:").unwrap_or(trimmed).as_bytes();
    let year = i32::try_from(digits(bytes, 0, 4)?).ok()?;
    let mut cursor = 4;
    let mut parts = [1u32, 1, 0, 0, 0];
    for part in parts.iter_mut() {
        let (value, present) = optional_digits(bytes, cursor, 2, *part);
        if !present {
            break;
        }
        *part = value;
        cursor += 2;
    }
    let [month, day, hour, minute, second] = parts;
    let date = NaiveDate::from_ymd_opt(year, month, day)?;
    let time = NaiveTime::from_hms_opt(hour, minute, second.min(59))?;
    let offset_minutes = match bytes.get(cursor) {
        Some(b'Z') => Some(0),
        Some(sign @ (b'+' | b'-')) => {
            let hours = digits(bytes, cursor + 1, 2)?;
            let after_hours = cursor + 3;
            let minute_start = if bytes.get(after_hours) == Some(&b'\'') {
                after_hours + 1
            } else {
                after_hours
            };
            let minutes = digits(bytes, minute_start, 2).unwrap_or(0);
            let total = i32::try_from(hours * 60 + minutes).ok()?;
            Some(if *sign == b'-' { -total } else { total })
        }
        _ => None,
    };
    Some(PdfDate {
        local: NaiveDateTime::new(date, time),
        offset_minutes,
    })
}

/// An XMP date: ISO 8601 `YYYY[-MM[-DD[THH:MM[:SS[.s]][Z|±HH:MM]]]]`.
pub fn parse_xmp_date(text: &str) -> Option<PdfDate> {
    let trimmed = text.trim();
    let (date_part, time_part) = match trimmed.split_once('T') {
        Some((date, time)) => (date, Some(time)),
        None => (trimmed, None),
    };
    let mut date_fields = date_part.split('-');
    let year: i32 = date_fields.next()?.parse().ok()?;
    let month: u32 = date_fields.next().map_or(Some(1), |m| m.parse().ok())?;
    let day: u32 = date_fields.next().map_or(Some(1), |d| d.parse().ok())?;
    let date = NaiveDate::from_ymd_opt(year, month, day)?;
    let Some(time_part) = time_part else {
        return Some(PdfDate {
            local: NaiveDateTime::new(date, NaiveTime::MIN),
            offset_minutes: None,
        });
    };
    let (clock, offset_minutes) = if let Some(clock) = time_part.strip_suffix('Z') {
        (clock, Some(0))
    } else if let Some(split) = time_part.rfind(['+', '-']) {
        let (clock, zone) = time_part.split_at(split);
        let sign = if zone.starts_with('-') { -1 } else { 1 };
        let (hours, minutes) = zone
            .get(1..)?
            .split_once(':')
            .unwrap_or((zone.get(1..)?, "0"));
        let total = hours.parse::<i32>().ok()? * 60 + minutes.parse::<i32>().ok()?;
        (clock, Some(sign * total))
    } else {
        (time_part, None)
    };
    let mut clock_fields = clock.split(':');
    let hour: u32 = clock_fields.next()?.parse().ok()?;
    let minute: u32 = clock_fields.next().map_or(Some(0), |m| m.parse().ok())?;
    let second: u32 = clock_fields
        .next()
        .map_or(Some(0), |s| s.split('.').next()?.parse().ok())?;
    let time = NaiveTime::from_hms_opt(hour, minute, second.min(59))?;
    Some(PdfDate {
        local: NaiveDateTime::new(date, time),
        offset_minutes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literal_strings_resolve_escapes_and_nesting() {
        let (bytes, end) =
            literal_string(b"(a\\(b\\) (c) \\\\ \\101\\n\\\nz) rest", 0).expect("string");
        assert_eq!(bytes, b"a(b) (c) \\ A\nz");
        assert_eq!(end, 25);
        assert!(literal_string(b"(unterminated", 0).is_none());
    }

    #[test]
    fn hex_strings_and_utf16() {
        let (bytes, _) = hex_string(b"<FEFF 004E0069 0074 0072006F>", 0).expect("hex");
        assert_eq!(decode_text_string(&bytes), "Nitro");
        let (odd, _) = hex_string(b"<414>", 0).expect("hex");
        assert_eq!(odd, b"A@");
        assert!(hex_string(b"<41zz>", 0).is_none());
        assert_eq!(decode_text_string(b"Caf\xe9"), "Café");
        assert_eq!(decode_text_string(b"\xef\xbb\xbfCaf\xc3\xa9"), "Café");
    }

    #[test]
    fn dictionaries_skip_nested_values() {
        let dict = b"<< /Title (x >> y) /Nested << /A [1 2 (]) <00>] >> /Ref 12 0 R /Producer <FEFF0041> >>";
        let entries = dictionary_entries(dict, 0).expect("dict");
        let keys: Vec<_> = entries
            .iter()
            .map(|(k, _)| String::from_utf8_lossy(k).into_owned())
            .collect();
        assert_eq!(keys, ["Title", "Nested", "Ref", "Producer"]);
        assert_eq!(dictionary_value(dict, 0, b"Ref"), Some(&b"12 0 R"[..]));
        let producer =
            string_object(dictionary_value(dict, 0, b"Producer").expect("value")).expect("string");
        assert_eq!(decode_text_string(&producer), "A");
        assert!(dictionary_entries(b"<< /A (", 0).is_none());
        // Deep nesting is refused, not followed.
        let deep = format!("<< /A {}1{} >>", "[".repeat(100), "]".repeat(100));
        assert!(dictionary_entries(deep.as_bytes(), 0).is_none());
    }

    #[test]
    fn pdf_dates_parse_with_and_without_zones() {
        let date = parse_pdf_date("D:20240105143000+01'00'").expect("date");
        assert_eq!(date.to_string(), "2024-01-05 14:30:00 +01:00");
        let utc = parse_pdf_date("D:20240105133000Z").expect("date");
        assert_eq!(date.seconds_after(&utc), 0);
        let short = parse_pdf_date("D:2024").expect("date");
        assert_eq!(short.to_string(), "2024-01-01 00:00:00");
        assert!(parse_pdf_date("D:20240231").is_none());
        assert!(parse_pdf_date("garbage").is_none());
        let minus = parse_pdf_date("D:20240105080000-05'30").expect("date");
        assert_eq!(minus.offset_minutes, Some(-330));
    }

    #[test]
    fn xmp_dates_parse() {
        let date = parse_xmp_date("2024-01-05T14:30:00+01:00").expect("date");
        let pdf = parse_pdf_date("D:20240105133000Z").expect("date");
        assert_eq!(date.seconds_after(&pdf), 0);
        assert_eq!(
            parse_xmp_date("2024-01-05T13:30:00.123Z")
                .expect("date")
                .offset_minutes,
            Some(0)
        );
        assert!(parse_xmp_date("2024-01-05").is_some());
        assert!(parse_xmp_date("2024-13-05").is_none());
    }
}
