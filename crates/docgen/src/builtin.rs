//! The built-in templates every key can list and use (invoice, receipt, letter, certificate):
//! HTML with print styles, fonts for Latin, CJK and Arabic scripts, `labels` to translate
//! their fixed words and `direction` for right-to-left documents, and an example of the data
//! each reads (for the README, the tests and the benchmark).

use super::template::{Kind, Template};
use suite_engines::jinja::Budget;

/// A built-in template.
#[derive(Debug)]
pub struct Builtin {
    pub id: &'static str,
    pub name: &'static str,
    pub description: &'static str,
    pub source: &'static str,
    /// Data that renders it well (JSON).
    pub example: &'static str,
}

/// Every built-in, by name.
pub const BUILTINS: &[Builtin] = &[
    Builtin {
        id: "certificate",
        name: "Certificate",
        description: "A landscape A4 certificate: recipient_name, reason, date; optional title, organization, signer_name, signer_title, certificate_id, accent_color.",
        source: include_str!("builtin/certificate.html"),
        example: r#"{"recipient_name": "Ada Lovelace", "reason": "for outstanding work on the Analytical Engine", "date": "2026-11-25", "organization": "Royal Society", "signer_name": "C. Babbage", "signer_title": "President", "certificate_id": "RS-2026-0042"}"#,
    },
    Builtin {
        id: "invoice",
        name: "Invoice",
        description: "An A4 invoice: seller, customer, invoice_number, issue_date, items[description, quantity, unit_price]; optional due_date, currency, tax_rate (percent), payment {iban, reference, terms}, notes, footer, labels (translated words), direction, accent_color. Totals are computed.",
        source: include_str!("builtin/invoice.html"),
        example: r#"{"seller": {"name": "Acme GmbH", "address": "Hauptstraße 1, 10115 Berlin", "email": "billing@acme.example", "tax_id": "DE136695976"}, "customer": {"name": "Globex Ltd", "address": "1 Main Street, London"}, "invoice_number": "INV-2026-0042", "issue_date": "2026-11-25", "due_date": "2026-12-25", "currency": "EUR", "tax_rate": 19, "items": [{"description": "Consulting", "quantity": 10, "unit_price": 120}, {"description": "Licence", "quantity": 1, "unit_price": 499.5}], "payment": {"iban": "DE89370400440532013000", "reference": "INV-2026-0042"}, "notes": "Thank you for your business."}"#,
    },
    Builtin {
        id: "letter",
        name: "Letter",
        description: "A business letter on A4: sender {name, address, title}, recipient {name, address}, date, paragraphs[]; optional place, subject, greeting, closing, direction.",
        source: include_str!("builtin/letter.html"),
        example: r#"{"sender": {"name": "Grace Hopper", "address": "1 Navy Way\nArlington, VA", "title": "Rear Admiral"}, "recipient": {"name": "Dr. John von Neumann", "address": "Institute for Advanced Study\nPrinceton, NJ"}, "date": "2026-11-25", "place": "Arlington", "subject": "On compilers", "paragraphs": ["Thank you for your letter.", "I enclose the report you asked for."]}"#,
    },
    Builtin {
        id: "receipt",
        name: "Receipt",
        description: "An 80 mm till receipt: merchant {name, address, tax_id}, receipt_number, date, items[description, quantity, unit_price]; optional currency, tax_included, payment_method, thank_you, labels.",
        source: include_str!("builtin/receipt.html"),
        example: r#"{"merchant": {"name": "Café Central", "address": "Herrengasse 14, Wien"}, "receipt_number": "R-1042", "date": "2026-11-25 09:41", "currency": "EUR", "items": [{"description": "Melange", "quantity": 2, "unit_price": 4.9}, {"description": "Apfelstrudel", "quantity": 1, "unit_price": 6.5}], "payment_method": "Card"}"#,
    },
];

/// The built-in `id`, if there is one.
pub fn builtin(id: &str) -> Option<&'static Builtin> {
    BUILTINS.iter().find(|b| b.id == id)
}

/// The built-ins compiled, in [`BUILTINS`] order (they are tested to compile).
pub fn compile_all(budget: Budget) -> Vec<Template> {
    BUILTINS
        .iter()
        .filter_map(|b| Template::compile(Kind::Html, b.source.as_bytes(), budget).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::Format;

    #[test]
    fn every_builtin_compiles_and_renders_its_example() {
        let compiled = compile_all(Budget::default());
        assert_eq!(
            compiled.len(),
            BUILTINS.len(),
            "a built-in does not compile"
        );
        for (builtin, template) in BUILTINS.iter().zip(compiled) {
            let data: serde_json::Value = serde_json::from_str(builtin.example).unwrap();
            let document = template
                .render(&data)
                .unwrap_or_else(|e| panic!("{}: {e}", builtin.id));
            assert_eq!(document.format, Format::Html);
            let html = document.text();
            assert!(
                !html.contains("{{") && !html.contains("{%"),
                "{}",
                builtin.id
            );
            assert!(html.contains("<!DOCTYPE html>"), "{}", builtin.id);
        }
    }

    #[test]
    fn the_invoice_computes_its_totals_and_escapes_its_values() {
        let template = &compile_all(Budget::default())[1];
        let mut data: serde_json::Value = serde_json::from_str(BUILTINS[1].example).unwrap();
        data["customer"]["name"] = "<script>x</script> & Söhne 株式会社 شركة".into();
        let html = template.render(&data).unwrap().text();
        // 10 × 120 + 499.50 = 1,699.50; 19 % tax = 322.905 → 322.91 and 2,022.405 → 2,022.41
        // (`money` rounds a half away from zero).
        assert!(html.contains("1,699.50 EUR"), "{html}");
        assert!(html.contains("322.91 EUR"), "{html}");
        assert!(html.contains("2,022.41 EUR"), "{html}");
        assert!(
            html.contains("&lt;script&gt;") && !html.contains("<script>x"),
            "{html}"
        );
        assert!(html.contains("株式会社 شركة"));
    }

    #[test]
    fn a_builtin_names_what_data_lacks() {
        let template = &compile_all(Budget::default())[1];
        let err = template.render(&serde_json::json!({})).unwrap_err();
        assert!(err.to_string().contains("`invoice_number`"), "{err}");
    }
}
