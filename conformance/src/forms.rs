//! HTML forms as a browser posts them (`application/x-www-form-urlencoded`), for the portal's
//! tests that post without a browser.

/// `fields` encoded as a browser encodes a form.
pub fn urlencoded(fields: &[(&str, &str)]) -> String {
    let encode = |text: &str| -> String {
        text.bytes()
            .map(|b| match b {
                b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'*' => {
                    (b as char).to_string()
                }
                b' ' => "+".to_owned(),
                _ => format!("%{b:02X}"),
            })
            .collect()
    };
    fields
        .iter()
        .map(|(name, value)| format!("{}={}", encode(name), encode(value)))
        .collect::<Vec<_>>()
        .join("&")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_encoded_as_browsers_do() {
        assert_eq!(
            urlencoded(&[("email", "a+b@example.org"), ("name", "two words/ü")]),
            "email=a%2Bb%40example.org&name=two+words%2F%C3%BC"
        );
    }
}
