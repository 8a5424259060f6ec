//! Contracts for the contract review tests: one services agreement with a clause a reviewer
//! flags in each of the eight categories, written in English, German, French and Spanish,
//! a revision of the English one, and the same text as DOCX and printed PDF.

use suite_client::FilePart;
use suite_client::types::LegalLanguage;

use crate::docs;

/// The English services agreement: every category addressed, most of them badly for the
/// Customer.
pub const ENGLISH: &str = "MASTER SERVICES AGREEMENT

This Master Services Agreement is entered into by Northwind Analytics Inc., a Delaware corporation (the \"Provider\"), and Harbor Retail LLC, a Texas limited liability company (the \"Customer\").

1. Services
1.1 The Provider shall deliver the analytics services described in each statement of work.

2. Fees and Payment
2.1 The Customer shall pay each invoice within ninety (90) days of receipt.
2.2 Late payments bear interest at the rate of 1.5% per month.
2.3 The Provider may change its prices at any time upon notice to the Customer.

3. Term and Termination
3.1 This Agreement renews automatically for successive one-year terms unless either party gives written notice of non-renewal at least ninety (90) days before the end of the then-current term.
3.2 The Provider may terminate this Agreement for convenience upon ten (10) days' written notice to the Customer.

4. Confidentiality
4.1 Each party shall hold the other party's Confidential Information in strict confidence in perpetuity.

5. Intellectual Property
5.1 The Customer hereby assigns to the Provider all right, title and interest in and to any pre-existing intellectual property of the Customer incorporated into the deliverables.

6. Indemnification
6.1 The Customer shall defend, indemnify and hold harmless the Provider from and against any and all claims, losses and damages arising out of or relating to this Agreement.

7. Limitation of Liability
7.1 In no event shall the Provider be liable for any indirect, incidental, special or consequential damages. The liability of the Customer under this Agreement shall be unlimited.

8. Dispute Resolution
8.1 Any dispute arising out of this Agreement shall be finally resolved by binding arbitration in Singapore. The Customer waives any right to a trial by jury and to participate in any class action.

9. Governing Law
9.1 This Agreement shall be governed by and construed in accordance with the laws of the State of New York.
";

/// The English agreement after a negotiation: payment at 30 days (2.1), a cap on liability
/// (7.1), the confidentiality clause removed, an audit clause added, the services clause
/// moved to the end and the sections renumbered accordingly.
pub fn english_revised() -> String {
    ENGLISH
        .replace("within ninety (90) days of receipt", "within thirty (30) days of receipt")
        .replace(
            "The liability of the Customer under this Agreement shall be unlimited.",
            "Each party's total liability under this Agreement shall not exceed the fees paid in the twelve (12) months preceding the claim.",
        )
        .replace(
            "4. Confidentiality\n4.1 Each party shall hold the other party's Confidential Information in strict confidence in perpetuity.\n",
            "4. Audit\n4.1 The Customer may audit the Provider's records relating to the fees once per calendar year.\n",
        )
}

/// A short agreement that says nothing of liability, governing law or disputes.
pub const SILENT: &str = "CONSULTING AGREEMENT

This Consulting Agreement is made between Alder Labs Ltd. (the \"Client\") and Jane Roe (the \"Consultant\").

1. Services
The Consultant shall advise the Client on its data strategy.

2. Fees
The Client shall pay the Consultant's invoices within thirty (30) days.

3. Termination
Either party may terminate this Agreement upon thirty (30) days' written notice to the other party.
";

pub const GERMAN: &str = "DIENSTLEISTUNGSVERTRAG

zwischen der Nordwind Analytik GmbH (nachfolgend „Auftragnehmer“) und der Hafen Handel AG (nachfolgend „Auftraggeber“).

§ 1 Vertragsgegenstand
Der Auftragnehmer erbringt Analyseleistungen nach Maßgabe der Leistungsbeschreibung.

§ 2 Vergütung
Rechnungen sind innerhalb von neunzig (90) Tagen nach Zugang zu zahlen. Bei Zahlungsverzug fallen Verzugszinsen an.

§ 3 Laufzeit und Kündigung
Der Vertrag verlängert sich automatisch um jeweils ein Jahr, wenn er nicht mit einer Frist von drei Monaten zum Ende der Laufzeit gekündigt wird. Der Auftragnehmer kann den Vertrag jederzeit ohne Angabe von Gründen mit einer Frist von zehn Tagen kündigen.

§ 4 Haftung
Die Haftung des Auftraggebers ist unbeschränkt. Der Auftragnehmer haftet nicht für mittelbare Schäden oder entgangenen Gewinn.

§ 5 Geheimhaltung
Die Parteien verpflichten sich, alle vertraulichen Informationen zeitlich unbegrenzt geheim zu halten.

§ 6 Schlussbestimmungen
Dieser Vertrag unterliegt dem Recht der Bundesrepublik Deutschland. Ausschließlicher Gerichtsstand ist München.
";

pub const FRENCH: &str = "CONTRAT DE PRESTATION DE SERVICES

Entre la société Nordvent Analytique SAS (ci-après « le Prestataire ») et la société Port Commerce SA (ci-après « le Client »).

Article 1 – Objet
Le Prestataire fournit des services d'analyse de données au Client.

Article 2 – Prix et paiement
Les factures sont payables à quatre-vingt-dix (90) jours. Tout retard de paiement entraîne des pénalités de retard.

Article 3 – Durée et résiliation
Le contrat est renouvelé par tacite reconduction pour des périodes successives d'un an. Le Prestataire peut résilier le contrat à tout moment, sans motif, moyennant un préavis de dix jours.

Article 4 – Responsabilité
La responsabilité du Client est illimitée. Le Prestataire ne saurait être tenu responsable des dommages indirects.

Article 5 – Confidentialité
Les parties s'engagent à garder confidentielles les informations échangées sans limitation de durée.

Article 6 – Droit applicable et juridiction
Le présent contrat est régi par le droit français. Tout litige sera soumis à la compétence exclusive des tribunaux de Paris.
";

pub const SPANISH: &str = "CONTRATO DE PRESTACIÓN DE SERVICIOS

Entre Viento Norte Analítica S.L. (en adelante, el \"Proveedor\") y Puerto Comercio S.A. (en adelante, el \"Cliente\").

Cláusula 1. Objeto
El Proveedor prestará servicios de análisis de datos al Cliente.

Cláusula 2. Precio y pago
Las facturas se pagarán en un plazo de noventa (90) días. Los retrasos en el pago devengarán intereses de demora.

Cláusula 3. Duración y resolución
El contrato se prorrogará automáticamente por periodos sucesivos de un año. El Proveedor podrá resolver el contrato en cualquier momento sin causa con un preaviso de diez días.

Cláusula 4. Responsabilidad
La responsabilidad del Cliente será ilimitada. El Proveedor no será responsable de los daños indirectos.

Cláusula 5. Confidencialidad
Las partes mantendrán la confidencialidad de la información de forma indefinida.

Cláusula 6. Ley aplicable y jurisdicción
El presente contrato se regirá por la legislación española. Las partes se someten a los juzgados y tribunales de Madrid.
";

/// The four agreements with their language.
pub fn translations() -> [(LegalLanguage, &'static str); 4] {
    [
        (LegalLanguage::En, ENGLISH),
        (LegalLanguage::De, GERMAN),
        (LegalLanguage::Fr, FRENCH),
        (LegalLanguage::Es, SPANISH),
    ]
}

/// `text` as a DOCX, one paragraph per line.
pub fn docx(text: &str) -> Vec<u8> {
    let lines: Vec<&str> = text.lines().collect();
    docs::docx(&lines)
}

/// `text` as an HTML page of one paragraph per line, to print.
pub fn html(text: &str) -> Vec<u8> {
    let paragraphs: String = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| format!("<p>{}</p>", suite_engines::markup::escape(l)))
        .collect();
    crate::pii::html(&paragraphs)
}

/// A file part whose declared type is wrong on purpose: the server sniffs the bytes.
pub fn part(name: &str, bytes: Vec<u8>) -> FilePart {
    FilePart::new(name, "application/octet-stream", bytes)
}
