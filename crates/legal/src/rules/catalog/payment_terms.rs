//! Payment rules: long payment terms, late interest, unilateral price changes, most-favoured
//! customer, minimum commitments, revenue sharing, audit rights and set-off.

use super::super::details;
use super::super::rule::{Burden, Detail, Patterns, RULE, Rule};
use crate::model::{Category, Severity};

const C: Category = Category::PaymentTerms;

pub const RULES: &[Rule] = &[
    Rule {
        id: "payment_terms.long_terms",
        title: "Long payment terms",
        category: C,
        severity: Severity::Medium,
        description: "Payment is due only {detail} after invoice or delivery, which shifts financing cost to the payee.",
        recommendation: "Negotiate net 30 (or shorter), with interest on late payment.",
        patterns: Patterns {
            en: &[
                r"\b(?:net|within|no later than|not later than)\s+(?:\w+\s+)?\(?\d+\)?\s*(?:calendar |business )?days?\b[^.;]{0,100}\b(?:invoice|receipt|delivery)",
                r"\bnet\s+\d+\b",
                r"\bpayable\b[^.;]{0,80}\b\d+\)?\s*days?",
            ],
            de: &[
                r"\b(?:innerhalb|binnen)\b[^.;]{0,20}\b\d+\s*(?:Kalender|Werk|Bank)?[Tt]agen?\b[^.;]{0,100}(?:Rechnung|Zahlung|zahlbar|fällig|Lieferung)",
                r"\bZahlungsziel\b[^.;]{0,20}\d+",
            ],
            fr: &[
                r"\b\d+\s*jours\b[^.;]{0,80}(?:facture|fin de mois|livraison|paiement)",
                r"\b(?:paiement|payable|réglé)\w*\b[^.;]{0,80}\b\d+\s*jours",
            ],
            es: &[
                r"\b\d+\s*días\b[^.;]{0,80}(?:factura|pago|entrega)",
                r"\b(?:pago|pagadero|abonará)\w*\b[^.;]{0,80}\b\d+\s*días",
            ],
        },
        burden: Burden::SubjectBenefits,
        detail: Some(Detail {
            extract: details::days_at_least_60,
            required: true,
            fallback: "",
        }),
        ..RULE
    },
    Rule {
        id: "payment_terms.late_interest",
        title: "Late-payment interest or fees",
        category: C,
        severity: Severity::Low,
        description: "Late payment attracts interest or a fee.",
        recommendation: "No change needed if the rate is moderate (statutory or a few points above base rate); check it does not compound.",
        patterns: Patterns {
            en: &[
                r"\blate (?:payment )?(?:fees?|charges?|interest)",
                r"\binterest\b[^.;]{0,80}\b(?:overdue|late|past due|unpaid|outstanding)",
                r"\b(?:overdue|late|past due|unpaid)\b[^.;]{0,80}\binterest",
            ],
            de: &[
                r"\bVerzugszinse?n?",
                r"\bZinsen\b[^.;]{0,60}(?:Verzug|verspätet)",
            ],
            fr: &[
                r"\bpénalités de retard",
                r"\bintérêts? (?:de retard|moratoires)",
                r"\bindemnité forfaitaire pour frais de recouvrement",
            ],
            es: &[
                r"\bintereses? (?:de demora|moratorios?)",
                r"\brecargo por (?:demora|retraso)",
            ],
        },
        burden: Burden::SubjectBears,
        ..RULE
    },
    Rule {
        id: "payment_terms.unilateral_price_change",
        title: "Unilateral price changes",
        category: C,
        severity: Severity::High,
        description: "One party may change prices or fees on its own, so the cost of the contract is not fixed.",
        recommendation: "Fix prices for the term, or tie increases to an index (e.g. CPI) with a cap and a right to terminate if they rise.",
        patterns: Patterns {
            en: &[
                r"\bmay\b[^.;]{0,40}\b(?:increase|change|modify|adjust|revise|amend)\b[^.;]{0,40}\b(?:prices?|fees|rates|charges|pricing)",
                r"\b(?:prices?|fees|rates|charges|pricing)\b[^.;]{0,60}\b(?:subject to change|may be (?:increased|changed|adjusted|revised|modified))",
                r"\breserves? the right to (?:increase|change|modify|adjust|revise)\b[^.;]{0,40}\b(?:prices?|fees|rates|charges)",
            ],
            de: &[
                r"\b(?:ist berechtigt|behält sich\b[^.;]{0,20}vor|kann)\b[^.;]{0,60}(?:Preise|Vergütung|Entgelte?)\b[^.;]{0,40}(?:anzupassen|zu erhöhen|zu ändern|anpassen|erhöhen|ändern)",
                r"\bPreiserhöhung",
            ],
            fr: &[
                r"\b(?:se réserve le droit|peut|pourra)\b[^.;]{0,40}(?:modifier|réviser|augmenter)\b[^.;]{0,40}(?:prix|tarifs|redevances)",
            ],
            es: &[
                r"\b(?:se reserva el derecho|podrá)\b[^.;]{0,40}(?:modificar|revisar|aumentar|incrementar)\b[^.;]{0,40}(?:precios?|tarifas)",
            ],
        },
        unless: Patterns {
            en: &[
                r"\bmutual(?:ly)?\b|\bboth parties\b|\bwritten agreement\b|\bconsumer price index\b|\bCPI\b",
            ],
            de: &[
                r"\b(?:einvernehmlich|beide Parteien|Verbraucherpreisindex|schriftliche Vereinbarung)",
            ],
            fr: &[r"\b(?:commun accord|deux parties|indice des prix)"],
            es: &[r"\b(?:mutuo acuerdo|ambas partes|índice de precios|IPC)\b"],
        },
        burden: Burden::SubjectBenefits,
        ..RULE
    },
    Rule {
        id: "payment_terms.most_favoured",
        title: "Most-favoured customer",
        category: C,
        severity: Severity::Medium,
        description: "One party must offer terms or prices at least as favourable as those it gives others (most-favoured-nation), which constrains its pricing elsewhere.",
        recommendation: "For the grantor: limit it to comparable volumes and terms, and define how compliance is checked.",
        patterns: Patterns {
            en: &[
                r"\bmost[- ]favou?red[- ](?:nation|customer|pricing|licensee)",
                r"\b(?:no less|at least as|more|most) favou?rable\b[^.;]{0,20}\b(?:terms|prices|pricing|rates|conditions)",
                r"\b(?:terms|prices|pricing|rates|charges|fees|royalt(?:y|ies)|discounts?)\b[^.;]{0,80}\b(?:no less|at least as) favou?rable",
                r"\b(?:lower|better|more favou?rable|lowest|best) (?:prices?|pricing|rates?|terms|fees|royalt(?:y|ies))\b[^.;]{0,80}\b(?:any (?:other|third)|third[- ]part(?:y|ies)|other (?:customers?|licensees?|distributors?|purchasers?))",
                r"\b(?:grants?|offers?|gives?|extends?|sells?)\b[^.;]{0,10}\bany (?:other|third)[- ][a-z]+\b[^.;]{0,30}\b(?:lower|better|more favou?rable) (?:prices?|pricing|rates?|terms|royalt(?:y|ies))|\b(?:at|for) (?:a )?(?:prices?|rates?) (?:lower|less) than\b|\b(?:terms|prices|pricing|rates|charges|fees|royalt(?:y|ies)|discounts?) (?:that are )?more favou?rable than\b",
                r"\b(?:not exceed|no (?:higher|greater) than|lower than|at least as (?:low|favou?rable) as)\b[^.;]{0,20}\b(?:the )?(?:lowest |best )?(?:prices?|fees|rates|charges|royalt(?:y|ies))\b[^.;]{0,60}\bany (?:other|third)",
            ],
            de: &[
                r"\bMeistbegünstigung",
                r"\b(?:günstigere|ungünstigere)n? (?:Konditionen|Bedingungen|Preise)",
            ],
            fr: &[
                r"\bclient le plus favorisé",
                r"\bnation la plus favorisée",
                r"\b(?:conditions|prix|tarifs) (?:plus|aussi) favorables",
            ],
            es: &[
                r"\b(?:cliente|nación) más favorecid[oa]",
                r"\b(?:condiciones|precios|tarifas) (?:más|tan) favorables",
            ],
        },
        burden: Burden::SubjectBears,
        ..RULE
    },
    Rule {
        id: "payment_terms.minimum_commitment",
        title: "Minimum commitment",
        category: C,
        severity: Severity::Medium,
        description: "A party commits to minimum purchases, volumes, fees or binding forecasts (take-or-pay), owed even if its needs fall.",
        recommendation: "Negotiate lower minimums, carry-over of shortfalls, and relief if demand drops or the other party fails to deliver.",
        patterns: Patterns {
            en: &[
                r"\bminimum (?:purchase|order|volume|quantit|commitment|royalt|fee|annual|monthly|quarterly|guarantee|payment|revenue)",
                r"\btake[- ]or[- ]pay",
                r"\bbinding (?:commitment|forecast|order)|\bfirm (?:order|commitment)",
                r"\b(?:shall|will|must|agrees? to|undertakes? to|commits? to) (?:purchase|buy|order|procure|acquire|take|sell)\b[^.;]{0,40}\b(?:at least|not less than|no less than|a minimum|minimum)\b",
                r"\b(?:orders?|purchases?)\b[^.;]{0,60}\b(?:shall|will|must) (?:be |total |equal )?(?:for )?(?:at least|not less than|no less than|a minimum of)\b",
            ],
            de: &[
                r"\bMindest(?:abnahme|menge|umsatz|bestell|vergütung|lizenzgebühr)",
                r"\bAbnahmeverpflichtung",
                r"\bverbindliche (?:Bestellung|Prognose)",
            ],
            fr: &[
                r"\bminimum (?:d'achat|garanti|de commande)",
                r"\bquantités? minimales?",
                r"\bengagement (?:minimum|de volume|ferme)",
                r"\bcommandes? fermes?",
            ],
            es: &[
                r"\b(?:compra|cantidad|pedido|volumen|facturación) mínim[oa]",
                r"\bcompromiso (?:de compra|de volumen|mínimo)",
                r"\bpedidos? en firme",
            ],
        },
        unless: Patterns {
            en: &[
                r"\bnon-?binding\b|\bnot (?:be )?binding\b|\b(?:at|for) (?:not less than|no less than|at least|a minimum)\b[^.;]{0,30}\bprices?\b|\bminimum (?:resale |sale |selling )?prices?\b",
            ],
            de: &[r"\bunverbindlich|\bnicht verbindlich"],
            fr: &[r"\bnon (?:contraignant|ferme|engageant)|\bindicati(?:f|ve)s?\b"],
            es: &[r"\bno vinculante|\bindicativ[oa]s?\b"],
        },
        burden: Burden::SubjectBears,
        ..RULE
    },
    Rule {
        id: "payment_terms.revenue_share",
        title: "Revenue or profit sharing",
        category: C,
        severity: Severity::Medium,
        description: "Payments depend on revenue, profits, sales or usage (royalties, commissions, revenue share), so their amount depends on reporting.",
        recommendation: "Define the base precisely (gross or net, deductions), the reporting and payment cycle, and pair it with audit rights.",
        patterns: Patterns {
            en: &[
                r"\b(?:revenue|profit)[- ]shar",
                r"\bshare (?:equally |ratably |pro rata )?(?:of |in )?(?:the |all |any |such )?(?:net |gross )?(?:revenues?|profits|proceeds|income|receipts)",
                r"\b(?:percent|per cent|%)\)?\s+of (?:all |the |its |such |any )?(?:[a-z-]+ ){0,2}(?:revenues?|profits|sales|receipts|income|proceeds|premiums|billings|turnover|fees (?:paid|received|collected|billed|generated))\b",
                r"\b(?:profits?|revenues?|proceeds)\b[^.;]{0,60}\b(?:split|shared|divided|allocated|distributed) (?:equally |evenly |pro rata )?(?:between|among)",
                r"\broyalt(?:y|ies)\b",
                r"\b(?:split|divide)\b[^.;]{0,20}\b(?:the )?(?:net |gross )?(?:revenues?|profits|proceeds|income)",
                r"\bcommissions?\b[^.;]{0,40}\b(?:equal to|calculated|percentage|rate|(?:of|at) [^.;]{0,30}(?:percent|per cent|%))|(?:percent|per cent|%)\)?\s+commissions?\b",
                r"\bfees? based on the (?:number|volume|amount) of",
            ],
            de: &[
                r"\b(?:Umsatzbeteiligung|Gewinnbeteiligung|Lizenzgebühr|Provision)",
                r"\b(?:Prozent|%) (?:des|der|vom) (?:Netto|Brutto)?(?:umsatz|Umsatz|Gewinn|Erlös)",
            ],
            fr: &[
                r"\bredevances?\b",
                r"\b(?:partage|participation) (?:des|aux) (?:revenus|bénéfices|recettes)",
                r"\b(?:pour cent|%) du chiffre d'affaires",
                r"\bcommission\b",
            ],
            es: &[
                r"\bregalías",
                r"\bparticipación en (?:los )?(?:ingresos|beneficios)",
                r"\b(?:por ciento|%) de (?:los|las) (?:ingresos|ventas|beneficios)",
                r"\bcomisi(?:ón|ones)\b",
            ],
        },
        ..RULE
    },
    Rule {
        id: "payment_terms.audit",
        title: "Audit rights",
        category: C,
        severity: Severity::Low,
        description: "One party may audit or inspect the other's books, records or facilities.",
        recommendation: "No change needed; limit frequency (once a year), notice, confidentiality and who bears the cost.",
        patterns: Patterns {
            en: &[
                r"\b(?:audit|inspect|examine|review)\b[^.;]{0,80}\b(?:books|records|accounts)\b",
                r"\b(?:audit|inspect|examine)\b[^.;]{0,80}\b(?:facilit\w*|premises|sites?|operations|plants?)\b",
                r"\b(?:books|records|accounts)\b[^.;]{0,100}\b(?:audits?|inspect|inspection|inspected|examine|examined|examination)\b",
                r"\baccess to\b[^.;]{0,40}\b(?:books|records|accounts)\b",
                r"\b(?:to|may) (?:conduct |perform |carry out |undergo )?(?:an? )?audits?\b",
                r"\baudit (?:rights?|reports?)\b",
                r"\b(?:quality|compliance|independent) (?:assurance )?audits?\b",
            ],
            de: &[
                r"\b(?:Bücher|Unterlagen|Aufzeichnungen)\b[^.;]{0,80}(?:prüfen|einsehen|Einsicht)",
                r"\b(?:Prüfungsrecht|Auditrecht|Audit|Buchprüfung)",
            ],
            fr: &[
                r"\b(?:droit d'audit|audits?)\b",
                r"\bvérifier les (?:livres|registres|comptes)",
            ],
            es: &[
                r"\b(?:derecho de auditoría|auditor(?:ía|ías|ar))",
                r"\binspeccionar (?:los|las) (?:libros|registros|instalaciones)",
            ],
        },
        burden: Burden::SubjectBenefits,
        ..RULE
    },
    Rule {
        id: "payment_terms.set_off",
        title: "Set-off",
        category: C,
        severity: Severity::Low,
        description: "The clause regulates set-off: whether amounts owed may be netted against counterclaims.",
        recommendation: "No change needed; check whether only undisputed or finally established claims may be set off, and whether that applies to both parties.",
        patterns: Patterns {
            en: &[r"\bset[- ]?off\b", r"\boffset\b[^.;]{0,40}\bagainst"],
            de: &[r"\bAufrechnung", r"\baufrechnen"],
            fr: &[
                r"\bcompensation\b[^.;]{0,30}(?:créances|dettes|sommes)",
                r"\bcompenser\b",
            ],
            es: &[
                r"\bcompensar\b[^.;]{0,40}(?:créditos|deudas|cantidades|importes)",
                r"\bcompensación de (?:créditos|deudas)",
            ],
        },
        ..RULE
    },
    Rule {
        id: "payment_terms.present",
        title: "Payment terms",
        category: C,
        severity: Severity::Low,
        description: "The clause sets prices, fees or payment; no unusual term was recognised.",
        recommendation: "No change needed; check currency, taxes and invoicing requirements.",
        patterns: Patterns {
            en: &[
                r"\bpayment terms\b",
                r"\b(?:shall|will|agrees? to) pay\b",
                r"\binvoices?\b",
                r"\bpurchase price\b",
            ],
            de: &[r"\bVergütung", r"\bZahlung", r"\bRechnung"],
            fr: &[r"\bpaiement", r"\bfactur", r"\brémunération"],
            es: &[r"\bpago\b", r"\bfactura", r"\bremuneración", r"\bprecio\b"],
        },
        general: true,
        ..RULE
    },
];
