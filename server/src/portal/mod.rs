//! The customer portal (SPEC, Authentication): server-rendered pages under `/portal` where a
//! customer signs up, subscribes to an API, makes, copies, rotates and revokes keys, and sees
//! its usage; and the operator's page over every account. It shares the platform's keys,
//! plans and quota counters; accounts, sessions, one-time links and throttles live in the
//! same database (`store/`), so the portal works across replicas.

pub mod chart;
pub mod config;
pub mod mail;
pub mod pages;
pub mod password;
pub mod store;
pub mod usage_csv;
pub mod view;

use anyhow::Result;
use serde::Serialize;

use store::links::{self, Purpose};
use suite_platform::db::Db;

/// The portal's state, a field of `Suite`.
pub struct Portal {
    pub config: config::Config,
    pub views: view::Views,
    pub mailer: mail::Mailer,
}

impl Portal {
    pub fn start(config: &config::Config, log: &slog::Logger) -> Result<Portal> {
        Ok(Portal {
            config: config.clone(),
            views: view::Views::compile()?,
            mailer: mail::Mailer::new(config.smtp.clone(), log.clone())?,
        })
    }
}

/// An invitation link the operator hands to a customer.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct Invitation {
    pub email: String,
    pub url: String,
    /// Unix seconds.
    pub expires_at: i64,
}

/// Makes a one-use invitation for `email`, as a link under `base_url`.
pub async fn invite(db: &Db, email: &str, base_url: &str, now: i64) -> Result<Invitation> {
    let email = normalize_email(email)
        .ok_or_else(|| anyhow::anyhow!("{email:?} is not an email address"))?;
    let token = links::make(db, Purpose::Invite, &email, now).await?;
    Ok(Invitation {
        url: format!(
            "{}/portal/signup?invite={token}",
            base_url.trim_end_matches('/')
        ),
        email,
        expires_at: now + Purpose::Invite.lifetime_secs(),
    })
}

/// The form of an email the portal keeps (trimmed, lower case), or `None` when it cannot be
/// one: one `@`, a dotted domain, no spaces, at most 254 characters.
pub fn normalize_email(email: &str) -> Option<String> {
    let email = email.trim().to_lowercase();
    let (local, domain) = email.split_once('@')?;
    let valid = !local.is_empty()
        && local.len() <= 64
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !domain.contains('@')
        && email.len() <= 254
        && !email.chars().any(|c| c.is_whitespace() || c.is_control());
    valid.then_some(email)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails_are_kept_in_one_form_and_nonsense_is_refused() {
        assert_eq!(
            normalize_email("  Ada@Example.ORG ").as_deref(),
            Some("ada@example.org")
        );
        for bad in [
            "",
            "ada",
            "ada@",
            "@example.org",
            "ada@example",
            "a b@example.org",
            "a@b@c.org",
        ] {
            assert_eq!(normalize_email(bad), None, "{bad}");
        }
    }

    #[tokio::test]
    async fn an_invitation_is_a_link_that_names_its_email() {
        let db = Db::in_memory().await;
        let invitation = invite(&db, "Ada@Example.org", "https://api.example/", 1_000)
            .await
            .unwrap();
        assert_eq!(invitation.email, "ada@example.org");
        let token = invitation
            .url
            .strip_prefix("https://api.example/portal/signup?invite=")
            .unwrap();
        assert_eq!(
            links::peek(&db, Purpose::Invite, token, 1_001)
                .await
                .unwrap()
                .as_deref(),
            Some("ada@example.org")
        );
        assert_eq!(invitation.expires_at, 1_000 + 7 * 24 * 3600);
    }
}
