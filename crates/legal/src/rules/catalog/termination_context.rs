//! Sentence and clause context for the termination rules: what makes a termination "for
//! cause", what shows a cure period, and what shows the clause is about renewal.

use super::super::rule::Patterns;

/// Termination tied to a breach or insolvency (termination for cause, not convenience).
pub const FOR_CAUSE: Patterns = Patterns {
    en: &[r"\b(?:breach|default|insolven|bankrupt|fails? to|failure to|for cause)"],
    de: &[r"\b(?:Vertragsverletzung|Pflichtverletzung|Verzug|Insolvenz|wichtige[nm]? Grund)"],
    fr: &[r"\b(?:manquement|inexécution|faute|redressement|liquidation)"],
    es: &[r"\b(?:incumpl|concurso|insolvencia|quiebra)"],
};

/// A termination right triggered by an event (breach, insolvency, change of control), so not
/// one for convenience.
pub const TRIGGERED: Patterns = Patterns {
    en: &[
        r"\b(?:breach|default|insolven|bankrupt|fails? to|failure to|for cause)",
        r"\bchange (?:of|in) control\b|\bin the event (?:of|that)\b|\bupon the occurrence\b",
        r"\bif (?:the other party|[a-z]+ (?:is|are|becomes?|has|have|does|do|fails?|breach(?:es|ed)?|ceases?|commits?|engages?))\b",
    ],
    de: FOR_CAUSE.de,
    fr: FOR_CAUSE.fr,
    es: FOR_CAUSE.es,
};

/// Words that show the clause is about renewal or extension of the term.
pub const RENEWAL_CONTEXT: Patterns = Patterns {
    en: &[
        r"\brenew|\bextend|\bextension|\bsuccessive|\bcontinue|\bevergreen|\byear[- ]to[- ]year|\bmonth[- ]to[- ]month|\broll(?:s|ed)?[- ]?over",
    ],
    de: &[r"verlänger"],
    fr: &[r"renouvel|reconduc|reconduit|prorog"],
    es: &[r"renova|prorroga|prórroga"],
};

/// A cure period: the breaching party may remedy before termination takes effect.
pub const CURE: Patterns = Patterns {
    en: &[r"\b(?:(?:un)?cure[sd]?|remed(?:y|ied)|unremedied|rectif(?:y|ied))\b"],
    de: &[r"\b(?:Abhilfe|Nachfrist|Abmahnung|abgeholfen|beseitigt)"],
    fr: &[r"\b(?:mise en demeure|remédi|régularis)"],
    es: &[r"\b(?:subsan|remedi|requerimiento)"],
};
