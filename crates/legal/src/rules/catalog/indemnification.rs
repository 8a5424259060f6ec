//! Indemnification rules: one-sided or mutual indemnities, defence obligations, unlimited
//! indemnities and IP infringement indemnities.

use super::super::rule::{Burden, OnMutual, Patterns, RULE, Rule, Variant};
use crate::model::{Category, Severity};

const C: Category = Category::Indemnification;

const MUTUAL: Variant = Variant {
    id: "indemnification.mutual",
    title: "Mutual indemnities",
    severity: Severity::Low,
    description: "Each party indemnifies the other for claims arising from its own acts; the risk is allocated both ways.",
    recommendation: "No change needed; check the triggers are symmetric and that the indemnities interact sensibly with the liability cap.",
};

pub const RULES: &[Rule] = &[
    Rule {
        id: "indemnification.one_sided",
        title: "One-sided indemnity",
        category: C,
        severity: Severity::High,
        description: "Only one party must indemnify the other against losses and third-party claims.",
        recommendation: "Make the indemnity mutual, limit it to claims caused by the indemnifying party and subject it to the liability cap.",
        patterns: Patterns {
            en: &[
                r"\b(?:shall|will|agrees? to|undertakes? to|must|hereby)\s+(?:(?:defend|protect)\s*,?\s+(?:and\s+)?)?(?:indemnify|hold harmless)",
                r"\bindemnif(?:y|ies)\s*,?\s+(?:defends?\s*,?\s+)?(?:and\s+)?(?:holds?|keeps?)\s+harmless",
            ],
            de: &[
                r"\b(?:stellt|stellen)\b[^.;]{0,80}\bfrei\b",
                r"\b(?:freizustellen|freistellen|schadlos (?:zu )?halten)",
            ],
            fr: &[
                r"\b(?:garantira|indemnisera|s'engage à (?:garantir|indemniser)|garantit)\b[^.;]{0,100}(?:contre|de toute|de tous|au titre)",
                r"\btenir (?:indemne|quitte)",
            ],
            es: &[
                r"\b(?:mantendrá|mantener|dejará) indemne",
                r"\b(?:indemnizará|se obliga a indemnizar|deberá indemnizar)",
            ],
        },
        burden: Burden::SubjectBears,
        on_mutual: OnMutual::Variant(&MUTUAL),
        ..RULE
    },
    Rule {
        id: "indemnification.defence",
        title: "Duty to defend",
        category: C,
        severity: Severity::Medium,
        description: "The indemnifying party must also defend claims (\"defend, indemnify and hold harmless\") and bears legal costs from the start, not only the final loss.",
        recommendation: "Ensure prompt notice, control of the defence and no settlement without consent are stated.",
        patterns: Patterns {
            en: &[
                r"\bdefend\s*,?\s+(?:and\s+)?(?:indemnify|hold harmless)",
                r"\b(?:shall|will) defend\b[^.;]{0,60}\b(?:claim|action|suit|proceeding)",
            ],
            de: &[
                r"\b(?:Verteidigung|Rechtsverteidigung)\b[^.;]{0,80}(?:übernehm|führ|trägt)",
                r"\b(?:übernimmt|übernehmen|führt)\b[^.;]{0,40}\b(?:Verteidigung|Rechtsverteidigung)",
                r"\bAbwehr\b[^.;]{0,60}Ansprüche",
            ],
            fr: &[
                r"\bprendre en charge la défense",
                r"\bassurer la défense",
                r"\bassumera la défense",
            ],
            es: &[
                r"\b(?:asumir|asumirá) la defensa",
                r"\bdefender\b[^.;]{0,40}\bindemn",
            ],
        },
        burden: Burden::SubjectBears,
        ..RULE
    },
    Rule {
        id: "indemnification.uncapped",
        title: "Unlimited indemnity",
        category: C,
        severity: Severity::High,
        description: "The indemnity is expressly not limited by the liability cap.",
        recommendation: "Subject the indemnity to a cap or a separate super-cap, or limit it to third-party claims.",
        patterns: Patterns {
            en: &[
                r"\bindemnif\w*\b[^.;]{0,200}\b(?:without limit|unlimited|not (?:be )?subject to (?:the|any) (?:limitation|cap|limit))",
                r"\b(?:limitation|cap)s? (?:of|on) liability\b[^.;]{0,80}\bnot apply\b[^.;]{0,80}\bindemnif",
            ],
            de: &[
                r"\bFreistellung\w*\b[^.;]{0,200}\b(?:unbeschränkt|unbegrenzt|nicht (?:der )?Haftungsbeschränkung)",
            ],
            fr: &[r"\bgarantie\b[^.;]{0,200}\b(?:illimitée|sans limitation|sans plafond)"],
            es: &[r"\bindemn\w*\b[^.;]{0,200}\b(?:ilimitad|sin límite)"],
        },
        burden: Burden::SubjectBears,
        ..RULE
    },
    Rule {
        id: "indemnification.ip_infringement",
        title: "IP infringement indemnity",
        category: C,
        severity: Severity::Medium,
        description: "One party indemnifies against claims that the deliverables or licensed material infringe third-party intellectual property.",
        recommendation: "For the indemnified party: keep it uncapped or super-capped and add remedies (modify, replace, refund). For the indemnifier: exclude combinations and modifications by others.",
        patterns: Patterns {
            en: &[
                r"\bindemnif\w*\b[^.;]{0,250}\b(?:infring\w*|misappropriat\w*)",
                r"\b(?:infringement|misappropriation)\b[^.;]{0,200}\bindemnif",
            ],
            de: &[
                r"\b(?:Schutzrecht\w*|Urheberrechtsverletzung)\b[^.;]{0,200}\bfrei",
                r"\bfrei\w*\b[^.;]{0,200}\bSchutzrecht",
            ],
            fr: &[
                r"\bcontrefaçon\b[^.;]{0,200}\b(?:garant|indemn)",
                r"\b(?:garant|indemn)\w*\b[^.;]{0,200}\bcontrefaçon",
            ],
            es: &[
                r"\binfracci(?:ón|ones)\b[^.;]{0,120}\bpropiedad (?:intelectual|industrial)\b[^.;]{0,150}\bindemn",
                r"\bindemn\w*\b[^.;]{0,200}\binfracci(?:ón|ones)\b[^.;]{0,80}\bpropiedad",
            ],
        },
        burden: Burden::SubjectBears,
        ..RULE
    },
    Rule {
        id: "indemnification.present",
        title: "Indemnification clause",
        category: C,
        severity: Severity::Low,
        description: "The clause deals with indemnities; no unusual term was recognised.",
        recommendation: "No change needed; check the procedure (notice, control of the defence, settlement consent).",
        patterns: Patterns {
            en: &[r"\bindemnif", r"\bhold harmless\b"],
            de: &[r"\bFreistellung", r"\bfreistellen", r"\bschadlos"],
            fr: &[r"\bindemnis", r"\bgarantie d'éviction", r"\btenir indemne"],
            es: &[r"\bindemni"],
        },
        general: true,
        ..RULE
    },
];
