//! The URL a caller asks the browser to load, checked before any work: scheme, host, and
//! every address the host resolves to (WHATWG parsing, so `0x7f000001`, `2130706433` and
//! `0177.0.0.1` are all 127.0.0.1).

use std::net::{IpAddr, SocketAddr};

use url::{Host, Url};

use super::address;
use super::allow::AllowList;

/// Why a URL is not taken; the text becomes the `url_not_allowed` message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UrlRefusal(pub String);

impl std::fmt::Display for UrlRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Parses `raw` and refuses anything but http(s) URLs with a host.
pub fn parse(raw: &str) -> Result<Url, UrlRefusal> {
    let url = Url::parse(raw.trim())
        .map_err(|e| UrlRefusal(format!("`{}` is not a valid URL ({e})", truncate(raw))))?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(UrlRefusal(format!(
            "only http and https URLs are captured, not `{}:`",
            url.scheme()
        )));
    }
    if url.host().is_none() {
        return Err(UrlRefusal("the URL has no host".into()));
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(UrlRefusal(
            "URLs with credentials (user:password@) are not captured".into(),
        ));
    }
    Ok(url)
}

/// Checks one address the browser would connect to.
pub fn check_address(addr: SocketAddr, allow: &AllowList) -> Result<(), UrlRefusal> {
    if allow.allows(addr) {
        return Ok(());
    }
    address::check(addr.ip())
        .map_err(|refusal| UrlRefusal(format!("{} is {}", addr.ip(), refusal.reason())))
}

/// Resolves `host:port` and checks every address it resolves to: one internal answer is
/// enough to refuse (a name that mixes public and internal answers is a rebinding attempt).
pub async fn resolve(
    host: &str,
    port: u16,
    allow: &AllowList,
) -> Result<Vec<SocketAddr>, UrlRefusal> {
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    let addrs: Vec<SocketAddr> = match bare.parse::<IpAddr>() {
        Ok(ip) => vec![SocketAddr::new(ip, port)],
        Err(_) => tokio::net::lookup_host((bare, port))
            .await
            .map_err(|_| UrlRefusal(format!("the host `{bare}` does not resolve")))?
            .collect(),
    };
    if addrs.is_empty() {
        return Err(UrlRefusal(format!("the host `{bare}` does not resolve")));
    }
    for addr in &addrs {
        check_address(*addr, allow).map_err(|refusal| {
            if bare.parse::<IpAddr>().is_ok() {
                refusal
            } else {
                UrlRefusal(format!("`{bare}` resolves to {refusal}"))
            }
        })?;
    }
    Ok(addrs)
}

/// Parses `raw` and checks where it leads.
pub async fn check_url(raw: &str, allow: &AllowList) -> Result<Url, UrlRefusal> {
    let url = parse(raw)?;
    let port = url.port_or_known_default().unwrap_or(80);
    let host = match url.host() {
        Some(Host::Domain(d)) => d.to_owned(),
        Some(Host::Ipv4(ip)) => ip.to_string(),
        Some(Host::Ipv6(ip)) => ip.to_string(),
        None => return Err(UrlRefusal("the URL has no host".into())),
    };
    resolve(&host, port, allow).await?;
    Ok(url)
}

fn truncate(raw: &str) -> String {
    raw.chars().take(80).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn refused(url: &str) -> String {
        check_url(url, &AllowList::default())
            .await
            .expect_err(url)
            .0
    }

    #[tokio::test]
    async fn every_spelling_of_loopback_is_refused() {
        for url in [
            "http://127.0.0.1/",
            "http://0x7f000001/",
            "http://2130706433/",
            "http://0177.0.0.1/",
            "http://127.1/",
            "http://[::1]/",
            "http://[::ffff:127.0.0.1]/",
            "http://localhost:8080/",
        ] {
            assert!(refused(url).await.contains("loopback"), "{url}");
        }
    }

    #[tokio::test]
    async fn internal_networks_and_other_schemes_are_refused() {
        assert!(
            refused("http://169.254.169.254/latest/meta-data")
                .await
                .contains("metadata")
        );
        assert!(refused("http://10.0.0.1/").await.contains("private"));
        assert!(refused("http://100.64.0.1/").await.contains("CGNAT"));
        for url in [
            "file:///etc/passwd",
            "javascript:alert(1)",
            "data:text/html,hi",
            "chrome://version",
            "ftp://example.com/",
        ] {
            assert!(refused(url).await.contains("only http and https"), "{url}");
        }
        assert!(
            refused("http://user:pw@example.com/")
                .await
                .contains("credentials")
        );
    }

    #[tokio::test]
    async fn the_allow_list_opens_one_port() {
        let allow = AllowList::parse(&["127.0.0.1:4000".to_owned()]).expect("list");
        assert!(
            check_url("http://127.0.0.1:4000/page", &allow)
                .await
                .is_ok()
        );
        assert!(
            check_url("http://127.0.0.1:4001/page", &allow)
                .await
                .is_err()
        );
    }
}
