//! Issue 38's near misses: clauses that mention a category in passing (the Term, a payment, a
//! party's liability) are not that category's clauses, and jurisdiction and venue are dispute
//! resolution. English, where the clause classifier reads along with the rules.

use super::{analyze_one, clauses, fired};
use crate::model::{Category, Language::En};
use crate::rules::analyze;

fn categories_of(text: &str) -> Vec<Category> {
    analyze_one(text, En)
        .findings
        .iter()
        .filter(|f| f.clause_index.is_some())
        .map(|f| f.category)
        .collect()
}

/// (the category it only mentions, the clause).
const IN_PASSING: &[(Category, &str)] = &[
    (
        Category::Termination,
        "For the Term of this Agreement, the Sponsor will provide the signage, game tickets and hospitality described in Exhibit A at each home game.",
    ),
    (
        Category::Termination,
        "Each party shall maintain, during the Term of this Agreement, commercial general liability insurance with limits of not less than $1,000,000 per occurrence and shall name the other party as an additional insured.",
    ),
    (
        Category::Termination,
        "Licensor warrants that during the Term the Software will perform substantially in accordance with the Documentation and will be free of viruses.",
    ),
    (
        Category::PaymentTerms,
        "Supplier shall deliver the Products to the locations set out in each purchase order, packed and labelled as required by Customer, against the payment set out in Exhibit B.",
    ),
    (
        Category::Liability,
        "The Distributor shall be responsible for obtaining all import licences and for complying with the laws of the Territory, and shall keep the Company informed of changes to them.",
    ),
];

#[test]
fn clauses_that_mention_a_category_in_passing_are_not_its_clauses() {
    let mut failures = Vec::new();
    for (category, text) in IN_PASSING {
        let found = categories_of(text);
        if found.contains(category) {
            failures.push(format!("{} on {text:?}: {found:?}", category.name()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn clauses_about_the_category_still_are() {
    for (category, text) in [
        (
            Category::Termination,
            "Either party may terminate this Agreement upon thirty (30) days' written notice if the other party materially breaches it and fails to cure the breach within that period.",
        ),
        (
            Category::PaymentTerms,
            "Customer shall pay each invoice within thirty (30) days of its date, in US dollars, to the account Supplier names.",
        ),
    ] {
        assert!(categories_of(text).contains(&category), "{text}");
    }
}

#[test]
fn jurisdiction_and_venue_are_dispute_resolution() {
    let venue = "Jurisdiction and venue for any legal action arising out of or relating to this Agreement shall be in the state and federal courts located in Miami-Dade County, Florida.";
    let analysis = analyze(&clauses(&[venue]), En, None);
    assert!(
        analysis
            .findings
            .iter()
            .any(|f| f.category == Category::DisputeResolution && f.clause_index == Some(0)),
        "{:?}",
        analysis.findings
    );
    assert!(
        !analysis
            .findings
            .iter()
            .any(|f| f.rule == "dispute_resolution.missing")
    );
    let consent = "Each party consents to the personal jurisdiction of the courts of the State of New York for any action arising out of this Agreement.";
    assert!(fired(consent, En).contains(&"dispute_resolution.forum"));
    let severability = "If any provision of this Agreement is held invalid by a court of competent jurisdiction, the remaining provisions will be in full force.";
    assert!(!categories_of(severability).contains(&Category::DisputeResolution));
}

#[test]
fn concepts_the_rules_miss_are_found_by_the_classifier() {
    for (rule, text) in [
        (
            "liability.cap",
            "The total amount recoverable by Customer for all claims under this Agreement shall not exceed the fees paid by Customer in the twelve months preceding the claim.",
        ),
        (
            "payment_terms.revenue_share",
            "Company shall pay to Affiliate fifty percent (50%) of the net revenues received by Company from subscribers referred through the Affiliate Site.",
        ),
        (
            "payment_terms.minimum_commitment",
            "Distributor shall purchase from Supplier not less than 10,000 units of the Products in each Contract Year.",
        ),
    ] {
        let found = fired(text, En);
        assert!(found.contains(&rule), "{rule} on {text:?}: {found:?}");
    }
}

#[test]
fn each_clause_has_one_finding_per_concept() {
    let cap = "IN NO EVENT SHALL EITHER PARTY'S AGGREGATE LIABILITY EXCEED THE FEES PAID IN THE TWELVE MONTHS BEFORE THE CLAIM, AND NO CLAIM MAY BE BROUGHT MORE THAN ONE YEAR AFTER IT AROSE.";
    let found = fired(cap, En);
    let caps = found
        .iter()
        .filter(|r| {
            [
                "liability.cap",
                "liability.cap_mutual",
                "liability.claims_period",
            ]
            .contains(r)
        })
        .count();
    assert_eq!(caps, 1, "{found:?}");
}
