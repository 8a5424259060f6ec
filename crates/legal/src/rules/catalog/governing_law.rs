//! Governing law rules: which law governs (named in the finding), the courts chosen for it,
//! and a missing choice of law (see `missing.rs`). A law/forum mismatch is checked per document
//! in `rules/mod.rs` (`places::mismatched`).

use super::super::details;
use super::super::rule::{Detail, Patterns, RULE, Rule};
use crate::model::{Category, Severity};

const C: Category = Category::GoverningLaw;

pub const RULES: &[Rule] = &[
    Rule {
        id: "governing_law.chosen",
        title: "Governing law",
        category: C,
        severity: Severity::Low,
        description: "Governed by the laws of {detail}.",
        recommendation: "No change needed if this law is familiar to you; otherwise ask for your own law or a neutral one and budget for local counsel.",
        patterns: Patterns {
            en: &[
                r"\bgoverned\b[^.;]{0,80}\blaws?\b",
                r"\b(?:construed|interpreted|enforced|controlled)\b[^.;]{0,80}\b(?:in accordance with|under|by)\b[^.;]{0,40}\blaws?\b",
                r"\blaws? of\b[^.;]{0,80}\b(?:shall|will) (?:govern|apply)",
                r"\bgoverning law\b",
                r"\b(?:made under|subject to) (?:and subject to )?(?:the provisions? of )?the (?:substantive )?laws? of",
            ],
            de: &[
                r"\b(?:unterliegt|unterliegen)\b[^.;]{0,80}\bRecht",
                r"\b(?:Es gilt|gilt ausschließlich|anwendbar ist)\b[^.;]{0,60}\bRecht",
                r"\banwendbares Recht",
                r"\bRechtswahl",
            ],
            fr: &[
                r"\b(?:régi|soumis|régis|soumise)\b[^.;]{0,20}(?:par|à) (?:la |le )?(?:loi|droit)",
                r"\b(?:droit|loi) applicable",
            ],
            es: &[
                r"\b(?:regirá|se rige|se regirá|sometido|sujeto|regido)\w*\b[^.;]{0,40}\b(?:legislación|leyes?|derecho)\b",
                r"\b(?:ley|legislación) aplicable",
            ],
        },
        detail: Some(Detail {
            extract: details::jurisdiction,
            required: false,
            fallback: "the chosen jurisdiction (not recognised automatically)",
        }),
        ..RULE
    },
    Rule {
        id: "governing_law.forum",
        title: "Forum for disputes",
        category: C,
        severity: Severity::Low,
        description: "Disputes are heard by {detail}.",
        recommendation: "No change needed if the forum matches the governing law and is convenient; otherwise align them.",
        patterns: Patterns {
            en: &[
                r"\b(?:courts?|tribunals?) (?:of|in|located in|sitting in|situated in)\b",
                r"\bvenue\b[^.;]{0,60}\b(?:in|of)\b",
                r"\b(?:jurisdiction|venue) of the\b[^.;]{0,60}\bcourts?",
            ],
            de: &[r"\bGerichtsstand\b"],
            fr: &[r"\btribunaux? (?:de|du|compétents)\b"],
            es: &[r"\b(?:juzgados|tribunales) de\b"],
        },
        detail: Some(Detail {
            extract: details::forum,
            required: true,
            fallback: "",
        }),
        ..RULE
    },
];

/// Reported on the forum clause when the governing law and the forum name different places.
pub const LAW_FORUM_MISMATCH: super::super::rule::MissingRule = super::super::rule::MissingRule {
    id: "governing_law.law_forum_mismatch",
    title: "Governing law and forum differ",
    category: C,
    severity: Severity::Medium,
    description: "The contract is governed by the laws of {law} but disputes go to {forum}: a court applying foreign law is slower, costlier and less predictable.",
    recommendation: "Align the forum with the governing law (or choose arbitration seated there).",
};
