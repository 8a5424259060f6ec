//! PDFs for the tests, written with pdf-writer: Helvetica text at known places, and files
//! poppler must refuse.

use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, Str};

/// A piece of text: left end of its baseline `(x, y)` in points from the bottom left, font
/// size, ASCII text.
pub type Placed<'a> = (f32, f32, f32, &'a str);

/// A PDF of `pages` pages of `size` points, each showing its texts in Helvetica.
pub fn text_pdf(pages: &[Vec<Placed<'_>>], size: (f32, f32)) -> Vec<u8> {
    let mut pdf = Pdf::new();
    let (catalog, tree, font) = (Ref::new(1), Ref::new(2), Ref::new(3));
    let ids: Vec<Ref> = (0..pages.len())
        .map(|i| Ref::new(4 + 2 * i as i32))
        .collect();
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree)
        .kids(ids.iter().copied())
        .count(pages.len() as i32);
    pdf.type1_font(font)
        .base_font(Name(b"Helvetica"))
        .encoding_predefined(Name(b"WinAnsiEncoding"));
    for (texts, &id) in pages.iter().zip(&ids) {
        let content_id = Ref::new(id.get() + 1);
        let mut content = Content::new();
        for &(x, y, font_size, text) in texts {
            content
                .begin_text()
                .set_font(Name(b"F1"), font_size)
                .next_line(x, y)
                .show(Str(text.as_bytes()))
                .end_text();
        }
        pdf.stream(content_id, &content.finish());
        let mut page = pdf.page(id);
        page.media_box(Rect::new(0.0, 0.0, size.0, size.1))
            .parent(tree)
            .contents(content_id);
        page.resources().fonts().pair(Name(b"F1"), font);
        page.finish();
    }
    pdf.finish()
}

/// US Letter in points.
pub const LETTER: (f32, f32) = (612.0, 792.0);

/// A PDF that needs a user password: a standard security handler whose /U matches no
/// password poppler tries.
pub fn encrypted_pdf() -> Vec<u8> {
    let plain = text_pdf(&[vec![(72.0, 720.0, 12.0, "secret")]], LETTER);
    let zeros = "00".repeat(32);
    let encrypt = format!(
        "/Encrypt << /Filter /Standard /V 1 /R 2 /O <{}> /U <{zeros}> /P -4 >> /ID [<{id}> <{id}>]",
        "11".repeat(32),
        id = "22".repeat(16)
    );
    // The trailer follows the cross-reference table: no offset moves.
    let root = b"/Root 1 0 R";
    let at = plain
        .windows(root.len())
        .rposition(|w| w == root)
        .expect("a trailer")
        + root.len();
    let mut pdf = plain[..at].to_vec();
    pdf.push(b' ');
    pdf.extend_from_slice(encrypt.as_bytes());
    pdf.extend_from_slice(&plain[at..]);
    pdf
}
