//! Small URL predicates the sanitizers share: does a reference leave the document?

/// Whether `s` starts with a URL scheme (`http:`, `file:`, `vnd.sun.star.script:`) or a
/// drive letter (`C:`), i.e. has a `:` before any `/`, `?` or `#`.
pub fn has_scheme(s: &str) -> bool {
    for (i, c) in s.char_indices() {
        match c {
            ':' => return i > 0,
            '/' | '?' | '#' | '\\' => return false,
            c if c.is_ascii_alphanumeric() || c == '+' || c == '.' || c == '-' => {}
            _ => return false,
        }
    }
    false
}

/// Whether a reference points outside whatever container it is in: it has a scheme, is a
/// network path (`//host`, `\\host`), or uses backslashes (Windows paths).
pub fn leaves_container(reference: &str) -> bool {
    let r = reference.trim();
    has_scheme(r) || r.starts_with("//") || r.contains('\\')
}

/// Whether a hyperlink target would run code when followed (never followed during a
/// conversion, but no reason to keep it).
pub fn is_script(reference: &str) -> bool {
    let r = reference.trim().to_ascii_lowercase();
    [
        "javascript:",
        "vbscript:",
        "vnd.sun.star.script:",
        "macro:",
        "service:",
        "slot:",
        ".uno:",
    ]
    .iter()
    .any(|scheme| r.starts_with(scheme))
}

/// `s` with `%XX` escapes decoded (invalid escapes are kept as they are).
pub fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2]))
        {
            out.push(h * 16 + l);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn hex(b: u8) -> Option<u8> {
    (b as char).to_digit(16).and_then(|d| u8::try_from(d).ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schemes_and_paths() {
        assert!(has_scheme("http://x"));
        assert!(has_scheme("file:///etc/passwd"));
        assert!(has_scheme("C:\\x"));
        assert!(has_scheme("vnd.sun.star.script:a"));
        assert!(!has_scheme("media/image1.png"));
        assert!(!has_scheme("#bookmark"));
        assert!(!has_scheme("a/b:c"));
        assert!(leaves_container("//host/share"));
        assert!(leaves_container("..\\x"));
        assert!(!leaves_container("../media/x.png"));
        assert!(is_script(" JavaScript:alert(1)"));
        assert_eq!(percent_decode("Object%201/x%zz%4"), "Object 1/x%zz%4");
    }
}
