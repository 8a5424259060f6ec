//! The PDF reader tried on hand-written PDFs: clean, edited by a tool, modified later,
//! updated incrementally, signed, linearized, encrypted and hostile.

use super::*;
use crate::fraud::test_pdf::{
    append_update, linearized_pdf, replace_bytes, simple_objects, write_pdf,
};

/// A PDF with an Info dictionary (object 6) of `info_entries`.
fn with_info(info_entries: &str) -> Vec<u8> {
    let mut objects = simple_objects("Invoice 2024-001 Total 119.00");
    objects.push(format!("<< {info_entries} >>"));
    write_pdf(&objects, "/Info 6 0 R")
}

const CLEAN_INFO: &str = "/Producer (LibreOffice 7.6) /Creator (Writer) /CreationDate (D:20240105100000+01'00') /ModDate (D:20240105100000+01'00')";

#[test]
fn a_clean_pdf_has_no_signal() {
    let inspection = inspect(&with_info(CLEAN_INFO));
    assert_eq!(
        inspection.metadata.info_producer.as_deref(),
        Some("LibreOffice 7.6")
    );
    assert_eq!(inspection.metadata.info_creator.as_deref(), Some("Writer"));
    assert!(inspection.metadata.info_creation.is_some());
    assert_eq!(inspection.revisions.sections, 1);
    assert_eq!(inspection.revisions.edit_updates, 0);
    assert!(
        inspection.signals().is_empty(),
        "{:?}",
        inspection.signals()
    );
}

#[test]
fn a_nitro_producer_trips_edited() {
    let inspection = inspect(&with_info(
        "/Producer (Nitro Pro 13.70.2.40) /Creator (Nitro Pro)",
    ));
    let signals = inspection.signals();
    assert_eq!(signals.len(), 1, "{signals:?}");
    assert_eq!(signals[0].kind, SignalKind::PdfEditedAfterCreation);
    assert_eq!(signals[0].weight, 25);
    assert_eq!(
        signals[0].detail,
        "The PDF's Producer (Info dictionary) is \"Nitro Pro 13.70.2.40\", an editing tool (Nitro PDF)."
    );
}

#[test]
fn utf16_hex_and_escaped_producers_are_decoded() {
    // "Nitro Pro" in UTF-16BE with a BOM.
    let inspection = inspect(&with_info(
        "/Producer <FEFF004E006900740072006F002000500072006F>",
    ));
    assert_eq!(
        inspection.metadata.info_producer.as_deref(),
        Some("Nitro Pro")
    );
    assert!(inspection.edited_signal().is_some());
    let inspection = inspect(&with_info(r"/Producer (Sejda \(sejda.com\)\040v3)"));
    assert_eq!(
        inspection.metadata.info_producer.as_deref(),
        Some("Sejda (sejda.com) v3")
    );
    assert!(inspection.edited_signal().is_some());
}

#[test]
fn an_indirect_producer_is_followed() {
    let mut objects = simple_objects("x");
    objects.push("<< /Producer 7 0 R >>".into());
    objects.push("(PDFelement 9)".into());
    let inspection = inspect(&write_pdf(&objects, "/Info 6 0 R"));
    assert_eq!(
        inspection.metadata.info_producer.as_deref(),
        Some("PDFelement 9")
    );
    assert!(inspection.edited_signal().is_some());
}

#[test]
fn a_late_mod_date_trips_edited_with_a_smaller_weight() {
    let inspection = inspect(&with_info(
        "/Producer (Microsoft Word) /CreationDate (D:20240105100000+01'00') /ModDate (D:20240310120000+01'00')",
    ));
    let signal = inspection.edited_signal().expect("signal");
    assert_eq!(signal.weight, 15);
    assert_eq!(
        signal.detail,
        "The PDF was modified 65 days after it was created (ModDate 2024-03-10 12:00:00 +01:00, CreationDate 2024-01-05 10:00:00 +01:00)."
    );
    // Editor and late date together.
    let both = inspect(&with_info(
        "/Producer (Adobe Acrobat Pro DC 23.1) /CreationDate (D:20240105100000Z) /ModDate (D:20240105160000Z)",
    ));
    let signal = both.edited_signal().expect("signal");
    assert_eq!(signal.weight, 30);
    assert!(signal.detail.contains("6 hours after"), "{}", signal.detail);
}

#[test]
fn dates_within_a_minute_or_across_zones_are_the_same() {
    let close = inspect(&with_info(
        "/CreationDate (D:20240105100000Z) /ModDate (D:20240105100045Z)",
    ));
    assert!(close.edited_signal().is_none());
    let zones = inspect(&with_info(
        "/CreationDate (D:20240105100000+02'00') /ModDate (D:20240105080000Z)",
    ));
    assert!(zones.edited_signal().is_none());
}

#[test]
fn generators_of_editing_vendors_are_not_editors() {
    for generator in [
        "Acrobat Distiller 23.0 (Windows)",
        "Adobe PDF Library 23.1.206",
        "Acrobat PDFMaker 23 for Word",
        "Adobe Acrobat Pro DC 20.12 Paper Capture Plug-in",
        "LibreOffice 7.6",
        "Microsoft® Word for Microsoft 365",
        "Writer",
        "Skia/PDF m120",
        "wkhtmltopdf 0.12.6",
    ] {
        assert_eq!(
            editing_tool_of(generator, Some("LibreOffice 7.6")),
            None,
            "{generator}"
        );
    }
    for (editor, name) in [
        ("Adobe Acrobat Pro (64-bit) 24.1.20604", "Adobe Acrobat"),
        ("Foxit PDF Editor Printer Version 12", "Foxit PDF Editor"),
        ("iLovePDF", "iLovePDF"),
        ("PDF-XChange Editor 10.1", "PDF-XChange Editor"),
        ("Inkscape 1.3 (https://inkscape.org)", "Inkscape"),
        ("GIMP 2.10", "GIMP"),
        ("Adobe Photoshop 25.0 (Windows)", "Adobe Photoshop"),
        ("Smallpdf.com", "Smallpdf"),
    ] {
        assert_eq!(editing_tool_of(editor, None), Some(name), "{editor}");
    }
    assert_eq!(
        editing_tool_of("Draw", Some("LibreOffice 7.6")),
        Some("LibreOffice Draw")
    );
    assert_eq!(editing_tool_of("Draw", Some("Microsoft Word")), None);
}

#[test]
fn libreoffice_draw_re_export_trips() {
    let inspection = inspect(&with_info("/Producer (LibreOffice 7.6) /Creator (Draw)"));
    let signal = inspection.edited_signal().expect("signal");
    assert!(
        signal.detail.contains("LibreOffice Draw"),
        "{}",
        signal.detail
    );
}

#[test]
fn an_incremental_update_trips() {
    let original = with_info(CLEAN_INFO);
    let updated = append_update(
        &original,
        &[(
            4,
            "<< /Length 44 >>\nstream\nBT /F1 12 Tf 72 720 Td (Total 919.00) Tj ET\nendstream"
                .into(),
        )],
        7,
        "/Info 6 0 R",
    );
    let inspection = inspect(&updated);
    assert_eq!(inspection.revisions.sections, 2);
    assert_eq!(inspection.revisions.prev_links, 1);
    assert_eq!(inspection.revisions.edit_updates, 1);
    let signals = inspection.signals();
    assert_eq!(signals.len(), 1, "{signals:?}");
    assert_eq!(signals[0].kind, SignalKind::PdfIncrementalUpdate);
    assert_eq!(signals[0].weight, 15);
    assert_eq!(
        signals[0].detail,
        "1 incremental update was appended after the PDF was first written (2 cross-reference sections)."
    );
}

#[test]
fn a_signature_update_is_not_an_edit() {
    let original = with_info(CLEAN_INFO);
    let signed = append_update(
        &original,
        &[(
            7,
            "<< /Type /Sig /Filter /Adobe.PPKLite /ByteRange [0 100 200 300] /Contents <00> >>"
                .into(),
        )],
        8,
        "/Info 6 0 R",
    );
    let inspection = inspect(&signed);
    assert_eq!(inspection.revisions.signature_updates, 1);
    assert_eq!(inspection.revisions.edit_updates, 0);
    assert!(inspection.incremental_signal().is_none());
    // An edit after signing is counted, with the signing mentioned.
    let edited = append_update(
        &signed,
        &[(4, "<< /Length 0 >>\nstream\n\nendstream".into())],
        8,
        "",
    );
    let signal = inspect(&edited).incremental_signal().expect("signal");
    assert!(
        signal
            .detail
            .ends_with("1 more add digital signatures and are not counted."),
        "{}",
        signal.detail
    );
}

#[test]
fn a_linearized_pdf_has_two_sections_and_no_update() {
    let pdf = linearized_pdf("Receipt total 12.50");
    let inspection = inspect(&pdf);
    assert!(inspection.revisions.linearized);
    assert_eq!(inspection.revisions.sections, 2);
    assert_eq!(inspection.revisions.edit_updates, 0);
    assert!(inspection.signals().is_empty());
    let updated = append_update(&pdf, &[(7, "<< /Producer (x) >>".into())], 8, "");
    let inspection = inspect(&updated);
    assert_eq!(inspection.revisions.sections, 3);
    assert_eq!(inspection.revisions.edit_updates, 1);
}

#[test]
fn poppler_reads_the_test_pdfs() {
    // The hand-written fixtures are real PDFs: pdfinfo accepts them (poppler is a dependency of
    // the server, installed by `cargo xtask test`).
    let dir = tempfile::tempdir().expect("dir");
    for (name, pdf) in [
        ("clean.pdf", with_info(CLEAN_INFO)),
        ("linearized.pdf", linearized_pdf("x")),
        (
            "updated.pdf",
            append_update(
                &with_info(CLEAN_INFO),
                &[(6, "<< /Producer (Nitro Pro) >>".into())],
                7,
                "/Info 6 0 R",
            ),
        ),
    ] {
        let path = dir.path().join(name);
        std::fs::write(&path, &pdf).expect("write");
        let output = std::process::Command::new("pdfinfo")
            .arg(&path)
            .output()
            .expect("pdfinfo runs (poppler-utils)");
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            output.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(stdout.contains("Pages:"), "{name}: {stdout}");
        if name == "linearized.pdf" {
            let optimized = stdout
                .lines()
                .find(|l| l.starts_with("Optimized:"))
                .unwrap_or("");
            assert!(optimized.ends_with("yes"), "{stdout}");
        }
        if name == "updated.pdf" {
            assert!(stdout.contains("Nitro Pro"), "{stdout}");
        }
    }
}

const XMP_NITRO: &str = r#"<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/" xmlns:xmp="http://ns.adobe.com/xap/1.0/"
 pdf:Producer="Smallpdf &amp; co">
<xmp:CreatorTool>Writer</xmp:CreatorTool>
<xmp:CreateDate>2024-01-05T10:00:00+01:00</xmp:CreateDate>
<xmp:ModifyDate>2024-01-07T10:00:00+01:00</xmp:ModifyDate>
</rdf:Description></rdf:RDF></x:xmpmeta>
<?xpacket end="w"?>"#;

const XMP_PHOTO: &str = r#"<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><rdf:Description xmp:CreatorTool="Adobe Photoshop 25.0" pdf:Producer="Adobe Photoshop 25.0"/></rdf:RDF></x:xmpmeta>"#;

#[test]
fn the_catalogs_xmp_is_read() {
    let mut objects = simple_objects("x");
    objects[0] = "<< /Type /Catalog /Pages 2 0 R /Metadata 6 0 R >>".into();
    objects.push(format!(
        "<< /Type /Metadata /Subtype /XML /Length {} >>\nstream\n{XMP_NITRO}\nendstream",
        XMP_NITRO.len()
    ));
    let inspection = inspect(&write_pdf(&objects, ""));
    assert_eq!(
        inspection.metadata.xmp_producer.as_deref(),
        Some("Smallpdf & co")
    );
    assert_eq!(
        inspection.metadata.xmp_creator_tool.as_deref(),
        Some("Writer")
    );
    let signal = inspection.edited_signal().expect("signal");
    assert_eq!(signal.weight, 30);
    assert!(
        signal
            .detail
            .contains("pdf:Producer (XMP metadata) is \"Smallpdf & co\""),
        "{}",
        signal.detail
    );
    assert!(
        signal.detail.contains("modified 2 days after"),
        "{}",
        signal.detail
    );
}

#[test]
fn an_embedded_photos_xmp_is_not_the_documents() {
    let clean_xmp = XMP_NITRO
        .replace("Smallpdf &amp; co", "LibreOffice 7.6")
        .replace("2024-01-07", "2024-01-05");
    let mut objects = simple_objects("x");
    objects[0] = "<< /Type /Catalog /Pages 2 0 R /Metadata 6 0 R >>".into();
    objects.push(format!(
        "<< /Length {} >>\nstream\n{clean_xmp}\nendstream",
        clean_xmp.len()
    ));
    objects.push(format!(
        "<< /Type /XObject /Subtype /Image /Length {} >>\nstream\n{XMP_PHOTO}\nendstream",
        XMP_PHOTO.len()
    ));
    let inspection = inspect(&write_pdf(&objects, ""));
    assert_eq!(
        inspection.metadata.xmp_producer.as_deref(),
        Some("LibreOffice 7.6")
    );
    assert!(
        inspection.signals().is_empty(),
        "{:?}",
        inspection.signals()
    );
}

#[test]
fn encrypted_pdfs_have_their_info_strings_ignored() {
    let mut objects = simple_objects("x");
    objects.push("<< /Producer (\u{1}\u{2}garbled) >>".into());
    objects.push("<< /Filter /Standard /V 2 /R 3 >>".into());
    let inspection = inspect(&write_pdf(&objects, "/Info 6 0 R /Encrypt 7 0 R"));
    assert!(inspection.encrypted);
    assert_eq!(inspection.metadata.info_producer, None);
}

#[test]
fn garbage_and_truncations_never_panic() {
    assert_eq!(inspect(b""), PdfInspection::default());
    assert!(inspect(b"not a pdf at all").signals().is_empty());
    let pdf = append_update(
        &with_info("/Producer (Nitro Pro) /ModDate (D:2024"),
        &[(4, "(".into())],
        7,
        "/Info 6 0 R",
    );
    for cut in (0..pdf.len()).step_by(7) {
        let _ = inspect(&pdf[..cut]);
    }
    // Hostile structures: unbalanced strings, deep nesting, huge numbers.
    let hostile = replace_bytes(
        &with_info(
            "/Producer ((((((((((( /Creator <FEFF00> /CreationDate (D:99999999999999+99'99')",
        ),
        b"/Info 6 0 R",
        b"/Info 99999999999 0 R /Prev 99999999999999999999",
    );
    let _ = inspect(&hostile);
    let deep = format!(
        "%PDF-1.4\n1 0 obj\n{}\nendobj trailer << /Info 1 0 R >>",
        "<<".repeat(10_000)
    );
    let _ = inspect(deep.as_bytes());
}

#[test]
fn a_large_hostile_file_is_read_up_to_the_section_cap() {
    let chunk =
        b"1 0 obj << /Info 1 0 R /Prev 12 /Producer (Nitro Pro) >> endobj\nstartxref\n1\n%%EOF\n";
    let pdf: Vec<u8> = chunk
        .iter()
        .copied()
        .cycle()
        .take(16 * 1024 * 1024)
        .collect();
    // The reader stops at its section cap: the work is bounded by count, not by a clock.
    let inspection = inspect(&pdf);
    assert_eq!(inspection.revisions.sections, MAX_SECTIONS);
}
