//! The lists an email check consults besides syntax and DNS: disposable-mail domains (the
//! disposable-email-domains blocklist, shipped in `data/`), role-account local parts, and
//! the big providers whose misspellings get a "did you mean".

use std::collections::HashSet;
use std::sync::LazyLock;

/// The disposable-email-domains blocklist: one lower-case ASCII domain per line.
static DISPOSABLE: LazyLock<HashSet<&'static str>> = LazyLock::new(|| {
    include_str!("data/disposable_domains.txt")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect()
});

/// Number of domains on the disposable list.
pub fn disposable_count() -> usize {
    DISPOSABLE.len()
}

/// `ascii_domain` (lower case) or one of its parent domains is a disposable-mail provider:
/// `x.mailinator.com` is disposable because `mailinator.com` is.
pub fn is_disposable(ascii_domain: &str) -> bool {
    let mut rest = ascii_domain;
    loop {
        if DISPOSABLE.contains(rest) {
            return true;
        }
        match rest.split_once('.') {
            // Stop before the bare top-level domain.
            Some((_, parent)) if parent.contains('.') => rest = parent,
            _ => return false,
        }
    }
}

/// Local parts that name a function or a team rather than a person (RFC 2142's mailboxes
/// and the usual company aliases).
const ROLE_ACCOUNTS: &[&str] = &[
    "abuse",
    "accounting",
    "accounts",
    "admin",
    "administrator",
    "billing",
    "careers",
    "compliance",
    "contact",
    "customercare",
    "customerservice",
    "devnull",
    "dns",
    "enquiries",
    "feedback",
    "finance",
    "ftp",
    "hello",
    "help",
    "helpdesk",
    "hostmaster",
    "hr",
    "info",
    "inquiries",
    "investors",
    "it",
    "jobs",
    "legal",
    "mail",
    "mailer-daemon",
    "marketing",
    "media",
    "news",
    "newsletter",
    "no-reply",
    "noc",
    "noreply",
    "notifications",
    "office",
    "orders",
    "postmaster",
    "press",
    "privacy",
    "recruiting",
    "root",
    "sales",
    "security",
    "service",
    "support",
    "sysadmin",
    "team",
    "tech",
    "usenet",
    "uucp",
    "webmaster",
    "www",
];

/// The local part (case and any `+tag` ignored) is a role account.
pub fn is_role(local_part: &str) -> bool {
    let base = local_part.split('+').next().unwrap_or(local_part);
    let base = base.to_lowercase();
    ROLE_ACCOUNTS.contains(&base.as_str())
}

/// Mail providers common enough that a near miss is most likely a typo.
const PROVIDERS: &[&str] = &[
    "aol.com",
    "att.net",
    "bellsouth.net",
    "btinternet.com",
    "comcast.net",
    "cox.net",
    "fastmail.com",
    "free.fr",
    "gmail.com",
    "gmx.com",
    "gmx.de",
    "gmx.net",
    "googlemail.com",
    "hey.com",
    "hotmail.co.uk",
    "hotmail.com",
    "hotmail.de",
    "hotmail.fr",
    "hotmail.it",
    "icloud.com",
    "laposte.net",
    "libero.it",
    "live.com",
    "mac.com",
    "mail.com",
    "mail.ru",
    "me.com",
    "msn.com",
    "naver.com",
    "orange.fr",
    "outlook.com",
    "pm.me",
    "proton.me",
    "protonmail.com",
    "qq.com",
    "rocketmail.com",
    "sbcglobal.net",
    "t-online.de",
    "verizon.net",
    "web.de",
    "yahoo.co.in",
    "yahoo.co.jp",
    "yahoo.co.uk",
    "yahoo.com",
    "yahoo.de",
    "yahoo.es",
    "yahoo.fr",
    "yahoo.it",
    "yandex.com",
    "yandex.ru",
    "ymail.com",
    "zoho.com",
];

/// Top-level domains that are real and common: `yahoo.ca` is Yahoo's Canadian domain, not a
/// misspelt `yahoo.com`. (`co`, `cm`, `om` are left out: as endings of a provider's name they
/// are far more often a clipped `com`.)
const COMMON_TLDS: &[&str] = &[
    "ar", "at", "au", "be", "biz", "br", "ca", "ch", "cn", "co.in", "co.jp", "co.uk", "co.za",
    "com", "com.ar", "com.au", "com.br", "com.mx", "cz", "de", "dk", "edu", "es", "eu", "fi", "fr",
    "gov", "gr", "hu", "ie", "in", "info", "io", "it", "jp", "kr", "me", "mx", "net", "nl", "no",
    "nz", "org", "pl", "pt", "ro", "ru", "se", "sk", "tr", "tw", "ua", "uk", "us",
];

/// The provider domain `ascii_domain` is most likely a misspelling of (`gmial.com` →
/// `gmail.com`): one edit (insertion, deletion, substitution or swap of neighbours) away,
/// or two for names of 8 characters and more. Known providers, and a provider's name under
/// another common top-level domain (`yahoo.ca`), get no suggestion.
pub fn did_you_mean(ascii_domain: &str) -> Option<&'static str> {
    if PROVIDERS.contains(&ascii_domain) {
        return None;
    }
    if let Some((name, tld)) = ascii_domain.split_once('.')
        && COMMON_TLDS.contains(&tld)
        && PROVIDERS
            .iter()
            .any(|p| p.split_once('.').is_some_and(|(pname, _)| pname == name))
    {
        return None;
    }
    let limit = if ascii_domain.len() >= 8 { 2 } else { 1 };
    let mut best: Option<(usize, &'static str)> = None;
    for provider in PROVIDERS {
        let distance = strsim::damerau_levenshtein(ascii_domain, provider);
        if distance <= limit && best.is_none_or(|(d, _)| distance < d) {
            best = Some((distance, provider));
        }
    }
    best.map(|(_, provider)| provider)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_disposable_list_is_loaded_and_walks_parent_domains() {
        assert!(disposable_count() > 10_000);
        assert!(is_disposable("mailinator.com"));
        assert!(is_disposable("inbox.mailinator.com"));
        assert!(is_disposable("0815.ru"));
        assert!(!is_disposable("gmail.com"));
        assert!(!is_disposable("com"));
        assert!(!is_disposable("example.org"));
    }

    #[test]
    fn role_accounts() {
        for local in ["admin", "Info", "support+tickets", "no-reply", "postmaster"] {
            assert!(is_role(local), "{local}");
        }
        for local in ["john.smith", "adminton", "i"] {
            assert!(!is_role(local), "{local}");
        }
    }

    #[test]
    fn provider_typos() {
        for (typo, fix) in [
            ("gmial.com", "gmail.com"),
            ("gmail.con", "gmail.com"),
            ("gmai.com", "gmail.com"),
            ("gnail.com", "gmail.com"),
            ("hotmial.com", "hotmail.com"),
            ("hotmail.cm", "hotmail.com"),
            ("yaho.com", "yahoo.com"),
            ("outlok.com", "outlook.com"),
            ("iclod.com", "icloud.com"),
        ] {
            assert_eq!(did_you_mean(typo), Some(fix), "{typo}");
        }
        for domain in [
            "gmail.com",
            "mail.com",
            "example.com",
            "ymail.com",
            "gmx.de",
            "company.io",
            "yahoo.ca",
            "hotmail.es",
        ] {
            assert_eq!(did_you_mean(domain), None, "{domain}");
        }
    }
}
