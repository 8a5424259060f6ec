use super::*;
use suite_engines::office_fixtures::{docx, docx_with, p, zip};

fn texts(blocks: &[Block]) -> Vec<&str> {
    blocks.iter().map(|b| b.text.as_str()).collect()
}

const NUMBERING: &str = r#"<w:numbering xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">
  <w:abstractNum w:abstractNumId="0">
    <w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl>
    <w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1.%2"/></w:lvl>
  </w:abstractNum>
  <w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>
</w:numbering>"#;

const STYLES: &str = r#"<w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">
  <w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/>
    <w:pPr><w:numPr><w:numId w:val="1"/></w:numPr></w:pPr></w:style>
</w:styles>"#;

fn numbered(style: &str, ilvl: Option<u8>, text: &str) -> String {
    let list = ilvl.map_or(String::new(), |l| {
        format!("<w:numPr><w:ilvl w:val=\"{l}\"/><w:numId w:val=\"1\"/></w:numPr>")
    });
    format!(
        "<w:p><w:pPr><w:pStyle w:val=\"{style}\"/>{list}</w:pPr><w:r><w:t>{text}</w:t></w:r></w:p>"
    )
}

#[test]
fn numbered_headings_and_list_items_carry_the_labels_word_shows() {
    let body = [
        p(&["MASTER SERVICES AGREEMENT"]),
        numbered("Heading1", None, "Definitions"),
        numbered(
            "Normal",
            Some(1),
            "&quot;Services&quot; means the services.",
        ),
        numbered("Heading1", None, "Limitation of Liability"),
        numbered(
            "Normal",
            Some(1),
            "Neither party is liable for indirect damages.",
        ),
        numbered("Normal", Some(1), "The cap is the fees paid."),
    ]
    .concat();
    let bytes = docx_with(
        &body,
        &[
            ("word/numbering.xml", NUMBERING, "numbering+xml"),
            ("word/styles.xml", STYLES, "styles+xml"),
        ],
    );
    let blocks = read(&bytes).expect("docx");
    assert_eq!(
        texts(&blocks),
        [
            "MASTER SERVICES AGREEMENT",
            "1.\tDefinitions",
            "1.1\t\"Services\" means the services.",
            "2.\tLimitation of Liability",
            "2.1\tNeither party is liable for indirect damages.",
            "2.2\tThe cap is the fees paid.",
        ]
    );
    let levels: Vec<_> = blocks.iter().map(|b| b.heading_level).collect();
    assert_eq!(levels, [None, Some(1), None, Some(1), None, None]);
}

#[test]
fn tracked_changes_are_read_as_accepted_and_field_codes_left_out() {
    let body = "<w:p><w:r><w:t xml:space=\"preserve\">Payment is due within </w:t></w:r>\
        <w:del w:id=\"1\" w:author=\"A\"><w:r><w:delText>30</w:delText></w:r></w:del>\
        <w:ins w:id=\"2\" w:author=\"A\"><w:r><w:t>90</w:t></w:r></w:ins>\
        <w:r><w:t xml:space=\"preserve\"> days</w:t><w:tab/><w:t>(net)</w:t></w:r>\
        <w:r><w:fldChar w:fldCharType=\"begin\"/></w:r><w:r><w:instrText> PAGE </w:instrText></w:r>\
        <w:r><w:fldChar w:fldCharType=\"separate\"/></w:r><w:r><w:t>.</w:t></w:r>\
        <w:r><w:fldChar w:fldCharType=\"end\"/></w:r></w:p>\
        <w:p><w:moveFrom w:id=\"3\"><w:r><w:t>Old place.</w:t></w:r></w:moveFrom></w:p>\
        <w:tbl><w:tr><w:tc><w:p><w:r><w:t>In a cell</w:t></w:r></w:p></w:tc></w:tr></w:tbl>";
    let blocks = read(&docx(body)).expect("docx");
    assert_eq!(
        texts(&blocks),
        ["Payment is due within 90 days\t(net).", "In a cell"]
    );
}

#[test]
fn text_boxes_are_read_once() {
    let body = "<w:p><w:r><mc:AlternateContent xmlns:mc=\"mc\"><mc:Choice Requires=\"wps\">\
        <w:txbxContent><w:p><w:r><w:t>Boxed note</w:t></w:r></w:p></w:txbxContent></mc:Choice>\
        <mc:Fallback><w:txbxContent><w:p><w:r><w:t>Boxed note</w:t></w:r></w:p></w:txbxContent>\
        </mc:Fallback></mc:AlternateContent></w:r><w:r><w:t>Body text</w:t></w:r></w:p>";
    let blocks = read(&docx(body)).expect("docx");
    assert_eq!(texts(&blocks), ["Boxed note", "Body text"]);
}

#[test]
fn refusals_name_the_problem() {
    let not_word = zip(&[("hello.txt", b"hi".as_slice())]);
    assert!(matches!(read(&not_word), Err(TextError::Unreadable(m)) if m.contains("Word")));
    let broken = docx("<w:p><w:r><w:t>open</w:r></w:p>");
    assert!(matches!(read(&broken), Err(TextError::Unreadable(m)) if m.contains("malformed")));
    assert!(matches!(
        read(b"PK\x03\x04garbage"),
        Err(TextError::Unreadable(_))
    ));
    let bomb = zip(&[(
        "word/document.xml",
        vec![b' '; 120 * 1024 * 1024].as_slice(),
    )]);
    assert!(matches!(read(&bomb), Err(TextError::TooLarge(_))));
}
