//! The portal's `[portal]` section: who may sign up, how long sessions last, which fronts'
//! `X-Forwarded-For` is believed, and the SMTP server mail goes through.

use ipnet::IpNet;
use serde::Deserialize;

use super::mail::SmtpConfig;

/// Who may create an account.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SignupMode {
    /// Only with an invitation link the operator made (works with no mail server).
    #[default]
    Invite,
    /// Anyone, with email verification.
    Open,
    /// Nobody; existing accounts still log in.
    Closed,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    pub signup: SignupMode,
    /// How long a login lasts.
    pub session_hours: u64,
    /// Fronts (CIDRs) whose `X-Forwarded-For` names the client, for throttling per address
    /// and for the `Secure` cookie decision.
    pub trusted_proxies: Vec<IpNet>,
    /// Outgoing mail; without it the links go to the operator's log.
    pub smtp: Option<SmtpConfig>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            signup: SignupMode::Invite,
            session_hours: 12,
            trusted_proxies: Vec::new(),
            smtp: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_invitations_and_a_working_day_of_session() {
        let config: Config = toml::from_str("").unwrap();
        assert_eq!(config.signup, SignupMode::Invite);
        assert_eq!(config.session_hours, 12);
        assert!(config.smtp.is_none());
        let open: Config =
            toml::from_str("signup = \"open\"\ntrusted_proxies = [\"10.0.0.0/8\"]").unwrap();
        assert_eq!(open.signup, SignupMode::Open);
        assert_eq!(open.trusted_proxies.len(), 1);
        assert!(toml::from_str::<Config>("signup = \"maybe\"").is_err());
        assert!(toml::from_str::<Config>("sigup = \"open\"").is_err());
    }
}
