//! Held-out clauses for CUAD's "Cap on Liability" and "Uncapped Liability".

use super::{ConceptSet, check_concept};
use crate::model::Language::{De, En, Es, Fr};

/// A maximum amount of recovery, or a time limit for bringing claims.
const CAP: ConceptSet = ConceptSet {
    concept: "Cap on Liability",
    rules: &[
        "liability.cap",
        "liability.cap_mutual",
        "liability.claims_period",
    ],
    positives: &[
        (
            En,
            "IN NO EVENT SHALL LICENSOR'S AGGREGATE LIABILITY ARISING OUT OF OR RELATED TO THIS AGREEMENT EXCEED THE TOTAL AMOUNT PAID BY LICENSEE HEREUNDER IN THE TWELVE (12) MONTHS PRECEDING THE EVENT GIVING RISE TO THE CLAIM.",
        ),
        (
            En,
            "Seller's liability for any claim, whether in contract, tort or otherwise, shall in no case exceed the purchase price of the Products giving rise to the claim.",
        ),
        (
            En,
            "No action, regardless of form, arising out of this Agreement may be brought by either party more than one (1) year after the cause of action has accrued.",
        ),
        (
            En,
            "The Consultant's total liability to the Company under or in connection with this Agreement is limited to the fees paid to the Consultant under this Agreement.",
        ),
        (
            En,
            "Neither party shall be liable to the other for any amount in excess of the fees paid or payable under this Agreement during the preceding six months.",
        ),
        (
            En,
            "The maximum liability of the Supplier under this Agreement shall be an amount equal to one hundred thousand dollars ($100,000).",
        ),
        (
            En,
            "Any claim by Customer against Supplier must be brought within twelve (12) months after the cause of action arises, failing which it shall be time-barred.",
        ),
        (
            En,
            "Company's liability hereunder shall not in any event exceed £50,000 in aggregate.",
        ),
        (
            En,
            "Subject to clause 12.1, the Supplier's total liability to the Customer in respect of all losses arising under or in connection with the Contract shall in no circumstances exceed 125% of the Charges.",
        ),
        (
            En,
            "Licensee shall not be entitled to bring any claim under this Agreement later than two years after the date on which it became aware of the circumstances giving rise to the claim.",
        ),
        (
            De,
            "Die Haftung des Lieferanten ist der Höhe nach auf den Auftragswert begrenzt.",
        ),
        (
            De,
            "Ansprüche des Käufers wegen Mängeln verjähren in zwölf Monaten ab Ablieferung.",
        ),
        (
            Fr,
            "La responsabilité totale du Prestataire ne pourra en aucun cas excéder le montant payé par le Client.",
        ),
        (
            Fr,
            "Toute action au titre du présent contrat doit être intentée dans un délai d'un an à compter de la survenance du fait générateur.",
        ),
        (
            Es,
            "La responsabilidad total del Proveedor no excederá del importe abonado por el Cliente en los doce meses anteriores.",
        ),
        (
            Es,
            "Cualquier reclamación derivada del presente contrato deberá ejercitarse en el plazo de un año desde que se produjo el hecho.",
        ),
        (
            En,
            "Vendor's cumulative liability for all claims arising under this Order shall be limited to the amounts actually paid by Purchaser for the Services.",
        ),
        (
            En,
            "IN NO EVENT WILL COMPANY BE LIABLE TO CONSULTANT FOR MORE THAN THE FEES PAID DURING THE THREE MONTHS BEFORE THE CLAIM.",
        ),
        (
            En,
            "Any cause of action arising out of this Agreement must be commenced within one (1) year after it accrues, or it is permanently barred.",
        ),
        (
            En,
            "The liability of Licensor under this Agreement shall not exceed, in the aggregate, the royalties received from Licensee.",
        ),
        (
            En,
            "Bank's liability to Customer shall be capped at five hundred thousand dollars ($500,000) per Contract Year.",
        ),
        (
            En,
            "Carrier's liability for loss of or damage to any shipment shall not exceed $2.00 per pound.",
        ),
        (
            En,
            "UNDER NO CIRCUMSTANCES SHALL THE TOTAL LIABILITY OF EITHER PARTY EXCEED ONE MILLION DOLLARS.",
        ),
        (
            En,
            "No claim may be brought against the Consultant after the expiry of two years from the date of completion of the Services.",
        ),
        (
            En,
            "The Developer's entire liability under this Agreement is limited to re-performance of the defective Services.",
        ),
        (
            En,
            "The Contractor shall only be responsible for the cost of re-performing any Services that fail to meet the Specifications.",
        ),
        (
            En,
            "While Goods are stored at the Warehouse, Warehouseman will be liable only for the replacement value of Goods lost through its negligence.",
        ),
        (
            En,
            "Supplier's sole liability for any non-conforming Product shall be to repair or replace it or, at Supplier's option, to refund the price paid.",
        ),
    ],
    negatives: &[
        (
            En,
            "IN NO EVENT SHALL EITHER PARTY BE LIABLE FOR ANY INDIRECT, INCIDENTAL, CONSEQUENTIAL OR PUNITIVE DAMAGES, INCLUDING LOST PROFITS.",
        ),
        (
            En,
            "Each party shall be solely responsible for its own costs and expenses incurred in connection with this Agreement.",
        ),
        (
            En,
            "The Distributor shall be solely responsible for the replacement of damaged stock at its own expense.",
        ),
        (
            En,
            "The Customer will be responsible for the replacement of any access cards it loses.",
        ),
        (
            En,
            "The Distributor shall be liable for all acts and omissions of its sub-distributors as if they were its own.",
        ),
        (
            En,
            "The quantity of Products ordered in any month shall not exceed 120% of the latest forecast.",
        ),
        (
            En,
            "Consultant shall maintain professional liability insurance with limits of not less than $1,000,000 per occurrence.",
        ),
        (
            En,
            "Supplier shall notify Buyer of any third-party claim within ten (10) days after receipt.",
        ),
        (
            En,
            "Either party may bring an action for injunctive relief at any time without posting a bond.",
        ),
        (
            En,
            "Late deliveries shall not exceed five percent (5%) of the orders in any quarter.",
        ),
        (
            En,
            "Customer shall be liable for any amounts exceeding its approved credit limit.",
        ),
        (De, "Die gesetzliche Verjährungsfrist bleibt unberührt."),
        (
            En,
            "Neither party shall be liable for any failure to perform caused by events beyond its reasonable control.",
        ),
        (
            En,
            "The aggregate number of Units shall not exceed the capacity of the Facility.",
        ),
        (
            En,
            "Each party is responsible for the acts of its own employees.",
        ),
        (
            En,
            "The Carrier shall be liable for loss of the goods while in its custody.",
        ),
        (
            En,
            "Shipments shall not exceed 40,000 pounds per truckload.",
        ),
    ],
};

/// Liability expressly unlimited, or carved out of the cap.
const UNCAPPED: ConceptSet = ConceptSet {
    concept: "Uncapped Liability",
    rules: &["liability.uncapped", "liability.carve_out"],
    positives: &[
        (
            En,
            "NOTWITHSTANDING THE FOREGOING, THE LIMITATIONS OF LIABILITY SET FORTH IN THIS SECTION 10 SHALL NOT APPLY TO A PARTY'S INDEMNIFICATION OBLIGATIONS OR BREACH OF ITS CONFIDENTIALITY OBLIGATIONS.",
        ),
        (
            En,
            "Nothing in this Agreement shall limit or exclude either party's liability for death or personal injury caused by its negligence, or for fraud or fraudulent misrepresentation.",
        ),
        (
            En,
            "Licensee's liability for breach of Section 7 (Confidentiality) shall be unlimited.",
        ),
        (
            En,
            "The foregoing cap on liability shall not apply to Customer's payment obligations or to either party's gross negligence or wilful misconduct.",
        ),
        (
            En,
            "Except for breaches of confidentiality and indemnification obligations, in no event shall either party's liability exceed the fees paid.",
        ),
        (
            En,
            "Distributor shall be liable without limitation for any losses arising from its infringement of third-party intellectual property rights.",
        ),
        (
            En,
            "THE LIMITATIONS ON DAMAGES IN THIS ARTICLE DO NOT APPLY TO DAMAGES RESULTING FROM A PARTY'S WILLFUL MISCONDUCT.",
        ),
        (
            En,
            "There shall be no limit on the Supplier's liability for claims arising under the indemnity in clause 14.",
        ),
        (
            En,
            "Nothing in this Agreement limits or excludes the liability of the Company for fraud.",
        ),
        (
            En,
            "The exclusions and limitations in this Section 11 shall not apply to claims for bodily injury or death.",
        ),
        (
            En,
            "Notwithstanding anything herein, a party's liability for infringement of the other party's intellectual property shall not be limited.",
        ),
        (
            En,
            "Nothing in these Terms excludes or limits the liability of either party for fraud.",
        ),
        (
            En,
            "Customer's liability to pay the Fees is not subject to any limitation.",
        ),
        (
            En,
            "The foregoing limitation of liability shall not apply to Licensee's obligation to pay royalties.",
        ),
        (
            En,
            "Subject to the exceptions in Section 9.3, the Distributor's liability for breach of its exclusivity covenant is unlimited.",
        ),
        (
            En,
            "Notwithstanding Section 12, neither party limits its liability for wilful misconduct.",
        ),
    ],
    negatives: &[
        (
            En,
            "Each party's aggregate liability under this Agreement shall not exceed the fees paid in the prior twelve months.",
        ),
        (
            En,
            "Licensee shall pay all fees without set-off or deduction.",
        ),
        (
            En,
            "Except as expressly provided herein, neither party grants any licence under its intellectual property.",
        ),
        (
            En,
            "The warranties in this Section shall not apply to Products that have been modified by Buyer.",
        ),
        (
            En,
            "Consultant shall be liable for the accuracy of its reports.",
        ),
        (
            En,
            "Nothing in this Agreement shall be construed as creating a partnership or joint venture between the parties.",
        ),
        (
            En,
            "The Consultant shall be responsible for all taxes on the fees.",
        ),
        (
            En,
            "The limitations on use of the Software are set out in Schedule A.",
        ),
        (
            En,
            "Licensee shall not challenge the validity of the Licensed Patents.",
        ),
        (
            En,
            "Limitations on the number of users are described in the Order Form.",
        ),
        (
            En,
            "The Company's liability insurance shall cover the Services.",
        ),
    ],
};

#[test]
fn cap_on_liability_concept() {
    check_concept(&CAP);
}

#[test]
fn uncapped_liability_concept() {
    check_concept(&UNCAPPED);
}
