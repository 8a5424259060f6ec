//! Templates: every kind (HTML, text, Markdown, DOCX, ODT) uploaded, listed with its fields
//! and rendered with loops, conditions, a table and CJK and Arabic text into every format;
//! ownership (another key's template is 404 and costs nothing); syntax errors (400 with
//! where), files of the wrong kind (415), missing variables (400 naming them), runaway loops
//! (422); pagination over built-ins and uploads; deletion.

use conformance::docs::{self, FORMATS, document_text, fetch, squeezed};
use conformance::{TestServer, expect_error};
use serde_json::json;
use suite_client::types::{self, DocumentFormat, TemplateEngine};
use suite_client::{FilePart, builder};
use suite_platform::{Api, Plan};

async fn server() -> TestServer {
    TestServer::start_with(|config| {
        config.browser.jobs = 2;
        config.office.workers = 1;
        config.docgen.template_fuel = 2_000_000;
    })
    .await
}

/// The template uploads of these tests: named, described, the engine given only when asked.
trait Upload {
    fn upload(self, name: &str, engine: Option<TemplateEngine>, bytes: Vec<u8>) -> Self;
}

impl Upload for builder::DocgenCreateTemplate<'_> {
    fn upload(self, name: &str, engine: Option<TemplateEngine>, bytes: Vec<u8>) -> Self {
        let upload = self
            .name(name)
            .description(format!("{name} for the conformance suite"))
            .file(FilePart::new("template", "application/octet-stream", bytes));
        match engine {
            Some(engine) => upload.engine(engine),
            None => upload,
        }
    }
}

fn generate(
    template_id: &str,
    to: DocumentFormat,
    data: serde_json::Value,
) -> types::GenerateRequest {
    serde_json::from_value(json!({ "template_id": template_id, "output_format": to, "data": data }))
        .expect("a valid generate request")
}

/// The data every kind renders: a loop over rows, a condition on and one off, non-Latin text,
/// and a null (which prints as nothing).
fn data() -> serde_json::Value {
    json!({
        "customer": { "name": "Globex 株式会社", "note": null },
        "vip": true,
        "trial": false,
        "items": [
            { "name": "Tea", "price": "3.50" },
            { "name": "شاي", "price": "4.00" },
            { "name": "茶", "price": "5.25" },
        ],
    })
}

/// What every rendering must show, and what it must not.
fn check_rendering(kind: &str, to: DocumentFormat, text: &str) {
    let text = squeezed(text);
    // Words one by one: a PDF's text comes back in layout order, scripts apart.
    for expected in [
        "Globex",
        "株式会社",
        "Tea",
        "3.50",
        "شاي",
        "茶",
        "5.25",
        "VIP customer",
    ] {
        assert!(
            text.contains(expected),
            "{kind} → {to:?} lacks {expected:?}: {text}"
        );
    }
    for absent in ["Trial only", "{{", "{%"] {
        assert!(
            !text.contains(absent),
            "{kind} → {to:?} shows {absent:?}: {text}"
        );
    }
}

const HTML: &str = "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Order</title></head><body>\
<h1>Order for {{ customer.name }}</h1><p>{{ customer.note }}</p>\
{% if vip %}<p>VIP customer</p>{% endif %}{% if trial %}<p>Trial only</p>{% endif %}\
<table><tr><th>Item</th><th>Price</th></tr>{% for item in items %}<tr><td>{{ item.name }}</td><td>{{ item.price }}</td></tr>{% endfor %}</table>\
</body></html>";

const TEXT: &str = "Order for {{ customer.name }} {{ customer.note }}\n{% if vip %}VIP customer\n{% endif %}{% if trial %}Trial only\n{% endif %}\
Item  Price\n{% for item in items %}{{ item.name }}  {{ item.price }}\n{% endfor %}";

const MARKDOWN: &str = "# Order for {{ customer.name }}\n\n{% if vip %}**VIP customer**{% endif %}{% if trial %}Trial only{% endif %}\n\n\
| Item | Price |\n|---|---|\n{% for item in items %}| {{ item.name }} | {{ item.price }} |\n{% endfor %}";

/// A DOCX template as Word writes one: the customer placeholder split across runs (with a
/// spell-check mark between), the condition in paragraphs of its own, the loop in a table row.
fn docx_template() -> Vec<u8> {
    let cell = |text: &str| {
        format!("<w:tc><w:p><w:r><w:t xml:space=\"preserve\">{text}</w:t></w:r></w:p></w:tc>")
    };
    let para =
        |text: &str| format!("<w:p><w:r><w:t xml:space=\"preserve\">{text}</w:t></w:r></w:p>");
    let body = format!(
        "<w:p><w:r><w:t xml:space=\"preserve\">Order for {{{{ cust</w:t></w:r><w:proofErr w:type=\"spellStart\"/><w:r><w:rPr><w:b/></w:rPr><w:t>omer.name }}}}</w:t></w:r><w:r><w:t xml:space=\"preserve\"> {{{{ customer.note }}}}</w:t></w:r></w:p>\
         {}{}{}{}{}{}\
         <w:tbl><w:tr>{}{}</w:tr><w:tr>{}{}</w:tr></w:tbl>{}",
        para("{% if vip %}"),
        para("VIP customer"),
        para("{% endif %}"),
        para("{% if trial %}"),
        para("Trial only"),
        para("{% endif %}"),
        cell("Item"),
        cell("Price"),
        cell("{% for item in items %}{{ item.name }}"),
        cell("{{ item.price }}{% endfor %}"),
        para("End"),
    );
    docs::docx_with(&body, "")
}

/// The same template as an ODT.
fn odt_template() -> Vec<u8> {
    let cell = |text: &str| format!("<table:table-cell><text:p>{text}</text:p></table:table-cell>");
    let para = |text: &str| format!("<text:p>{text}</text:p>");
    let body = format!(
        "<text:p>Order for <text:span>{{{{ cust</text:span><text:span>omer.name }}}}</text:span> {{{{ customer.note }}}}</text:p>\
         {}{}{}{}{}{}\
         <table:table table:name=\"Items\"><table:table-column table:number-columns-repeated=\"2\"/><table:table-row>{}{}</table:table-row><table:table-row>{}{}</table:table-row></table:table>{}",
        para("{% if vip %}"),
        para("VIP customer"),
        para("{% endif %}"),
        para("{% if trial %}"),
        para("Trial only"),
        para("{% endif %}"),
        cell("Item"),
        cell("Price"),
        cell("{% for item in items %}{{ item.name }}"),
        cell("{{ item.price }}{% endfor %}"),
        para("End"),
    );
    let content = String::from_utf8(
        docs::unzip(&docs::odt(&["x"]))
            .into_iter()
            .find(|(n, _)| n == "content.xml")
            .expect("content")
            .1,
    )
    .expect("utf-8")
    .replace("<text:p>x</text:p>", &body);
    let mut entries = docs::unzip(&docs::odt(&["x"]));
    for entry in &mut entries {
        if entry.0 == "content.xml" {
            entry.1 = content.clone().into_bytes();
        }
    }
    let entries: Vec<(&str, Vec<u8>)> = entries
        .iter()
        .map(|(n, b)| (n.as_str(), b.clone()))
        .collect();
    docs::zip(&entries, &["mimetype"])
}

#[tokio::test]
async fn every_kind_renders_into_every_format() {
    let server = server().await;
    let key = server.key(Plan::Unlimited, &[Api::Docgen]).await;
    let client = server.client(&key);
    let kinds = [
        ("html", None, HTML.as_bytes().to_vec(), TemplateEngine::Html),
        ("text", None, TEXT.as_bytes().to_vec(), TemplateEngine::Text),
        (
            "markdown",
            Some(TemplateEngine::Markdown),
            MARKDOWN.as_bytes().to_vec(),
            TemplateEngine::Markdown,
        ),
        ("docx", None, docx_template(), TemplateEngine::Docx),
        (
            "odt",
            Some(TemplateEngine::Odt),
            odt_template(),
            TemplateEngine::Odt,
        ),
    ];
    for (name, asked, bytes, engine) in kinds {
        let size = bytes.len() as i64;
        let template = client
            .docgen_create_template()
            .upload(name, asked, bytes)
            .send()
            .await
            .unwrap_or_else(|e| panic!("{name} uploaded: {e}"))
            .into_inner();
        assert_eq!(template.engine, engine, "{name}");
        assert!(!template.builtin);
        assert_eq!(template.size_bytes, size);
        for field in ["customer", "items", "trial", "vip"] {
            assert!(
                template.fields.iter().any(|f| f == field),
                "{name}: {:?}",
                template.fields
            );
        }
        for to in FORMATS {
            let document = client
                .docgen_generate()
                .body(generate(&template.template_id, to, data()))
                .send()
                .await
                .unwrap_or_else(|e| panic!("{name} → {to:?}: {e}"))
                .into_inner();
            assert_eq!(document.format, to);
            let text = document_text(to, &fetch(&client, &document).await);
            check_rendering(name, to, &text);
        }
    }
}

#[tokio::test]
async fn the_builtins_are_listed_and_render_in_every_format() {
    let server = server().await;
    let key = server.key(Plan::Unlimited, &[Api::Docgen]).await;
    let client = server.client(&key);
    let list = client
        .docgen_list_templates()
        .send()
        .await
        .expect("listed")
        .into_inner();
    let ids: Vec<&str> = list
        .templates
        .iter()
        .map(|t| t.template_id.as_str())
        .collect();
    assert_eq!(ids, ["certificate", "invoice", "letter", "receipt"]);
    assert!(list.next_page_token.is_none());
    let invoice = &list.templates[1];
    assert!(invoice.builtin && invoice.fields.contains(&"items".to_owned()));
    let data = json!({
        "seller": { "name": "Acme GmbH", "address": "Hauptstraße 1, Berlin" },
        "customer": { "name": "株式会社グローベックス", "address": "الرياض" },
        "invoice_number": "INV-7", "issue_date": "2026-11-25", "currency": "EUR", "tax_rate": 10,
        "items": [ { "description": "Beratung", "quantity": 3, "unit_price": 100 } ],
        "notes": null,
    });
    for to in FORMATS {
        let document = client
            .docgen_generate()
            .body(generate("invoice", to, data.clone()))
            .send()
            .await
            .unwrap_or_else(|e| panic!("invoice → {to:?}: {e}"))
            .into_inner();
        let text = squeezed(&document_text(to, &fetch(&client, &document).await));
        for expected in ["INV-7", "株式会社グローベックス", "Beratung", "330.00"] {
            assert!(
                text.contains(expected),
                "invoice → {to:?} lacks {expected}: {text}"
            );
        }
    }
    let pdf = client
        .docgen_generate()
        .body(generate(
            "certificate",
            DocumentFormat::Pdf,
            json!({
                "recipient_name": "Ada", "reason": "for the engine", "date": "2026-11-25"
            }),
        ))
        .send()
        .await
        .expect("certificate printed")
        .into_inner();
    insta::assert_yaml_snapshot!(serde_json::to_value(&pdf).expect("json"), {
        ".document_id" => "[id]",
        ".download_url" => "[url]",
        ".expires_at" => "[time]",
        ".size_bytes" => "[size]",
    });
}

#[tokio::test]
async fn another_keys_template_is_404_and_costs_nothing() {
    let server = server().await;
    let owner = server.key(Plan::Free, &[Api::Docgen]).await;
    let stranger = server.key(Plan::Free, &[Api::Docgen]).await;
    let template = server
        .client(&owner)
        .docgen_create_template()
        .upload("mine", None, HTML.as_bytes().to_vec())
        .send()
        .await
        .expect("uploaded")
        .into_inner();
    let other = server.client(&stranger);
    let not_found = expect_error(
        other
            .docgen_generate()
            .body(generate(
                &template.template_id,
                DocumentFormat::Html,
                data(),
            ))
            .send()
            .await,
        404,
    );
    insta::assert_yaml_snapshot!(not_found.into_inner(), { ".request_id" => "[id]", ".message" => "[message]" });
    expect_error(
        other
            .docgen_delete_template()
            .id(&template.template_id)
            .send()
            .await,
        404,
    );
    let listed = other
        .docgen_list_templates()
        .send()
        .await
        .expect("listed")
        .into_inner();
    assert!(listed.templates.iter().all(|t| t.builtin));
    assert_eq!(server.used(&stranger, Api::Docgen).await, 0);
    let unknown = expect_error(
        other
            .docgen_generate()
            .body(generate("tpl_nope", DocumentFormat::Pdf, json!({})))
            .send()
            .await,
        404,
    );
    assert!(unknown.message.contains("tpl_nope"));
    assert_eq!(server.used(&stranger, Api::Docgen).await, 0);
}

#[tokio::test]
async fn bad_templates_and_bad_data_are_named() {
    let server = server().await;
    let key = server.key(Plan::Unlimited, &[Api::Docgen]).await;
    let client = server.client(&key);
    let syntax = expect_error(
        client
            .docgen_create_template()
            .upload(
                "broken",
                None,
                b"<html><body>\n<p>{% for x in %}</p>\n</body></html>".to_vec(),
            )
            .send()
            .await,
        400,
    );
    assert_eq!(syntax.error_code, "template_syntax");
    assert!(syntax.message.contains("line 2"), "{}", syntax.message);
    let broken_docx = docs::docx_with("<w:p><w:r><w:t>{% if %}</w:t></w:r></w:p>", "");
    let docx_syntax = expect_error(
        client
            .docgen_create_template()
            .upload("broken docx", None, broken_docx)
            .send()
            .await,
        400,
    );
    assert!(
        docx_syntax.message.contains("word/document.xml"),
        "{}",
        docx_syntax.message
    );
    let wrong_kind = expect_error(
        client
            .docgen_create_template()
            .upload(
                "not a docx",
                Some(TemplateEngine::Docx),
                b"Dear {{ x }}".to_vec(),
            )
            .send()
            .await,
        415,
    );
    insta::assert_yaml_snapshot!(wrong_kind.into_inner(), { ".request_id" => "[id]" });
    let template = client
        .docgen_create_template()
        .upload("order", None, HTML.as_bytes().to_vec())
        .send()
        .await
        .expect("uploaded")
        .into_inner();
    let missing = expect_error(
        client
            .docgen_generate()
            .body(generate(
                &template.template_id,
                DocumentFormat::Html,
                json!({ "customer": {} }),
            ))
            .send()
            .await,
        400,
    );
    assert_eq!(missing.error_code, "missing_variable");
    assert!(
        missing.message.contains("customer.name"),
        "{}",
        missing.message
    );
    let endless = client
        .docgen_create_template()
        .upload(
            "endless",
            Some(TemplateEngine::Text),
            b"{% for a in range(100000) %}{% for b in range(100000) %}{{ a }}{% endfor %}{% endfor %}".to_vec(),
        )
        .send()
        .await
        .expect("an endless loop compiles")
        .into_inner();
    let stopped = expect_error(
        client
            .docgen_generate()
            .body(generate(
                &endless.template_id,
                DocumentFormat::Txt,
                json!({}),
            ))
            .send()
            .await,
        422,
    );
    assert!(stopped.message.contains("budget"), "{}", stopped.message);
}

#[tokio::test]
async fn pages_list_builtins_then_uploads_newest_first() {
    let server = server().await;
    let key = server.key(Plan::Unlimited, &[Api::Docgen]).await;
    let client = server.client(&key);
    let mut uploaded = Vec::new();
    for n in 0..3 {
        let template = client
            .docgen_create_template()
            .upload(
                &format!("t{n}"),
                None,
                format!("Hello {n} {{{{ name }}}}").into_bytes(),
            )
            .send()
            .await
            .expect("uploaded")
            .into_inner();
        uploaded.push(template.template_id);
        server
            .clock()
            .set(server.clock().now() + chrono::Duration::seconds(1));
    }
    let mut seen = Vec::new();
    let mut token: Option<String> = None;
    for _ in 0..5 {
        let mut list = client.docgen_list_templates().limit(3u32);
        if let Some(token) = &token {
            list = list.page_token(token.as_str());
        }
        let page = list.send().await.expect("a page").into_inner();
        assert!(page.templates.len() <= 3);
        seen.extend(page.templates.into_iter().map(|t| t.template_id));
        match page.next_page_token {
            Some(next) => token = Some(next),
            None => break,
        }
    }
    uploaded.reverse();
    let mut expected: Vec<String> = ["certificate", "invoice", "letter", "receipt"]
        .map(String::from)
        .to_vec();
    expected.extend(uploaded.iter().cloned());
    assert_eq!(seen, expected);
    let foreign = expect_error(
        client
            .docgen_list_templates()
            .page_token("bm90LWEtdG9rZW4")
            .send()
            .await,
        400,
    );
    assert!(foreign.message.contains("page_token"));
    // Query strings no extractor could read are the platform's 400, with its error body.
    for query in ["limit=abc", "limit=1&limit=2", "limit=0"] {
        let response = server
            .raw()
            .get(server.url(&format!("/v1/dev/pdf/template?{query}")))
            .header("X-API-Key", &key.secret)
            .send()
            .await
            .expect("answered");
        assert_eq!(response.status(), 400, "{query}");
        let body: serde_json::Value = response.json().await.expect("an error body");
        assert_eq!(body["error_code"], "invalid_input", "{query}: {body}");
    }
    let long_name = expect_error(
        client
            .docgen_create_template()
            .upload(&"n".repeat(201), None, b"x".to_vec())
            .send()
            .await,
        400,
    );
    assert!(long_name.message.contains("name"), "{}", long_name.message);
    // Deleting: built-ins refuse, a template goes once.
    let builtin = expect_error(
        client.docgen_delete_template().id("invoice").send().await,
        400,
    );
    insta::assert_yaml_snapshot!(builtin.into_inner(), { ".request_id" => "[id]" });
    client
        .docgen_delete_template()
        .id(&uploaded[0])
        .send()
        .await
        .expect("deleted");
    expect_error(
        client
            .docgen_delete_template()
            .id(&uploaded[0])
            .send()
            .await,
        404,
    );
    expect_error(
        client
            .docgen_generate()
            .body(generate(
                &uploaded[0],
                DocumentFormat::Txt,
                json!({ "name": "x" }),
            ))
            .send()
            .await,
        404,
    );
}
