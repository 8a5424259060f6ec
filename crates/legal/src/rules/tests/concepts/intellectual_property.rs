//! Held-out clauses for CUAD's "IP Ownership Assignment" and "License Grant".

use super::{ConceptSet, check_concept};
use crate::model::Language::En;

/// IP created by one party becomes the other's.
const ASSIGNMENT: ConceptSet = ConceptSet {
    concept: "IP Ownership Assignment",
    rules: &[
        "intellectual_property.assignment",
        "intellectual_property.background_assignment",
        "intellectual_property.no_licence_back",
        "intellectual_property.work_for_hire",
    ],
    positives: &[
        (
            En,
            "Consultant hereby assigns to Company all right, title and interest in and to all Deliverables and all Intellectual Property Rights therein.",
        ),
        (
            En,
            "All inventions conceived by Employee during the term of employment shall be the sole and exclusive property of the Company.",
        ),
        (
            En,
            "Contractor agrees to assign, and shall cause its personnel to assign, to Client all copyrights in the Work Product.",
        ),
        (
            En,
            "THE PARTIES AGREE THAT ALL MATERIALS CREATED BY DEVELOPER HEREUNDER ARE WORKS MADE FOR HIRE OWNED BY CUSTOMER.",
        ),
        (
            En,
            "Title to all improvements to the Licensed Technology made by Licensee shall vest in Licensor upon creation.",
        ),
        (
            En,
            "The Supplier hereby transfers to the Buyer the copyright in all drawings and specifications prepared under this Contract.",
        ),
        (
            En,
            "Any modifications to the Software developed by Distributor will be assigned to Manufacturer, and Distributor shall execute all documents needed to perfect such assignment of intellectual property.",
        ),
        (
            En,
            "Agency shall irrevocably assign to Client all intellectual property in the advertising materials upon payment of the fees.",
        ),
    ],
    negatives: &[
        (
            En,
            "Each party shall retain all right, title and interest in its pre-existing intellectual property.",
        ),
        (
            En,
            "Licensee may not assign this Agreement without the prior written consent of Licensor.",
        ),
        (
            En,
            "Company shall assign a project manager to oversee the Services.",
        ),
        (
            En,
            "Nothing in this Agreement transfers ownership of any intellectual property between the parties.",
        ),
        (
            En,
            "All Confidential Information shall remain the property of the disclosing party.",
        ),
        (
            En,
            "Supplier shall transfer title to the Products to Buyer upon delivery at the Delivery Point.",
        ),
        (
            En,
            "This Agreement shall be assigned to any successor to the business of Seller.",
        ),
    ],
};

/// A licence of IP from one party to the other.
const LICENCE: ConceptSet = ConceptSet {
    concept: "License Grant",
    rules: &[
        "intellectual_property.broad_licence",
        "intellectual_property.licence",
    ],
    positives: &[
        (
            En,
            "Licensor hereby grants to Licensee a non-exclusive, non-transferable license to use the Software in the Territory during the Term.",
        ),
        (
            En,
            "Company grants Distributor the right to use the Company's trademarks solely to promote the Products.",
        ),
        (
            En,
            "Subject to the terms of this Agreement, Supplier grants Customer a worldwide, royalty-free, perpetual licence to the Documentation.",
        ),
        (
            En,
            "FRANCHISOR HEREBY GRANTS TO FRANCHISEE THE RIGHT AND LICENSE TO OPERATE ONE FRANCHISED BUSINESS USING THE MARKS.",
        ),
        (
            En,
            "Sponsor shall have the right to use the Artist's name and likeness in advertising for the Event.",
        ),
        (
            En,
            "Licensee is hereby granted an exclusive licence under the Licensed Patents to make and sell Licensed Products.",
        ),
        (
            En,
            "Each party grants the other a limited licence to use its logo on the co-branded website.",
        ),
        (
            En,
            "The Publisher grants to the Author a non-exclusive sublicense to reproduce the cover artwork for promotional purposes.",
        ),
    ],
    negatives: &[
        (
            En,
            "Licensee shall obtain and maintain all licences and permits required by applicable law.",
        ),
        (
            En,
            "Nothing in this Agreement grants either party any right in the other's trademarks.",
        ),
        (
            En,
            "Distributor shall hold a valid driving licence at all times.",
        ),
        (
            En,
            "The Company grants Consultant access to its premises during business hours.",
        ),
        (
            En,
            "Licensee shall pay the licence fee within thirty days of invoice.",
        ),
        (
            En,
            "Buyer grants Seller a security interest in the Products until paid in full.",
        ),
    ],
};

#[test]
fn ip_ownership_assignment_concept() {
    check_concept(&ASSIGNMENT);
}

#[test]
fn license_grant_concept() {
    check_concept(&LICENCE);
}
