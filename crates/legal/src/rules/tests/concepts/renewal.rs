//! Held-out clauses for CUAD's "Renewal Term" and "Notice Period to Terminate Renewal".

use super::{ConceptSet, check_concept};
use crate::model::Language::En;

/// Automatic or optional renewal after the initial term.
const RENEWAL: ConceptSet = ConceptSet {
    concept: "Renewal Term",
    rules: &["termination.auto_renewal", "termination.renewal_option"],
    positives: &[
        (
            En,
            "This Agreement shall automatically renew for successive one-year periods unless either party gives notice of non-renewal.",
        ),
        (
            En,
            "Upon expiration of the Initial Term, this Agreement shall be renewed for additional terms of two (2) years each, unless terminated earlier.",
        ),
        (
            En,
            "Thereafter, the Agreement shall continue in force from year to year until terminated by either party on six months' notice.",
        ),
        (
            En,
            "Licensee shall have the option to extend the Term for one additional period of five (5) years by written notice to Licensor.",
        ),
        (
            En,
            "THIS AGREEMENT WILL RENEW AUTOMATICALLY FOR ADDITIONAL TWELVE (12) MONTH TERMS.",
        ),
        (
            En,
            "The term of this Agreement shall be extended automatically for consecutive periods of one year each.",
        ),
        (
            En,
            "After the Initial Term, this Agreement will continue on a month-to-month basis until either party terminates it on 30 days' notice.",
        ),
        (
            En,
            "Customer may extend the Subscription Term for up to two renewal periods of twelve months each.",
        ),
        (
            En,
            "If neither party gives notice to terminate before the end of the Initial Period, this Agreement shall continue for a further period of twelve months.",
        ),
        (
            En,
            "This Lease shall be automatically extended for successive periods of one (1) year each.",
        ),
        (
            En,
            "At the end of the Initial Term, the Agreement will roll over for additional one-year terms unless cancelled.",
        ),
        (
            En,
            "Tenant shall have two options to renew this Lease for five years each.",
        ),
        (
            En,
            "The Term shall be renewed automatically for consecutive twelve-month periods unless either party terminates it.",
        ),
        (
            En,
            "Unless earlier terminated, this Agreement shall be automatically renewed for one-year periods thereafter.",
        ),
        (
            En,
            "Franchisee may renew the franchise for one additional ten-year term if it satisfies the conditions in Section 3.2.",
        ),
        (
            En,
            "This Agreement will remain in effect for successive renewal terms of one year each.",
        ),
    ],
    negatives: &[
        (
            En,
            "This Agreement shall commence on the Effective Date and continue for an initial term of three (3) years.",
        ),
        (
            En,
            "Licensee shall renew its insurance policies annually and provide certificates to Licensor.",
        ),
        (
            En,
            "The Supplier shall extend the warranty period by the duration of any repair.",
        ),
        (
            En,
            "Either party may terminate this Agreement upon expiry of the Initial Term by giving notice.",
        ),
        (
            En,
            "Any extension of the delivery date shall be agreed in writing.",
        ),
        (
            En,
            "The licence granted hereunder shall survive expiration of this Agreement.",
        ),
        (
            En,
            "The confidentiality obligations under this Agreement shall continue for a further period of three years after termination.",
        ),
        (En, "The Warranty Period is twelve months from delivery."),
        (
            En,
            "Licensee shall renew the domain registrations before they lapse.",
        ),
        (
            En,
            "The Initial Term ends on the fifth anniversary of the Effective Date.",
        ),
        (
            En,
            "The Agreement shall remain in effect for five years from the Effective Date.",
        ),
        (
            En,
            "Licensee shall extend its best efforts to market the Products.",
        ),
    ],
};

/// Notice a party must give to stop the renewal.
const RENEWAL_NOTICE: ConceptSet = ConceptSet {
    concept: "Notice Period to Terminate Renewal",
    rules: &[
        "termination.auto_renewal",
        "termination.renewal_notice_trap",
    ],
    positives: &[
        (
            En,
            "This Agreement shall renew automatically for successive one-year terms unless either party provides written notice of non-renewal at least ninety (90) days prior to the end of the then-current term.",
        ),
        (
            En,
            "The Term shall be renewed for further one-year periods unless either party notifies the other in writing of its intention not to renew no later than sixty (60) days before expiry.",
        ),
        (
            En,
            "Either party may prevent the automatic renewal of this Agreement by giving written notice to the other at least 30 days before the end of the current Term.",
        ),
        (
            En,
            "The Term will be extended for additional one-year periods unless Customer gives Supplier notice of termination not less than 3 months before the expiry of the then current period.",
        ),
        (
            En,
            "EITHER PARTY MAY ELECT NOT TO RENEW THIS AGREEMENT BY GIVING WRITTEN NOTICE TO THE OTHER AT LEAST ONE HUNDRED EIGHTY (180) DAYS PRIOR TO THE EXPIRATION OF THE THEN-CURRENT TERM.",
        ),
        (
            En,
            "Renewal shall occur automatically unless Licensee notifies Licensor of non-renewal in writing six months before the anniversary date.",
        ),
        (
            En,
            "If neither party gives notice to terminate at least two months before the end of the Initial Period, this Agreement shall continue for a further period of twelve months.",
        ),
        (
            En,
            "Customer must give at least 30 days' notice before the renewal date if it does not wish the subscription to renew.",
        ),
        (
            En,
            "The Agreement shall be renewed for additional two-year periods unless either party gives written notice of its decision not to renew at least 120 days before the expiry of the current term.",
        ),
        (
            En,
            "Unless terminated by either party by notice given no less than ninety days prior to the anniversary date, this Agreement shall renew automatically.",
        ),
        (
            En,
            "To avoid automatic renewal, Customer must notify Provider in writing at least 45 days before the end of the Subscription Term.",
        ),
        (
            En,
            "This Agreement renews automatically each year unless either party gives the other 60 days' written notice of non-renewal.",
        ),
        (
            En,
            "Either party may give notice of its intent not to renew this Agreement no later than six months before the end of the then-current term.",
        ),
    ],
    negatives: &[
        (
            En,
            "Either party may terminate this Agreement for convenience upon 30 days' written notice.",
        ),
        (
            En,
            "Licensee shall notify Licensor within ten days of any change of control.",
        ),
        (
            En,
            "Notice of termination for breach must specify the breach in reasonable detail.",
        ),
        (
            En,
            "Unless Buyer gives notice of termination under Section 12, Buyer shall pay for all Products ordered.",
        ),
        (
            En,
            "The Initial Term is five years from the Effective Date.",
        ),
        (
            En,
            "Upon expiry of the Term, Licensee shall have 90 days to sell off remaining inventory.",
        ),
        (
            En,
            "Either party may terminate this Agreement on 60 days' notice.",
        ),
        (En, "Notices shall be delivered by hand or by courier."),
        (
            En,
            "Supplier shall give Buyer 90 days' notice of any discontinuance of a Product.",
        ),
        (
            En,
            "Licensee must give notice of any claim within thirty days.",
        ),
        (
            En,
            "Notice of termination for convenience must be given in writing.",
        ),
    ],
};

#[test]
fn renewal_term_concept() {
    check_concept(&RENEWAL);
}

#[test]
fn notice_to_terminate_renewal_concept() {
    check_concept(&RENEWAL_NOTICE);
}
