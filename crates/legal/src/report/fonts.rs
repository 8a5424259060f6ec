//! The report's fonts, read and parsed once at start-up: DejaVu Sans (regular and bold) for
//! most scripts, Noto Sans CJK for the characters DejaVu lacks.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use ttf_parser::{Face, GlyphId};

use super::error::ReportError;

/// Where the report's fonts live on a Debian/Ubuntu system (fonts-dejavu-core,
/// fonts-noto-cjk).
pub const DEJAVU_SANS: &str = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
/// DejaVu Sans Bold, see [`DEJAVU_SANS`].
pub const DEJAVU_SANS_BOLD: &str = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";
/// The Noto Sans CJK collection, see [`DEJAVU_SANS`].
pub const NOTO_SANS_CJK: &str = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc";

/// Which of the three faces a glyph comes from; also its index in [`Fonts::face`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) enum Slot {
    Regular = 0,
    Bold = 1,
    Cjk = 2,
}

impl Slot {
    pub(super) const ALL: [Slot; 3] = [Slot::Regular, Slot::Bold, Slot::Cjk];

    /// The font's resource name in page content ("F0" …).
    pub(super) fn resource_name(self) -> &'static [u8] {
        match self {
            Slot::Regular => b"F0",
            Slot::Bold => b"F1",
            Slot::Cjk => b"F2",
        }
    }
}

/// How a face's glyphs are drawn, which decides how it is embedded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Outlines {
    TrueType,
    Cff,
}

/// One parsed face: its bytes (for subsetting) and what layout and embedding need.
pub(super) struct FontFace {
    pub(super) data: Vec<u8>,
    /// Face index inside a collection (0 for a plain font file).
    pub(super) index: u32,
    pub(super) postscript_name: String,
    pub(super) outlines: Outlines,
    pub(super) units_per_em: f32,
    pub(super) ascender: f32,
    pub(super) descender: f32,
    pub(super) cap_height: f32,
    pub(super) bbox: [f32; 4],
    pub(super) italic_angle: f32,
    pub(super) bold: bool,
    glyph_of: HashMap<char, u16>,
    advances: Vec<u16>,
}

impl std::fmt::Debug for FontFace {
    /// Name and size only: the font bytes are megabytes.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FontFace")
            .field("postscript_name", &self.postscript_name)
            .field("bytes", &self.data.len())
            .field("glyphs", &self.advances.len())
            .finish()
    }
}

impl FontFace {
    /// The glyph for `ch`, when the face has one.
    pub(super) fn glyph(&self, ch: char) -> Option<u16> {
        self.glyph_of.get(&ch).copied()
    }

    /// Horizontal advance of a glyph as a fraction of the font size.
    pub(super) fn advance_em(&self, glyph: u16) -> f32 {
        let units = self.advances.get(usize::from(glyph)).copied().unwrap_or(0);
        f32::from(units) / self.units_per_em
    }

    /// A font-unit value scaled to PDF glyph space (1000 units per em).
    pub(super) fn to_pdf_units(&self, value: f32) -> f32 {
        value * 1000.0 / self.units_per_em
    }

    fn parse(path: &Path, data: Vec<u8>, index: u32) -> Result<FontFace, ReportError> {
        let invalid = |reason: String| ReportError::FontInvalid {
            path: path.to_path_buf(),
            reason,
        };
        let face = Face::parse(&data, index).map_err(|e| invalid(e.to_string()))?;
        let outlines = if face.tables().glyf.is_some() {
            Outlines::TrueType
        } else if face.tables().cff.is_some() {
            Outlines::Cff
        } else {
            return Err(invalid("neither TrueType nor CFF outlines".into()));
        };
        let postscript_name = face
            .names()
            .into_iter()
            .filter(|name| name.name_id == ttf_parser::name_id::POST_SCRIPT_NAME)
            .find_map(|name| name.to_string())
            .map(|name| name.chars().filter(char::is_ascii_alphanumeric).collect())
            .unwrap_or_else(|| "Font".to_string());
        let mut glyph_of = HashMap::new();
        if let Some(cmap) = face.tables().cmap {
            for subtable in cmap.subtables.into_iter().filter(|s| s.is_unicode()) {
                subtable.codepoints(|code| {
                    if let (Some(ch), Some(glyph)) =
                        (char::from_u32(code), subtable.glyph_index(code))
                        && glyph.0 != 0
                    {
                        glyph_of.entry(ch).or_insert(glyph.0);
                    }
                });
            }
        }
        if glyph_of.is_empty() {
            return Err(invalid("no Unicode character map".into()));
        }
        let advances = (0..face.number_of_glyphs())
            .map(|glyph| face.glyph_hor_advance(GlyphId(glyph)).unwrap_or(0))
            .collect();
        let bbox = face.global_bounding_box();
        let ascender = f32::from(face.ascender());
        Ok(FontFace {
            index,
            postscript_name,
            outlines,
            units_per_em: f32::from(face.units_per_em()),
            ascender,
            descender: f32::from(face.descender()),
            cap_height: face
                .capital_height()
                .map(f32::from)
                .unwrap_or(ascender * 0.7),
            bbox: [bbox.x_min, bbox.y_min, bbox.x_max, bbox.y_max].map(f32::from),
            italic_angle: face.italic_angle(),
            bold: face.is_bold(),
            glyph_of,
            advances,
            data,
        })
    }
}

/// The report's three faces. Load once at start-up and share (e.g. in an `Arc`) between
/// requests; writing a report only reads them.
#[derive(Debug)]
pub struct Fonts {
    faces: [FontFace; 3],
}

impl Fonts {
    /// Loads DejaVu Sans, DejaVu Sans Bold and Noto Sans CJK from their system paths.
    /// A missing or unusable file is an error naming it.
    pub fn load() -> Result<Fonts, ReportError> {
        Fonts::load_from(
            Path::new(DEJAVU_SANS),
            Path::new(DEJAVU_SANS_BOLD),
            Path::new(NOTO_SANS_CJK),
        )
    }

    /// Loads the three faces from the given files: a regular and a bold sans-serif (TrueType
    /// or OpenType) and a CJK fallback (a font or a collection; its Simplified Chinese face is
    /// preferred, then the Japanese one, then the first).
    pub fn load_from(regular: &Path, bold: &Path, cjk: &Path) -> Result<Fonts, ReportError> {
        let regular = FontFace::parse(regular, read(regular)?, 0)?;
        let bold = FontFace::parse(bold, read(bold)?, 0)?;
        let cjk_data = read(cjk)?;
        let index = cjk_face_index(&cjk_data);
        let cjk = FontFace::parse(cjk, cjk_data, index)?;
        Ok(Fonts {
            faces: [regular, bold, cjk],
        })
    }

    /// The face of a slot.
    pub(super) fn face(&self, slot: Slot) -> &FontFace {
        &self.faces[slot as usize]
    }

    /// The face and glyph that draw `ch` in the given weight: the DejaVu face when it has the
    /// character, else the CJK face, else DejaVu's replacement character (or .notdef).
    pub(super) fn glyph(&self, ch: char, bold: bool) -> (Slot, u16) {
        let primary = if bold { Slot::Bold } else { Slot::Regular };
        if let Some(glyph) = self.face(primary).glyph(ch) {
            return (primary, glyph);
        }
        if let Some(glyph) = self.face(Slot::Cjk).glyph(ch) {
            return (Slot::Cjk, glyph);
        }
        (primary, self.face(primary).glyph('\u{FFFD}').unwrap_or(0))
    }
}

fn read(path: &Path) -> Result<Vec<u8>, ReportError> {
    std::fs::read(path).map_err(|source| ReportError::FontMissing {
        path: PathBuf::from(path),
        source,
    })
}

/// The collection face to use: "SC" (Simplified Chinese) if present, else "JP", else 0.
fn cjk_face_index(data: &[u8]) -> u32 {
    let count = ttf_parser::fonts_in_collection(data).unwrap_or(1);
    let family_of = |index: u32| -> String {
        Face::parse(data, index)
            .ok()
            .and_then(|face| {
                face.names()
                    .into_iter()
                    .filter(|name| name.name_id == ttf_parser::name_id::FAMILY)
                    .find_map(|name| name.to_string())
            })
            .unwrap_or_default()
    };
    let families: Vec<String> = (0..count).map(family_of).collect();
    let position = |suffix: &str| {
        families
            .iter()
            .position(|family| !family.contains("Mono") && family.ends_with(suffix))
    };
    position(" SC")
        .or_else(|| position(" JP"))
        .and_then(|index| u32::try_from(index).ok())
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loads_the_system_fonts_and_picks_the_simplified_chinese_face() {
        let fonts = Fonts::load().unwrap();
        assert_eq!(fonts.face(Slot::Regular).outlines, Outlines::TrueType);
        assert_eq!(fonts.face(Slot::Cjk).outlines, Outlines::Cff);
        assert_eq!(
            fonts.face(Slot::Cjk).postscript_name,
            "NotoSansCJKscRegular"
        );
        assert!(fonts.face(Slot::Bold).bold);
    }

    #[test]
    fn falls_back_to_cjk_only_for_characters_dejavu_lacks() {
        let fonts = Fonts::load().unwrap();
        assert_eq!(fonts.glyph('Ж', false).0, Slot::Regular);
        assert_eq!(fonts.glyph('λ', true).0, Slot::Bold);
        assert_eq!(fonts.glyph('合', false).0, Slot::Cjk);
        let (slot, glyph) = fonts.glyph('\u{10FFFD}', false);
        assert_eq!(slot, Slot::Regular);
        assert_eq!(Some(glyph), fonts.face(Slot::Regular).glyph('\u{FFFD}'));
    }

    #[test]
    fn fonts_can_be_shared_between_threads_and_debug_prints_no_font_bytes() {
        fn shareable<T: Send + Sync>(_: &T) {}
        let fonts = Fonts::load().unwrap();
        shareable(&fonts);
        let printed = format!("{fonts:?}");
        assert!(
            printed.contains("DejaVuSans") && printed.len() < 1000,
            "{printed}"
        );
    }

    #[test]
    fn a_missing_file_is_an_error_naming_it() {
        let missing = Path::new("/nonexistent/NoSuchFont.ttf");
        let error = Fonts::load_from(missing, missing, missing).unwrap_err();
        assert!(matches!(error, ReportError::FontMissing { .. }));
        assert!(error.to_string().contains("/nonexistent/NoSuchFont.ttf"));
    }

    #[test]
    fn a_file_that_is_not_a_font_is_refused() {
        let not_a_font = Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml");
        let error = Fonts::load_from(&not_a_font, &not_a_font, &not_a_font).unwrap_err();
        assert!(matches!(error, ReportError::FontInvalid { .. }), "{error}");
    }
}
