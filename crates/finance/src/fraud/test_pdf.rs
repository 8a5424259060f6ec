//! A minimal PDF writer for the tests: objects and a cross-reference table written by hand,
//! so the forensics can be tried on clean, edited, updated and linearized files.

/// A page showing `lines` of (font resource, x, y, text) in a content stream, with the
/// fonts `fonts` (resource name, base font), as objects 1.. (catalog first).
pub fn page_objects(lines: &[(&str, u32, u32, &str)], fonts: &[(&str, &str)]) -> Vec<String> {
    let content: String = lines
        .iter()
        .map(|(font, x, y, text)| format!("BT /{font} 12 Tf {x} {y} Td ({text}) Tj ET\n"))
        .collect();
    let font_refs: String = fonts
        .iter()
        .enumerate()
        .map(|(index, (name, _))| format!("/{name} {} 0 R ", 5 + index))
        .collect();
    let mut objects = vec![
        "<< /Type /Catalog /Pages 2 0 R >>".to_owned(),
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_owned(),
        format!(
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << {font_refs}>> >> >>"
        ),
        format!(
            "<< /Length {} >>\nstream\n{content}endstream",
            content.len()
        ),
    ];
    for (_, base_font) in fonts {
        objects.push(format!(
            "<< /Type /Font /Subtype /Type1 /BaseFont /{base_font} >>"
        ));
    }
    objects
}

/// A one-page Helvetica PDF saying `text`, as objects (catalog first).
pub fn simple_objects(text: &str) -> Vec<String> {
    page_objects(&[("F1", 72, 720, text)], &[("F1", "Helvetica")])
}

/// A PDF of `objects` (numbered from 1), with `trailer_extra` in its trailer (`/Info 6 0 R`).
pub fn write_pdf(objects: &[String], trailer_extra: &str) -> Vec<u8> {
    let mut pdf = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n".to_vec();
    let mut offsets = Vec::new();
    for (index, object) in objects.iter().enumerate() {
        offsets.push(pdf.len());
        pdf.extend_from_slice(format!("{} 0 obj\n{object}\nendobj\n", index + 1).as_bytes());
    }
    let xref = pdf.len();
    pdf.extend_from_slice(
        format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes(),
    );
    for offset in offsets {
        pdf.extend_from_slice(format!("{offset:010} 00000 n \n").as_bytes());
    }
    pdf.extend_from_slice(
        format!(
            "trailer\n<< /Size {} /Root 1 0 R {trailer_extra} >>\nstartxref\n{xref}\n%%EOF\n",
            objects.len() + 1
        )
        .as_bytes(),
    );
    pdf
}

/// `pdf` with an incremental update appended: `objects` (number, body) redefined or added,
/// a new xref section and a trailer with `/Prev` to the previous one.
pub fn append_update(
    pdf: &[u8],
    objects: &[(u32, String)],
    size: usize,
    trailer_extra: &str,
) -> Vec<u8> {
    let text = String::from_utf8_lossy(pdf);
    let previous_xref: usize = text
        .rfind("startxref")
        .and_then(|at| text[at + 9..].split_whitespace().next()?.parse().ok())
        .unwrap_or(0);
    let mut out = pdf.to_vec();
    let mut offsets = Vec::new();
    for (number, body) in objects {
        offsets.push((*number, out.len()));
        out.extend_from_slice(format!("{number} 0 obj\n{body}\nendobj\n").as_bytes());
    }
    let xref = out.len();
    out.extend_from_slice(b"xref\n");
    for (number, offset) in offsets {
        out.extend_from_slice(format!("{number} 1\n{offset:010} 00000 n \n").as_bytes());
    }
    out.extend_from_slice(
        format!(
            "trailer\n<< /Size {size} /Root 1 0 R /Prev {previous_xref} {trailer_extra} >>\nstartxref\n{xref}\n%%EOF\n"
        )
        .as_bytes(),
    );
    out
}

/// A linearized-shaped PDF: the linearization dictionary (object 1) with `/L` the file's
/// length, a first-page xref and trailer with `/Prev` and `startxref 0 %%EOF`, the other
/// objects, the main xref and trailer, and a final `startxref` to the first-page xref.
pub fn linearized_pdf(text: &str) -> Vec<u8> {
    let content = format!("BT /F1 12 Tf 72 720 Td ({text}) Tj ET\n");
    let shifted = [
        "<< /Type /Catalog /Pages 3 0 R >>".to_owned(),
        "<< /Type /Pages /Kids [4 0 R] /Count 1 >>".to_owned(),
        "<< /Type /Page /Parent 3 0 R /MediaBox [0 0 612 792] /Contents 5 0 R /Resources << /Font << /F1 6 0 R >> >> >>".to_owned(),
        format!("<< /Length {} >>\nstream\n{content}endstream", content.len()),
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".to_owned(),
    ];
    let build = |length: usize| -> Vec<u8> {
        let mut pdf = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n".to_vec();
        let lin_offset = pdf.len();
        pdf.extend_from_slice(
            format!("1 0 obj\n<< /Linearized 1 /L {length:010} /O 4 /E 0 /N 1 /T 0 /H [0 0] >>\nendobj\n").as_bytes(),
        );
        let first_xref = pdf.len();
        pdf.extend_from_slice(b"xref\n1 1\n");
        pdf.extend_from_slice(format!("{lin_offset:010} 00000 n \n").as_bytes());
        let main_xref_placeholder = "MAINXREF__";
        pdf.extend_from_slice(
            format!("trailer\n<< /Size {} /Root 2 0 R /Prev {main_xref_placeholder} >>\nstartxref\n0\n%%EOF\n", shifted.len() + 2).as_bytes(),
        );
        let mut offsets = Vec::new();
        for (index, object) in shifted.iter().enumerate() {
            offsets.push(pdf.len());
            pdf.extend_from_slice(format!("{} 0 obj\n{object}\nendobj\n", index + 2).as_bytes());
        }
        let main_xref = pdf.len();
        pdf.extend_from_slice(
            format!("xref\n0 1\n0000000000 65535 f \n2 {}\n", shifted.len()).as_bytes(),
        );
        for offset in offsets {
            pdf.extend_from_slice(format!("{offset:010} 00000 n \n").as_bytes());
        }
        pdf.extend_from_slice(
            format!(
                "trailer\n<< /Size {} >>\nstartxref\n{first_xref}\n%%EOF\n",
                shifted.len() + 2
            )
            .as_bytes(),
        );
        replace_bytes(
            &pdf,
            main_xref_placeholder.as_bytes(),
            format!("{main_xref:010}").as_bytes(),
        )
    };
    let draft = build(0);
    build(draft.len())
}

/// `haystack` with every `from` replaced by `to`.
pub fn replace_bytes(haystack: &[u8], from: &[u8], to: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(haystack.len());
    let mut index = 0;
    while index < haystack.len() {
        if haystack[index..].starts_with(from) {
            out.extend_from_slice(to);
            index += from.len();
        } else {
            out.push(haystack[index]);
            index += 1;
        }
    }
    out
}
