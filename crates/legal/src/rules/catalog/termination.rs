//! Termination rules: one-sided termination for convenience, short notice, automatic renewal
//! and its notice trap, termination for cause with or without a cure period.

use super::super::details;
use super::super::rule::{Burden, Detail, OnMutual, Patterns, RULE, Rule, Variant};
use super::termination_context::{CURE, FOR_CAUSE, RENEWAL_CONTEXT, TRIGGERED};
use crate::model::{Category, Severity};

const C: Category = Category::Termination;

const CONVENIENCE_MUTUAL: Variant = Variant {
    id: "termination.convenience_mutual",
    title: "Mutual termination for convenience",
    severity: Severity::Low,
    description: "Either party may end the contract without cause on notice ({detail}).",
    recommendation: "No change needed if the notice period leaves time to transition; consider compensation for committed costs.",
};

pub const RULES: &[Rule] = &[
    Rule {
        id: "termination.convenience_one_sided",
        title: "One-sided termination for convenience",
        category: C,
        severity: Severity::High,
        description: "Only one party may end the contract without cause ({detail}); the other party's investment and revenue are at its discretion.",
        recommendation: "Make the right mutual, or ask for a longer notice period, a minimum term or an early-termination fee.",
        patterns: Patterns {
            en: &[
                r"\b(?:may|shall (?:have the right|be entitled)|is entitled|has the right|reserves the right)\b[^.;]{0,40}\b(?:terminate|cancel)\b[^.;]{0,150}\b(?:for (?:its |any party's )?convenience|without cause|for any reason|for no reason|with or without cause|(?:in|at) its (?:sole )?discretion|at any time)",
                r"\b(?:in its sole discretion|at any time|without cause)\b[^.;]{0,80}\bmay\b[^.;]{0,30}\b(?:terminate|cancel)",
                r"\b(?:may|shall (?:have the right|be entitled) to|is entitled to|has the right to|reserves the right to)\b[^.;]{0,40}\b(?:terminate|cancel|end) (?:this|the) (?:Agreement|Contract)\b[^.;]{0,60}\b(?:upon|by giving|on|with|by)\b[^.;]{0,60}\bnotice",
                r"\bmay be (?:terminated|cancell?ed) by\b[^.;]{0,80}\b(?:at any time|for convenience|without cause|(?:upon|on|by giving)\b[^.;]{0,40}\bnotice)",
                r"\bmay be (?:terminated|cancell?ed)\b[^.;]{0,40}\b(?:at any time|for convenience|with(?: or with)?out cause)",
                r"\btermination for convenience",
                r"\bmay,? (?:at any time|for any reason|without cause),? (?:terminate|cancel)\b",
            ],
            de: &[
                r"\b(?:ordentlich|jederzeit|ohne (?:Angabe von Gründen|wichtigen Grund))\b[^.;]{0,80}\bkündig",
                r"\bkann\b[^.;]{0,80}\b(?:jederzeit|ohne Angabe von Gründen)\b[^.;]{0,60}kündig",
                r"\bordentliche Kündigung",
            ],
            fr: &[
                r"\bpeut\b[^.;]{0,60}résilier\b[^.;]{0,120}(?:à tout moment|sans motif|sans (?:avoir à )?justifier|pour convenance)",
                r"\b(?:à tout moment|sans motif)\b[^.;]{0,80}résilier",
                r"\brésiliation pour convenance",
            ],
            es: &[
                r"\bpodrá\b[^.;]{0,60}(?:resolver|rescindir|terminar|dar por terminado)\b[^.;]{0,120}(?:en cualquier momento|sin causa|sin justa causa|sin necesidad de (?:alegar|justificar)|por conveniencia)",
                r"\b(?:en cualquier momento|sin causa)\b[^.;]{0,80}(?:resolver|rescindir|terminar)",
            ],
        },
        unless: TRIGGERED,
        burden: Burden::SubjectBenefits,
        on_mutual: OnMutual::Variant(&CONVENIENCE_MUTUAL),
        detail: Some(Detail {
            extract: details::notice_period,
            required: false,
            fallback: "notice period not stated",
        }),
        ..RULE
    },
    Rule {
        id: "termination.short_notice",
        title: "Short termination notice",
        category: C,
        severity: Severity::Medium,
        description: "The contract can be ended on short notice ({detail}), leaving little time to find a replacement.",
        recommendation: "Ask for at least 30 (better 60–90) days' notice, or a transition-assistance period.",
        patterns: Patterns {
            en: &[
                r"\bterminat\w*\b[^.;]{0,150}\b(?:days?|weeks?)'?\s*(?:prior |advance )?(?:written )?notice",
                r"\bnotice\b[^.;]{0,80}\bterminat",
            ],
            de: &[
                r"kündig\w*\b[^.;]{0,120}\bFrist\b",
                r"\bFrist von\b[^.;]{0,80}kündig",
            ],
            fr: &[
                r"\brésili\w*\b[^.;]{0,150}\bpréavis",
                r"\bpréavis\b[^.;]{0,80}\brésili",
            ],
            es: &[
                r"\b(?:resol|rescin|termin)\w*\b[^.;]{0,150}\b(?:preaviso|antelación|anticipación)",
                r"\b(?:preaviso|antelación)\b[^.;]{0,80}\b(?:resol|rescin|termin)",
            ],
        },
        unless: FOR_CAUSE,
        detail: Some(Detail {
            extract: details::notice_under_30_days,
            required: true,
            fallback: "",
        }),
        ..RULE
    },
    Rule {
        id: "termination.auto_renewal",
        title: "Automatic renewal",
        category: C,
        severity: Severity::Medium,
        description: "The term renews automatically unless notice of non-renewal is given (evergreen clause); a missed deadline locks the parties in for another term.",
        recommendation: "Diarise the non-renewal deadline; prefer renewal only by mutual agreement or a short non-renewal notice.",
        patterns: Patterns {
            en: &[
                r"\bautomatic(?:ally)?\b[^.;]{0,20}\b(?:renew|extend|continue)",
                r"\b(?:renew|extend)(?:s|ed)? automatically",
                r"\b(?:renew|extend)(?:s|ed)?\b[^.;]{0,60}\bsuccessive\b",
                r"\bevergreen",
                r"\bunless\b[^.;]{0,60}\b(?:notice|notif[a-z]*)\b[^.;]{0,80}\b(?:non-?renewal|not to (?:renew|extend)|terminat)",
                // "shall be renewed for additional terms", "shall continue for a further period"
                r"\b(?:be (?:automatically )?(?:renewed|extended)|(?:shall|will) (?:automatically )?(?:continue|roll over))\b[^.;]{0,40}\bfor (?:an? |one |each |such )?(?:additional|further|successive|subsequent|consecutive|like)\b",
                r"\bfrom year to year\b|\b(?:year|month)[- ]to[- ](?:year|month) basis",
                r"\b(?:renewal|extension)s?\b[^.;]{0,30}\bautomatic(?:ally)?\b",
                r"\bnotice of non-?renewal|\b(?:intention|election|decision|elects?) not to (?:renew|extend)",
                r"\b(?:not|no longer) (?:wish|want|intend)(?:s|ed)? (?:[a-z]+ ){0,2}to (?:renew|be renewed|extend)",
                r"\bif (?:neither|no) party\b[^.;]{0,60}\bnotice\b[^.;]{0,150}\b(?:continue|renew|extend)",
            ],
            de: &[
                r"\bverlängert sich\b[^.;]{0,40}(?:automatisch|jeweils|stillschweigend|um)",
                r"\bstillschweigend verlängert",
                r"\bautomatische Verlängerung",
            ],
            fr: &[
                r"\b(?:renouvel|reconduit|prorog)\w*\b[^.;]{0,40}(?:tacitement|automatiquement|de plein droit)",
                r"\btacite reconduction",
            ],
            es: &[
                r"\b(?:prorrogar|renovar|prorrogad|renovad|prorrogará|renovará)\w*\b[^.;]{0,40}(?:automáticamente|tácitamente)",
                r"\b(?:prórroga|renovación) (?:automática|tácita)",
            ],
        },
        context: RENEWAL_CONTEXT,
        unless: Patterns {
            en: &[r"\b(?:after|following|upon) (?:any |the )?termination\b|\bsurviv"],
            ..Patterns::NONE
        },
        ..RULE
    },
    Rule {
        id: "termination.renewal_notice_trap",
        title: "Long non-renewal notice (renewal trap)",
        category: C,
        severity: Severity::High,
        description: "Non-renewal must be notified long before the end of the term ({detail}); missing that early deadline renews the contract.",
        recommendation: "Shorten the non-renewal notice to 30 days or ask for a reminder obligation before the deadline.",
        patterns: Patterns {
            en: &[
                r"\b(?:non-?renewal|not to renew|not renew|intention to terminate|terminate)\b[^.;]{0,200}\b(?:prior to|before)\b[^.;]{0,30}\b(?:end|expir)",
            ],
            de: &[
                r"(?:kündig|Verlängerung|\bFrist|\bspätestens)\w*\b[^.;]{0,200}\b(?:vor (?:Ablauf|Ende)|zum (?:Ende|Ablauf))",
            ],
            fr: &[
                r"\b(?:préavis|dénonc|non-renouvellement)\w*\b[^.;]{0,200}\b(?:avant (?:l'échéance|le terme|la fin|l'expiration))",
            ],
            es: &[
                r"\b(?:preaviso|antelación|no renovar|denuncia)\w*\b[^.;]{0,200}\b(?:antes de|a la fecha de) (?:su )?(?:vencimiento|finalización|la finalización|expiración)",
            ],
        },
        context: Patterns {
            en: &[r"\brenew|\bextend|\bsuccessive"],
            de: &[r"verlänger"],
            fr: &[r"renouvel|reconduc|reconduit|prorog"],
            es: &[r"renova|prorroga|prórroga"],
        },
        detail: Some(Detail {
            extract: details::notice_at_least_60_days,
            required: true,
            fallback: "",
        }),
        ..RULE
    },
    Rule {
        id: "termination.renewal_option",
        title: "Renewal option",
        category: C,
        severity: Severity::Low,
        description: "The contract may be renewed at a party's option or by agreement.",
        recommendation: "No change needed; check the notice needed to exercise the option and the terms that apply to the renewal.",
        patterns: Patterns {
            en: &[
                r"\b(?:right|option)s? to (?:renew|extend)",
                r"\bmay\b[^.;]{0,40}\b(?:renew|extend) (?:this|the|its) (?:Agreement|Term|Lease|franchise|licen[cs]e|contract|engagement|subscription)",
                r"\brenewal (?:term|period)s?\b",
            ],
            de: &[
                r"\bVerlängerungsoption",
                r"\bkann\b[^.;]{0,60}verlängert werden",
            ],
            fr: &[
                r"\b(?:option|faculté) de (?:renouvel|prolong)",
                r"\bpeut être renouvelé",
            ],
            es: &[
                r"\b(?:opción|derecho) de (?:renovación|prórroga)",
                r"\bpodrá (?:ser )?(?:renovado|prorrogado)",
            ],
        },
        burden: Burden::SubjectBenefits,
        ..RULE
    },
    Rule {
        id: "termination.cause_without_cure",
        title: "Termination for breach without cure period",
        category: C,
        severity: Severity::Medium,
        description: "A party may terminate for breach without first giving the other party a chance to remedy it.",
        recommendation: "Add a cure period (commonly 30 days after written notice) before termination for a remediable breach.",
        patterns: Patterns {
            en: &[
                r"\b(?:terminate|termination)\b[^.;]{0,150}\b(?:material(?:ly)? breach|breach(?:es|ed)?\b|default)",
            ],
            de: &[
                r"(?:kündig|Kündigung)\w*\b[^.;]{0,150}\b(?:Vertragsverletzung|Pflichtverletzung|wesentliche[rn]? Verletzung)",
            ],
            fr: &[r"\brésili\w*\b[^.;]{0,150}\b(?:manquement|inexécution)"],
            es: &[r"\b(?:resol|rescin|termin)\w*\b[^.;]{0,150}\bincumpl"],
        },
        unless_in_clause: CURE,
        ..RULE
    },
    Rule {
        id: "termination.for_cause",
        title: "Termination for cause with cure period",
        category: C,
        severity: Severity::Low,
        description: "A party may terminate for breach or insolvency, after a cure period ({detail}).",
        recommendation: "No change needed; check the cure period is long enough for the breaches you could realistically commit.",
        patterns: Patterns {
            en: &[
                r"\b(?:terminate|termination)\b[^.;]{0,200}\b(?:(?:un)?cure[sd]?|remed(?:y|ied)|unremedied)\b",
                r"\b(?:(?:un)?cure[sd]?|remed(?:y|ied)|unremedied)\b[^.;]{0,200}\bterminat",
            ],
            de: &[
                r"\bKündigung aus wichtigem Grund",
                r"\b(?:außerordentlich|fristlos)\w*\b[^.;]{0,60}kündig",
                r"\bNachfrist\b[^.;]{0,150}kündig",
            ],
            fr: &[
                r"\bmise en demeure\b[^.;]{0,200}résili",
                r"\brésili\w*\b[^.;]{0,200}mise en demeure",
            ],
            es: &[
                r"\b(?:subsan|remedi)\w*\b[^.;]{0,200}\b(?:resol|rescin|termin)",
                r"\b(?:resol|rescin|termin)\w*\b[^.;]{0,200}\b(?:subsan|remedi)",
            ],
        },
        detail: Some(Detail {
            extract: details::cure_period,
            required: false,
            fallback: "length not stated",
        }),
        ..RULE
    },
    Rule {
        id: "termination.present",
        title: "Term and termination",
        category: C,
        severity: Severity::Low,
        description: "The clause sets the term or how the contract ends; no unusual term was recognised.",
        recommendation: "No change needed; check the consequences of termination (transition, surviving clauses).",
        patterns: Patterns {
            en: &[
                r"\bterminat(?:e|ed|es|ion)\b",
                r"\bterm of (?:this|the) (?:Agreement|Contract)\b",
                r"\bexpir(?:e|es|ation) of (?:this|the) (?:Agreement|Term)",
            ],
            de: &[
                r"\bKündigung",
                r"\bkündigen",
                r"\bLaufzeit",
                r"\bVertragsdauer",
                r"\bVertragsbeendigung",
            ],
            fr: &[
                r"\brésiliation",
                r"\brésilier",
                r"\bdurée du contrat",
                r"\bprend fin\b",
            ],
            es: &[
                r"\bresolución del contrato",
                r"\bterminación",
                r"\brescisión",
                r"\bduración del contrato",
                r"\bvigencia",
            ],
        },
        general: true,
        ..RULE
    },
];
