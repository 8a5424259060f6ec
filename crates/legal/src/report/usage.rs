//! Which glyphs of which face a report uses: page content refers to glyphs by their id in
//! the font subset, handed out here as text is drawn, so the subset, its widths and its
//! ToUnicode map can be written once all pages are done.

use subsetter::GlyphRemapper;

use super::fonts::{Fonts, Slot};

/// The glyphs one face contributes to the document.
#[derive(Debug, Default)]
pub(super) struct SlotUsage {
    /// Original glyph id → id in the subset (= CID with Identity-H), in first-use order.
    pub(super) remapper: GlyphRemapper,
    /// The character each subset glyph stands for, by subset id (None for .notdef).
    pub(super) chars: Vec<Option<char>>,
}

impl SlotUsage {
    /// Whether any glyph besides .notdef was used.
    pub(super) fn is_used(&self) -> bool {
        self.remapper.num_gids() > 1
    }

    fn cid(&mut self, glyph: u16, ch: char) -> u16 {
        if self.chars.is_empty() {
            self.chars.push(None); // .notdef, always subset id 0
        }
        let cid = self.remapper.remap(glyph);
        if usize::from(cid) == self.chars.len() {
            self.chars.push(Some(ch));
        }
        cid
    }
}

/// A piece of a line drawn with one face: its Identity-H codes (big-endian CIDs).
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Run {
    pub(super) slot: Slot,
    pub(super) codes: Vec<u8>,
}

/// The glyphs of the three faces used so far.
#[derive(Debug, Default)]
pub(super) struct GlyphUsage {
    slots: [SlotUsage; 3],
}

impl GlyphUsage {
    /// What one slot used.
    pub(super) fn slot(&self, slot: Slot) -> &SlotUsage {
        &self.slots[slot as usize]
    }

    /// Encodes one line of text into runs of the faces that draw it, recording the glyphs.
    pub(super) fn encode(&mut self, fonts: &Fonts, text: &str, bold: bool) -> Vec<Run> {
        let mut runs: Vec<Run> = Vec::new();
        for ch in text.chars() {
            let (slot, glyph) = fonts.glyph(ch, bold);
            let stands_for = if fonts.face(slot).glyph(ch) == Some(glyph) {
                ch
            } else {
                '\u{FFFD}'
            };
            let cid = self.slots[slot as usize].cid(glyph, stands_for);
            match runs.last_mut() {
                Some(run) if run.slot == slot => run.codes.extend(cid.to_be_bytes()),
                _ => runs.push(Run {
                    slot,
                    codes: cid.to_be_bytes().to_vec(),
                }),
            }
        }
        runs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_a_line_into_runs_per_face_with_stable_subset_ids() {
        let fonts = Fonts::load().unwrap();
        let mut usage = GlyphUsage::default();
        let runs = usage.encode(&fonts, "ab合同a", false);
        let slots: Vec<Slot> = runs.iter().map(|run| run.slot).collect();
        assert_eq!(slots, [Slot::Regular, Slot::Cjk, Slot::Regular]);
        // Subset ids start after .notdef and are reused for a repeated character.
        assert_eq!(runs[0].codes, [0, 1, 0, 2]);
        assert_eq!(runs[1].codes, [0, 1, 0, 2]);
        assert_eq!(runs[2].codes, [0, 1]);
        assert_eq!(
            usage.slot(Slot::Regular).chars,
            [None, Some('a'), Some('b')]
        );
        assert_eq!(usage.slot(Slot::Cjk).chars, [None, Some('合'), Some('同')]);
        assert!(!usage.slot(Slot::Bold).is_used());
    }
}
