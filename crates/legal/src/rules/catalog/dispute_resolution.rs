//! Dispute resolution rules: mandatory arbitration, exclusive, non-exclusive or one-sided forum
//! (jurisdiction and venue are dispute resolution), class-action
//! and jury waivers, and escalation or mediation first (benign).

use super::super::details;
use super::super::rule::{Burden, Detail, OnMutual, Patterns, RULE, Rule};
use crate::model::{Category, Severity};

const C: Category = Category::DisputeResolution;

pub const RULES: &[Rule] = &[
    Rule {
        id: "dispute_resolution.arbitration",
        title: "Mandatory arbitration",
        category: C,
        severity: Severity::Medium,
        description: "Disputes go to arbitration instead of the courts: confidential and final, but costly, with limited appeal and discovery.",
        recommendation: "Check the rules, seat, number of arbitrators and cost allocation; keep access to courts for injunctions and debt collection.",
        patterns: Patterns {
            en: &[
                r"\b(?:binding|final|mandatory)\b[^.;]{0,20}\barbitration",
                r"\b(?:settled|resolved|determined|submitted)\b[^.;]{0,60}\barbitration",
                r"\barbitration (?:rules|administered|in accordance)",
            ],
            de: &[
                r"\bSchiedsgericht",
                r"\bSchiedsverfahren",
                r"\bschiedsrichterlich",
                r"\bSchiedsvereinbarung",
            ],
            fr: &[r"\barbitrage\b", r"\btribunal arbitral"],
            es: &[r"\barbitraje\b", r"\btribunal arbitral", r"\blaudo\b"],
        },
        ..RULE
    },
    Rule {
        id: "dispute_resolution.exclusive_forum",
        title: "Exclusive forum",
        category: C,
        severity: Severity::Medium,
        description: "Disputes must be brought exclusively before {detail}; litigating there may be distant and costly for a party based elsewhere.",
        recommendation: "Prefer a forum at your seat or a neutral one, or the defendant's home courts.",
        patterns: Patterns {
            en: &[
                r"\bexclusive (?:jurisdiction|venue|forum)",
                r"\b(?:exclusively|solely|only) (?:in|before) the\b[^.;]{0,40}\bcourts?",
                r"\bsubmits? to the (?:exclusive )?jurisdiction",
                r"\bvenue\b[^.;]{0,60}\b(?:shall|will) (?:be|lie)\b",
            ],
            de: &[
                r"\bausschließliche[rn]? Gerichtsstand",
                r"\bGerichtsstand\b[^.;]{0,40}\bist\b",
            ],
            fr: &[
                r"\bcompétence exclusive",
                r"\bseuls compétents",
                r"\battribution (?:exclusive )?de juridiction",
            ],
            es: &[
                r"\b(?:jurisdicción|competencia) exclusiva",
                r"\bsomet\w+\b[^.;]{0,40}\ba los (?:juzgados|tribunales)",
                r"\bfuero\b",
            ],
        },
        detail: Some(Detail {
            extract: details::forum,
            required: false,
            fallback: "the named courts",
        }),
        ..RULE
    },
    Rule {
        id: "dispute_resolution.forum",
        title: "Forum for disputes",
        category: C,
        severity: Severity::Low,
        description: "Disputes are to be heard by {detail}; the forum is not exclusive.",
        recommendation: "No change needed if the forum is convenient; say whether it is exclusive.",
        patterns: Patterns {
            en: &[
                r"\b(?:jurisdiction|venue)\b[^.;]{0,100}\b(?:shall|will) (?:be|lie) (?:in|with|before|the)\b",
                r"\bconsents? to (?:the )?(?:personal )?jurisdiction\b",
                r"\b(?:jurisdiction|venue)\b[^.;]{0,40}\b(?:for|of|over) (?:any|all)\b[^.;]{0,40}\b(?:actions?|suits?|proceedings?|disputes?|claims?)\b",
            ],
            de: &[],
            fr: &[],
            es: &[],
        },
        unless: Patterns {
            en: &[r"\bcompetent jurisdiction\b"],
            de: &[],
            fr: &[],
            es: &[],
        },
        // An exclusive forum is reported as such: one finding per clause and concept.
        unless_in_clause: Patterns {
            en: &[
                r"\bexclusive (?:jurisdiction|venue|forum)",
                r"\b(?:exclusively|solely|only) (?:in|before) the\b[^.;]{0,40}\bcourts?",
                r"\bsubmits? to the (?:exclusive )?jurisdiction",
                r"\bvenue\b[^.;]{0,60}\b(?:shall|will) (?:be|lie)\b",
            ],
            de: &[],
            fr: &[],
            es: &[],
        },
        detail: Some(Detail {
            extract: details::forum,
            required: false,
            fallback: "the courts the clause names",
        }),
        ..RULE
    },
    Rule {
        id: "dispute_resolution.one_sided_forum",
        title: "One-sided choice of forum",
        category: C,
        severity: Severity::High,
        description: "Only one party may sue in other courts (or choose the forum), while the other is bound to a single forum.",
        recommendation: "Make the forum clause symmetric.",
        patterns: Patterns {
            en: &[
                r"\b(?:may|shall be entitled to|reserves? the right to)\b[^.;]{0,20}\b(?:bring|commence|initiate|institute)\b[^.;]{0,80}\b(?:any other|other|any) (?:court|jurisdiction|competent court)",
            ],
            de: &[
                r"\b(?:ist (?:jedoch )?berechtigt|kann)\b[^.;]{0,80}(?:an (?:seinem|ihrem) (?:allgemeinen )?Gerichtsstand|an jedem anderen (?:zuständigen )?Gericht)",
            ],
            fr: &[
                r"\b(?:pourra|peut|se réserve le droit)\b[^.;]{0,80}(?:tout autre tribunal|toute autre juridiction)",
            ],
            es: &[
                r"\bpodrá\b[^.;]{0,80}(?:cualquier otro tribunal|cualquier otra jurisdicción|otros tribunales)",
            ],
        },
        burden: Burden::SubjectBenefits,
        on_mutual: OnMutual::Skip,
        ..RULE
    },
    Rule {
        id: "dispute_resolution.class_action_waiver",
        title: "Class-action waiver",
        category: C,
        severity: Severity::High,
        description: "Claims may only be brought individually, not as a class or collective action, which can make small claims uneconomic to pursue.",
        recommendation: "Check enforceability in the relevant jurisdiction (often void against consumers); remove it if you are the smaller party.",
        patterns: Patterns {
            en: &[
                r"\bclass (?:action|arbitration)s?\b[^.;]{0,60}\bwaive",
                r"\bwaive\w*\b[^.;]{0,80}\bclass (?:action|arbitration)",
                r"\b(?:not|no)\b[^.;]{0,60}\b(?:as a |in a |on a )?(?:class|representative|collective) (?:action|proceeding|basis|member)",
            ],
            de: &[
                r"\bVerzicht\b[^.;]{0,60}(?:Sammelklage|Gruppenklage|Musterfeststellungsklage)",
                r"\b(?:Sammelklage|Gruppenklage)\w*\b[^.;]{0,60}ausgeschlossen",
            ],
            fr: &[
                r"\brenonc\w*\b[^.;]{0,60}action (?:de groupe|collective)",
                r"\baction (?:de groupe|collective)\b[^.;]{0,60}exclue",
            ],
            es: &[
                r"\brenunci\w*\b[^.;]{0,60}acci(?:ón|ones) (?:colectiva|de clase)",
                r"\bacci(?:ón|ones) (?:colectiva|de clase)s?\b[^.;]{0,60}excluid",
            ],
        },
        ..RULE
    },
    Rule {
        id: "dispute_resolution.jury_waiver",
        title: "Jury-trial waiver",
        category: C,
        severity: Severity::Medium,
        description: "The parties waive their right to a jury trial.",
        recommendation: "Usual in US commercial contracts; make sure it is mutual and conspicuous.",
        patterns: Patterns {
            en: &[
                r"\bwaive\w*\b[^.;]{0,100}\b(?:trial by jury|jury trial)",
                r"\bjury trial waiver",
                r"\b(?:trial by jury|jury trial)\b[^.;]{0,40}\bwaive",
            ],
            de: &[
                r"\bVerzicht\b[^.;]{0,60}Geschworenen",
                r"\bGeschworenengericht\w*\b[^.;]{0,60}verzicht",
            ],
            fr: &[r"\brenonc\w*\b[^.;]{0,80}\bjury"],
            es: &[r"\brenunci\w*\b[^.;]{0,80}\bjurado"],
        },
        ..RULE
    },
    Rule {
        id: "dispute_resolution.escalation",
        title: "Escalation or mediation first",
        category: C,
        severity: Severity::Low,
        description: "Disputes are first escalated to management, negotiated in good faith or mediated before litigation or arbitration.",
        recommendation: "No change needed; make sure the steps have short deadlines and do not block urgent injunctions.",
        patterns: Patterns {
            en: &[
                r"\b(?:mediation|mediator)\b",
                r"\bescalat\w*\b[^.;]{0,120}\b(?:dispute|disagreement|senior|executive|management)",
                r"\b(?:dispute|disagreement|controversy)\b[^.;]{0,150}\b(?:negotiat\w* in good faith|good[- ]faith negotiation|senior (?:executives|management|officers))",
            ],
            de: &[
                r"\b(?:Mediation|Mediator|Schlichtung|Schlichter)",
                r"\bgütlich\w*\b[^.;]{0,40}(?:Einigung|beilegen|Beilegung)",
                r"\bEskalation",
            ],
            fr: &[
                r"\b(?:médiation|médiateur|conciliation)",
                r"\b(?:règlement|résoudre|régler)\b[^.;]{0,20}\bà l'amiable|\brèglement amiable",
            ],
            es: &[
                r"\b(?:mediación|mediador|conciliación)",
                r"\b(?:amistosa|amistosamente|buena fe)\b[^.;]{0,60}\b(?:controversia|disputa|resolver)",
            ],
        },
        ..RULE
    },
    Rule {
        id: "dispute_resolution.present",
        title: "Dispute resolution clause",
        category: C,
        severity: Severity::Low,
        description: "The clause says how disputes are resolved; no unusual term was recognised.",
        recommendation: "No change needed; check the forum is convenient and allows urgent relief.",
        patterns: Patterns {
            en: &[
                r"\bdispute resolution\b",
                r"\b(?:resolution|settlement) of disputes\b",
                r"\bjurisdiction of the\b[^.;]{0,40}\bcourts?",
                r"\bdisputes?\b[^.;]{0,80}\b(?:shall|will) be (?:resolved|settled|submitted|brought|heard)",
            ],
            de: &[r"\bStreitigkeit", r"\bGerichtsstand"],
            fr: &[
                r"\blitiges?\b",
                r"\bdifférends?\b",
                r"\btribunaux? compétents?",
            ],
            es: &[
                r"\bcontroversias?\b",
                r"\blitigios?\b",
                r"\bjuzgados y tribunales\b",
            ],
        },
        general: true,
        ..RULE
    },
];
