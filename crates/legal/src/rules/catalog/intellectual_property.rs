//! Intellectual property rules: assignment of background IP, assignments without licence-back,
//! work made for hire, broad and ordinary licence grants, ownership of deliverables.

use super::super::details;
use super::super::rule::{Burden, Detail, Patterns, RULE, Rule};
use crate::model::{Category, Severity};

const C: Category = Category::IntellectualProperty;

/// An assignment of intellectual property rights (present or future).
const ASSIGNMENT: Patterns = Patterns {
    en: &[
        r"\bhereby (?:irrevocably )?(?:assigns?|transfers?)\b[^.;]{0,150}\b(?:right|title|interest|intellectual property|copyright|patent|invention|technology|work)",
        r"\b(?:shall|will|agrees? to) (?:irrevocably )?(?:assign|transfer)\b[^.;]{0,100}\b(?:all )?(?:right,? title|intellectual property|copyright|patent|invention)",
        r"\b(?:sole and exclusive|exclusive) property of\b",
        r"\b(?:shall|will) (?:vest|be vested) (?:solely |exclusively )?in\b",
        // "Improvements made by Licensee will be assigned to Licensor"
        r"\b(?:intellectual property|copyrights?|patents?|inventions?|modifications|improvements|deliverables|work product)\b[^.;]{0,80}\b(?:shall|will) be (?:irrevocably )?(?:assigned|transferred) to\b",
    ],
    de: &[
        r"\b(?:überträgt|übertragen|überlässt)\b[^.;]{0,100}(?:ausschließliche|sämtliche|alle)\b[^.;]{0,60}(?:Rechte|Nutzungsrechte|Schutzrechte)",
        r"\b(?:gehen|geht)\b[^.;]{0,100}(?:Rechte|Eigentum)\b[^.;]{0,60}über",
        r"\bausschließliche[sn]?\b[^.;]{0,60}Nutzungsrecht",
    ],
    fr: &[
        r"\bcède\b[^.;]{0,120}(?:droits|propriété)",
        r"\bcession (?:des|de tous les|de l'ensemble des) droits",
    ],
    es: &[
        r"\bcede\b[^.;]{0,120}(?:derechos|titularidad)",
        r"\bcesión de (?:los|todos los) derechos",
    ],
};

/// Retention of one's own rights ("shall remain the property of"), not an assignment.
const RETENTION: Patterns = Patterns {
    en: &[r"\b(?:remains?|retains?|continue to (?:own|be))\b"],
    de: &[r"\bverbleib"],
    fr: &[r"\b(?:reste|restent|demeure|demeurent|conserve)\b"],
    es: &[r"\b(?:seguirá|conservará|mantendrá)\b"],
};

pub const RULES: &[Rule] = &[
    Rule {
        id: "intellectual_property.background_assignment",
        title: "Assignment of pre-existing IP",
        category: C,
        severity: Severity::High,
        description: "Pre-existing (background) intellectual property is assigned, not only the results made for this contract: the assigning party may lose rights it needs for other business.",
        recommendation: "Limit the assignment to deliverables created under the contract; license background IP non-exclusively instead.",
        patterns: Patterns {
            en: &[
                r"\b(?:assign|transfer)\w*\b[^.;]{0,120}\b(?:pre-?existing|background|prior)\b[^.;]{0,40}\b(?:intellectual property|IP|technology|rights|materials|works)",
                r"\b(?:pre-?existing|background) (?:intellectual property|IP|technology|materials)\b[^.;]{0,120}\b(?:shall|will) (?:vest in|become the (?:sole |exclusive )?property of|be assigned)",
            ],
            de: &[
                r"\b(?:vorbestehende|bestehende|bereits vorhandene)\w*\b[^.;]{0,60}(?:Rechte|Schutzrechte|Software)\b[^.;]{0,100}(?:überträgt|übertragen|gehen\b[^.;]{0,40}über)",
            ],
            fr: &[r"\bcède\w*\b[^.;]{0,120}\b(?:préexistant|antérieur)"],
            es: &[r"\bcede\w*\b[^.;]{0,120}\b(?:preexistente|previos|anteriores)"],
        },
        burden: Burden::SubjectBears,
        ..RULE
    },
    Rule {
        id: "intellectual_property.assignment",
        title: "IP assignment",
        category: C,
        severity: Severity::Medium,
        description: "Intellectual property rights in the work or its results are assigned to one party.",
        recommendation: "Check the assignment is limited to deliverables, that it takes effect on payment, and that moral rights and employees' rights are covered.",
        patterns: ASSIGNMENT,
        unless: RETENTION,
        burden: Burden::SubjectBears,
        ..RULE
    },
    Rule {
        id: "intellectual_property.no_licence_back",
        title: "Assignment without licence-back",
        category: C,
        severity: Severity::Medium,
        description: "The assigning party gets no licence back to use what it assigned, so it may not reuse its own know-how or tools.",
        recommendation: "Ask for a non-exclusive, royalty-free licence back to the assigned rights for internal use and other customers.",
        patterns: ASSIGNMENT,
        unless: RETENTION,
        unless_in_clause: Patterns {
            en: &[
                r"\blicen[cs]e[- ]back\b|\bgrants?\b[^.;]{0,80}\bback\b|\bretains?\b[^.;]{0,60}\blicen[cs]e",
            ],
            de: &[r"\b(?:Rücklizenz|einfache[sn]? Nutzungsrecht\b[^.;]{0,60}verbleib)"],
            fr: &[r"\b(?:licence en retour|rétrocession|conserve\b[^.;]{0,40}droit d'utilis)"],
            es: &[r"\b(?:licencia de retorno|conserva\b[^.;]{0,40}(?:licencia|derecho de uso))"],
        },
        burden: Burden::SubjectBears,
        ..RULE
    },
    Rule {
        id: "intellectual_property.work_for_hire",
        title: "Work made for hire",
        category: C,
        severity: Severity::Medium,
        description: "The results are a work made for hire (or commissioned work): the commissioning party owns them from creation.",
        recommendation: "Exclude pre-existing materials and tools, and back the clause with an assignment where work-for-hire does not apply (outside the US, non-employees).",
        patterns: Patterns {
            en: &[r"\bworks? made[- ]for[- ]hire", r"\bworks? for hire\b"],
            de: &[r"\bArbeitsergebnisse\b[^.;]{0,100}(?:stehen|gehören|Eigentum)"],
            fr: &[r"\b(?:œ|oe)uvres? de commande"],
            es: &[r"\bobras? (?:por|bajo) encargo"],
        },
        ..RULE
    },
    Rule {
        id: "intellectual_property.broad_licence",
        title: "Broad licence grant",
        category: C,
        severity: Severity::Medium,
        description: "A broad licence is granted ({detail}): the licensor cannot take the rights back and may see them used or sublicensed widely.",
        recommendation: "Limit the licence to the contract's purpose and term; avoid perpetual, irrevocable or sublicensable rights unless paid for.",
        patterns: Patterns {
            en: &[
                r"\bgrants?\b[^.;]{0,200}\b(?:perpetual|irrevocable|sublicensable|right to sublicen[cs]e)",
                r"\b(?:perpetual|irrevocable)\b[^.;]{0,80}\b(?:licen[cs]e|right to use)",
            ],
            de: &[
                r"\b(?:unwiderruflich|zeitlich unbeschränkt|unbefristet)\w*\b[^.;]{0,80}(?:Nutzungsrecht|Lizenz)",
                r"\b(?:Nutzungsrecht|Lizenz)\w*\b[^.;]{0,80}(?:unwiderruflich|zeitlich unbeschränkt|unterlizenzierbar)",
            ],
            fr: &[
                r"\blicence\b[^.;]{0,100}(?:irrévocable|perpétuelle|pour toute la durée (?:légale )?des droits)",
                r"\b(?:irrévocable|perpétuel)\w*\b[^.;]{0,60}licence",
            ],
            es: &[
                r"\blicencia\b[^.;]{0,100}(?:irrevocable|perpetua|por todo el plazo)",
                r"\b(?:irrevocable|perpetua)\b[^.;]{0,60}licencia",
            ],
        },
        burden: Burden::SubjectBears,
        detail: Some(Detail {
            extract: details::licence_breadth,
            required: false,
            fallback: "perpetual or irrevocable",
        }),
        ..RULE
    },
    Rule {
        id: "intellectual_property.licence",
        title: "Licence grant",
        category: C,
        severity: Severity::Low,
        description: "A licence or right to use intellectual property (software, trademarks, names, content) is granted ({detail}).",
        recommendation: "No change needed; check scope, territory, duration and whether the licence ends with the contract.",
        patterns: Patterns {
            en: &[
                r"\bgrants?\b[^.;]{0,150}\b(?:licen[cs]e|right to use|sublicen[cs]e)\b",
                r"\b(?:is|are|shall be|hereby) granted\b[^.;]{0,60}\b(?:licen[cs]e|right)",
                r"\b(?:shall|will) have the right to use\b[^.;]{0,100}\b(?:name|marks?|logos?|trademarks?|likeness|image|content|software)",
                r"\blicen[cs]e (?:to use|granted)",
            ],
            de: &[
                r"\b(?:räumt|einräumen|eingeräumt)\b[^.;]{0,150}(?:Nutzungsrecht|Lizenz|Recht)",
                r"\bLizenz\w*\b[^.;]{0,40}(?:gewährt|erteilt)",
            ],
            fr: &[
                r"\b(?:concède|accorde|consent)\b[^.;]{0,150}(?:licence|droit d'(?:utilisation|utiliser|exploitation))",
            ],
            es: &[
                r"\b(?:otorga|concede|licencia)\b[^.;]{0,150}(?:licencia|derecho (?:de uso|a utilizar|de explotación))",
            ],
        },
        burden: Burden::SubjectBears,
        detail: Some(Detail {
            extract: details::licence_breadth,
            required: false,
            fallback: "scope as stated",
        }),
        ..RULE
    },
    Rule {
        id: "intellectual_property.ownership",
        title: "Ownership of IP and deliverables",
        category: C,
        severity: Severity::Low,
        description: "The clause states who owns intellectual property or deliverables (each party keeps or acquires ownership as stated).",
        recommendation: "No change needed; check deliverables, improvements and jointly developed results are covered.",
        patterns: Patterns {
            en: &[
                r"\b(?:deliverables|work product|developments|improvements|inventions)\b[^.;]{0,120}\b(?:shall|will) (?:be|become|remain|vest)\b[^.;]{0,40}\b(?:property|owned)",
                r"\b(?:owns?|retains?|shall (?:remain|retain))\b[^.;]{0,40}\b(?:all )?(?:right,? title and interest|ownership|intellectual property)",
            ],
            de: &[
                r"\b(?:verbleiben|verbleibt|stehen|steht)\b[^.;]{0,60}(?:Rechte|Eigentum|Schutzrechte)",
            ],
            fr: &[r"\b(?:reste|demeure|restent|demeurent)\b[^.;]{0,40}(?:la )?propriété"],
            es: &[r"\b(?:seguirá siendo|será|serán) (?:de )?(?:propiedad|titularidad)"],
        },
        ..RULE
    },
    Rule {
        id: "intellectual_property.present",
        title: "Intellectual property clause",
        category: C,
        severity: Severity::Low,
        description: "The clause deals with intellectual property; no unusual term was recognised.",
        recommendation: "No change needed; check ownership of deliverables and any licences are stated.",
        patterns: Patterns {
            en: &[r"\bintellectual property\b", r"\bproprietary rights\b"],
            de: &[
                r"\bgeistige[ns]? Eigentum",
                r"\bSchutzrechte",
                r"\bUrheberrecht",
                r"\bNutzungsrecht",
            ],
            fr: &[r"\bpropriété intellectuelle", r"\bdroits d'auteur"],
            es: &[
                r"\bpropiedad (?:intelectual|industrial)",
                r"\bderechos de autor",
            ],
        },
        general: true,
        ..RULE
    },
];
