//! Liability rules: uncapped or one-sided liability, caps, exclusions of indirect damages,
//! liquidated damages and carve-outs from the cap.

use super::super::details;
use super::super::rule::{Burden, Detail, OnMutual, Patterns, RULE, Rule, Variant};
use crate::model::{Category, Severity};

const C: Category = Category::Liability;

/// Clause talks about liability or damages at all (context for carve-outs).
const LIABILITY_CONTEXT: Patterns = Patterns {
    en: &[r"\b(?:liab|damages)|\bexclusions? and limitations?\b|\blimitations? and exclusions?\b"],
    de: &[r"haft|schaden|schäden"],
    fr: &[r"responsab|dommage"],
    es: &[r"responsab|daños"],
};

const CAP_MUTUAL: Variant = Variant {
    id: "liability.cap_mutual",
    title: "Mutual liability cap",
    severity: Severity::Low,
    description: "Both parties' liability is capped: {detail}.",
    recommendation: "No change needed if the cap covers the realistic loss; a cap of the fees paid in the last 12 months is common but low for data or IP claims.",
};

const CONSEQUENTIAL_MUTUAL: Variant = Variant {
    id: "liability.consequential_mutual",
    title: "Mutual exclusion of indirect damages",
    severity: Severity::Low,
    description: "Neither party is liable for indirect or consequential damages (lost profits and the like); the exclusion is mutual.",
    recommendation: "No change needed; make sure confidentiality breaches and indemnities are carved out.",
};

const EXCLUSION_MUTUAL: Variant = Variant {
    id: "liability.exclusion_mutual",
    title: "Mutual exclusion of liability",
    severity: Severity::Low,
    description: "Neither party is liable for the matter stated; the exclusion is mutual.",
    recommendation: "No change needed; check the excluded matter is one neither party controls.",
};

pub const RULES: &[Rule] = &[
    Rule {
        id: "liability.uncapped",
        title: "Uncapped liability",
        category: C,
        severity: Severity::High,
        description: "Liability is expressly unlimited: the liable party's exposure has no ceiling.",
        recommendation: "Negotiate a cap (e.g. the fees paid in the preceding 12 months), keeping only customary exceptions uncapped.",
        patterns: Patterns {
            en: &[
                r"\bunlimited liability",
                r"\bliability (?:shall|will) (?:be unlimited|not be limited)",
                r"\bwithout (?:any )?limit(?:ation)? (?:as to amount|of (?:its |their )?liability)",
                r"\bno (?:limit|cap) (?:on|to) (?:its |their |the )?liability",
                // "The liability of the Customer under this Agreement shall be unlimited."
                r"\bliability\b[^.;]{0,80}?\b(?:shall|will|is|are) (?:be )?(?:unlimited|uncapped|not (?:be )?(?:limited|capped))",
                r"\b(?:shall|will) be (?:fully |solely )?liable for (?:any and )?all (?:losses|damages)",
                r"\bnothing in (?:this|these) (?:agreement|contract|clause|section|article|terms|conditions)\b[^.;]{0,60}\b(?:limits?|excludes?|restricts?)\b[^.;]{0,60}\bliabilit",
                r"\bliability\b[^.;]{0,80}\b(?:is|are|shall|will) not (?:be )?subject to (?:any|the) (?:limitation|cap|limit)",
                r"\bno (?:limit|cap|limitation)s? (?:on|to|of) (?:its |their |the |a |either |each )?(?:[a-z]+(?:'s|’s) )?liability|\bliable without (?:any )?limit(?:ation)?\b|\b(?:neither party|does not|do not|shall not|will not) (?:limits?|excludes?|restricts?)(?: or (?:limits?|excludes?))? (?:its |their |either party's |the )?liability\b",
            ],
            de: &[
                r"\bunbeschränkt(?:e[nrs]?)? (?:haft|Haftung)",
                r"\bhafte[tn] unbeschränkt",
                r"\bunbegrenzte[n]? Haftung",
                r"\bHaftung ist nicht (?:beschränkt|begrenzt)",
                r"\bHaftung\b[^.;]{0,80}?\b(?:ist|sind|wird|bleibt) (?:der Höhe nach )?(?:unbeschränkt|unbegrenzt)",
            ],
            fr: &[
                r"\bresponsabilité illimitée",
                r"\bresponsabilité\b[^.;]{0,80}?\b(?:est|sera|demeure) (?:illimitée|sans limite)",
                r"\bsans (?:aucune )?limitation de (?:sa |leur )?responsabilité",
                r"\bresponsable de (?:l'ensemble des|tous les) (?:dommages|préjudices)",
            ],
            es: &[
                r"\bresponsabilidad ilimitada",
                r"\bresponsabilidad\b[^.;]{0,80}?\b(?:es|será|serán) (?:ilimitada|sin límite)",
                r"\bsin (?:ningún )?límite de (?:su )?responsabilidad",
                r"\bresponderá (?:de|por) (?:todos|la totalidad de) los daños",
            ],
        },
        burden: Burden::SubjectBears,
        ..RULE
    },
    Rule {
        id: "liability.cap",
        title: "One-sided liability cap",
        category: C,
        severity: Severity::Medium,
        description: "Liability is capped: {detail}; the cap protects only one party.",
        recommendation: "Make the cap mutual and check it covers the realistic loss (the fees paid in the last 12 months is common but low for data or IP claims).",
        patterns: Patterns {
            en: &[
                r"\bliab(?:ility|le)\b[^.;]{0,200}?\b(?:shall|will|does|is|are)\s+(?:not\s+)?(?:(?:in no|in any|under no|under any) (?:event|case|circumstances?)\s+)?(?:not\s+)?(?:exceed|be limited to|limited to|be capped at|capped at)",
                r"\bliable\b[^.;]{0,80}\bfor (?:more than|(?:any )?amounts? in excess of)\b",
                r"\b(?:maximum|aggregate|total|cumulative|entire) liability\b[^.;]{0,120}\b(?:shall|will|is) (?:be )?(?:an amount|the (?:lesser|greater|amount|sum)|equal to|\$|USD|EUR|£)",
                r"\bin no event (?:shall|will)\b[^.;]{0,120}\bliab(?:ility|le)\b[^.;]{0,120}\bexceed",
                r"\b(?:aggregate|total|maximum|cumulative) liability\b[^.;]{0,150}\b(?:exceed|limited to|capped)",
                r"\bliab(?:ility|le)\b[^.;]{0,60}\b(?:capped|limited) (?:at|to) (?:an amount|the (?:amount|fees|total|sum)|\$|USD|EUR)",
                // A remedy limited to a kind of cost: "shall be only responsible for the
                // replacement costs", "sole liability shall be to repair or replace". ("Solely
                // responsible for" allocates a burden in full; it caps nothing.)
                r"\b(?:(?:shall|will) (?:be )?only (?:be )?(?:responsible|liable)|(?:responsible|liable) only) for (?:the )?(?:(?:costs?|value|price) of )?(?:replac|repair|refund|re-?perform)",
                r"\bsole (?:and exclusive )?(?:liability|obligation)\b[^.;]{0,80}\b(?:shall|will) be (?:limited )?to (?:repair|replace|refund|re-?perform|credit)",
            ],
            de: &[
                r"\bHaftung\b[^.;]{0,150}(?:beschränkt|begrenzt) auf",
                r"\bHaftung\b[^.;]{0,150}\bauf\b[^.;]{0,80}\b(?:beschränkt|begrenzt)",
                r"\b(?:Haftungshöchstbetrag|Haftungsobergrenze|Höchstbetrag der Haftung)",
                r"\bhafte[tn]\b[^.;]{0,100}\b(?:höchstens|bis zu einem (?:Betrag|Höchstbetrag))",
            ],
            fr: &[
                r"\bresponsabilité\b[^.;]{0,150}(?:limitée|plafonnée) (?:à|au)",
                r"\bresponsabilité\b[^.;]{0,150}ne (?:saurait|pourra|peut) (?:en aucun cas )?excéder",
                r"\bplafond de (?:la )?responsabilité",
            ],
            es: &[
                r"\bresponsabilidad\b[^.;]{0,150}(?:limitada a|se limita(?:rá)? a|no (?:excederá|podrá exceder|superará))",
                r"\blímite (?:máximo )?de (?:la )?responsabilidad",
            ],
        },
        burden: Burden::SubjectBenefits,
        on_mutual: OnMutual::Variant(&CAP_MUTUAL),
        detail: Some(Detail {
            extract: details::cap_amount,
            required: false,
            fallback: "see the clause for the amount",
        }),
        ..RULE
    },
    Rule {
        id: "liability.consequential_excluded",
        title: "One-sided exclusion of indirect damages",
        category: C,
        severity: Severity::Medium,
        description: "One party excludes its liability for indirect or consequential damages (lost profits and the like); the other party stays exposed to them.",
        recommendation: "Make the exclusion mutual and carve out confidentiality breaches, indemnities and wilful misconduct.",
        patterns: Patterns {
            en: &[
                r"\b(?:not|no|neither|never)\b[^.;]{0,120}\b(?:liable|liability|responsible)\b[^.;]{0,200}\b(?:consequential|indirect|incidental|special|punitive|exemplary) (?:or \w+ )?(?:damages|losses|loss)",
                r"\b(?:not|no|neither)\b[^.;]{0,120}\b(?:liable|liability|responsible)\b[^.;]{0,120}\b(?:lost profits|loss of (?:profits?|revenue|business))",
                r"\b(?:waives?|disclaims?|excludes?)\b[^.;]{0,100}\b(?:consequential|indirect|incidental|punitive) (?:damages|losses)",
                r"\bmay not (?:assert|claim|recover)\b[^.;]{0,40}\b(?:consequential|special|punitive|indirect)",
            ],
            de: &[
                r"\b(?:keine|nicht)\b[^.;]{0,100}(?:mittelbare|indirekte|Folgeschäden|Folgeschaden|entgangene[nr]? Gewinn)",
                r"\b(?:mittelbare|indirekte) Schäden\b[^.;]{0,100}ausgeschlossen",
                r"\bHaftung für\b[^.;]{0,120}(?:Folgeschäden|mittelbare|entgangenen Gewinn)[^.;]{0,60}ausgeschlossen",
            ],
            fr: &[
                r"\b(?:aucune?|ne|n')\b[^.;]{0,100}responsab[^.;]{0,150}(?:dommages? indirects?|préjudices? indirects?|consécutifs|perte de profits?|manque à gagner)",
                r"\b(?:dommages?|préjudices?) indirects?\b[^.;]{0,100}exclus",
            ],
            es: &[
                r"\b(?:no|ninguna)\b[^.;]{0,120}(?:responsable|responsabilidad|responderá)\b[^.;]{0,150}(?:daños? indirectos|consecuenciales|lucro cesante)",
                r"\b(?:daños? indirectos|lucro cesante)\b[^.;]{0,100}excluid",
            ],
        },
        burden: Burden::SubjectBenefits,
        on_mutual: OnMutual::Variant(&CONSEQUENTIAL_MUTUAL),
        ..RULE
    },
    Rule {
        id: "liability.exclusion",
        title: "Exclusion of liability",
        category: C,
        severity: Severity::Medium,
        description: "One party excludes its liability for a matter altogether (\"shall have no liability\"), leaving the other party without a remedy for it.",
        recommendation: "Limit the exclusion to matters outside that party's control, or replace it with a cap.",
        patterns: Patterns {
            en: &[
                r"\b(?:shall|will|does) (?:have|bear|incur|assume) no (?:liability|responsibility)\b",
                r"\bno liability (?:whatsoever )?(?:to|for)\b",
            ],
            de: &[
                r"\b(?:übernimmt|trifft) keine Haftung",
                r"\bHaftung\b[^.;]{0,60}\bist ausgeschlossen",
            ],
            fr: &[
                r"\bn'assume aucune responsabilité",
                r"\bn'encourt aucune responsabilité",
            ],
            es: &[
                r"\bno asume (?:ninguna|responsabilidad alguna)",
                r"\bno será responsable en ningún caso",
            ],
        },
        burden: Burden::SubjectBenefits,
        on_mutual: OnMutual::Variant(&EXCLUSION_MUTUAL),
        ..RULE
    },
    Rule {
        id: "liability.claims_period",
        title: "Time limit for bringing claims",
        category: C,
        severity: Severity::Medium,
        description: "Claims must be brought within a contractual period, shorter than the statutory limitation period, or they are barred.",
        recommendation: "Check the period leaves time to discover the loss (latent defects, data breaches); prefer it to run from when the claim was or should have been known.",
        patterns: Patterns {
            en: &[
                r"\bno (?:action|claim|suit|proceeding)s?\b[^.;]{0,150}\bmay be (?:brought|commenced|instituted|asserted|filed)\b[^.;]{0,40}\b(?:more than|after)\b",
                r"\bmust be (?:brought|commenced|filed|instituted|asserted)\b[^.;]{0,20}\bwithin\b[^.;]{0,40}\b(?:years?|months?)\b",
                r"\b(?:bring|commence|institute|file|assert)\b[^.;]{0,40}\b(?:action|claim|suit|proceeding)s?\b[^.;]{0,80}\b(?:later|more) than\b[^.;]{0,40}\b(?:years?|months?)\b",
                r"\btime[- ]barred\b",
            ],
            de: &[
                r"\bverjähr[^.;]{0,60}\b(?:in|nach|innerhalb)\b[^.;]{0,30}(?:Monat|Jahr)",
                r"\bVerjährungsfrist\b[^.;]{0,60}\b(?:beträgt|von|auf)\b[^.;]{0,30}(?:Monat|Jahr)",
            ],
            fr: &[
                r"\b(?:action|réclamation)s?\b[^.;]{0,120}\b(?:intentée|engagée|introduite|exercée)s?\b[^.;]{0,40}\bdélai\b",
                r"\bse prescri[^.;]{0,30}\b(?:an|ans|mois)\b",
            ],
            es: &[
                r"\b(?:acción|acciones|reclamación|reclamaciones)\b[^.;]{0,120}\b(?:ejercitarse|interponerse|presentarse|entablarse)\b[^.;]{0,30}\bplazo\b",
                r"\bprescribir[^.;]{0,40}\b(?:plazo|año|años|meses)\b",
            ],
        },
        ..RULE
    },
    Rule {
        id: "liability.liquidated_damages",
        title: "Liquidated damages / contractual penalty",
        category: C,
        severity: Severity::Medium,
        description: "A fixed sum is payable on breach or delay (liquidated damages or a contractual penalty), whatever the actual loss.",
        recommendation: "Check the amount is a genuine pre-estimate of loss, cap the total and state whether it is the sole remedy.",
        patterns: Patterns {
            en: &[
                r"\bliquidated damages",
                r"\bcontractual penalt(?:y|ies)",
                r"\bpenalty of\b[^.;]{0,40}(?:per|for each) (?:day|week)",
            ],
            de: &[
                r"\bVertragsstrafe",
                r"\bpauschalierte[rnm]? Schadens?ersatz",
            ],
            fr: &[
                r"\bpénalités? (?:de retard|contractuelles?|forfaitaires?)",
                r"\bclause pénale",
                r"\bindemnité forfaitaire",
            ],
            es: &[
                r"\bcláusula penal",
                r"\bpenalizaci(?:ón|ones)\b",
                r"\bdaños y perjuicios (?:liquidados|pactados)",
            ],
        },
        burden: Burden::SubjectBears,
        ..RULE
    },
    Rule {
        id: "liability.carve_out",
        title: "Carve-outs from the liability limitation",
        category: C,
        severity: Severity::Medium,
        description: "Some claims are carved out of the limitation or exclusion and stay unlimited (e.g. indemnities, confidentiality, gross negligence or wilful misconduct).",
        recommendation: "Keep carve-outs to the customary ones and consider a separate, higher cap (super-cap) for them.",
        patterns: Patterns {
            en: &[
                r"\b(?:except|excluding|other than|save)(?: (?:for|with respect to|in the (?:case|event) of))?\b[^.;]{0,60}\b(?:indemnif\w*|confidential\w*|gross(?:ly)? neglig\w*|wil+ful misconduct|fraud\w*|breach of section)",
                r"\b(?:limitations?|exclusions?|caps?|limits)\b[^.;]{0,80}\b(?:shall|will|do|does) not apply (?:to|in)\b",
            ],
            de: &[
                r"\b(?:gilt nicht|gelten nicht|ausgenommen|mit Ausnahme|außer)\b[^.;]{0,100}(?:Vorsatz|grob(?:er)? Fahrlässigkeit|grob fahrlässig|Verletzung des Lebens|Produkthaftungsgesetz)",
            ],
            fr: &[
                r"\b(?:sauf|à l'exception|hors)\b[^.;]{0,80}(?:faute lourde|faute grave|dol|faute intentionnelle)",
            ],
            es: &[
                r"\b(?:salvo|excepto|con excepción)\b[^.;]{0,80}(?:dolo|culpa grave|negligencia grave)",
            ],
        },
        context: LIABILITY_CONTEXT,
        ..RULE
    },
    Rule {
        id: "liability.present",
        title: "Liability clause",
        category: C,
        severity: Severity::Low,
        description: "The clause allocates or limits liability; no unusual term was recognised.",
        recommendation: "No change needed; check it works with the indemnities and insurance.",
        patterns: Patterns {
            en: &[
                r"\blimitations? (?:of|on) liability",
                r"\b(?:exclusion|disclaimer) of (?:liability|damages)",
                r"\bliability (?:cap|limit)\b",
            ],
            de: &[r"\bHaftung", r"\bhafte[tn]\b"],
            fr: &[
                r"\blimitation de (?:la )?responsabilité",
                r"\bexclusion de responsabilité",
                r"\bresponsabilité\b",
            ],
            es: &[
                r"\blimitación de (?:la )?responsabilidad",
                r"\bresponsabilidad\b",
            ],
        },
        general: true,
        ..RULE
    },
];
