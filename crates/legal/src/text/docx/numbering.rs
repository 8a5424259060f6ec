//! Word's list numbering (`word/numbering.xml`): each list level's format ("%1.%2."), number
//! style and start, and the running counters that turn a paragraph's list membership into the
//! label Word prints in front of it ("3.2", "(b)", "IV."). Contracts number their clauses this
//! way, so without it a DOCX loses every section number.

use std::collections::HashMap;

use quick_xml::Reader;
use quick_xml::events::{BytesStart, Event};

use crate::clauses::to_roman;
use suite_engines::xml_names::local;

use super::attribute;

/// How one level of a list prints its number.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Level {
    start: u32,
    format: NumberFormat,
    /// "%1.%2." — `%n` is level n's (1-based) counter.
    text: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum NumberFormat {
    Decimal,
    LowerLetter,
    UpperLetter,
    LowerRoman,
    UpperRoman,
    /// Bullets and "none": no number to print.
    Unnumbered,
}

/// The list definitions of a document, and the counters as the body is read.
#[derive(Debug, Default)]
pub struct Numbering {
    /// abstractNumId → its levels by ilvl.
    abstract_levels: HashMap<String, HashMap<u8, Level>>,
    /// numId → abstractNumId and its level start overrides.
    instances: HashMap<String, (String, HashMap<u8, u32>)>,
    /// abstractNumId → the counters of levels 0..=8.
    counters: HashMap<String, [u32; 9]>,
}

impl Numbering {
    /// The definitions of `numbering.xml`; a part that cannot be parsed numbers nothing.
    pub fn parse(xml: &[u8]) -> Numbering {
        let mut numbering = Numbering::default();
        let mut reader = Reader::from_reader(xml);
        let mut abstract_id: Option<String> = None;
        let mut num_id: Option<String> = None;
        let mut level: Option<(u8, Level)> = None;
        let mut override_level: Option<u8> = None;
        loop {
            let event = match reader.read_event() {
                Ok(Event::Eof) | Err(_) => break,
                Ok(event) => event,
            };
            match &event {
                Event::Start(e) | Event::Empty(e) => match local(e.name().as_ref()) {
                    b"abstractNum" => abstract_id = attribute(e, b"abstractNumId"),
                    b"num" => num_id = attribute(e, b"numId"),
                    b"lvl" if abstract_id.is_some() => {
                        level = level_number(e).map(|ilvl| {
                            let format = NumberFormat::Decimal;
                            let start = 1;
                            (
                                ilvl,
                                Level {
                                    start,
                                    format,
                                    text: String::new(),
                                },
                            )
                        })
                    }
                    b"start" => set_level(&mut level, e, |l, v| {
                        l.start = v.parse().unwrap_or(1);
                    }),
                    b"numFmt" => set_level(&mut level, e, |l, v| l.format = format_of(&v)),
                    b"lvlText" => set_level(&mut level, e, |l, v| l.text = v),
                    b"abstractNumId" => {
                        if let (Some(num), Some(target)) = (&num_id, attribute(e, b"val")) {
                            numbering.instances.entry(num.clone()).or_default().0 = target;
                        }
                    }
                    b"lvlOverride" => override_level = level_number(e),
                    b"startOverride" => {
                        if let (Some(num), Some(ilvl), Some(start)) =
                            (&num_id, override_level, attribute(e, b"val"))
                        {
                            let start = start.parse().unwrap_or(1);
                            let instance = numbering.instances.entry(num.clone()).or_default();
                            instance.1.insert(ilvl, start);
                        }
                    }
                    _ => {}
                },
                Event::End(e) => match local(e.name().as_ref()) {
                    b"abstractNum" => abstract_id = None,
                    b"num" => num_id = None,
                    b"lvlOverride" => override_level = None,
                    b"lvl" => {
                        if let (Some(id), Some((ilvl, l))) = (&abstract_id, level.take()) {
                            numbering
                                .abstract_levels
                                .entry(id.clone())
                                .or_default()
                                .insert(ilvl, l);
                        }
                    }
                    _ => {}
                },
                _ => {}
            }
        }
        numbering
    }

    /// The label of the next paragraph of list `num_id` at level `ilvl` ("3.2."), counting
    /// it; None for bullets and unknown lists.
    pub fn next_label(&mut self, num_id: &str, ilvl: u8) -> Option<String> {
        let ilvl = ilvl.min(8);
        let (abstract_id, overrides) = self.instances.get(num_id)?;
        let levels = self.abstract_levels.get(abstract_id)?;
        let start_of = |level: u8| {
            overrides
                .get(&level)
                .copied()
                .or_else(|| levels.get(&level).map(|l| l.start))
                .unwrap_or(1)
        };
        let counters = self.counters.entry(abstract_id.clone()).or_insert([0; 9]);
        let current = usize::from(ilvl);
        counters[current] = if counters[current] == 0 {
            start_of(ilvl)
        } else {
            counters[current] + 1
        };
        for deeper in counters.iter_mut().skip(current + 1) {
            *deeper = 0;
        }
        let level = levels.get(&ilvl)?;
        if level.format == NumberFormat::Unnumbered || level.text.is_empty() {
            return None;
        }
        let mut label = level.text.clone();
        for n in (1..=9u8).rev() {
            let placeholder = format!("%{n}");
            if !label.contains(&placeholder) {
                continue;
            }
            let index = usize::from(n - 1);
            let format = levels
                .get(&(n - 1))
                .map_or(NumberFormat::Decimal, |l| l.format);
            let value = if counters[index] == 0 {
                start_of(n - 1)
            } else {
                counters[index]
            };
            label = label.replace(&placeholder, &formatted(value, format));
        }
        let label = label.trim().to_owned();
        (!label.is_empty()).then_some(label)
    }
}

fn level_number(e: &BytesStart<'_>) -> Option<u8> {
    attribute(e, b"ilvl").and_then(|v| v.parse().ok())
}

fn set_level(
    level: &mut Option<(u8, Level)>,
    e: &BytesStart<'_>,
    set: impl FnOnce(&mut Level, String),
) {
    if let (Some((_, l)), Some(value)) = (level.as_mut(), attribute(e, b"val")) {
        set(l, value);
    }
}

fn format_of(value: &str) -> NumberFormat {
    match value {
        "decimal" | "decimalZero" => NumberFormat::Decimal,
        "lowerLetter" => NumberFormat::LowerLetter,
        "upperLetter" => NumberFormat::UpperLetter,
        "lowerRoman" => NumberFormat::LowerRoman,
        "upperRoman" => NumberFormat::UpperRoman,
        _ => NumberFormat::Unnumbered,
    }
}

fn formatted(value: u32, format: NumberFormat) -> String {
    match format {
        NumberFormat::LowerLetter => letters(value),
        NumberFormat::UpperLetter => letters(value).to_uppercase(),
        NumberFormat::LowerRoman => to_roman(value).to_lowercase(),
        NumberFormat::UpperRoman => to_roman(value),
        NumberFormat::Decimal | NumberFormat::Unnumbered => value.to_string(),
    }
}

/// a, b, … z, aa, bb … as Word counts letters.
fn letters(value: u32) -> String {
    if value == 0 {
        return "0".into();
    }
    let letter = char::from(b'a' + ((value - 1) % 26) as u8);
    std::iter::repeat_n(letter, ((value - 1) / 26 + 1) as usize).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const NUMBERING: &str = r#"<w:numbering xmlns:w="w">
      <w:abstractNum w:abstractNumId="7">
        <w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl>
        <w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1.%2"/></w:lvl>
        <w:lvl w:ilvl="2"><w:start w:val="1"/><w:numFmt w:val="lowerLetter"/><w:lvlText w:val="(%3)"/></w:lvl>
      </w:abstractNum>
      <w:abstractNum w:abstractNumId="8">
        <w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/><w:lvlText w:val="•"/></w:lvl>
      </w:abstractNum>
      <w:abstractNum w:abstractNumId="9">
        <w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="upperRoman"/><w:lvlText w:val="Article %1"/></w:lvl>
      </w:abstractNum>
      <w:num w:numId="1"><w:abstractNumId w:val="7"/></w:num>
      <w:num w:numId="2"><w:abstractNumId w:val="8"/></w:num>
      <w:num w:numId="3"><w:abstractNumId w:val="9"/>
        <w:lvlOverride w:ilvl="0"><w:startOverride w:val="4"/></w:lvlOverride></w:num>
    </w:numbering>"#;

    #[test]
    fn multilevel_lists_count_like_word() {
        let mut numbering = Numbering::parse(NUMBERING.as_bytes());
        let labels: Vec<_> = [
            (0, "1"),
            (1, "1"),
            (1, "1"),
            (2, "1"),
            (2, "1"),
            (1, "1"),
            (0, "1"),
            (1, "1"),
        ]
        .iter()
        .map(|&(ilvl, num)| numbering.next_label(num, ilvl))
        .collect();
        let expected = ["1.", "1.1", "1.2", "(a)", "(b)", "1.3", "2.", "2.1"];
        assert_eq!(labels, expected.map(|l| Some(l.to_owned())));
    }

    #[test]
    fn bullets_have_no_label_and_overrides_start_elsewhere() {
        let mut numbering = Numbering::parse(NUMBERING.as_bytes());
        assert_eq!(numbering.next_label("2", 0), None);
        assert_eq!(numbering.next_label("3", 0).as_deref(), Some("Article IV"));
        assert_eq!(numbering.next_label("3", 0).as_deref(), Some("Article V"));
        assert_eq!(numbering.next_label("99", 0), None);
    }

    #[test]
    fn numbers_in_every_style() {
        assert_eq!(letters(27), "aa");
        assert_eq!(formatted(3, NumberFormat::LowerRoman), "iii");
    }
}
