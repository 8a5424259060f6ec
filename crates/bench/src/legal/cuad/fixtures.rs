//! Labelled synthetic clauses for the categories CUAD does not label (indemnification,
//! confidentiality, dispute resolution): per language, clauses that belong to the category and
//! clauses that do not, scored like CUAD at clause level.

use crate::support::Counts;
use std::collections::BTreeMap;
use suite_legal::model::{Category, Clause, Language};
use suite_legal::rules::analyze;

/// (category, language, clause, belongs to the category).
pub const FIXTURES: &[(Category, Language, &str, bool)] = &[
    (
        Category::Indemnification,
        Language::En,
        "Supplier shall defend, indemnify and hold harmless Customer from any third-party claim.",
        true,
    ),
    (
        Category::Indemnification,
        Language::En,
        "Each party shall indemnify the other against losses caused by its negligence.",
        true,
    ),
    (
        Category::Indemnification,
        Language::En,
        "Supplier shall deliver the goods to Customer's warehouse.",
        false,
    ),
    (
        Category::Indemnification,
        Language::De,
        "Der Auftragnehmer stellt den Auftraggeber von Ansprüchen Dritter frei.",
        true,
    ),
    (
        Category::Indemnification,
        Language::De,
        "Der Auftragnehmer liefert die Ware an das Lager.",
        false,
    ),
    (
        Category::Indemnification,
        Language::Fr,
        "Le Prestataire garantira le Client contre toute réclamation de tiers.",
        true,
    ),
    (
        Category::Indemnification,
        Language::Fr,
        "Le Prestataire livre les marchandises à l'entrepôt.",
        false,
    ),
    (
        Category::Indemnification,
        Language::Es,
        "El Proveedor mantendrá indemne al Cliente frente a reclamaciones de terceros.",
        true,
    ),
    (
        Category::Indemnification,
        Language::Es,
        "El Proveedor entregará las mercancías en el almacén.",
        false,
    ),
    (
        Category::Confidentiality,
        Language::En,
        "The Receiving Party shall hold the Confidential Information in strict confidence.",
        true,
    ),
    (
        Category::Confidentiality,
        Language::En,
        "This is a non-disclosure obligation that survives for five (5) years.",
        true,
    ),
    (
        Category::Confidentiality,
        Language::En,
        "The Receiving Party shall pay the invoice within thirty days.",
        false,
    ),
    (
        Category::Confidentiality,
        Language::De,
        "Die Parteien verpflichten sich zur Geheimhaltung aller Informationen.",
        true,
    ),
    (
        Category::Confidentiality,
        Language::De,
        "Die Parteien verpflichten sich zur pünktlichen Lieferung.",
        false,
    ),
    (
        Category::Confidentiality,
        Language::Fr,
        "Les parties s'engagent à garder confidentielles les informations échangées.",
        true,
    ),
    (
        Category::Confidentiality,
        Language::Fr,
        "Les parties s'engagent à livrer les produits à temps.",
        false,
    ),
    (
        Category::Confidentiality,
        Language::Es,
        "Las partes se obligan a mantener confidencial la información recibida.",
        true,
    ),
    (
        Category::Confidentiality,
        Language::Es,
        "Las partes se obligan a entregar los productos a tiempo.",
        false,
    ),
    (
        Category::DisputeResolution,
        Language::En,
        "Any dispute arising out of this Agreement shall be settled by binding arbitration in London.",
        true,
    ),
    (
        Category::DisputeResolution,
        Language::En,
        "The parties submit to the exclusive jurisdiction of the courts of Delaware.",
        true,
    ),
    (
        Category::DisputeResolution,
        Language::En,
        "The parties shall meet quarterly to review the forecast.",
        false,
    ),
    (
        Category::DisputeResolution,
        Language::De,
        "Ausschließlicher Gerichtsstand für alle Streitigkeiten ist Berlin.",
        true,
    ),
    (
        Category::DisputeResolution,
        Language::De,
        "Die Parteien treffen sich vierteljährlich.",
        false,
    ),
    (
        Category::DisputeResolution,
        Language::Fr,
        "Tout litige sera soumis aux tribunaux de Paris.",
        true,
    ),
    (
        Category::DisputeResolution,
        Language::Fr,
        "Les parties se réunissent chaque trimestre.",
        false,
    ),
    (
        Category::DisputeResolution,
        Language::Es,
        "Toda controversia se resolverá mediante arbitraje en Madrid.",
        true,
    ),
    (
        Category::DisputeResolution,
        Language::Es,
        "Las partes se reunirán cada trimestre.",
        false,
    ),
];

/// Clause-level counts per category over the fixtures.
pub fn evaluate_fixtures() -> BTreeMap<Category, Counts> {
    let mut out: BTreeMap<Category, Counts> = BTreeMap::new();
    for (category, language, text, labelled) in FIXTURES {
        let clause = Clause {
            index: 0,
            number: None,
            heading: None,
            range: 0..text.chars().count(),
            text: (*text).to_string(),
        };
        let analysis = analyze(&[clause], *language, None);
        let predicted = analysis
            .findings
            .iter()
            .any(|f| f.category == *category && f.clause_index.is_some());
        out.entry(*category)
            .or_default()
            .record(*labelled, predicted);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::evaluate_fixtures;

    #[test]
    fn fixtures_are_classified_correctly() {
        for (category, counts) in evaluate_fixtures() {
            assert_eq!(
                (counts.false_positives, counts.false_negatives),
                (0, 0),
                "{}: {counts}",
                category.name()
            );
            assert!(counts.true_positives > 0 && counts.true_negatives > 0);
        }
    }
}
