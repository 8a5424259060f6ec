//! Rule cases for liability, termination, indemnification and intellectual property.

use super::{Case, check};
use crate::model::Language::{De, En, Es, Fr};

#[test]
fn liability_rules() {
    let cases: &[Case] = &[
        (
            "liability.uncapped",
            En,
            "Supplier shall have unlimited liability for any breach.",
            "Supplier's liability is limited as set out below.",
        ),
        (
            "liability.uncapped",
            De,
            "Der Auftragnehmer haftet unbeschränkt für alle Schäden.",
            "Der Auftragnehmer haftet nur bei Vorsatz.",
        ),
        (
            "liability.uncapped",
            Fr,
            "Le Prestataire assume une responsabilité illimitée.",
            "La responsabilité du Prestataire est encadrée.",
        ),
        (
            "liability.uncapped",
            Es,
            "El Proveedor asume una responsabilidad ilimitada.",
            "La responsabilidad del Proveedor se regula aquí.",
        ),
        (
            "liability.uncapped",
            En,
            "The liability of the Customer under this Agreement shall be unlimited.",
            "The liability of the Customer under this Agreement shall be limited to the fees.",
        ),
        (
            "liability.uncapped",
            De,
            "Die Haftung des Auftraggebers ist unbeschränkt.",
            "Die Haftung des Auftraggebers ist auf den Auftragswert beschränkt.",
        ),
        (
            "liability.uncapped",
            Fr,
            "La responsabilité du Client est illimitée.",
            "La responsabilité du Client est limitée au prix payé.",
        ),
        (
            "liability.uncapped",
            Es,
            "La responsabilidad del Cliente será ilimitada.",
            "La responsabilidad del Cliente será limitada al precio.",
        ),
        (
            "liability.cap_mutual",
            En,
            "THE LIABILITY OF EITHER PARTY FOR DAMAGES HEREUNDER, WHETHER IN CONTRACT, TORT OR ANY OTHER LEGAL THEORY, IS LIMITED TO, AND WILL NOT EXCEED, THE AMOUNTS PAID HEREUNDER.",
            "THE LIABILITY OF EITHER PARTY FOR DAMAGES HEREUNDER IS GOVERNED BY SECTION 9.",
        ),
        (
            "liability.cap_mutual",
            En,
            "Each party's total liability shall not exceed the fees paid in the twelve (12) months preceding the claim.",
            "Each party shall be liable for its own employees.",
        ),
        (
            "liability.cap",
            De,
            "Die Haftung ist beschränkt auf den Auftragswert.",
            "Die Haftung richtet sich nach dem Gesetz.",
        ),
        (
            "liability.cap",
            Fr,
            "La responsabilité du Prestataire est limitée au montant payé.",
            "La responsabilité du Prestataire est engagée.",
        ),
        (
            "liability.cap",
            Es,
            "La responsabilidad del Proveedor se limita al precio pagado.",
            "La responsabilidad del Proveedor se rige por la ley.",
        ),
        (
            "liability.consequential_mutual",
            En,
            "Neither party shall be liable for any indirect or consequential damages.",
            "Each party shall pay its own costs and damages awarded.",
        ),
        (
            "liability.consequential_excluded",
            De,
            "Der Auftragnehmer haftet nicht für mittelbare Schäden.",
            "Der Auftragnehmer haftet für Schäden am Gerät.",
        ),
        (
            "liability.consequential_excluded",
            Fr,
            "Le Prestataire n'est pas responsable des dommages indirects.",
            "Le Prestataire est responsable des dommages matériels.",
        ),
        (
            "liability.consequential_excluded",
            Es,
            "El Proveedor no será responsable del lucro cesante.",
            "El Proveedor será responsable de los daños materiales.",
        ),
        (
            "liability.liquidated_damages",
            En,
            "Supplier shall pay liquidated damages of 1% per week of delay.",
            "Supplier shall pay damages proven in court.",
        ),
        (
            "liability.liquidated_damages",
            De,
            "Der Auftragnehmer zahlt eine Vertragsstrafe von 1 %.",
            "Der Auftragnehmer zahlt Schadensersatz nach Gesetz.",
        ),
        (
            "liability.liquidated_damages",
            Fr,
            "Des pénalités de retard de 1 % par semaine sont dues.",
            "Des dommages sont dus selon le droit commun.",
        ),
        (
            "liability.liquidated_damages",
            Es,
            "Se aplicará una cláusula penal del 1 % por semana.",
            "Se aplicarán los daños según la ley.",
        ),
        (
            "liability.carve_out",
            En,
            "The limitations above apply except for breaches of confidentiality obligations and indemnification, and cap liability at the fees paid.",
            "The limitations above cap liability at the fees paid.",
        ),
        (
            "liability.carve_out",
            De,
            "Die Haftungsbeschränkung gilt nicht bei Vorsatz oder grober Fahrlässigkeit.",
            "Die Haftungsbeschränkung gilt für alle Schäden.",
        ),
        (
            "liability.carve_out",
            Fr,
            "La limitation de responsabilité s'applique sauf en cas de faute lourde.",
            "La limitation de responsabilité s'applique à tous les dommages.",
        ),
        (
            "liability.carve_out",
            Es,
            "La limitación de responsabilidad se aplica salvo en caso de dolo.",
            "La limitación de responsabilidad se aplica a todos los daños.",
        ),
        (
            "liability.exclusion",
            En,
            "Company shall have no liability for delays caused by carriers.",
            "Company shall have the right to choose carriers.",
        ),
        (
            "liability.exclusion",
            De,
            "Der Anbieter übernimmt keine Haftung für Transportschäden.",
            "Der Anbieter übernimmt den Transport.",
        ),
        (
            "liability.exclusion",
            Fr,
            "Le Prestataire n'assume aucune responsabilité pour le transport.",
            "Le Prestataire assume le transport.",
        ),
        (
            "liability.exclusion",
            Es,
            "El Proveedor no asume ninguna responsabilidad por el transporte.",
            "El Proveedor asume el transporte.",
        ),
        (
            "liability.present",
            En,
            "LIMITATION OF LIABILITY. The parties agree on the following.",
            "The parties agree on the following.",
        ),
    ];
    check(cases);
}

#[test]
fn termination_rules() {
    let cases: &[Case] = &[
        (
            "termination.convenience_one_sided",
            En,
            "Company may terminate this Agreement for convenience upon ninety (90) days' notice.",
            "Company may terminate this Agreement upon a material breach by Distributor that is not cured within 30 days.",
        ),
        (
            "termination.convenience_mutual",
            En,
            "Either party may terminate this Agreement without cause upon sixty (60) days' written notice.",
            "Either party may terminate this Agreement if the other party becomes insolvent.",
        ),
        (
            "termination.convenience_one_sided",
            De,
            "Der Auftraggeber kann den Vertrag jederzeit ohne Angabe von Gründen kündigen.",
            "Der Auftraggeber kann den Vertrag bei einer Vertragsverletzung kündigen.",
        ),
        (
            "termination.convenience_one_sided",
            Fr,
            "Le Client peut résilier le contrat à tout moment sans motif.",
            "Le Client peut résilier le contrat en cas de manquement grave.",
        ),
        (
            "termination.convenience_one_sided",
            Es,
            "El Cliente podrá resolver el contrato en cualquier momento sin causa.",
            "El Cliente podrá resolver el contrato por incumplimiento grave.",
        ),
        (
            "termination.short_notice",
            En,
            "Either party may terminate this Agreement upon ten (10) days' prior written notice.",
            "Either party may terminate this Agreement upon ninety (90) days' prior written notice.",
        ),
        (
            "termination.short_notice",
            De,
            "Der Vertrag kann mit einer Frist von 14 Tagen gekündigt werden.",
            "Der Vertrag kann mit einer Frist von 3 Monaten gekündigt werden.",
        ),
        (
            "termination.short_notice",
            Fr,
            "Le contrat peut être résilié moyennant un préavis de 15 jours.",
            "Le contrat peut être résilié moyennant un préavis de 3 mois.",
        ),
        (
            "termination.short_notice",
            Es,
            "El contrato podrá terminarse con un preaviso de 15 días.",
            "El contrato podrá terminarse con un preaviso de 3 meses.",
        ),
        (
            "termination.auto_renewal",
            En,
            "This Agreement shall automatically renew for successive one-year terms.",
            "This Agreement may be renewed by written agreement of the parties.",
        ),
        (
            "termination.auto_renewal",
            De,
            "Der Vertrag verlängert sich automatisch um ein Jahr.",
            "Der Vertrag kann einvernehmlich verlängert werden.",
        ),
        (
            "termination.auto_renewal",
            Fr,
            "Le contrat est renouvelé tacitement pour un an.",
            "Le contrat peut être prolongé par avenant.",
        ),
        (
            "termination.auto_renewal",
            Es,
            "El contrato se prorrogará automáticamente por un año.",
            "El contrato podrá prorrogarse por acuerdo escrito.",
        ),
        (
            "termination.renewal_notice_trap",
            En,
            "This Agreement renews automatically unless notice of non-renewal is given at least ninety (90) days prior to the end of the term.",
            "This Agreement renews automatically unless notice of non-renewal is given at least thirty (30) days prior to the end of the term.",
        ),
        (
            "termination.renewal_notice_trap",
            De,
            "Der Vertrag verlängert sich automatisch, wenn er nicht mit einer Frist von 3 Monaten vor Ablauf gekündigt wird.",
            "Der Vertrag verlängert sich automatisch, wenn er nicht mit einer Frist von 2 Wochen vor Ablauf gekündigt wird.",
        ),
        (
            "termination.renewal_notice_trap",
            Fr,
            "Le contrat est reconduit tacitement sauf préavis de 3 mois avant l'échéance.",
            "Le contrat est reconduit tacitement sauf préavis de 15 jours avant l'échéance.",
        ),
        (
            "termination.renewal_notice_trap",
            Es,
            "El contrato se prorrogará tácitamente salvo preaviso de 3 meses antes de su vencimiento.",
            "El contrato se prorrogará tácitamente salvo preaviso de 15 días antes de su vencimiento.",
        ),
        (
            "termination.cause_without_cure",
            En,
            "Company may terminate this Agreement immediately upon any breach by Distributor.",
            "Company may terminate this Agreement upon any breach by Distributor that is not cured within thirty (30) days.",
        ),
        (
            "termination.for_cause",
            En,
            "Either party may terminate if the other fails to cure a material breach within thirty (30) days.",
            "Either party may terminate immediately upon any breach.",
        ),
        (
            "termination.for_cause",
            En,
            "Either party may terminate this Agreement if the other party materially breaches it and the breach remains uncured for thirty (30) days following notice.",
            "Either party may terminate this Agreement if the other party materially breaches it.",
        ),
        (
            "termination.for_cause",
            De,
            "Das Recht zur Kündigung aus wichtigem Grund bleibt unberührt.",
            "Das Recht zur Kündigung bleibt unberührt.",
        ),
        (
            "termination.for_cause",
            Fr,
            "Le contrat peut être résilié après une mise en demeure restée sans effet.",
            "Le contrat peut être résilié d'un commun accord.",
        ),
        (
            "termination.for_cause",
            Es,
            "El contrato podrá resolverse si el incumplimiento no se subsana en 30 días.",
            "El contrato podrá resolverse de mutuo acuerdo.",
        ),
    ];
    check(cases);
}

#[test]
fn indemnification_rules() {
    let cases: &[Case] = &[
        (
            "indemnification.one_sided",
            En,
            "Distributor shall indemnify Company against all claims arising from its sales.",
            "Distributor shall notify Company of all claims arising from its sales.",
        ),
        (
            "indemnification.mutual",
            En,
            "Each party shall indemnify and hold harmless the other party from claims caused by its negligence.",
            "Each party shall bear its own costs.",
        ),
        (
            "indemnification.one_sided",
            De,
            "Der Auftragnehmer stellt den Auftraggeber von allen Ansprüchen Dritter frei.",
            "Der Auftragnehmer informiert den Auftraggeber über Ansprüche Dritter.",
        ),
        (
            "indemnification.one_sided",
            Fr,
            "Le Prestataire garantira le Client contre toute réclamation de tiers.",
            "Le Prestataire informera le Client de toute réclamation de tiers.",
        ),
        (
            "indemnification.one_sided",
            Es,
            "El Proveedor mantendrá indemne al Cliente frente a reclamaciones de terceros.",
            "El Proveedor informará al Cliente de reclamaciones de terceros.",
        ),
        (
            "indemnification.defence",
            En,
            "Supplier shall defend, indemnify and hold harmless Customer from any third-party claim.",
            "Supplier shall indemnify Customer for proven losses.",
        ),
        (
            "indemnification.defence",
            De,
            "Der Auftragnehmer übernimmt die Verteidigung gegen Ansprüche Dritter auf eigene Kosten.",
            "Der Auftragnehmer zahlt die Kosten.",
        ),
        (
            "indemnification.defence",
            Fr,
            "Le Prestataire assumera la défense de toute action.",
            "Le Prestataire paiera les frais.",
        ),
        (
            "indemnification.defence",
            Es,
            "El Proveedor asumirá la defensa frente a cualquier reclamación.",
            "El Proveedor pagará los gastos.",
        ),
        (
            "indemnification.uncapped",
            En,
            "The indemnification obligations shall not be subject to the limitation of liability.",
            "The indemnification obligations are subject to the limitation of liability.",
        ),
        (
            "indemnification.ip_infringement",
            En,
            "Licensor shall indemnify Licensee against any claim that the Software infringes a third party's patent.",
            "Licensor shall indemnify Licensee against claims for personal injury.",
        ),
        (
            "indemnification.ip_infringement",
            De,
            "Der Lizenzgeber stellt den Lizenznehmer von Ansprüchen wegen Verletzung von Schutzrechten Dritter frei.",
            "Der Lizenzgeber stellt den Lizenznehmer von Ansprüchen wegen Personenschäden frei.",
        ),
        (
            "indemnification.ip_infringement",
            Fr,
            "Le Concédant garantit le Licencié contre toute action en contrefaçon.",
            "Le Concédant garantit le Licencié contre tout vice caché.",
        ),
        (
            "indemnification.ip_infringement",
            Es,
            "El Licenciante indemnizará al Licenciatario por cualquier infracción de derechos de propiedad intelectual.",
            "El Licenciante indemnizará al Licenciatario por daños personales.",
        ),
    ];
    check(cases);
}

#[test]
fn intellectual_property_rules() {
    let cases: &[Case] = &[
        (
            "intellectual_property.background_assignment",
            En,
            "Consultant hereby assigns to Client all pre-existing intellectual property used in the Deliverables.",
            "Consultant hereby assigns to Client all intellectual property in the Deliverables.",
        ),
        (
            "intellectual_property.assignment",
            En,
            "Consultant hereby assigns to Client all right, title and interest in the Deliverables.",
            "Consultant shall retain all right, title and interest in its tools.",
        ),
        (
            "intellectual_property.assignment",
            De,
            "Der Auftragnehmer überträgt dem Auftraggeber sämtliche Rechte an den Arbeitsergebnissen.",
            "Die Rechte an den Werkzeugen verbleiben beim Auftragnehmer.",
        ),
        (
            "intellectual_property.assignment",
            Fr,
            "Le Prestataire cède au Client l'ensemble des droits sur les livrables.",
            "Le Prestataire conserve la propriété de ses outils.",
        ),
        (
            "intellectual_property.assignment",
            Es,
            "El Proveedor cede al Cliente todos los derechos sobre los entregables.",
            "El Proveedor conserva la propiedad de sus herramientas.",
        ),
        (
            "intellectual_property.no_licence_back",
            En,
            "Consultant hereby assigns to Client all right, title and interest in the Deliverables.",
            "Consultant hereby assigns to Client all right, title and interest in the Deliverables, and Client grants Consultant a licence back to use them.",
        ),
        (
            "intellectual_property.work_for_hire",
            En,
            "All Deliverables shall be works made for hire.",
            "All Deliverables shall be delivered on time.",
        ),
        (
            "intellectual_property.work_for_hire",
            Fr,
            "Les livrables constituent des œuvres de commande.",
            "Les livrables sont remis à temps.",
        ),
        (
            "intellectual_property.work_for_hire",
            Es,
            "Los entregables serán obras por encargo.",
            "Los entregables se entregarán a tiempo.",
        ),
        (
            "intellectual_property.broad_licence",
            En,
            "Licensee grants Licensor a perpetual, irrevocable, worldwide licence to use the Feedback.",
            "Licensor grants Licensee a non-exclusive licence to use the Software during the Term.",
        ),
        (
            "intellectual_property.broad_licence",
            De,
            "Der Lizenzgeber räumt ein unwiderrufliches Nutzungsrecht ein.",
            "Der Lizenzgeber räumt ein einfaches Nutzungsrecht für die Laufzeit ein.",
        ),
        (
            "intellectual_property.broad_licence",
            Fr,
            "Le Concédant concède une licence irrévocable et mondiale.",
            "Le Concédant concède une licence non exclusive pour la durée du contrat.",
        ),
        (
            "intellectual_property.broad_licence",
            Es,
            "El Licenciante otorga una licencia irrevocable y mundial.",
            "El Licenciante otorga una licencia no exclusiva durante el contrato.",
        ),
        (
            "intellectual_property.licence",
            En,
            "Licensor grants Licensee a non-exclusive licence to use the Software during the Term.",
            "Licensee shall use the Software in accordance with the documentation.",
        ),
        (
            "intellectual_property.licence",
            De,
            "Der Lizenzgeber räumt dem Lizenznehmer ein einfaches Nutzungsrecht an der Software ein.",
            "Der Lizenznehmer nutzt die Software gemäß der Dokumentation.",
        ),
        (
            "intellectual_property.licence",
            Fr,
            "Le Concédant concède au Licencié une licence non exclusive.",
            "Le Licencié utilise le logiciel conformément à la documentation.",
        ),
        (
            "intellectual_property.licence",
            Es,
            "El Licenciante otorga al Licenciatario una licencia no exclusiva.",
            "El Licenciatario utiliza el software conforme a la documentación.",
        ),
        (
            "intellectual_property.ownership",
            En,
            "Each party shall retain all right, title and interest in its pre-existing materials.",
            "Each party shall keep its materials safe.",
        ),
    ];
    check(cases);
}
