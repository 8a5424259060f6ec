//! HTML forms as a browser posts them (`application/x-www-form-urlencoded`), and a visitor
//! that keeps the portal's cookies and posts its forms, for the portal's tests that need no
//! browser.

use crate::TestServer;

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

/// The value of cookie `name` among `response`'s `Set-Cookie` headers.
fn set_cookie(response: &reqwest::Response, name: &str) -> Option<String> {
    response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|v| v.strip_prefix(&format!("{name}=")))
        .map(|rest| rest.split(';').next().unwrap_or_default().to_owned())
}

/// A portal visitor over plain HTTP: its cookies, sent to whichever replica it asks.
pub struct Visitor {
    http: reqwest::Client,
    cookies: Vec<(String, String)>,
}

impl Visitor {
    /// A visitor trusting the test CA of each of `servers` that terminates TLS.
    pub fn new(servers: &[&TestServer]) -> Visitor {
        let mut builder = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none());
        for pem in servers.iter().filter_map(|server| server.ca_pem()) {
            builder = builder
                .add_root_certificate(reqwest::Certificate::from_pem(pem.as_bytes()).expect("CA"));
        }
        Visitor {
            http: builder.build().expect("client"),
            cookies: Vec::new(),
        }
    }

    fn cookie_header(&self) -> String {
        self.cookies
            .iter()
            .map(|(n, v)| format!("{n}={v}"))
            .collect::<Vec<_>>()
            .join("; ")
    }

    fn keep(&mut self, response: &reqwest::Response) {
        for name in ["suite_csrf", "suite_session"] {
            if let Some(value) = set_cookie(response, name) {
                self.cookies.retain(|(n, _)| n != name);
                self.cookies.push((name.to_owned(), value));
            }
        }
    }

    pub async fn get(&mut self, url: &str) -> (u16, String) {
        let response = self
            .http
            .get(url)
            .header("cookie", self.cookie_header())
            .send()
            .await
            .expect("the portal answers");
        self.keep(&response);
        (
            response.status().as_u16(),
            response.text().await.unwrap_or_default(),
        )
    }

    /// GETs the form at `url` and posts `fields` to `action` with the form's CSRF token.
    pub async fn submit(&mut self, url: &str, action: &str, fields: &[(&str, &str)]) -> u16 {
        let (_, page) = self.get(url).await;
        let csrf = page
            .split("name=\"csrf\" value=\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .expect("the form's csrf field")
            .to_owned();
        let mut body: Vec<(&str, &str)> = vec![("csrf", csrf.as_str())];
        body.extend_from_slice(fields);
        let response = self
            .http
            .post(action)
            .header("cookie", self.cookie_header())
            .header("content-type", "application/x-www-form-urlencoded")
            .body(urlencoded(&body))
            .send()
            .await
            .expect("the portal answers");
        self.keep(&response);
        response.status().as_u16()
    }
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
