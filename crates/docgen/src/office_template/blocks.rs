//! Lets `{% for %}` and `{% if %}` span whole paragraphs and table rows without leaving empty
//! paragraphs or broken rows behind. The rules:
//!
//! * A paragraph whose text is only statements (`{% … %}`, `{# … #}`) and whitespace is
//!   replaced by those bare statements (unless it holds a drawing, a section break, a note
//!   reference or a nested text box, which would be lost).
//! * A table row whose text is only statements (and that holds no drawing) is replaced by
//!   them: a row holding only `{% for item in items %}` opens a loop over the rows after it;
//!   a row holding only `{% endfor %}` closes it.
//! * Statements at the very start of a row's text (first cell) move before the row and those
//!   at its very end (last cell) move after it, when they open or close a block that does not
//!   both start and end inside the row's content: `{% for i in items %}{{ i.name }}` in the
//!   first cell and `{{ i.price }}{% endfor %}` in the last repeats that row; a `{% for %}`
//!   leading row 2 and an `{% endfor %}` ending row 3 repeat rows 2–3. The same holds for
//!   `{% if %}`: `{% if x %}` leading the first cell and `{% endif %}` ending the last makes
//!   the row conditional. A block that starts and ends inside the row's content
//!   (`{% for t in tags %}{{ t }}, {% endfor %}` in one cell) stays inline.
//!
//! This runs after tags split across runs are merged, and the paragraph rule runs before the
//! row rule, so a `{% for %}` alone in its own paragraph of the first cell counts as leading.

use super::tags::{Kind, Piece, Role, Tag, pieces};
use super::text::{Dialect, paragraph_slots, row_slots};
use super::xml::{Element, Node};

/// Replaces paragraphs that hold only statements by the bare statements.
pub(crate) fn bare_statement_paragraphs(d: &Dialect, nodes: &mut [Node]) {
    for node in nodes.iter_mut() {
        let Node::Element(e) = node else { continue };
        if d.is_paragraph(&e.name)
            && !d.must_keep(e)
            && let Some(statements) = only_statements(&paragraph_slots(d, e))
        {
            *node = Node::Text(statements);
            continue;
        }
        bare_statement_paragraphs(d, &mut e.children);
    }
}

/// Moves row-level statements out of table rows (see the module's rules).
pub(crate) fn table_rows(d: &Dialect, nodes: &mut Vec<Node>) {
    let mut i = 0;
    while i < nodes.len() {
        let Node::Element(e) = &mut nodes[i] else {
            i += 1;
            continue;
        };
        table_rows(d, &mut e.children);
        if e.name != d.row {
            i += 1;
            continue;
        }
        match row_statements(d, e) {
            Outcome::Keep => i += 1,
            Outcome::Replace(statements) => {
                nodes[i] = Node::Text(statements);
                i += 1;
            }
            Outcome::Move { before, after } => {
                if !before.is_empty() {
                    nodes.insert(i, Node::Text(before));
                    i += 1;
                }
                i += 1;
                if !after.is_empty() {
                    nodes.insert(i, Node::Text(after));
                    i += 1;
                }
            }
        }
    }
}

/// The statements, concatenated, if the slots hold nothing else (and at least one).
fn only_statements(slots: &[&mut String]) -> Option<String> {
    let mut out = String::new();
    for slot in slots {
        for piece in pieces(slot) {
            match piece {
                Piece::Tag(Tag {
                    start,
                    end,
                    kind: Kind::Statement(_),
                }) => out.push_str(&slot[start..end]),
                _ => return None,
            }
        }
    }
    (!out.is_empty()).then_some(out)
}

enum Outcome {
    Keep,
    Replace(String),
    Move { before: String, after: String },
}

/// A statement of a row: which slot, where, and how it nests.
struct Found {
    slot: usize,
    start: usize,
    end: usize,
    role: Role,
    /// Whether only statements and whitespace come before it in the row.
    leading: bool,
    /// Whether only statements and whitespace come after it in the row.
    trailing: bool,
    /// The index of the statement it pairs with inside the row (opener ↔ closer; a middle
    /// statement points at its opener), if that is in the row.
    partner: Option<usize>,
}

fn row_statements(d: &Dialect, row: &mut Element) -> Outcome {
    let holds_objects = super::xml::contains_any(row, d.keep);
    let mut slots = row_slots(d, row);
    let mut found = statements(&slots);
    if found.is_empty() {
        return Outcome::Keep;
    }
    if !holds_objects && found.iter().all(|f| f.leading && f.trailing) {
        let text = found
            .iter()
            .map(|f| &slots[f.slot][f.start..f.end])
            .collect();
        return Outcome::Replace(text);
    }
    pair(&mut found);
    let (lead, trail) = movable(&found);
    if lead == 0 && trail == found.len() {
        return Outcome::Keep;
    }
    let take = |range: std::ops::Range<usize>| -> String {
        found[range]
            .iter()
            .map(|f| &slots[f.slot][f.start..f.end])
            .collect()
    };
    let before = take(0..lead);
    let after = take(trail..found.len());
    let mut cuts: Vec<&Found> = found[..lead].iter().chain(&found[trail..]).collect();
    cuts.sort_by_key(|f| std::cmp::Reverse((f.slot, f.start)));
    for f in cuts {
        slots[f.slot].replace_range(f.start..f.end, "");
    }
    Outcome::Move { before, after }
}

/// The row's statements in order, with whether content comes before or after each.
fn statements(slots: &[&mut String]) -> Vec<Found> {
    let mut found = Vec::new();
    let mut seen_content = false;
    let mut after_content: Vec<usize> = Vec::new();
    for (slot, text) in slots.iter().enumerate() {
        for piece in pieces(text) {
            match piece {
                Piece::Tag(Tag {
                    start,
                    end,
                    kind: Kind::Statement(role),
                }) => {
                    after_content.push(found.len());
                    found.push(Found {
                        slot,
                        start,
                        end,
                        role,
                        leading: !seen_content,
                        trailing: true,
                        partner: None,
                    });
                }
                Piece::Tag(_) | Piece::Content => {
                    seen_content = true;
                    for k in after_content.drain(..) {
                        found[k].trailing = false;
                    }
                }
            }
        }
    }
    found
}

/// Pairs openers with closers (and middles with openers) inside the row.
fn pair(found: &mut [Found]) {
    let mut open: Vec<usize> = Vec::new();
    for k in 0..found.len() {
        match found[k].role {
            Role::Open => open.push(k),
            Role::Middle => found[k].partner = open.last().copied(),
            Role::Close => {
                if let Some(opener) = open.pop() {
                    found[k].partner = Some(opener);
                    found[opener].partner = Some(k);
                }
            }
            Role::Neutral => {}
        }
    }
}

/// How many leading statements move before the row, and from which index the trailing ones
/// move after it.
fn movable(found: &[Found]) -> (usize, usize) {
    let mut lead_limit = found.iter().take_while(|f| f.leading).count();
    loop {
        let lead = found[..lead_limit]
            .iter()
            .take_while(|f| leaves_before(f, lead_limit, found))
            .count();
        let mut trail = found.len();
        while trail > lead && found[trail - 1].trailing && leaves_after(&found[trail - 1], lead) {
            trail -= 1;
        }
        // An opener that moved out must take its in-row closer along.
        let stranded = found[..lead]
            .iter()
            .position(|f| f.role == Role::Open && f.partner.is_some_and(|p| p < trail));
        match stranded {
            Some(k) => lead_limit = k,
            None => return (lead, trail),
        }
    }
}

/// Whether a leading statement belongs before the row.
fn leaves_before(f: &Found, lead_limit: usize, found: &[Found]) -> bool {
    match f.role {
        Role::Open => match f.partner {
            None => true,
            Some(p) => found[p].trailing && p >= lead_limit,
        },
        Role::Middle | Role::Close => f.partner.is_none(),
        Role::Neutral => true,
    }
}

/// Whether a trailing statement belongs after the row, given how many leading ones moved.
fn leaves_after(f: &Found, lead: usize) -> bool {
    match f.role {
        Role::Close => f.partner.is_none_or(|p| p < lead),
        Role::Open | Role::Middle => f.partner.is_none(),
        Role::Neutral => true,
    }
}

#[cfg(test)]
mod tests {
    use super::super::docx::DOCX;
    use super::super::xml::{parse, serialize};
    use super::*;

    fn row(cells: &[&str]) -> String {
        let cells: String = cells
            .iter()
            .map(|t| format!("<w:tc><w:p><w:r><w:t>{t}</w:t></w:r></w:p></w:tc>"))
            .collect();
        format!("<w:tr>{cells}</w:tr>")
    }

    fn rows(xml: &str) -> String {
        let mut nodes = parse(&format!("<w:tbl>{xml}</w:tbl>")).unwrap();
        bare_statement_paragraphs(&DOCX, &mut nodes);
        table_rows(&DOCX, &mut nodes);
        serialize(&nodes)
    }

    #[test]
    fn a_row_of_only_a_statement_becomes_the_statement() {
        let xml = row(&["{% for i in items %}", ""])
            + &row(&["{{ i }}", "x"])
            + &row(&["{% endfor %}", ""]);
        assert_eq!(
            rows(&xml),
            format!(
                "<w:tbl>{{% for i in items %}}{}{{% endfor %}}</w:tbl>",
                row(&["{{ i }}", "x"])
            )
        );
    }

    #[test]
    fn statements_at_the_row_edges_move_out() {
        let xml = row(&["{% for i in items %}{{ i.a }}", "{{ i.b }}{% endfor %}"]);
        assert_eq!(
            rows(&xml),
            format!(
                "<w:tbl>{{% for i in items %}}{}{{% endfor %}}</w:tbl>",
                row(&["{{ i.a }}", "{{ i.b }}"])
            )
        );
    }

    #[test]
    fn a_loop_over_two_rows_moves_out_of_both() {
        let xml =
            row(&["{% for i in items %}{{ i.a }}", "b"]) + &row(&["c", "{{ i.d }}{% endfor %}"]);
        assert_eq!(
            rows(&xml),
            format!(
                "<w:tbl>{{% for i in items %}}{}{}{{% endfor %}}</w:tbl>",
                row(&["{{ i.a }}", "b"]),
                row(&["c", "{{ i.d }}"])
            )
        );
    }

    #[test]
    fn an_inline_loop_stays_inline() {
        let xml = row(&[
            "{% for t in tags %}{{ t }}, {% endfor %}",
            "{% if x %}y{% endif %}",
        ]);
        assert_eq!(rows(&xml), format!("<w:tbl>{xml}</w:tbl>"));
    }

    #[test]
    fn a_paragraph_of_statements_becomes_bare() {
        let mut nodes = parse(
            "<w:body><w:p><w:r><w:t>{% if a %}</w:t></w:r><w:r><w:t> {% for x in y %}</w:t></w:r></w:p>\
             <w:p><w:r><w:t>{{ x }}</w:t></w:r></w:p>\
             <w:p><w:pPr><w:sectPr/></w:pPr><w:r><w:t>{% endfor %}</w:t></w:r></w:p></w:body>",
        )
        .unwrap();
        bare_statement_paragraphs(&DOCX, &mut nodes);
        let out = serialize(&nodes);
        assert!(
            out.starts_with("<w:body>{% if a %}{% for x in y %}<w:p>"),
            "{out}"
        );
        assert!(
            out.contains("<w:sectPr/></w:pPr><w:r><w:t>{% endfor %}"),
            "{out}"
        );
    }
}
