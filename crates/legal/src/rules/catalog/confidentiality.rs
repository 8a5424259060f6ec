//! Confidentiality rules: perpetual or open-ended duties, missing standard exceptions,
//! one-way versus mutual obligations, and a term in years (benign).

use super::super::details;
use super::super::rule::{Burden, Detail, OnMutual, Patterns, RULE, Rule, Variant};
use crate::model::{Category, Severity};

const C: Category = Category::Confidentiality;

/// The clause is about confidentiality.
const CONFIDENTIAL: Patterns = Patterns {
    en: &[r"\bconfidential"],
    de: &[r"\b(?:vertraulich|Geheimhaltung|Verschwiegenheit)"],
    fr: &[r"\bconfidenti"],
    es: &[r"\bconfidencial"],
};

const MUTUAL: Variant = Variant {
    id: "confidentiality.mutual",
    title: "Mutual confidentiality",
    severity: Severity::Low,
    description: "Both parties must keep each other's confidential information secret.",
    recommendation: "No change needed; check the term and the standard exceptions.",
};

pub const RULES: &[Rule] = &[
    Rule {
        id: "confidentiality.perpetual",
        title: "Perpetual confidentiality",
        category: C,
        severity: Severity::Medium,
        description: "The confidentiality duty has no end (perpetual or indefinite), so compliance must be tracked forever.",
        recommendation: "Limit the duty to a fixed period after termination (3–5 years is common), keeping trade secrets protected as long as they remain secret.",
        patterns: Patterns {
            en: &[
                r"\b(?:in perpetuity|perpetual(?:ly)?|indefinitely|without (?:any )?(?:limit(?:ation)? (?:of|in) time|time limit))",
            ],
            de: &[r"\b(?:zeitlich unbe(?:grenzt|schränkt)|unbefristet|auf unbestimmte Zeit)"],
            fr: &[r"\b(?:durée illimitée|sans limitation de durée|indéfiniment|perpétu)"],
            es: &[
                r"\b(?:indefinidamente|plazo ilimitado|sin límite (?:de tiempo|temporal)|perpetu|por tiempo indefinido)",
            ],
        },
        context: CONFIDENTIAL,
        unless: Patterns {
            en: &[r"\blicen[cs]e|\bright to use"],
            de: &[r"\b(?:Lizenz|Nutzungsrecht)"],
            fr: &[r"\blicence"],
            es: &[r"\blicencia"],
        },
        ..RULE
    },
    Rule {
        id: "confidentiality.missing_exceptions",
        title: "No standard confidentiality exceptions",
        category: C,
        severity: Severity::Medium,
        description: "The confidentiality duty has none of the standard exceptions (information that is public, already known, independently developed, or whose disclosure is required by law).",
        recommendation: "Add the four standard exceptions and a procedure for disclosures compelled by law or court order.",
        patterns: Patterns {
            en: &[
                r"\b(?:shall|will|agrees? to|must)\s+(?:keep|hold|maintain|treat)\b[^.;]{0,60}\b(?:confiden|secret)",
                r"\b(?:shall|will|must) not (?:disclose|divulge|reveal)",
            ],
            de: &[
                r"\b(?:vertraulich (?:zu )?behandeln|geheim (?:zu )?halten|Stillschweigen (?:zu )?bewahren)",
                r"\bnicht\b[^.;]{0,40}(?:offenlegen|weitergeben|zugänglich machen)",
            ],
            fr: &[
                r"\b(?:garder|conserver|maintenir|traiter)\b[^.;]{0,40}(?:confidenti|secret)",
                r"\bne pas divulguer|\bne (?:divulguera|communiquera) pas",
            ],
            es: &[
                r"\b(?:mantener|guardar|tratar)\b[^.;]{0,40}(?:confidencial|secreto|reserva)",
                r"\bno (?:divulgará|revelará|comunicará)",
            ],
        },
        context: CONFIDENTIAL,
        unless_in_document: Patterns {
            en: &[
                r"\bpublic(?:ly)? (?:available|known)|\bpublic domain|\balready (?:known|in (?:its|the \w+ party's) possession)|\bindependently developed|\brequired (?:to be disclosed )?by (?:law|court|regulation|applicable law)",
            ],
            de: &[
                r"\b(?:öffentlich (?:bekannt|zugänglich)|allgemein bekannt|bereits bekannt|unabhängig entwickelt|gesetzlich (?:verpflichtet|vorgeschrieben)|behördliche[rn]? (?:oder gerichtliche[rn]? )?Anordnung)",
            ],
            fr: &[
                r"\b(?:domaine public|publiquement disponible|déjà (?:connue?s?|en (?:sa )?possession)|développée?s? (?:de manière )?indépendante?|requise? par (?:la loi|une autorité))",
            ],
            es: &[
                r"\b(?:dominio público|públicamente disponible|ya (?:conocida|en (?:su )?poder)|desarrollada independientemente|exigid[oa] por (?:la ley|autoridad)|requerid[oa] por (?:ley|la ley))",
            ],
        },
        ..RULE
    },
    Rule {
        id: "confidentiality.one_way",
        title: "One-way confidentiality",
        category: C,
        severity: Severity::Medium,
        description: "Only one party is bound to keep information confidential; the other party's disclosures are unprotected.",
        recommendation: "Make the obligation mutual if both parties share sensitive information.",
        patterns: Patterns {
            en: &[
                r"\b(?:shall|will|agrees? to|must)\s+(?:keep|hold|maintain|treat)\b[^.;]{0,60}\b(?:confiden|secret)",
                r"\b(?:shall|will|must) not (?:disclose|divulge|reveal)\b[^.;]{0,60}\bconfidential",
            ],
            de: &[
                r"\b(?:verpflichtet sich|ist verpflichtet|hat)\b[^.;]{0,80}(?:vertraulich|geheim)",
            ],
            fr: &[r"\bs'engage à\b[^.;]{0,60}(?:confidenti|secret)"],
            es: &[r"\bse (?:obliga|compromete) a\b[^.;]{0,60}(?:confidencial|secreto|reserva)"],
        },
        burden: Burden::SubjectBears,
        on_mutual: OnMutual::Variant(&MUTUAL),
        require_party: true,
        ..RULE
    },
    Rule {
        id: "confidentiality.term_years",
        title: "Confidentiality term",
        category: C,
        severity: Severity::Low,
        description: "The confidentiality duty runs for a fixed period ({detail}).",
        recommendation: "No change needed; check trade secrets stay protected for as long as they remain secret.",
        patterns: Patterns {
            en: &[
                r"\b(?:for a period of|period of|for|during)\s+(?:\w+\s+)?\(?\d+\)?\s*years?\b",
                r"\b\(?\d+\)?\s*years?\s+(?:after|following|from)\b",
            ],
            de: &[r"\b(?:für|von|während)\b[^.;]{0,20}\b(?:\d+|zwei|drei|fünf|zehn)\s+Jahre"],
            fr: &[
                r"\b(?:pendant|durant|pour une (?:durée|période) de)\b[^.;]{0,20}\b(?:\d+|deux|trois|cinq|dix)\s+ans",
            ],
            es: &[
                r"\b(?:durante|por un (?:plazo|período) de)\b[^.;]{0,20}\b(?:\d+|dos|tres|cinco|diez)\s+años",
            ],
        },
        context: CONFIDENTIAL,
        detail: Some(Detail {
            extract: details::years,
            required: true,
            fallback: "",
        }),
        ..RULE
    },
    Rule {
        id: "confidentiality.present",
        title: "Confidentiality clause",
        category: C,
        severity: Severity::Low,
        description: "The clause protects confidential information; no unusual term was recognised.",
        recommendation: "No change needed; check its duration and the standard exceptions.",
        patterns: Patterns {
            en: &[r"\bconfidential(?:ity)?\b", r"\bnon-?disclosure\b"],
            de: &[r"\bvertraulich", r"\bGeheimhaltung", r"\bVerschwiegenheit"],
            fr: &[r"\bconfidentialité", r"\bconfidentiel"],
            es: &[r"\bconfidencial"],
        },
        general: true,
        ..RULE
    },
];
