//! End-to-end tests: compile a package built in code (or a real one), render, and read the
//! text back with quick-xml.

use std::io::{Cursor, Write};

use serde_json::{Value, json};
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipWriter};

use super::fixtures::*;
use super::*;

fn compile(kind: OfficeKind, bytes: &[u8]) -> Result<OfficeTemplate, OfficeTemplateError> {
    OfficeTemplate::compile(kind, bytes, ZipLimits::default(), Budget::default())
}

/// Renders a DOCX whose body is `body` and returns the paragraphs of the result.
fn docx_paragraphs(body: &str, data: Value) -> Vec<String> {
    let out = compile(OfficeKind::Docx, &docx(body))
        .unwrap()
        .render(&data)
        .unwrap();
    paragraphs(&part(&out, "word/document.xml"))
}

fn docx_rows(body: &str, data: Value) -> Vec<Vec<String>> {
    let out = compile(OfficeKind::Docx, &docx(body))
        .unwrap()
        .render(&data)
        .unwrap();
    rows(&part(&out, "word/document.xml"))
}

#[test]
fn a_placeholder_split_over_three_runs_keeps_the_first_runs_formatting() {
    let body = "<w:p><w:r><w:rPr><w:b/></w:rPr><w:t>Dear {{ cust</w:t></w:r>\
         <w:proofErr w:type=\"spellStart\"/><w:r><w:t>omer.na</w:t></w:r>\
         <w:proofErr w:type=\"spellEnd\"/><w:bookmarkStart w:id=\"0\" w:name=\"b\"/>\
         <w:r><w:rPr><w:i/></w:rPr><w:t>me }}, welcome</w:t></w:r></w:p>";
    let out = compile(OfficeKind::Docx, &docx(body))
        .unwrap()
        .render(&json!({"customer": {"name": "Ada"}}))
        .unwrap();
    let xml = part(&out, "word/document.xml");
    assert_eq!(paragraphs(&xml), ["Dear Ada, welcome"]);
    assert!(
        xml.contains("<w:b/></w:rPr><w:t xml:space=\"preserve\">Dear Ada</w:t>"),
        "{xml}"
    );
    assert!(xml.contains("<w:i/></w:rPr><w:t>, welcome</w:t>"), "{xml}");
}

#[test]
fn a_condition_spans_paragraphs_without_leaving_empty_ones() {
    let body = [
        p(&["Before"]),
        p(&["{% if ", "paid %}"]),
        p(&["Thank you."]),
        p(&["Receipt {{ number }}"]),
        p(&["{% else %}"]),
        p(&["Please pay."]),
        p(&["{% endif %}"]),
        p(&["After"]),
    ]
    .concat();
    assert_eq!(
        docx_paragraphs(&body, json!({"paid": true, "number": 7})),
        ["Before", "Thank you.", "Receipt 7", "After"]
    );
    assert_eq!(
        docx_paragraphs(&body, json!({"paid": false})),
        ["Before", "Please pay.", "After"]
    );
}

#[test]
fn a_loop_repeats_paragraphs() {
    let body = [
        p(&["{% for item in items %}"]),
        p(&["{{ loop.index }}. ", "{{ item }}"]),
        p(&["{% endfor %}"]),
        p(&["Total: {{ items|length }}"]),
    ]
    .concat();
    assert_eq!(
        docx_paragraphs(&body, json!({"items": ["a", "b", "c"]})),
        ["1. a", "2. b", "3. c", "Total: 3"]
    );
}

#[test]
fn rows_repeat_between_rows_holding_only_the_loop_tags() {
    let body = tbl(&[
        tr(&["Item", "Qty"]),
        tr(&["{% for i in items %}", ""]),
        tr(&["{{ i.name }}", "{{ i.qty }}"]),
        tr(&["{% endfor %}", ""]),
        tr(&["Total", "{{ total }}"]),
    ]);
    let data = json!({"items": [{"name": "a", "qty": 1}, {"name": "b", "qty": 2}, {"name": "c", "qty": 3}], "total": 6});
    assert_eq!(
        docx_rows(&body, data),
        [
            ["Item", "Qty"],
            ["a", "1"],
            ["b", "2"],
            ["c", "3"],
            ["Total", "6"]
        ]
    );
}

#[test]
fn a_row_repeats_when_its_first_cell_opens_and_last_cell_closes_the_loop() {
    let body = tbl(&[
        tr(&["Item", "Qty"]),
        tr(&[
            "{% for i in items %}{{ i.name }}",
            "{{ i.qty }}{% endfor %}",
        ]),
    ]);
    let data = json!({"items": [{"name": "a", "qty": 1}, {"name": "b", "qty": 2}, {"name": "c", "qty": 3}]});
    assert_eq!(
        docx_rows(&body, data),
        [["Item", "Qty"], ["a", "1"], ["b", "2"], ["c", "3"]]
    );
}

#[test]
fn a_row_with_a_picture_repeats() {
    let picture = "<w:tc><w:p><w:r><w:drawing><wp:inline xmlns:wp=\"urn:wp\"/></w:drawing></w:r></w:p></w:tc>";
    let body = tbl(&[format!(
        "<w:tr>{}{picture}{}</w:tr>",
        tc("{% for i in items %}{{ i }}"),
        tc("{% endfor %}"),
    )]);
    let out = compile(OfficeKind::Docx, &docx(&body))
        .unwrap()
        .render(&json!({"items": ["a", "b"]}))
        .unwrap();
    let xml = part(&out, "word/document.xml");
    assert_eq!(rows(&xml), [["a", "", ""], ["b", "", ""]]);
    assert_eq!(xml.matches("<w:drawing>").count(), 2);
}

#[test]
fn a_loop_over_two_rows_and_a_loop_tag_in_its_own_paragraph_of_a_cell() {
    let cell = |paragraphs: &[&str]| {
        let ps: String = paragraphs.iter().map(|t| p(&[t])).collect();
        format!("<w:tc>{ps}</w:tc>")
    };
    let body = tbl(&[
        format!(
            "<w:tr>{}{}</w:tr>",
            cell(&["{% for i in items %}", "{{ i.name }}"]),
            cell(&["x"])
        ),
        format!(
            "<w:tr>{}{}</w:tr>",
            cell(&["note"]),
            cell(&["{{ i.note }}", "{% endfor %}"])
        ),
    ]);
    let data = json!({"items": [{"name": "a", "note": "n1"}, {"name": "b", "note": "n2"}]});
    assert_eq!(
        docx_rows(&body, data),
        [["a", "x"], ["note", "n1"], ["b", "x"], ["note", "n2"]]
    );
}

#[test]
fn an_empty_loop_leaves_no_row_and_an_emptied_cell_keeps_a_paragraph() {
    let body = tbl(&[
        tr(&["Head", "Other"]),
        tr(&["{% for i in items %}{{ i }}", "{% endfor %}"]),
        format!(
            "<w:tr><w:tc>{}{}{}</w:tc>{}</w:tr>",
            p(&["{% if x %}"]),
            p(&["shown"]),
            p(&["{% endif %}"]),
            "<w:tc><w:p><w:r><w:t>other</w:t></w:r></w:p></w:tc>"
        ),
    ]);
    let out = compile(OfficeKind::Docx, &docx(&body))
        .unwrap()
        .render(&json!({"items": [], "x": false}))
        .unwrap();
    let xml = part(&out, "word/document.xml");
    assert_eq!(rows(&xml), [["Head", "Other"], ["", "other"]]);
    assert!(xml.contains("<w:tc><w:p/></w:tc>"), "{xml}");
}

#[test]
fn nested_loops_with_a_condition_inside_a_row() {
    let body = [
        p(&["{% for g in groups %}"]),
        p(&["Group {{ g.name }}"]),
        tbl(&[
            tr(&["Task", "Flag"]),
            tr(&[
                "{% for t in g.tasks %}{{ t.title }}",
                "{% if t.urgent %}URGENT{% else %}-{% endif %}{% endfor %}",
            ]),
        ]),
        p(&["{% endfor %}"]),
    ]
    .concat();
    let data = json!({"groups": [
        {"name": "A", "tasks": [{"title": "a1", "urgent": true}, {"title": "a2", "urgent": false}]},
        {"name": "B", "tasks": [{"title": "b1", "urgent": false}]},
    ]});
    let out = compile(OfficeKind::Docx, &docx(&body))
        .unwrap()
        .render(&data)
        .unwrap();
    let xml = part(&out, "word/document.xml");
    assert_eq!(
        rows(&xml),
        [
            ["Task", "Flag"],
            ["a1", "URGENT"],
            ["a2", "-"],
            ["Task", "Flag"],
            ["b1", "-"]
        ]
    );
    let texts = paragraphs(&xml);
    assert_eq!(texts[0], "Group A");
    assert_eq!(texts.iter().filter(|t| t.starts_with("Group")).count(), 2);
}

#[test]
fn values_are_escaped_and_any_script_survives() {
    let body = [
        p(&["{{ markup }}"]),
        p(&["{{ cjk }} / {{ arabic }}"]),
        p(&["{{ lines }}"]),
        p(&["[{{ spaced }}]"]),
    ]
    .concat();
    let data = json!({
        "markup": "<b>A & B</b> \"q\" 'a' ]]> &amp;",
        "cjk": "東京都の顧客 김철수",
        "arabic": "مرحبا بالعالم",
        "lines": "one\ntwo\r\nthree",
        "spaced": "  x\u{1}\u{b}  ",
    });
    let out = compile(OfficeKind::Docx, &docx(&body))
        .unwrap()
        .render(&data)
        .unwrap();
    // `paragraphs` parses with quick-xml and panics on ill-formed XML.
    assert_eq!(
        paragraphs(&part(&out, "word/document.xml")),
        [
            "<b>A & B</b> \"q\" 'a' ]]> &amp;",
            "東京都の顧客 김철수 / مرحبا بالعالم",
            "one\ntwo\nthree",
            "[  x  ]",
        ]
    );
}

#[test]
fn tags_written_with_entities_and_smart_quotes_work() {
    let body = [
        p(&[
            "{% if kind == \u{201C}vip\u{201D} and n &gt; 1 %}",
            "VIP",
            "{% endif %}",
        ]),
        p(&["{{ name|default(&apos;nobody&apos;) }} {{ \u{2018}x\u{2019} }}"]),
    ]
    .concat();
    assert_eq!(
        docx_paragraphs(&body, json!({"kind": "vip", "n": 2})),
        ["VIP", "nobody x"]
    );
}

#[test]
fn headers_footers_and_footnotes_are_templates_too() {
    let header = format!("<w:hdr {W}>{}</w:hdr>", p(&["{{ title }}"]));
    let footer = format!("<w:ftr {W}>{}</w:ftr>", p(&["Page of {{ owner }}"]));
    let bytes = docx_with(
        &p(&["Body"]),
        &[
            ("word/header1.xml", &header, "header+xml"),
            ("word/footer1.xml", &footer, "footer+xml"),
        ],
    );
    let template = compile(OfficeKind::Docx, &bytes).unwrap();
    assert_eq!(template.fields(), ["owner", "title"]);
    let out = template
        .render(&json!({"title": "Report", "owner": "Ada"}))
        .unwrap();
    assert_eq!(paragraphs(&part(&out, "word/header1.xml")), ["Report"]);
    assert_eq!(paragraphs(&part(&out, "word/footer1.xml")), ["Page of Ada"]);
}

#[test]
fn fields_lists_the_top_level_names() {
    let body = [
        p(&["{{ customer.name }}"]),
        p(&["{% for i in items %}"]),
        p(&["{{ i.price }} {{ currency }}"]),
        p(&["{% endfor %}"]),
        p(&["{% if note %}{{ note }}{% endif %}"]),
    ]
    .concat();
    let template = compile(OfficeKind::Docx, &docx(&body)).unwrap();
    assert_eq!(template.fields(), ["currency", "customer", "items", "note"]);
}

#[test]
fn a_missing_variable_is_named() {
    let template = compile(OfficeKind::Docx, &docx(&p(&["Hi {{ customer.name }}"]))).unwrap();
    let err = template.render(&json!({"customer": {}})).unwrap_err();
    let OfficeTemplateError::Jinja(JinjaError::Missing(message)) = &err else {
        panic!("{err:?}")
    };
    assert!(message.contains("word/document.xml"), "{message}");
    assert!(message.contains("customer.name"), "{message}");
    assert!(!message.contains("line"), "{message}");
}

#[test]
fn a_syntax_error_names_the_part_and_the_tag() {
    let bytes = docx(&[p(&["ok"]), p(&["{% for x in ", "%}"]), p(&["{% endfor %}"])].concat());
    let err = compile(OfficeKind::Docx, &bytes).unwrap_err();
    let OfficeTemplateError::Jinja(JinjaError::Syntax(message)) = &err else {
        panic!("{err:?}")
    };
    assert!(message.starts_with("word/document.xml: "), "{message}");
    assert!(message.contains("`{% for x in %}`"), "{message}");

    let bytes = docx(&[p(&["{% for x in items %}"]), p(&["{{ x }}"])].concat());
    let err = compile(OfficeKind::Docx, &bytes).unwrap_err();
    let OfficeTemplateError::Jinja(JinjaError::Syntax(message)) = &err else {
        panic!("{err:?}")
    };
    assert!(message.contains("word/document.xml"), "{message}");
    assert!(message.contains("{% for x in items %}"), "{message}");
}

#[test]
fn a_zip_bomb_is_refused_while_inflating() {
    // 200 MiB of zeros, written in chunks so the test never holds it.
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    let options = SimpleFileOptions::default()
        .compression_method(CompressionMethod::Deflated)
        .compression_level(Some(1));
    zip.start_file("word/document.xml", options).unwrap();
    let chunk = vec![0u8; 1 << 20];
    for _ in 0..200 {
        zip.write_all(&chunk).unwrap();
    }
    let bomb = zip.finish().unwrap().into_inner();
    assert!(bomb.len() < 2 << 20, "{}", bomb.len());
    let err = compile(OfficeKind::Docx, &bomb).unwrap_err();
    assert!(matches!(err, OfficeTemplateError::TooLarge(_)), "{err:?}");
    // Under a lenient ratio the total still stops it.
    let limits = ZipLimits {
        max_ratio: 1_000_000,
        ..ZipLimits::default()
    };
    let err = read_zip(&bomb, limits).unwrap_err();
    assert!(
        matches!(&err, OfficeTemplateError::TooLarge(m) if m.contains("more than 100 MiB")),
        "{err:?}"
    );
}

#[test]
fn too_many_entries_are_refused() {
    let names: Vec<String> = (0..5).map(|k| format!("f{k}")).collect();
    let entries: Vec<(&str, &[u8])> = names.iter().map(|n| (n.as_str(), &b""[..])).collect();
    let limits = ZipLimits {
        max_entries: 4,
        ..ZipLimits::default()
    };
    let err = read_zip(&zip(&entries), limits).unwrap_err();
    assert!(matches!(err, OfficeTemplateError::TooLarge(_)), "{err:?}");
}

#[test]
fn other_files_are_not_that_kind() {
    let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";
    let err = compile(OfficeKind::Docx, png).unwrap_err();
    assert!(
        matches!(err, OfficeTemplateError::NotThatKind(_)),
        "{err:?}"
    );

    let ole = b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1\0\0\0\0";
    let err = compile(OfficeKind::Docx, ole).unwrap_err();
    assert!(
        matches!(&err, OfficeTemplateError::NotThatKind(m) if m.contains("password-protected")),
        "{err:?}"
    );

    let random = zip(&[("readme.txt", b"hello"), ("data/x.xml", b"<x/>")]);
    let err = compile(OfficeKind::Docx, &random).unwrap_err();
    assert!(
        matches!(err, OfficeTemplateError::NotThatKind(_)),
        "{err:?}"
    );

    let err = compile(OfficeKind::Odt, &docx(&p(&["x"]))).unwrap_err();
    assert!(
        matches!(&err, OfficeTemplateError::NotThatKind(m) if m.contains("Word")),
        "{err:?}"
    );
    let spreadsheet = zip(&[(
        "mimetype",
        b"application/vnd.oasis.opendocument.spreadsheet",
    )]);
    let err = compile(OfficeKind::Odt, &spreadsheet).unwrap_err();
    assert!(
        matches!(err, OfficeTemplateError::NotThatKind(_)),
        "{err:?}"
    );
}

#[test]
fn encrypted_entries_and_broken_xml_are_corrupt() {
    let mut bytes = docx(&p(&["x"]));
    // Set the "encrypted" flag of every local and central header.
    for (signature, flags_at) in [(&b"PK\x03\x04"[..], 6), (&b"PK\x01\x02"[..], 8)] {
        let starts: Vec<usize> = bytes
            .windows(4)
            .enumerate()
            .filter(|(_, w)| *w == signature)
            .map(|(k, _)| k)
            .collect();
        for k in starts {
            bytes[k + flags_at] |= 1;
        }
    }
    let err = compile(OfficeKind::Docx, &bytes).unwrap_err();
    assert!(
        matches!(&err, OfficeTemplateError::Corrupt(m) if m.contains("encrypted")),
        "{err:?}"
    );

    let err = compile(
        OfficeKind::Docx,
        &docx("<w:p><w:r><w:t>{{ x }}</w:r></w:p>"),
    )
    .unwrap_err();
    assert!(
        matches!(&err, OfficeTemplateError::Corrupt(m) if m.starts_with("word/document.xml")),
        "{err:?}"
    );
}

#[test]
fn a_block_that_breaks_the_xml_is_reported_at_render() {
    // The loop opens inside a paragraph's text and closes between paragraphs.
    let body = [p(&["{% for x in items %}a"]), p(&["{% endfor %}"])].concat();
    let template = compile(OfficeKind::Docx, &docx(&body)).unwrap();
    assert!(template.render(&json!({"items": [1]})).is_ok());
    let err = template
        .render(&json!({"items": [1, 2]}))
        .map(|_| ())
        .unwrap_err();
    assert!(
        matches!(&err, OfficeTemplateError::Jinja(JinjaError::Render(m)) if m.contains("word/document.xml")),
        "{err:?}"
    );
}

#[test]
fn other_entries_are_copied_unchanged_in_order() {
    let bytes = docx(&p(&["{{ a }}"]));
    let out = compile(OfficeKind::Docx, &bytes)
        .unwrap()
        .render(&json!({"a": 1}))
        .unwrap();
    let before = read_zip(&bytes, ZipLimits::default()).unwrap();
    let after = read_zip(&out, ZipLimits::default()).unwrap();
    let names = |e: &[(String, Vec<u8>)]| e.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>();
    assert_eq!(names(&before), names(&after));
    for ((name, a), (_, b)) in before.iter().zip(&after) {
        if name != "word/document.xml" {
            assert_eq!(a, b, "{name}");
        }
    }
}

#[test]
fn odt_spans_paragraphs_rows_and_line_breaks() {
    let body = "<text:h text:outline-level=\"1\">Hello <text:span text:style-name=\"T1\">{{ na</text:span><text:span>me }}</text:span>!</text:h>\
        <text:p>{% if show %}</text:p><text:p>Shown: {{ note }}</text:p><text:p>{% endif %}</text:p>\
        <table:table table:name=\"T\"><table:table-column/>\
        <table:table-row><table:table-cell><text:p>Item</text:p></table:table-cell><table:table-cell><text:p>Qty</text:p></table:table-cell></table:table-row>\
        <table:table-row><table:table-cell><text:p>{% for i in items %}{{ i.name }}</text:p></table:table-cell><table:table-cell><text:p>{{ i.qty }}{% endfor %}</text:p></table:table-cell></table:table-row>\
        </table:table>";
    let bytes = odt_with(
        body,
        "<style:header><text:p>{{ title }}</text:p></style:header>",
    );
    let template = compile(OfficeKind::Odt, &bytes).unwrap();
    assert_eq!(
        template.fields(),
        ["items", "name", "note", "show", "title"]
    );
    let out = template
        .render(&json!({
            "name": "Ada & Bob", "show": true, "note": "a\nb", "title": "T <1>",
            "items": [{"name": "x", "qty": 1}, {"name": "y", "qty": 2}, {"name": "z", "qty": 3}],
        }))
        .unwrap();
    let content = part(&out, "content.xml");
    assert_eq!(
        paragraphs(&content)[..2],
        ["Hello Ada & Bob!".to_owned(), "Shown: a\nb".to_owned()]
    );
    assert_eq!(
        rows(&content),
        [["Item", "Qty"], ["x", "1"], ["y", "2"], ["z", "3"]]
    );
    assert_eq!(paragraphs(&part(&out, "styles.xml")), ["T <1>"]);
    // The mimetype entry comes first and stored, as ODF requires.
    assert_eq!(&out[30..38], b"mimetype");
    assert_eq!(u16::from_le_bytes([out[8], out[9]]), 0, "stored");
    assert_eq!(
        OfficeKind::detect(&read_zip(&out, ZipLimits::default()).unwrap()),
        Some(OfficeKind::Odt)
    );
}

#[test]
fn an_odt_syntax_error_names_the_unclosed_block() {
    let err = compile(
        OfficeKind::Odt,
        &odt("<text:p>{% if a %}</text:p><text:p>{% for x in <text:span>items %}</text:span></text:p>"),
    )
    .unwrap_err();
    let OfficeTemplateError::Jinja(JinjaError::Syntax(message)) = &err else {
        panic!("{err:?}")
    };
    assert!(message.starts_with("content.xml: "), "{message}");
    assert!(
        message.contains("`{% for x in items %}` is never closed"),
        "{message}"
    );
}

#[test]
fn a_runaway_loop_is_exhausted_in_its_part() {
    let bytes = docx(&p(&[
        "{% for a in range(100000) %}{% for b in range(100000) %}x{% endfor %}{% endfor %}",
    ]));
    let budget = Budget {
        fuel: 10_000,
        max_output: 1 << 20,
    };
    let template =
        OfficeTemplate::compile(OfficeKind::Docx, &bytes, ZipLimits::default(), budget).unwrap();
    let err = template.render(&json!({})).map(|_| ()).unwrap_err();
    assert!(
        matches!(&err, OfficeTemplateError::Jinja(JinjaError::Exhausted(m)) if m.starts_with("word/document.xml")),
        "{err:?}"
    );
}

#[test]
fn the_template_can_be_shared_between_threads() {
    fn shared<T: Send + Sync>() {}
    shared::<OfficeTemplate>();
}

/// A document LibreOffice wrote, without tags (`fixtures/README.md`).
const LIBREOFFICE_SAMPLE: &[u8] = include_bytes!("../fixtures/libreoffice_sample.docx");

#[test]
fn a_real_document_without_tags_round_trips() {
    let out = compile(OfficeKind::Docx, LIBREOFFICE_SAMPLE)
        .unwrap()
        .render(&json!({}))
        .unwrap();
    let before = read_zip(LIBREOFFICE_SAMPLE, ZipLimits::default()).unwrap();
    let after = read_zip(&out, ZipLimits::default()).unwrap();
    assert_eq!(before, after);
}
