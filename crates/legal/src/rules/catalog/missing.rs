//! Findings for what a contract lacks: no limitation of liability, no termination right, no
//! governing law, and so on. Intellectual property and payment terms are not required of every
//! contract, so their absence is only mentioned in the summary.

use super::super::rule::MissingRule;
use crate::model::{Category, Severity};

pub const MISSING: &[MissingRule] = &[
    MissingRule {
        id: "liability.missing",
        title: "No limitation of liability",
        category: Category::Liability,
        severity: Severity::Medium,
        description: "The contract has no limitation or exclusion of liability: each party's exposure is unlimited under the default law.",
        recommendation: "Add a mutual cap (e.g. fees paid in the last 12 months) and an exclusion of indirect damages, with customary carve-outs.",
    },
    MissingRule {
        id: "termination.missing",
        title: "No termination right",
        category: Category::Termination,
        severity: Severity::Medium,
        description: "The contract states no term and no right to terminate: ending it may depend on default law and be disputed.",
        recommendation: "Add a term, termination for material breach with a cure period, and termination on insolvency.",
    },
    MissingRule {
        id: "governing_law.missing",
        title: "No governing law",
        category: Category::GoverningLaw,
        severity: Severity::Medium,
        description: "The contract does not choose a governing law: which law applies would itself be disputed under conflict-of-laws rules.",
        recommendation: "Choose the governing law expressly, with matching courts or arbitration.",
    },
    MissingRule {
        id: "confidentiality.missing",
        title: "No confidentiality clause",
        category: Category::Confidentiality,
        severity: Severity::Low,
        description: "The contract has no confidentiality obligation: information exchanged under it is not contractually protected.",
        recommendation: "Add mutual confidentiality with the standard exceptions if non-public information will be shared.",
    },
    MissingRule {
        id: "dispute_resolution.missing",
        title: "No dispute resolution clause",
        category: Category::DisputeResolution,
        severity: Severity::Low,
        description: "The contract does not say where or how disputes are resolved; the courts competent by default would decide.",
        recommendation: "Agree on a forum (courts or arbitration) and, optionally, an escalation step first.",
    },
    MissingRule {
        id: "indemnification.missing",
        title: "No indemnities",
        category: Category::Indemnification,
        severity: Severity::Low,
        description: "The contract has no indemnities: third-party claims (e.g. IP infringement, product liability) are left to default law.",
        recommendation: "Consider indemnities for IP infringement and for breaches of law by the other party.",
    },
];
