//! Held-out clauses for CUAD's "Termination for Convenience".

use super::{ConceptSet, check_concept};
use crate::model::Language::En;

/// Ending the contract without cause.
const CONVENIENCE: ConceptSet = ConceptSet {
    concept: "Termination for Convenience",
    rules: &[
        "termination.convenience_one_sided",
        "termination.convenience_mutual",
    ],
    positives: &[
        (
            En,
            "Either party may terminate this Agreement at any time, for any reason or no reason, upon thirty (30) days' prior written notice to the other party.",
        ),
        (
            En,
            "Company may terminate this Agreement without cause upon sixty (60) days written notice to Consultant.",
        ),
        (
            En,
            "This Agreement may be terminated by either party upon ninety (90) days' written notice to the other.",
        ),
        (
            En,
            "THE CUSTOMER MAY TERMINATE THIS AGREEMENT FOR CONVENIENCE ON NOT LESS THAN 3 MONTHS' NOTICE.",
        ),
        (
            En,
            "Licensor shall have the right to terminate this Agreement at any time by giving Licensee not less than six (6) months' written notice.",
        ),
        (
            En,
            "Buyer may, at its option, cancel this Agreement in whole or in part at any time upon written notice to Seller.",
        ),
        (
            En,
            "After the first anniversary of the Effective Date, either party may end this Agreement by giving the other at least 90 days' notice in writing.",
        ),
        (
            En,
            "Notwithstanding anything to the contrary, Distributor may terminate this Agreement for any reason by providing one hundred twenty (120) days' prior written notice.",
        ),
        (
            En,
            "Sponsor shall be entitled to terminate this Agreement without penalty on thirty days' notice to the Event Organizer.",
        ),
        (
            En,
            "Customer may terminate any Statement of Work for convenience upon fifteen (15) days' written notice to Vendor.",
        ),
        (
            En,
            "This Agreement may be terminated at any time by the Company, with or without cause, by written notice to the Executive.",
        ),
        (
            En,
            "Either Party may, without assigning any reason, terminate this Agreement by giving three months' prior notice in writing.",
        ),
        (
            En,
            "Publisher reserves the right to terminate this Agreement at its sole discretion upon sixty days' notice.",
        ),
        (
            En,
            "The Client may at any time terminate the engagement by notice in writing to the Agency.",
        ),
        (
            En,
            "Either party may terminate this Agreement for any reason whatsoever on ninety days' written notice.",
        ),
        (
            En,
            "County may cancel this Contract without cause upon thirty (30) calendar days written notice to Contractor.",
        ),
    ],
    negatives: &[
        (
            En,
            "Either party may terminate this Agreement upon written notice if the other party materially breaches this Agreement and fails to cure such breach within thirty (30) days.",
        ),
        (
            En,
            "Company may terminate this Agreement immediately if Consultant becomes insolvent or makes an assignment for the benefit of creditors.",
        ),
        (
            En,
            "This Agreement shall terminate automatically upon the expiry of the Term.",
        ),
        (
            En,
            "Upon termination of this Agreement for any reason, Licensee shall cease all use of the Licensed Marks.",
        ),
        (
            En,
            "Seller may suspend deliveries at any time upon notice if Buyer fails to pay any invoice when due.",
        ),
        (
            En,
            "Neither party may terminate this Agreement during the Initial Term except for cause.",
        ),
        (
            En,
            "Company may terminate this Agreement upon thirty days' notice in the event of a change of control of Distributor.",
        ),
        (
            En,
            "Company may terminate this Agreement at any time if Consultant is convicted of a felony.",
        ),
        (
            En,
            "The Company may terminate the Executive's employment for Cause immediately upon written notice.",
        ),
        (
            En,
            "Either party may terminate this Agreement if the other party files a petition in bankruptcy.",
        ),
        (En, "This Agreement terminates on December 31, 2025."),
        (
            En,
            "Either party may terminate this Agreement immediately if the other party ceases to do business.",
        ),
        (
            En,
            "Licensor may terminate the license if Licensee fails to pay royalties when due.",
        ),
    ],
};

#[test]
fn termination_for_convenience_concept() {
    check_concept(&CONVENIENCE);
}
