//! Portal account passwords: argon2id hashes as PHC strings (OWASP's parameters), a verify
//! that answers an unknown account as slowly as a wrong password, and the strength rule new
//! passwords must meet.
//!
//! Hashing and verifying take tens of milliseconds of CPU and 19 MiB each: callers on the
//! async runtime run them with `tokio::task::spawn_blocking`.

use std::fmt;

use anyhow::Context;
use argon2::{Algorithm, Argon2, Params, PasswordHash, PasswordHasher, PasswordVerifier, Version};
use rand::RngCore;

/// OWASP's argon2id minimum (Password Storage Cheat Sheet): 19 MiB of memory, ...
pub const M_COST_KIB: u32 = 19 * 1024;
/// ... two passes, ...
pub const T_COST: u32 = 2;
/// ... one lane.
pub const P_COST: u32 = 1;
/// Bytes of the derived hash.
const OUTPUT_LEN: usize = 32;
/// Bytes of random salt per hash.
const SALT_LEN: usize = 16;

/// Fewest characters (Unicode scalar values) of a new password.
pub const MIN_CHARS: usize = 10;
/// Most bytes of a password (UTF-8), new or tried: bounds the work of a request.
pub const MAX_BYTES: usize = 1024;
/// Least zxcvbn score (0 to 4) of a new password: "safely unguessable" (10^8 guesses or more).
pub const MIN_SCORE: u8 = 3;

/// The hash `verify_unknown` checks against: the same algorithm and parameters as [`hash`]'s
/// (a test keeps them equal), with a salt and output no password is known to give.
const DUMMY_PHC: &str = "$argon2id$v=19$m=19456,t=2,p=1$ZHVtbXktc2FsdC1wb3J0YWw$\
                         2lJ2pYbS7v9N6kq0wX4cHfA1uRzT8mE3dQgLhVjKoBs";

fn hasher() -> anyhow::Result<Argon2<'static>> {
    let params = Params::new(M_COST_KIB, T_COST, P_COST, Some(OUTPUT_LEN))
        .map_err(|e| anyhow::anyhow!("argon2 parameters: {e}"))?;
    Ok(Argon2::new(Algorithm::Argon2id, Version::V0x13, params))
}

/// The argon2id PHC string of `password` with a fresh random salt, e.g.
/// `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`.
pub fn hash(password: &str) -> anyhow::Result<String> {
    let mut salt = [0u8; SALT_LEN];
    rand::rng().fill_bytes(&mut salt);
    let hash = hasher()?
        .hash_password_with_salt(password.as_bytes(), &salt)
        .map_err(|e| anyhow::anyhow!("{e}"))
        .context("hashing a password")?;
    Ok(hash.to_string())
}

/// Whether `password` is the one `phc` was made from. A malformed PHC string, or a password
/// over [`MAX_BYTES`], is `false`. The work is the one the PHC string's parameters say.
pub fn verify(password: &str, phc: &str) -> bool {
    if password.len() > MAX_BYTES {
        // Still spend the time, so the length does not show.
        verify_unknown(password);
        return false;
    }
    let Ok(parsed) = PasswordHash::new(phc) else {
        return false;
    };
    match hasher() {
        Ok(argon2) => argon2.verify_password(password.as_bytes(), &parsed).is_ok(),
        Err(_) => false,
    }
}

/// Spends the time of a [`verify`] against a hash of the current parameters, for an account
/// that does not exist: an unknown email answers as slowly as a wrong password.
pub fn verify_unknown(password: &str) {
    let bounded = &password.as_bytes()[..password.len().min(MAX_BYTES)];
    if let (Ok(parsed), Ok(argon2)) = (PasswordHash::new(DUMMY_PHC), hasher()) {
        let _ = argon2.verify_password(bounded, &parsed);
    }
}

/// Why a new password is refused, with what to do instead ([`fmt::Display`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Weakness {
    /// Fewer than [`MIN_CHARS`] characters.
    TooShort,
    /// More than [`MAX_BYTES`] bytes.
    TooLong,
    /// zxcvbn's score, of the password or of what is left of it without the account's
    /// words, is under [`MIN_SCORE`]; `warning` is zxcvbn's reason when it gives one (e.g.
    /// "This is similar to a commonly used password.").
    Guessable { score: u8, warning: Option<String> },
}

impl fmt::Display for Weakness {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TooShort => write!(f, "Use at least {MIN_CHARS} characters."),
            Self::TooLong => write!(f, "Use at most {MAX_BYTES} bytes (about 1000 characters)."),
            Self::Guessable { warning, .. } => {
                if let Some(warning) = warning {
                    write!(f, "{warning} ")?;
                }
                write!(
                    f,
                    "Add another word or two; avoid common passwords and your email."
                )
            }
        }
    }
}

impl std::error::Error for Weakness {}

/// Checks a new password: at least [`MIN_CHARS`] characters, at most [`MAX_BYTES`] bytes, and
/// a zxcvbn score of at least [`MIN_SCORE`] when `user_inputs` (the account's email, ...) are
/// known to the attacker. An input with an `@` also counts its local part (as it is and with
/// only its letters and digits), the local part's words (split at `.`, `_`, `-`, `+`) and the
/// domain's first label.
pub fn check_strength(password: &str, user_inputs: &[&str]) -> Result<(), Weakness> {
    if password.len() > MAX_BYTES {
        return Err(Weakness::TooLong);
    }
    if password.chars().count() < MIN_CHARS {
        return Err(Weakness::TooShort);
    }
    let known = known_words(user_inputs);
    let known: Vec<&str> = known.iter().map(String::as_str).collect();
    let entropy = zxcvbn::zxcvbn(password, &known);
    let mut score = u8::from(entropy.score());
    if score >= MIN_SCORE {
        // zxcvbn counts a password of several matches as at least 10^4 guesses per extra
        // match, so "doejane1234" from jane.doe@... passes it; what is left once the
        // account's words are taken out must pass on its own.
        if let Some(rest) = without_known(password, &known) {
            score = score.min(u8::from(zxcvbn::zxcvbn(&rest, &[]).score()));
        }
    }
    if score < MIN_SCORE {
        let warning = entropy
            .feedback()
            .and_then(|feedback| feedback.warning())
            .map(|warning| warning.to_string());
        return Err(Weakness::Guessable { score, warning });
    }
    Ok(())
}

/// `password` in lower case without the known words of 3 characters or more (longest
/// first), when it holds any.
fn without_known(password: &str, known: &[&str]) -> Option<String> {
    let mut words: Vec<String> = known
        .iter()
        .map(|word| word.to_lowercase())
        .filter(|word| word.chars().count() >= 3)
        .collect();
    words.sort_by_key(|word| std::cmp::Reverse(word.len()));
    let mut rest = password.to_lowercase();
    let mut found = false;
    for word in &words {
        if rest.contains(word.as_str()) {
            rest = rest.replace(word.as_str(), "");
            found = true;
        }
    }
    found.then_some(rest)
}

/// The inputs zxcvbn is told of: each input, and for an email its parts.
fn known_words(user_inputs: &[&str]) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    let mut add = |word: &str| {
        let word = word.trim();
        if !word.is_empty() && !words.iter().any(|w| w == word) {
            words.push(word.to_owned());
        }
    };
    for input in user_inputs {
        add(input);
        if let Some((local, domain)) = input.rsplit_once('@') {
            add(local);
            add(&local.replace(|c: char| !c.is_alphanumeric(), ""));
            for part in local.split(['.', '_', '-', '+']) {
                if part.chars().count() >= 3 {
                    add(part);
                }
            }
            if let Some(label) = domain.split('.').next()
                && label.chars().count() >= 3
            {
                add(label);
            }
        }
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    const STRONG: &str = "correct horse battery staple lamp";
    const EMAIL: &str = "jane.doe@example.com";

    #[test]
    fn round_trip() {
        let phc = hash(STRONG).expect("hash");
        assert!(verify(STRONG, &phc));
    }

    #[test]
    fn wrong_password_refused() {
        let phc = hash(STRONG).expect("hash");
        assert!(!verify("correct horse battery staple lamb", &phc));
        assert!(!verify("", &phc));
        assert!(!verify(STRONG, "not a phc string"));
        assert!(!verify(STRONG, DUMMY_PHC));
    }

    #[test]
    fn salts_differ() {
        assert_ne!(hash(STRONG).expect("hash"), hash(STRONG).expect("hash"));
    }

    #[test]
    fn phc_is_argon2id_with_owasp_parameters() {
        let phc = hash(STRONG).expect("hash");
        assert!(phc.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{phc}");
        let parsed = PasswordHash::new(&phc).expect("a PHC string");
        assert_eq!(parsed.algorithm.as_str(), "argon2id");
        let params = Params::try_from(&parsed).expect("argon2 parameters");
        assert_eq!(
            (params.m_cost(), params.t_cost(), params.p_cost()),
            (19 * 1024, 2, 1)
        );
        assert_eq!(parsed.salt.expect("a salt").len(), SALT_LEN);
        assert_eq!(parsed.hash.expect("a hash").len(), OUTPUT_LEN);
    }

    #[test]
    fn dummy_hash_has_the_current_parameters() {
        let phc = hash(STRONG).expect("hash");
        let prefix = |s: &str| s.splitn(5, '$').take(4).collect::<Vec<_>>().join("$");
        assert_eq!(prefix(DUMMY_PHC), prefix(&phc));
        let dummy = PasswordHash::new(DUMMY_PHC).expect("the dummy parses");
        assert_eq!(dummy.hash.expect("a hash").len(), OUTPUT_LEN);
        assert!(dummy.salt.expect("a salt").len() >= 8);
    }

    #[test]
    fn overlong_password_never_verifies() {
        let long = "a".repeat(MAX_BYTES + 1);
        let phc = hash(&long).expect("hash");
        assert!(!verify(&long, &phc));
    }

    #[test]
    fn too_short_refused() {
        let weakness = check_strength("Xk4$pq9!", &[EMAIL]).expect_err("8 characters");
        assert_eq!(weakness, Weakness::TooShort);
        assert_eq!(weakness.to_string(), "Use at least 10 characters.");
        // Characters, not bytes: nine accented letters are 18 bytes and still too short.
        assert_eq!(check_strength("ééééééééé", &[]), Err(Weakness::TooShort));
    }

    #[test]
    fn too_long_refused() {
        let long = "correct horse ".repeat(80);
        assert!(long.len() > MAX_BYTES);
        assert_eq!(check_strength(&long, &[]), Err(Weakness::TooLong));
        assert!(Weakness::TooLong.to_string().contains("1024"));
    }

    #[test]
    fn common_passwords_refused_with_advice() {
        for weak in [
            "password123",
            "qwertyuiop",
            "1234567890",
            "iloveyou12",
            "aaaaaaaaaaaa",
        ] {
            let weakness = check_strength(weak, &[EMAIL]).expect_err(weak);
            let Weakness::Guessable { score, .. } = &weakness else {
                panic!("{weak}: {weakness:?}");
            };
            assert!(*score < MIN_SCORE, "{weak}");
            let message = weakness.to_string();
            assert!(
                message
                    .ends_with("Add another word or two; avoid common passwords and your email."),
                "{weak}: {message}"
            );
        }
        let message = check_strength("password123", &[])
            .expect_err("common")
            .to_string();
        assert!(message.len() > "Add another word".len(), "{message}");
    }

    #[test]
    fn strong_passphrase_accepted() {
        assert_eq!(check_strength(STRONG, &[EMAIL]), Ok(()));
        assert_eq!(check_strength("Tr0ub4dor&3-gazebo-quill", &[EMAIL]), Ok(()));
    }

    #[test]
    fn email_derived_password_refused() {
        for derived in [
            "jane.doe@example.com",
            "jane.doe2026",
            "janedoe2026!",
            "JaneDoe2026",
            "doejane1234",
            "Jane.Doe.Example",
        ] {
            assert!(
                matches!(
                    check_strength(derived, &[EMAIL]),
                    Err(Weakness::Guessable { .. })
                ),
                "{derived}: {:?}",
                check_strength(derived, &[EMAIL])
            );
        }
    }

    #[test]
    fn a_passphrase_may_hold_a_name_if_the_rest_is_strong() {
        assert_eq!(
            check_strength("jane correct horse battery staple", &[EMAIL]),
            Ok(())
        );
        assert_eq!(
            without_known("XJaneDoe!", &["janedoe", "jane"]),
            Some("x!".into())
        );
        assert_eq!(without_known("nothing here", &["jane"]), None);
    }

    #[test]
    fn email_parts_are_known_words() {
        assert_eq!(
            known_words(&["jane.doe@example.com", "jane.doe@example.com"]),
            [
                "jane.doe@example.com",
                "jane.doe",
                "janedoe",
                "jane",
                "doe",
                "example"
            ]
        );
        assert_eq!(known_words(&["", "  "]), Vec::<String>::new());
    }
}
