//! The evidence on one candidate of a deep analysis: each of the subject's details (date of
//! birth, nationality, country, identifiers, entity type) compared with the entry, adding its
//! log-odds weight, its explained signal, and whether it supports or contradicts the match.

use super::Subject;
use crate::dates::{self, DobAgreement};
use crate::index::identifier_key;
use crate::model::Entry;
use crate::screen::{Signal, SignalKind, country_detail};
use weights::*;

/// Log-odds weights of the model, hand-calibrated so that a name alone never reaches
/// "likely" and each independent agreement moves the score the way a reviewer would.
mod weights {
    /// Slope of the name score around `NAME_PIVOT`.
    pub const NAME_SLOPE: f64 = 12.0;
    pub const NAME_PIVOT: f64 = 0.85;
    pub const NAME_FLOOR: f64 = 0.5;
    pub const DOB_EXACT: f64 = 2.2;
    pub const DOB_YEAR: f64 = 1.2;
    pub const DOB_RANGE: f64 = 0.8;
    pub const DOB_NEAR: f64 = 0.3;
    pub const DOB_CONFLICT: f64 = -2.5;
    pub const NATIONALITY_MATCH: f64 = 0.9;
    pub const NATIONALITY_CONFLICT: f64 = -1.5;
    pub const COUNTRY_MATCH: f64 = 0.5;
    pub const IDENTIFIER_MATCH: f64 = 8.0;
    pub const IDENTIFIER_CONFLICT: f64 = -0.8;
    pub const TYPE_MATCH: f64 = 0.3;
    pub const TYPE_CONFLICT: f64 = -3.0;
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

fn same_identifier_type(subject: &str, listed: &str) -> bool {
    let s = subject.to_ascii_lowercase();
    let l = listed.to_ascii_lowercase();
    (s.contains("passport") && l.contains("passport"))
        || (s.contains("imo") && (l.contains("imo") || l.contains("vessel registration")))
        || ((s.contains("national") || s == "id") && l.contains("national"))
        || ((s.contains("tax") || s.contains("inn")) && l.contains("tax"))
        || ((s.contains("swift") || s.contains("bic")) && l.contains("swift"))
}

/// What the signals on one candidate add up to.
#[derive(Debug)]
pub(super) struct Evidence {
    /// Log-odds of a true match.
    z: f64,
    pub signals: Vec<Signal>,
    pub supporting: Vec<SignalKind>,
    pub conflicting: Vec<SignalKind>,
    /// Independent fields that agree (date of birth, nationality, country, identifier, type).
    pub agreeing: usize,
}

impl Evidence {
    /// The evidence of the name alone, scored `name_score`, with its `signals`.
    pub fn from_name(name_score: f64, signals: Vec<Signal>) -> Evidence {
        let mut evidence = Evidence {
            // Below NAME_FLOOR the name says "different" with the same force: other evidence
            // (an identifier above all) can still carry the match.
            z: NAME_SLOPE * (name_score.max(NAME_FLOOR) - NAME_PIVOT),
            supporting: Vec::new(),
            conflicting: Vec::new(),
            agreeing: 0,
            signals,
        };
        if name_score >= 0.85 {
            evidence.supporting.push(evidence.signals[0].kind);
        } else if name_score < 0.7 {
            evidence.conflicting.push(evidence.signals[0].kind);
        }
        if evidence
            .signals
            .iter()
            .any(|s| s.kind == SignalKind::Phonetic)
        {
            evidence.supporting.push(SignalKind::Phonetic);
        }
        if evidence
            .signals
            .iter()
            .any(|s| s.kind == SignalKind::Transliteration && s.score >= 0.85)
        {
            evidence.supporting.push(SignalKind::Transliteration);
        }
        evidence
    }

    /// The probability of a true match.
    pub fn probability(&self) -> f64 {
        sigmoid(self.z)
    }

    /// An independent field that agrees, weighing `dz`.
    fn agree(&mut self, kind: SignalKind, dz: f64) {
        self.z += dz;
        self.supporting.push(kind);
        self.agreeing += 1;
    }

    /// A field that contradicts the match, weighing `dz`.
    fn conflict(&mut self, kind: SignalKind, dz: f64) {
        self.z += dz;
        self.conflicting.push(kind);
    }

    fn signal(&mut self, kind: SignalKind, score: f64, detail: String) {
        self.signals.push(Signal {
            kind,
            score,
            detail,
        });
    }

    pub fn weigh_date_of_birth(&mut self, subject: &Subject, entry: &Entry) {
        let Some(dob) = &subject.date_of_birth else {
            return;
        };
        let best = entry
            .dates_of_birth
            .iter()
            .filter_map(|d| dates::agreement(dob, d).map(|a| (a, d)))
            .max_by(|a, b| a.0.score().total_cmp(&b.0.score()));
        let Some((agreement, listed)) = best else {
            let detail = format!("{dob} not compared: the entry lists no date of birth");
            return self.signal(SignalKind::DateOfBirth, 0.5, detail);
        };
        let (dz, words) = match agreement {
            DobAgreement::Exact => (DOB_EXACT, "the same date"),
            DobAgreement::SameYear => (DOB_YEAR, "the same year"),
            DobAgreement::InRange => (DOB_RANGE, "inside the listed range"),
            DobAgreement::Near => (DOB_NEAR, "one year apart"),
            DobAgreement::Conflict => (DOB_CONFLICT, "a different date"),
        };
        if agreement == DobAgreement::Conflict {
            self.conflict(SignalKind::DateOfBirth, dz);
        } else {
            self.agree(SignalKind::DateOfBirth, dz);
        }
        let detail = format!("{dob} against the listed {listed}: {words}");
        self.signal(SignalKind::DateOfBirth, agreement.score(), detail);
    }

    pub fn weigh_nationality(&mut self, subject: &Subject, entry: &Entry) {
        let Some(nationality) = &subject.nationality else {
            return;
        };
        if entry.nationalities.iter().any(|n| n == nationality) {
            self.agree(SignalKind::Nationality, NATIONALITY_MATCH);
            let detail = format!("nationality {nationality} is listed");
            self.signal(SignalKind::Nationality, 1.0, detail);
        } else if entry.nationalities.is_empty() {
            let detail = format!("{nationality} not compared: the entry lists no nationality");
            self.signal(SignalKind::Nationality, 0.5, detail);
        } else {
            self.conflict(SignalKind::Nationality, NATIONALITY_CONFLICT);
            let detail = format!(
                "nationality {nationality}; the entry lists {}",
                entry.nationalities.join(", ")
            );
            self.signal(SignalKind::Nationality, 0.0, detail);
        }
    }

    /// A country the entry is linked to supports the match; another is reported, not a conflict.
    pub fn weigh_country(&mut self, subject: &Subject, entry: &Entry) {
        let Some(country) = &subject.country else {
            return;
        };
        let linked = entry.countries.iter().any(|c| c == country);
        if linked {
            self.agree(SignalKind::Country, COUNTRY_MATCH);
        }
        let detail = country_detail(entry, country, linked);
        self.signal(SignalKind::Country, if linked { 1.0 } else { 0.0 }, detail);
    }

    pub fn weigh_identifiers(&mut self, subject: &Subject, entry: &Entry) {
        if subject.identifiers.is_empty() {
            return;
        }
        let matched = subject.identifiers.iter().find_map(|(kind, value, _)| {
            let key = identifier_key(value);
            entry
                .identifiers
                .iter()
                .find(|i| key.len() >= 4 && identifier_key(&i.value) == key)
                .map(|i| (kind, i))
        });
        if let Some((kind, listed)) = matched {
            self.agree(SignalKind::Identifier, IDENTIFIER_MATCH);
            let detail = format!(
                "{kind} {} is listed as {} {}",
                listed.value, listed.kind, listed.value
            );
            return self.signal(SignalKind::Identifier, 1.0, detail);
        }
        let same_type = subject.identifiers.iter().find(|(kind, _, _)| {
            entry
                .identifiers
                .iter()
                .any(|i| same_identifier_type(kind, &i.kind))
        });
        match same_type {
            Some((kind, _, _)) => {
                self.conflict(SignalKind::Identifier, IDENTIFIER_CONFLICT);
                let detail = format!("the entry lists a different {kind}");
                self.signal(SignalKind::Identifier, 0.0, detail);
            }
            None => {
                let detail = "not compared: the entry lists no identifier of these types";
                self.signal(SignalKind::Identifier, 0.5, detail.to_owned());
            }
        }
    }

    pub fn weigh_entity_type(&mut self, subject: &Subject, entry: &Entry) {
        let Some(kind) = subject.kind else {
            return;
        };
        if kind == entry.kind {
            self.agree(SignalKind::EntityType, TYPE_MATCH);
        } else {
            self.conflict(SignalKind::EntityType, TYPE_CONFLICT);
        }
        let detail = format!("{} against a listed {}", kind.as_str(), entry.kind.as_str());
        self.signal(
            SignalKind::EntityType,
            if kind == entry.kind { 1.0 } else { 0.0 },
            detail,
        );
    }
}
