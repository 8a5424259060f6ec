//! Rule cases for confidentiality, payment terms, dispute resolution and governing law.

use super::{Case, check};
use crate::model::Language::{De, En, Es, Fr};

#[test]
fn confidentiality_rules() {
    let cases: &[Case] = &[
        (
            "confidentiality.perpetual",
            En,
            "The obligations of confidentiality shall survive in perpetuity.",
            "The obligations of confidentiality shall survive for three (3) years.",
        ),
        (
            "confidentiality.perpetual",
            De,
            "Die Pflicht zur Vertraulichkeit gilt zeitlich unbegrenzt.",
            "Die Pflicht zur Vertraulichkeit gilt für drei Jahre.",
        ),
        (
            "confidentiality.perpetual",
            Fr,
            "L'obligation de confidentialité s'applique pour une durée illimitée.",
            "L'obligation de confidentialité s'applique pendant 3 ans.",
        ),
        (
            "confidentiality.perpetual",
            Es,
            "La obligación de confidencialidad se mantendrá indefinidamente.",
            "La obligación de confidencialidad se mantendrá durante 3 años.",
        ),
        (
            "confidentiality.term_years",
            En,
            "The obligations of confidentiality shall survive for three (3) years after termination.",
            "The obligations of confidentiality shall survive termination.",
        ),
        (
            "confidentiality.term_years",
            De,
            "Die Vertraulichkeit gilt für 5 Jahre nach Vertragsende.",
            "Die Vertraulichkeit gilt nach Vertragsende fort.",
        ),
        (
            "confidentiality.term_years",
            Fr,
            "La confidentialité s'applique pendant 5 ans après la fin du contrat.",
            "La confidentialité s'applique après la fin du contrat.",
        ),
        (
            "confidentiality.term_years",
            Es,
            "La confidencialidad se mantendrá durante 5 años tras la terminación.",
            "La confidencialidad se mantendrá tras la terminación.",
        ),
        (
            "confidentiality.missing_exceptions",
            En,
            "Recipient shall keep all Confidential Information strictly confidential.",
            "Recipient shall keep all Confidential Information strictly confidential, except information that is publicly available or required by law to be disclosed.",
        ),
        (
            "confidentiality.missing_exceptions",
            De,
            "Der Empfänger hat alle Informationen vertraulich zu behandeln.",
            "Der Empfänger hat alle Informationen vertraulich zu behandeln, soweit sie nicht öffentlich bekannt sind.",
        ),
        (
            "confidentiality.missing_exceptions",
            Fr,
            "Le Destinataire s'engage à garder confidentielles les informations.",
            "Le Destinataire s'engage à garder confidentielles les informations, sauf celles tombées dans le domaine public.",
        ),
        (
            "confidentiality.missing_exceptions",
            Es,
            "El Receptor se obliga a mantener confidencial la información.",
            "El Receptor se obliga a mantener confidencial la información, salvo la de dominio público.",
        ),
        (
            "confidentiality.one_way",
            En,
            "Acme (\"Company\") and Beta (\"Distributor\") agree. Distributor shall keep confidential all information received from Company.",
            "Acme (\"Company\") and Beta (\"Distributor\") agree. Each party shall keep confidential all information received from the other party.",
        ),
        (
            "confidentiality.mutual",
            En,
            "Acme (\"Company\") and Beta (\"Distributor\") agree. Each party shall keep confidential all information received from the other party.",
            "Acme (\"Company\") and Beta (\"Distributor\") agree. Distributor shall keep confidential all information received from Company.",
        ),
    ];
    check(cases);
}

#[test]
fn payment_rules() {
    let cases: &[Case] = &[
        (
            "payment_terms.long_terms",
            En,
            "Customer shall pay each invoice within ninety (90) days of receipt of invoice.",
            "Customer shall pay each invoice within thirty (30) days of receipt of invoice.",
        ),
        (
            "payment_terms.long_terms",
            De,
            "Rechnungen sind innerhalb von 90 Tagen nach Rechnungseingang zahlbar.",
            "Rechnungen sind innerhalb von 14 Tagen nach Rechnungseingang zahlbar.",
        ),
        (
            "payment_terms.long_terms",
            Fr,
            "Les factures sont payables à 60 jours fin de mois.",
            "Les factures sont payables à 30 jours fin de mois.",
        ),
        (
            "payment_terms.long_terms",
            Es,
            "El pago se realizará a 90 días desde la fecha de factura.",
            "El pago se realizará a 30 días desde la fecha de factura.",
        ),
        (
            "payment_terms.late_interest",
            En,
            "Overdue amounts bear interest at 1.5% per month.",
            "Amounts are payable in euros.",
        ),
        (
            "payment_terms.late_interest",
            De,
            "Es fallen Verzugszinsen in gesetzlicher Höhe an.",
            "Es fallen keine Gebühren an.",
        ),
        (
            "payment_terms.late_interest",
            Fr,
            "Des pénalités de retard sont exigibles.",
            "Aucun frais n'est exigible.",
        ),
        (
            "payment_terms.late_interest",
            Es,
            "Se devengarán intereses de demora.",
            "No se devengarán gastos.",
        ),
        (
            "payment_terms.unilateral_price_change",
            En,
            "Supplier may increase the prices at any time on thirty days' notice.",
            "The prices may be increased only by mutual written agreement of the parties.",
        ),
        (
            "payment_terms.unilateral_price_change",
            De,
            "Der Anbieter ist berechtigt, die Preise jederzeit anzupassen.",
            "Die Preise sind für die Laufzeit fest.",
        ),
        (
            "payment_terms.unilateral_price_change",
            Fr,
            "Le Prestataire se réserve le droit de modifier ses tarifs.",
            "Les tarifs sont fixes pendant la durée du contrat.",
        ),
        (
            "payment_terms.unilateral_price_change",
            Es,
            "El Proveedor se reserva el derecho de modificar los precios.",
            "Los precios son fijos durante el contrato.",
        ),
        (
            "payment_terms.most_favoured",
            En,
            "Supplier shall offer Customer prices no less favourable than those offered to any other customer.",
            "Supplier shall offer Customer the prices in Exhibit A.",
        ),
        (
            "payment_terms.most_favoured",
            De,
            "Der Lieferant gewährt Meistbegünstigung.",
            "Der Lieferant gewährt Rabatt.",
        ),
        (
            "payment_terms.most_favoured",
            Fr,
            "Le Fournisseur accorde des conditions aussi favorables qu'à tout autre client.",
            "Le Fournisseur accorde une remise.",
        ),
        (
            "payment_terms.most_favoured",
            Es,
            "El Proveedor aplicará la cláusula de cliente más favorecido.",
            "El Proveedor aplicará un descuento.",
        ),
        (
            "payment_terms.minimum_commitment",
            En,
            "Distributor shall purchase at least 10,000 units per year.",
            "Distributor may purchase units as it requires.",
        ),
        (
            "payment_terms.minimum_commitment",
            De,
            "Der Händler verpflichtet sich zu einer Mindestabnahme von 1.000 Stück.",
            "Der Händler bestellt nach Bedarf.",
        ),
        (
            "payment_terms.minimum_commitment",
            Fr,
            "Le Distributeur s'engage sur un minimum d'achat annuel.",
            "Le Distributeur commande selon ses besoins.",
        ),
        (
            "payment_terms.minimum_commitment",
            Es,
            "El Distribuidor asume un compromiso de compra anual.",
            "El Distribuidor pedirá según sus necesidades.",
        ),
        (
            "payment_terms.revenue_share",
            En,
            "Licensee shall pay Licensor ten percent (10%) of net revenues.",
            "Licensee shall pay Licensor a fixed fee.",
        ),
        (
            "payment_terms.revenue_share",
            De,
            "Der Lizenznehmer zahlt eine Umsatzbeteiligung.",
            "Der Lizenznehmer zahlt eine Pauschale.",
        ),
        (
            "payment_terms.revenue_share",
            Fr,
            "Le Licencié verse une redevance annuelle.",
            "Le Licencié verse un forfait.",
        ),
        (
            "payment_terms.revenue_share",
            Es,
            "El Licenciatario pagará regalías trimestrales.",
            "El Licenciatario pagará una cantidad fija.",
        ),
        (
            "payment_terms.audit",
            En,
            "Licensor may audit Licensee's books and records once a year.",
            "Licensee shall keep its office clean.",
        ),
        (
            "payment_terms.audit",
            De,
            "Der Lizenzgeber darf die Bücher des Lizenznehmers prüfen.",
            "Der Lizenznehmer hält sein Büro sauber.",
        ),
        (
            "payment_terms.audit",
            Fr,
            "Le Concédant dispose d'un droit d'audit annuel.",
            "Le Licencié tient son bureau propre.",
        ),
        (
            "payment_terms.audit",
            Es,
            "El Licenciante tendrá derecho de auditoría anual.",
            "El Licenciatario mantendrá su oficina limpia.",
        ),
        (
            "payment_terms.set_off",
            En,
            "Customer may set off any amounts owed by Supplier.",
            "Customer may pay by bank transfer.",
        ),
        (
            "payment_terms.set_off",
            De,
            "Eine Aufrechnung ist nur mit unbestrittenen Forderungen zulässig.",
            "Eine Zahlung ist per Überweisung zulässig.",
        ),
    ];
    check(cases);
}

#[test]
fn dispute_and_law_rules() {
    let cases: &[Case] = &[
        (
            "dispute_resolution.arbitration",
            En,
            "Any dispute shall be finally settled by binding arbitration under the ICC Rules.",
            "Any dispute shall be heard by the courts.",
        ),
        (
            "dispute_resolution.arbitration",
            De,
            "Streitigkeiten werden durch ein Schiedsgericht entschieden.",
            "Streitigkeiten werden vor den ordentlichen Gerichten entschieden.",
        ),
        (
            "dispute_resolution.arbitration",
            Fr,
            "Tout litige sera tranché par voie d'arbitrage.",
            "Tout litige sera porté devant les tribunaux.",
        ),
        (
            "dispute_resolution.arbitration",
            Es,
            "Toda controversia se resolverá mediante arbitraje.",
            "Toda controversia se resolverá ante los tribunales.",
        ),
        (
            "dispute_resolution.exclusive_forum",
            En,
            "The courts of Delaware shall have exclusive jurisdiction over any dispute.",
            "The courts of Delaware may hear disputes.",
        ),
        (
            "dispute_resolution.exclusive_forum",
            De,
            "Ausschließlicher Gerichtsstand ist München.",
            "Streitigkeiten werden gütlich beigelegt.",
        ),
        (
            "dispute_resolution.exclusive_forum",
            Fr,
            "Les tribunaux de Paris ont compétence exclusive.",
            "Les tribunaux de Paris peuvent être saisis.",
        ),
        (
            "dispute_resolution.exclusive_forum",
            Es,
            "Las partes se someten a los juzgados y tribunales de Madrid.",
            "Las partes resolverán amistosamente sus controversias.",
        ),
        (
            "dispute_resolution.one_sided_forum",
            En,
            "Company may bring proceedings in any other competent court.",
            "Either party may bring proceedings in any other competent court.",
        ),
        (
            "dispute_resolution.class_action_waiver",
            En,
            "Customer waives any right to participate in a class action.",
            "Customer may bring an individual action.",
        ),
        (
            "dispute_resolution.class_action_waiver",
            De,
            "Der Kunde erklärt den Verzicht auf eine Sammelklage.",
            "Der Kunde kann einzeln klagen.",
        ),
        (
            "dispute_resolution.class_action_waiver",
            Fr,
            "Le Client renonce à toute action de groupe.",
            "Le Client peut agir seul.",
        ),
        (
            "dispute_resolution.class_action_waiver",
            Es,
            "El Cliente renuncia a cualquier acción colectiva.",
            "El Cliente puede actuar individualmente.",
        ),
        (
            "dispute_resolution.jury_waiver",
            En,
            "Each party waives its right to a trial by jury.",
            "Each party may appoint counsel for trial.",
        ),
        (
            "dispute_resolution.escalation",
            En,
            "Any dispute shall first be escalated to senior executives of both parties.",
            "Any payment shall first be approved by the finance team.",
        ),
        (
            "dispute_resolution.escalation",
            De,
            "Die Parteien versuchen zunächst eine Mediation.",
            "Die Parteien versuchen zunächst eine Lieferung.",
        ),
        (
            "dispute_resolution.escalation",
            Fr,
            "Les parties tenteront une médiation préalable.",
            "Les parties tenteront une livraison préalable.",
        ),
        (
            "dispute_resolution.escalation",
            Es,
            "Las partes intentarán una mediación previa.",
            "Las partes intentarán una entrega previa.",
        ),
        (
            "governing_law.chosen",
            En,
            "This Agreement shall be governed by the laws of the State of New York.",
            "This Agreement shall be signed by both parties.",
        ),
        (
            "governing_law.chosen",
            De,
            "Dieser Vertrag unterliegt deutschem Recht.",
            "Dieser Vertrag wird doppelt ausgefertigt.",
        ),
        (
            "governing_law.chosen",
            Fr,
            "Le présent contrat est régi par le droit français.",
            "Le présent contrat est signé en deux exemplaires.",
        ),
        (
            "governing_law.chosen",
            Es,
            "El presente contrato se regirá por la legislación española.",
            "El presente contrato se firma por duplicado.",
        ),
    ];
    check(cases);
}
