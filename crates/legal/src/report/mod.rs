//! The contract review's PDF report: a cover with the risk score, the summary and parties,
//! the findings by category with the clauses quoted, and the subjects the contract leaves
//! out. Written with pdf-writer; fonts embedded as subsets (DejaVu Sans, Noto Sans CJK as
//! fallback) with ToUnicode maps so every script renders and the text can be searched.

mod assemble;
mod bidi;
mod blocks;
mod canvas;
mod chrome;
mod cover;
mod embed;
mod error;
mod findings;
mod fonts;
mod overview;
mod theme;
mod usage;
mod wrap;

#[cfg(test)]
mod tests;

use crate::model::{Analysis, Clause};

pub use error::ReportError;
pub use fonts::{DEJAVU_SANS, DEJAVU_SANS_BOLD, Fonts, NOTO_SANS_CJK};

/// What a report is made of.
#[derive(Debug, Clone, Copy)]
pub struct ReportInput<'a> {
    /// Printed on the cover and in the running header.
    pub title: &'a str,
    /// The reviewed file's name.
    pub file_name: &'a str,
    /// The report's date, already formatted ("2026-11-25"); the only date in the file.
    pub date: &'a str,
    /// The review.
    pub analysis: &'a Analysis,
    /// The contract's clauses; a finding's `clause_index` indexes this slice.
    pub clauses: &'a [Clause],
}

/// Writes the report as PDF bytes. Deterministic: equal inputs give equal bytes.
pub fn write(input: &ReportInput, fonts: &Fonts) -> Result<Vec<u8>, ReportError> {
    let mut canvas = canvas::Canvas::new(fonts);
    cover::draw(&mut canvas, input);
    canvas.new_page();
    overview::draw(&mut canvas, input);
    findings::draw(&mut canvas, input);
    chrome::draw(&mut canvas, input);
    assemble::assemble(canvas, input.title)
}
