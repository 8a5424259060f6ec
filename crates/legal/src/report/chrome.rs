//! What every page carries once the page count is known: the running header with the title
//! (after the cover) and the footer with "Page n of N".

use super::ReportInput;
use super::canvas::Canvas;
use super::theme::{CONTENT_WIDTH, MARGIN_X, MUTED, PAGE_HEIGHT, RULE};
use super::wrap::{Style, fit_line};

const SMALL: Style = Style::regular(8.0);

/// "Page 3 of 7".
pub(super) fn page_label(page: usize, of: usize) -> String {
    format!("Page {page} of {of}")
}

/// Draws the header and footer on every page.
pub(super) fn draw(canvas: &mut Canvas, input: &ReportInput) {
    let pages = canvas.page_count();
    let right = MARGIN_X + CONTENT_WIDTH;
    let header_right = "Contract risk review";
    let title_room = CONTENT_WIDTH - canvas.width(header_right, SMALL) - 24.0;
    let title = fit_line(canvas.fonts, input.title, Style::bold(8.0), title_room);
    let page_room = canvas.width(&page_label(pages, pages), SMALL) + 24.0;
    let footer_left = format!("{} · {}", input.file_name, input.date);
    let footer_left = fit_line(canvas.fonts, &footer_left, SMALL, CONTENT_WIDTH - page_room);
    for index in 0..pages {
        canvas.with_page(index, |canvas| {
            if index > 0 {
                let baseline = PAGE_HEIGHT - 42.0;
                canvas.text(MARGIN_X, baseline, &title, Style::bold(8.0), MUTED);
                canvas.text_right(right, baseline, header_right, SMALL, MUTED);
                canvas.rule(MARGIN_X, baseline - 7.0, CONTENT_WIDTH, 0.6, RULE);
            }
            canvas.rule(MARGIN_X, 46.0, CONTENT_WIDTH, 0.6, RULE);
            canvas.text(MARGIN_X, 32.0, &footer_left, SMALL, MUTED);
            let label = page_label(index + 1, pages);
            canvas.text_right(right, 32.0, &label, SMALL, MUTED);
        });
    }
}
