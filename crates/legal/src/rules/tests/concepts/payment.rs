//! Held-out clauses for CUAD's "Revenue/Profit Sharing" and "Minimum Commitment".

use super::{ConceptSet, check_concept};
use crate::model::Language::{De, En, Es, Fr};

const REVENUE_SHARE: ConceptSet = ConceptSet {
    concept: "Revenue/Profit Sharing",
    rules: &["payment_terms.revenue_share"],
    positives: &[
        (
            En,
            "Licensee shall pay Licensor a royalty of five percent (5%) of Net Sales of all Licensed Products.",
        ),
        (
            En,
            "Agent shall receive a commission equal to 10% of the gross amount of each sale it procures.",
        ),
        (
            En,
            "The parties shall share the Net Profits from the Joint Venture equally.",
        ),
        (
            En,
            "Company will pay Consultant fifteen percent (15%) of all revenue generated from customers introduced by Consultant.",
        ),
        (
            En,
            "Distributor shall remit to Supplier 40% of the net proceeds from each sale of Product.",
        ),
        (
            En,
            "IN CONSIDERATION OF THE SPONSORSHIP, SPONSOR SHALL PAY THE ARTIST AN AMOUNT EQUAL TO TWENTY PERCENT (20%) OF TICKET SALES.",
        ),
        (
            En,
            "Bank shall be entitled to a revenue share of 30% of all interchange fees.",
        ),
        (
            En,
            "Profits and losses of the venture shall be allocated between the parties in proportion to their capital contributions.",
        ),
        (
            En,
            "Reseller shall earn a 12% commission on every subscription it sells.",
        ),
        (
            En,
            "The Operator shall pay the Owner fifty percent (50%) of the Net Revenues from the sale of advertising.",
        ),
        (
            En,
            "Affiliate will be entitled to a referral fee of 8% of the first-year subscription fees paid by each Referred Customer.",
        ),
        (
            En,
            "Royalties shall accrue on each sale of a Licensed Product at the rate set out in Exhibit C.",
        ),
        (
            En,
            "The Producer and the Distributor shall divide the net profits of the Picture between them equally.",
        ),
        (
            En,
            "Publisher shall pay Author royalties equal to ten percent of the list price of each copy sold.",
        ),
        (
            En,
            "The Agent shall be paid a commission at the rate of 15% on all orders accepted by Principal in the Territory.",
        ),
        (
            En,
            "Manager shall receive an incentive fee equal to 20% of the Net Operating Income of the Hotel.",
        ),
    ],
    negatives: &[
        (
            En,
            "Licensee shall pay a fixed annual licence fee of $50,000, payable in advance.",
        ),
        (
            En,
            "Prices are exclusive of VAT, which shall be charged at the applicable rate.",
        ),
        (
            En,
            "Seller shall deliver ninety-five percent (95%) of all Orders on time.",
        ),
        (
            En,
            "Consultant shall be paid an hourly rate of $150 for services rendered.",
        ),
        (
            En,
            "Buyer shall not disclose Seller's revenues or profits to any third party.",
        ),
        (
            En,
            "Each party shall comply with the rules of the Securities and Exchange Commission of the United States.",
        ),
        (
            En,
            "The Purchase Price is One Million Dollars ($1,000,000), payable at Closing.",
        ),
        (
            En,
            "Consultant shall submit monthly invoices for hours worked.",
        ),
        (
            En,
            "Distributor shall provide Supplier with quarterly sales reports.",
        ),
        (En, "The Agent shall be paid a monthly retainer of $5,000."),
        (En, "Each party shall bear its own costs and expenses."),
    ],
};

const MINIMUM: ConceptSet = ConceptSet {
    concept: "Minimum Commitment",
    rules: &["payment_terms.minimum_commitment"],
    positives: &[
        (
            En,
            "Buyer shall purchase a minimum of 10,000 units of Product during each Contract Year.",
        ),
        (
            En,
            "Distributor agrees to order not less than $500,000 of Products in each calendar year.",
        ),
        (
            En,
            "If Licensee fails to achieve the Minimum Annual Sales set out in Schedule B, Licensor may convert the licence to non-exclusive.",
        ),
        (
            En,
            "Customer commits to a take-or-pay quantity of 2,000 MWh per month.",
        ),
        (
            En,
            "THE COMPANY SHALL PROCURE NOT LESS THAN EIGHTY PERCENT (80%) OF ITS REQUIREMENTS FOR THE PRODUCTS FROM SUPPLIER.",
        ),
        (
            En,
            "Licensee shall pay Licensor a guaranteed minimum royalty of $25,000 per quarter, whether or not sales reach that level.",
        ),
        (
            En,
            "Each Purchase Order shall be for at least 500 cases of Product.",
        ),
        (
            En,
            "The Company agrees that its aggregate purchases under this Agreement will be no less than $2 million per Contract Year.",
        ),
        (
            En,
            "Reseller must sell at least 100 licences per quarter to maintain its Gold Partner status.",
        ),
        (
            De,
            "Der Händler verpflichtet sich zu einer Mindestabnahme von 5.000 Einheiten pro Jahr.",
        ),
        (
            De,
            "Der Kunde garantiert einen Mindestumsatz von 100.000 EUR je Vertragsjahr.",
        ),
        (
            Fr,
            "Le Distributeur s'engage à acheter des quantités minimales de 1 000 unités par trimestre.",
        ),
        (
            Fr,
            "L'Acheteur prend un engagement ferme de volume de 10 tonnes par mois.",
        ),
        (
            Es,
            "El Distribuidor se obliga a una compra mínima anual de 20.000 unidades.",
        ),
        (
            Es,
            "El Cliente asume un compromiso de compra de 500 unidades al mes.",
        ),
        (
            En,
            "Purchaser shall order at least 1,000 metric tons of Product per calendar quarter.",
        ),
        (
            En,
            "If Distributor's purchases in any year are less than the Minimum Purchase Quantity, Supplier may terminate this Agreement.",
        ),
        (
            En,
            "Customer agrees to a minimum monthly spend of $10,000 throughout the Term.",
        ),
        (
            En,
            "Licensee shall pay an annual minimum royalty of $50,000 regardless of actual sales.",
        ),
        (
            En,
            "The Buyer undertakes to take delivery of not less than 500,000 barrels per year.",
        ),
        (
            En,
            "Distributor's Minimum Purchase Requirement for each Year is set forth in Exhibit B.",
        ),
        (
            En,
            "Customer shall purchase no less than 75% of the quantities in its forecast for each month.",
        ),
    ],
    negatives: &[
        (
            En,
            "Orders shall be placed at least thirty (30) days before the requested delivery date.",
        ),
        (
            En,
            "Buyer shall provide a rolling twelve-month non-binding forecast of its requirements.",
        ),
        (
            En,
            "Licensee shall purchase Products only from Licensor or its approved suppliers.",
        ),
        (
            En,
            "The minimum age of all staff assigned to the Services shall be eighteen.",
        ),
        (
            En,
            "Customer may purchase additional licences at the prices set out in Schedule 2.",
        ),
        (
            En,
            "Supplier shall keep a safety stock of at least two weeks of forecast demand.",
        ),
        (
            En,
            "Distributor shall sell the Products at not less than the minimum resale prices published by Company.",
        ),
        (
            De,
            "Der Käufer übermittelt monatlich eine unverbindliche Prognose der Mindestabnahme.",
        ),
        (
            Fr,
            "Les prévisions de quantités minimales sont purement indicatives.",
        ),
        (
            Es,
            "Las previsiones de compra mínima son indicativas y no vinculantes.",
        ),
        (
            En,
            "Purchaser may order Products from time to time by submitting Purchase Orders.",
        ),
        (
            En,
            "Supplier shall maintain at least two qualified manufacturing sites.",
        ),
        (
            En,
            "The minimum term of any Statement of Work is three months.",
        ),
        (
            En,
            "Buyer may reduce any forecast by up to 20% without liability.",
        ),
        (
            En,
            "The minimum notice period for changes to a Purchase Order is ten days.",
        ),
    ],
};

#[test]
fn revenue_sharing_concept() {
    check_concept(&REVENUE_SHARE);
}

#[test]
fn minimum_commitment_concept() {
    check_concept(&MINIMUM);
}
