//! File parts of multipart requests.

use serde::Serialize;

/// A file to upload: its name, its media type and its bytes.
#[derive(Debug, Clone)]
pub struct FilePart {
    pub file_name: String,
    pub content_type: String,
    pub bytes: Vec<u8>,
}

impl FilePart {
    pub fn new(
        file_name: impl Into<String>,
        content_type: impl Into<String>,
        bytes: impl Into<Vec<u8>>,
    ) -> FilePart {
        FilePart {
            file_name: file_name.into(),
            content_type: content_type.into(),
            bytes: bytes.into(),
        }
    }

    pub(crate) fn into_part(self) -> reqwest::multipart::Part {
        // A media type that is not `type/subtype` is sent as octet-stream; the server sniffs anyway.
        let content_type = if is_media_type(&self.content_type) {
            self.content_type.as_str()
        } else {
            "application/octet-stream"
        };
        let part = reqwest::multipart::Part::bytes(self.bytes).file_name(self.file_name);
        part.mime_str(content_type)
            .unwrap_or_else(|_| reqwest::multipart::Part::bytes(Vec::new()))
    }
}

fn is_media_type(value: &str) -> bool {
    let token = |s: &str| {
        !s.is_empty()
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"!#$&^_.+-".contains(&b))
    };
    matches!(value.split_once('/'), Some((kind, sub)) if token(kind) && token(sub))
}

/// The text of a form field: strings as they are, enums by their wire name, numbers as JSON.
pub(crate) fn text_part<T: Serialize>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(s)) => s,
        Ok(other) => other.to_string(),
        Err(_) => String::new(),
    }
}
