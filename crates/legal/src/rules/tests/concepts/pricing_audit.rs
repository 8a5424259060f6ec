//! Held-out clauses for CUAD's "Most Favored Nation" and "Audit Rights".

use super::{ConceptSet, check_concept};
use crate::model::Language::En;

const MOST_FAVOURED: ConceptSet = ConceptSet {
    concept: "Most Favored Nation",
    rules: &["payment_terms.most_favoured"],
    positives: &[
        (
            En,
            "Supplier represents that the prices charged to Buyer are no less favorable than those charged to any other customer for similar quantities.",
        ),
        (
            En,
            "If Licensor grants any other licensee more favourable royalty terms, Licensor shall offer the same terms to Licensee.",
        ),
        (
            En,
            "Seller shall extend to Buyer any lower price that Seller offers to a third party for comparable Products.",
        ),
        (
            En,
            "MOST FAVORED CUSTOMER. Company shall receive pricing at least equal to the best pricing provided to any other distributor.",
        ),
        (
            En,
            "The fees payable by Customer shall not exceed the fees charged by Provider to any other customer receiving substantially similar services.",
        ),
        (
            En,
            "Should Manufacturer sell the Product to any other purchaser at a price lower than the price hereunder, the price hereunder shall be reduced accordingly.",
        ),
        (
            En,
            "Licensee shall be entitled to the benefit of any more favorable terms granted by Licensor to any other licensee of the Patents.",
        ),
        (
            En,
            "The Supplier warrants that the Charges are no less favourable than the charges it makes to any other customer for equivalent services.",
        ),
        (
            En,
            "If Supplier offers lower prices for the Products to any other customer, Supplier shall promptly offer the same prices to Buyer.",
        ),
        (
            En,
            "Licensor shall not grant any other licensee royalty rates more favorable than those granted to Licensee hereunder.",
        ),
        (
            En,
            "Vendor agrees that the pricing herein is at least as favorable as the pricing Vendor provides to its other similarly situated customers.",
        ),
        (
            En,
            "In the event Company grants any other distributor a lower price for the Products, Company shall grant Distributor the same lower price.",
        ),
        (
            En,
            "All prices charged to the State shall be equal to or lower than those charged to Contractor's most favoured customer.",
        ),
    ],
    negatives: &[
        (
            En,
            "Supplier shall not disclose the prices agreed herein to any other customer.",
        ),
        (
            En,
            "Buyer shall receive a volume discount of 5% on orders exceeding 1,000 units.",
        ),
        (
            En,
            "The parties shall negotiate in good faith any changes to the prices.",
        ),
        (
            En,
            "Licensee shall use commercially reasonable efforts to obtain the most favourable tax treatment.",
        ),
        (
            En,
            "Prices shall be reviewed annually and may be adjusted in line with the consumer price index.",
        ),
        (
            En,
            "The Distributor shall charge its customers prices that are competitive in the Territory.",
        ),
        (En, "Prices shall be as stated in Exhibit A."),
        (
            En,
            "Buyer shall receive favourable payment terms of net 60 days.",
        ),
        (
            En,
            "Supplier may offer promotional discounts to new customers at its discretion.",
        ),
        (
            En,
            "Company may grant other distributors exclusive territories.",
        ),
        (
            En,
            "Prices shall be lower in the second Contract Year as set out in Schedule 4.",
        ),
    ],
};

const AUDIT: ConceptSet = ConceptSet {
    concept: "Audit Rights",
    rules: &["payment_terms.audit"],
    positives: &[
        (
            En,
            "Licensor may, upon reasonable notice, audit Licensee's books and records relating to royalties once per calendar year.",
        ),
        (
            En,
            "Company shall have the right, at its expense, to inspect and copy the accounting records of Distributor during normal business hours.",
        ),
        (
            En,
            "Buyer or its designated representative may conduct on-site quality audits of Seller's manufacturing facility on 30 days' notice.",
        ),
        (
            En,
            "THE SUPPLIER SHALL KEEP COMPLETE AND ACCURATE RECORDS AND SHALL MAKE THEM AVAILABLE FOR EXAMINATION BY THE CUSTOMER OR ITS AUDITORS UPON REQUEST.",
        ),
        (
            En,
            "An independent certified public accountant appointed by Licensor shall have access to Licensee's accounts to verify the royalty statements.",
        ),
        (
            En,
            "Consultant shall permit Company, upon reasonable notice, to audit Consultant's compliance with this Agreement.",
        ),
        (
            En,
            "Upon ten (10) business days' notice, Franchisor's representatives may enter the Franchised Premises to inspect operations and examine Franchisee's books.",
        ),
        (
            En,
            "Supplier shall maintain records of all Charges for six years and shall allow the Customer's auditors reasonable access to such records.",
        ),
        (
            En,
            "Licensor shall have the right, once per year, to have its independent auditors examine Licensee's records of Net Sales.",
        ),
        (
            En,
            "The Customer may audit the Supplier's performance of the Services upon reasonable notice.",
        ),
        (
            En,
            "Franchisee shall permit Franchisor to inspect its books and records at all reasonable times.",
        ),
        (
            En,
            "Upon request, Distributor shall make its books of account available for inspection by the Company.",
        ),
        (
            En,
            "Lender and its agents may, during normal business hours, inspect Borrower's properties and examine its books.",
        ),
        (
            En,
            "Licensee shall, at Licensor's request, submit to an audit of its use of the Software.",
        ),
        (
            En,
            "The Client's auditors shall be entitled to review the Contractor's accounts relating to the reimbursable costs.",
        ),
    ],
    negatives: &[
        (
            En,
            "Supplier shall maintain accurate records of all shipments for five years.",
        ),
        (
            En,
            "Distributor shall furnish its audited annual financial statements within 120 days of year end.",
        ),
        (
            En,
            "Buyer shall inspect the Products upon delivery and notify Seller of any defects within ten days.",
        ),
        (
            En,
            "Consultant shall review the Company's operations and recommend improvements.",
        ),
        (
            En,
            "Each party shall keep its books in accordance with generally accepted accounting principles.",
        ),
        (
            En,
            "The Company's annual accounts shall be audited by its statutory auditors.",
        ),
        (En, "The Supplier shall keep all records confidential."),
        (
            En,
            "Customer shall inspect the Deliverables within ten days of delivery.",
        ),
        (En, "Each party shall bear its own accounting costs."),
        (
            En,
            "The Contractor shall appoint an auditor for its own annual accounts.",
        ),
        (
            En,
            "The Client shall review the draft report and provide comments within ten days.",
        ),
    ],
};

#[test]
fn most_favoured_nation_concept() {
    check_concept(&MOST_FAVOURED);
}

#[test]
fn audit_rights_concept() {
    check_concept(&AUDIT);
}
