//! The pages being drawn: a cursor that flows top to bottom, starting a new page when the
//! next block does not fit, and the drawing primitives the sections use (text lines,
//! wrapped paragraphs, rectangles, rules).

use pdf_writer::{Content, Name, Str};

use super::bidi::visual_order;
use super::fonts::Fonts;
use super::theme::{CONTENT_BOTTOM, CONTENT_TOP, Rgb};
use super::usage::GlyphUsage;
use super::wrap::{Style, text_width, wrap};

/// Line height as a multiple of the font size.
pub(super) const LEADING: f32 = 1.38;

/// Pages drawn so far, the cursor, and the glyphs used.
pub(super) struct Canvas<'f> {
    pub(super) fonts: &'f Fonts,
    usage: GlyphUsage,
    pages: Vec<Content>,
    /// Top of the free space on the current page (PDF coordinates, y up).
    pub(super) y: f32,
}

impl<'f> Canvas<'f> {
    /// A canvas with one empty page.
    pub(super) fn new(fonts: &'f Fonts) -> Canvas<'f> {
        Canvas {
            fonts,
            usage: GlyphUsage::default(),
            pages: vec![Content::new()],
            y: CONTENT_TOP,
        }
    }

    /// Starts a new page and puts the cursor at its top.
    pub(super) fn new_page(&mut self) {
        self.pages.push(Content::new());
        self.y = CONTENT_TOP;
    }

    /// Number of pages so far.
    pub(super) fn page_count(&self) -> usize {
        self.pages.len()
    }

    /// Starts a new page unless `height` points fit below the cursor; true if it did.
    pub(super) fn ensure(&mut self, height: f32) -> bool {
        if self.y - height < CONTENT_BOTTOM && self.y < CONTENT_TOP {
            self.new_page();
            return true;
        }
        false
    }

    /// Moves the cursor down (never past the bottom of the page's content area).
    pub(super) fn advance(&mut self, height: f32) {
        self.y = (self.y - height).max(CONTENT_BOTTOM);
    }

    fn content(&mut self) -> &mut Content {
        if self.pages.is_empty() {
            self.pages.push(Content::new());
        }
        let last = self.pages.len() - 1;
        &mut self.pages[last]
    }

    /// Runs `draw` with page `index` (0-based) as the page drawn on, for what is added to a
    /// page after later pages were started (running header and footer, a quote's bar).
    /// The cursor is left alone.
    pub(super) fn with_page(&mut self, index: usize, draw: impl FnOnce(&mut Self)) {
        // The requested page becomes the last one for a moment.
        let tail = self.pages.split_off(index + 1);
        draw(self);
        self.pages.extend(tail);
    }

    /// A filled rectangle; (x, y) is its lower-left corner.
    pub(super) fn fill_rect(&mut self, x: f32, y: f32, width: f32, height: f32, colour: Rgb) {
        let content = self.content();
        content.set_fill_rgb(colour.0, colour.1, colour.2);
        content.rect(x, y, width, height).fill_nonzero();
    }

    /// A horizontal rule at height y.
    pub(super) fn rule(&mut self, x: f32, y: f32, width: f32, thickness: f32, colour: Rgb) {
        self.fill_rect(x, y - thickness / 2.0, width, thickness, colour);
    }

    /// One line of text with its baseline at (x, baseline); returns its width.
    pub(super) fn text(
        &mut self,
        x: f32,
        baseline: f32,
        text: &str,
        style: Style,
        colour: Rgb,
    ) -> f32 {
        let runs = self
            .usage
            .encode(self.fonts, &visual_order(text), style.bold);
        let content = self.content();
        content.set_fill_rgb(colour.0, colour.1, colour.2);
        content.begin_text();
        content.next_line(x, baseline);
        for run in &runs {
            content.set_font(Name(run.slot.resource_name()), style.size);
            content.show(Str(&run.codes));
        }
        content.end_text();
        self.width(text, style)
    }

    /// One line of text ending at `right`.
    pub(super) fn text_right(
        &mut self,
        right: f32,
        baseline: f32,
        text: &str,
        style: Style,
        colour: Rgb,
    ) {
        let width = self.width(text, style);
        self.text(right - width, baseline, text, style, colour);
    }

    /// One line of text centred on `centre`.
    pub(super) fn text_centred(
        &mut self,
        centre: f32,
        baseline: f32,
        text: &str,
        style: Style,
        colour: Rgb,
    ) {
        let width = self.width(text, style);
        self.text(centre - width / 2.0, baseline, text, style, colour);
    }

    /// Width of a line of text in points.
    pub(super) fn width(&self, text: &str, style: Style) -> f32 {
        text_width(self.fonts, text, style)
    }

    /// Lines of `text` wrapped to `width`.
    pub(super) fn wrap(&self, text: &str, style: Style, width: f32) -> Vec<String> {
        wrap(self.fonts, text, style, width)
    }

    /// Draws pre-wrapped lines from the cursor down, continuing on new pages as needed.
    /// Returns the page segments drawn as (page index, top y, bottom y) so callers can
    /// decorate them (a quote's bar).
    pub(super) fn lines(
        &mut self,
        x: f32,
        lines: &[String],
        style: Style,
        colour: Rgb,
    ) -> Vec<(usize, f32, f32)> {
        let line_height = style.size * LEADING;
        let mut segments: Vec<(usize, f32, f32)> = Vec::new();
        for line in lines {
            self.ensure(line_height);
            let page = self.pages.len() - 1;
            match segments.last_mut() {
                Some(segment) if segment.0 == page => {}
                _ => segments.push((page, self.y, self.y)),
            }
            let baseline = self.y - style.size * 1.02;
            self.text(x, baseline, line, style, colour);
            self.advance(line_height);
            if let Some(segment) = segments.last_mut() {
                segment.2 = self.y;
            }
        }
        segments
    }

    /// A wrapped paragraph from the cursor down.
    pub(super) fn paragraph(&mut self, x: f32, width: f32, text: &str, style: Style, colour: Rgb) {
        let lines = self.wrap(text, style, width);
        self.lines(x, &lines, style, colour);
    }

    /// The finished pages and the glyphs they use.
    pub(super) fn finish(self) -> (Vec<Content>, GlyphUsage) {
        (self.pages, self.usage)
    }
}
