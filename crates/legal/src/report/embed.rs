//! Embedding one face's subset in the PDF as a Type0 font with Identity-H encoding: the
//! subset font file (TrueType as CIDFontType2/FontFile2, CFF as CIDFontType0/FontFile3
//! CIDFontType0C), the widths of the glyphs used, and a ToUnicode map so the text can be
//! extracted and searched.

use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, UnicodeCmap};
use pdf_writer::{Filter, Finish, Name, Pdf, Rect, Ref, Str};

use super::error::ReportError;
use super::fonts::{FontFace, Outlines};
use super::usage::SlotUsage;

/// The objects of one embedded font.
#[derive(Debug, Clone, Copy)]
pub(super) struct FontRefs {
    pub(super) type0: Ref,
    pub(super) cid_font: Ref,
    pub(super) descriptor: Ref,
    pub(super) to_unicode: Ref,
    pub(super) file: Ref,
}

impl FontRefs {
    /// Allocates the five object ids from `next`.
    pub(super) fn allocate(next: &mut Ref) -> FontRefs {
        FontRefs {
            type0: next.bump(),
            cid_font: next.bump(),
            descriptor: next.bump(),
            to_unicode: next.bump(),
            file: next.bump(),
        }
    }
}

const IDENTITY: SystemInfo = SystemInfo {
    registry: Str(b"Adobe"),
    ordering: Str(b"Identity"),
    supplement: 0,
};

/// Writes the font objects of `face` restricted to the glyphs in `usage`.
pub(super) fn embed(
    pdf: &mut Pdf,
    refs: FontRefs,
    face: &FontFace,
    usage: &SlotUsage,
) -> Result<(), ReportError> {
    let failed = |reason: String| ReportError::Embedding {
        font: face.postscript_name.clone(),
        reason,
    };
    let subset = subsetter::subset(&face.data, face.index, &usage.remapper)
        .map_err(|error| failed(error.to_string()))?;
    let original_glyphs: Vec<u16> = usage.remapper.remapped_gids().collect();
    let base_font = format!(
        "{}+{}",
        subset_tag(&face.postscript_name, &original_glyphs),
        face.postscript_name
    );
    let base_font = Name(base_font.as_bytes());

    pdf.type0_font(refs.type0)
        .base_font(base_font)
        .encoding_predefined(Name(b"Identity-H"))
        .descendant_font(refs.cid_font)
        .to_unicode(refs.to_unicode);

    let mut cid_font = pdf.cid_font(refs.cid_font);
    let subtype = match face.outlines {
        Outlines::TrueType => CidFontType::Type2,
        Outlines::Cff => CidFontType::Type0,
    };
    cid_font
        .subtype(subtype)
        .base_font(base_font)
        .system_info(IDENTITY)
        .font_descriptor(refs.descriptor)
        .default_width(0.0);
    if face.outlines == Outlines::TrueType {
        cid_font.cid_to_gid_map_predefined(Name(b"Identity"));
    }
    let widths = original_glyphs
        .iter()
        .map(|&glyph| (face.advance_em(glyph) * 1000.0).round());
    cid_font.widths().consecutive(0, widths);
    cid_font.finish();

    let [x_min, y_min, x_max, y_max] = face.bbox.map(|v| face.to_pdf_units(v));
    let mut descriptor = pdf.font_descriptor(refs.descriptor);
    descriptor
        .name(base_font)
        .flags(FontFlags::SYMBOLIC)
        .bbox(Rect::new(x_min, y_min, x_max, y_max))
        .italic_angle(face.italic_angle)
        .ascent(face.to_pdf_units(face.ascender))
        .descent(face.to_pdf_units(face.descender))
        .cap_height(face.to_pdf_units(face.cap_height))
        .stem_v(if face.bold { 140.0 } else { 80.0 });
    match face.outlines {
        Outlines::TrueType => descriptor.font_file2(refs.file),
        Outlines::Cff => descriptor.font_file3(refs.file),
    };
    descriptor.finish();

    match face.outlines {
        Outlines::TrueType => {
            let compressed = super::assemble::deflate(&subset)?;
            let length = i32::try_from(subset.len()).map_err(|e| failed(e.to_string()))?;
            pdf.stream(refs.file, &compressed)
                .filter(Filter::FlateDecode)
                .pair(Name(b"Length1"), length);
        }
        Outlines::Cff => {
            let cff = cff_table(&subset).ok_or_else(|| failed("subset has no CFF table".into()))?;
            let compressed = super::assemble::deflate(cff)?;
            pdf.stream(refs.file, &compressed)
                .filter(Filter::FlateDecode)
                .pair(Name(b"Subtype"), Name(b"CIDFontType0C"));
        }
    }

    let mut cmap = UnicodeCmap::new(Name(b"Custom"), IDENTITY);
    for (cid, ch) in usage.chars.iter().enumerate() {
        if let (Ok(cid), Some(ch)) = (u16::try_from(cid), ch) {
            cmap.pair(cid, *ch);
        }
    }
    let cmap = super::assemble::deflate(cmap.finish().as_slice())?;
    pdf.cmap(refs.to_unicode, &cmap).filter(Filter::FlateDecode);
    Ok(())
}

/// The bare CFF table of an OpenType subset (the form PDF's FontFile3/CIDFontType0C takes).
fn cff_table(font: &[u8]) -> Option<&[u8]> {
    let face = ttf_parser::RawFace::parse(font, 0).ok()?;
    face.table(ttf_parser::Tag::from_bytes(b"CFF "))
}

/// Six capital letters identifying a subset ("ABCDEF+Font"), derived from the font and its
/// glyphs so equal subsets get equal tags and the output stays deterministic.
fn subset_tag(postscript_name: &str, glyphs: &[u16]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let bytes = postscript_name
        .bytes()
        .chain(glyphs.iter().flat_map(|glyph| glyph.to_be_bytes()));
    for byte in bytes {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    }
    (0..6)
        .map(|_| {
            let letter = b'A' + (hash % 26) as u8;
            hash /= 26;
            char::from(letter)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subset_tags_are_six_capitals_that_depend_on_font_and_glyphs() {
        let tag = subset_tag("DejaVuSans", &[0, 5, 9]);
        assert_eq!(tag.len(), 6);
        assert!(tag.bytes().all(|b| b.is_ascii_uppercase()));
        assert_eq!(tag, subset_tag("DejaVuSans", &[0, 5, 9]));
        assert_ne!(tag, subset_tag("DejaVuSans", &[0, 5, 10]));
        assert_ne!(tag, subset_tag("DejaVuSans-Bold", &[0, 5, 9]));
    }
}
