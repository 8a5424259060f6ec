//! What a PDF's own structure says about its history (`pdf_edited_after_creation`,
//! `pdf_incremental_update`), read by a small pure-Rust reader over the raw bytes: no PDF
//! library, nothing executed, fixed bounds (the first `MAX_SCANNED_BYTES`, at most
//! `MAX_SECTIONS` revisions, `MAX_XMP_BYTES` of XMP).
//!
//! Metadata: the Info dictionary (the trailer's last `/Info n g R`, the last definition of
//! that object, one level of indirect values) and the document's XMP packet (the
//! catalog's `/Metadata` stream; else the last `<x:xmpmeta` packet that has `pdf:Producer`,
//! so the XMP of an embedded photo is not taken for the document's). Not read: Info inside
//! compressed object streams (XMP usually still answers), and any string of an encrypted
//! PDF (its strings are ciphertext).
//!
//! Edited: `Producer` or `Creator` (Info) / `pdf:Producer` or `xmp:CreatorTool` (XMP)
//! names an editing tool of [`EDITING_TOOLS`], or the modification date is more than
//! [`MODIFICATION_GRACE_SECONDS`] after the creation date.
//!
//! Revisions: each revision ends with `startxref <offset> %%EOF`. A plain PDF has one; each
//! incremental update appends one more. A linearized PDF legitimately has two (the
//! first-page cross-reference section at the start, the main one at the end): it is told
//! by the `/Linearized` dictionary in the first 1024 bytes, and its `/L` (the file's length
//! when linearized) separates what was written then from sections appended since. Updates
//! that add a digital signature or its validation data (`/ByteRange`, `/DSS`,
//! `/DocTimeStamp`) are signing, not editing, and are not counted.

use regex::bytes::Regex;
use std::sync::LazyLock;

use super::pdf_strings::{
    PdfDate, decode_text_string, dictionary_value, parse_pdf_date, parse_xmp_date, reference_at,
    skip_whitespace, string_object,
};
use super::scoring::{
    WEIGHT_EDITED_BY_EDITOR, WEIGHT_EDITED_BY_EDITOR_AND_DATES, WEIGHT_EDITED_DATES_ONLY,
    WEIGHT_INCREMENTAL_UPDATE,
};
use super::{Signal, SignalKind};

/// Bytes of a PDF scanned at most (larger uploads are over the API's limit anyway).
pub const MAX_SCANNED_BYTES: usize = 64 * 1024 * 1024;
/// Revisions (`startxref … %%EOF` sections) counted at most.
pub const MAX_SECTIONS: usize = 10_000;
/// Bytes of one XMP packet read at most.
pub const MAX_XMP_BYTES: usize = 1024 * 1024;
/// XMP packets looked at at most when the catalog's is not found.
pub const MAX_XMP_PACKETS: usize = 64;
/// How much later than CreationDate a ModDate may be without the PDF counting as modified
/// (generators stamp both while writing).
pub const MODIFICATION_GRACE_SECONDS: i64 = 60;
/// Where a linearized PDF's `/Linearized` dictionary must be.
const LINEARIZATION_WINDOW: usize = 1024;
/// Characters of a tool name quoted in a detail.
const QUOTED_CHARS: usize = 60;

/// A family of editing tools and how its Producer/Creator strings are told apart from the
/// same vendor's generators (matching is case-insensitive, on substrings).
#[derive(Debug, Clone, Copy)]
pub struct EditingTool {
    pub name: &'static str,
    /// Any of these in the string names the tool …
    pub markers: &'static [&'static str],
    /// … unless one of these is there too (a generator or scanner of the same vendor).
    pub except: &'static [&'static str],
}

/// The documented list of editing tools. Generators of the same vendors are excluded:
/// Acrobat Distiller, Adobe PDF Library and Acrobat PDFMaker (Office export), Acrobat's
/// Paper Capture (OCR) and Image Conversion (scans) and Web Capture. LibreOffice is a
/// normal generator (Writer, Calc, Impress); only its Draw, which is what opens and edits an
/// existing PDF, counts (see [`editing_tool_of`]). Canva, Word, macOS Quartz are not
/// listed: they create documents (or re-save them indistinguishably from creating them).
pub const EDITING_TOOLS: &[EditingTool] = &[
    EditingTool {
        name: "Adobe Acrobat",
        markers: &["acrobat"],
        except: &[
            "distiller",
            "pdf library",
            "pdfmaker",
            "paper capture",
            "image conversion",
            "web capture",
            "scan",
        ],
    },
    EditingTool {
        name: "Wondershare PDFelement",
        markers: &["pdfelement", "wondershare"],
        except: &[],
    },
    EditingTool {
        name: "Foxit PDF Editor",
        markers: &[
            "foxit phantompdf",
            "foxit pdf editor",
            "foxit advanced pdf editor",
            "foxit phantom",
        ],
        except: &[],
    },
    EditingTool {
        name: "Nitro PDF",
        markers: &["nitro pro", "nitro pdf", "nitro productivity"],
        except: &[],
    },
    EditingTool {
        name: "Sejda",
        markers: &["sejda"],
        except: &[],
    },
    EditingTool {
        name: "iLovePDF",
        markers: &["ilovepdf"],
        except: &[],
    },
    EditingTool {
        name: "Smallpdf",
        markers: &["smallpdf"],
        except: &[],
    },
    EditingTool {
        name: "PDF-XChange Editor",
        markers: &[
            "pdf-xchange editor",
            "pdf-xchange viewer",
            "pdf-xchange pro",
        ],
        except: &[],
    },
    EditingTool {
        name: "Inkscape",
        markers: &["inkscape"],
        except: &[],
    },
    EditingTool {
        name: "GIMP",
        markers: &["gimp"],
        except: &[],
    },
    EditingTool {
        name: "Adobe Photoshop",
        markers: &["photoshop"],
        except: &[],
    },
    EditingTool {
        name: "Adobe Illustrator",
        markers: &["illustrator"],
        except: &[],
    },
    EditingTool {
        name: "PDFescape",
        markers: &["pdfescape"],
        except: &[],
    },
    EditingTool {
        name: "Soda PDF",
        markers: &["soda pdf", "sodapdf"],
        except: &[],
    },
    EditingTool {
        name: "pdfFiller",
        markers: &["pdffiller"],
        except: &[],
    },
    EditingTool {
        name: "PDF Candy",
        markers: &["pdf candy", "pdfcandy"],
        except: &[],
    },
    EditingTool {
        name: "Master PDF Editor",
        markers: &["master pdf editor"],
        except: &[],
    },
    EditingTool {
        name: "PDF Expert",
        markers: &["pdf expert"],
        except: &[],
    },
    EditingTool {
        name: "Kofax Power PDF",
        markers: &["power pdf"],
        except: &[],
    },
    EditingTool {
        name: "Qoppa PDF Studio",
        markers: &["pdf studio"],
        except: &[],
    },
    EditingTool {
        name: "PDF Architect",
        markers: &["pdf architect"],
        except: &[],
    },
    EditingTool {
        name: "DocHub",
        markers: &["dochub"],
        except: &[],
    },
];

/// The editing tool a Producer or Creator string names. `producer` is given with the
/// creator so LibreOffice Draw (Producer "LibreOffice …", Creator "Draw") is recognised.
pub fn editing_tool_of(tool_string: &str, producer: Option<&str>) -> Option<&'static str> {
    let lower = tool_string.to_lowercase();
    let lower = lower.trim();
    let producer_is_office = producer.is_some_and(|p| {
        let p = p.to_lowercase();
        p.contains("libreoffice") || p.contains("openoffice")
    });
    if producer_is_office && (lower == "draw" || lower.starts_with("draw ")) {
        return Some("LibreOffice Draw");
    }
    EDITING_TOOLS
        .iter()
        .find(|tool| {
            tool.markers.iter().any(|marker| lower.contains(marker))
                && !tool.except.iter().any(|except| lower.contains(except))
        })
        .map(|tool| tool.name)
}

/// Where a metadata value was read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MetadataSource {
    Info,
    Xmp,
}

/// The metadata the checks use.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PdfMetadata {
    pub info_producer: Option<String>,
    pub info_creator: Option<String>,
    pub info_creation: Option<PdfDate>,
    pub info_modification: Option<PdfDate>,
    pub xmp_producer: Option<String>,
    pub xmp_creator_tool: Option<String>,
    pub xmp_create: Option<PdfDate>,
    pub xmp_modify: Option<PdfDate>,
}

/// The revisions found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PdfRevisions {
    /// `startxref … %%EOF` sections in the file.
    pub sections: usize,
    /// Whether the file starts with a linearization dictionary.
    pub linearized: bool,
    /// Updates appended after the PDF was first written that add signatures.
    pub signature_updates: usize,
    /// The other appended updates (the signal).
    pub edit_updates: usize,
    /// `/Prev` links to an earlier cross-reference section.
    pub prev_links: usize,
}

/// Everything the reader found in a PDF.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PdfInspection {
    pub encrypted: bool,
    pub metadata: PdfMetadata,
    pub revisions: PdfRevisions,
}

/// Reads metadata and revisions of `pdf` (any bytes; never fails, finds less on garbage).
pub fn inspect(pdf: &[u8]) -> PdfInspection {
    let scanned = &pdf[..pdf.len().min(MAX_SCANNED_BYTES)];
    let encrypted = is_encrypted(scanned);
    let mut metadata = PdfMetadata::default();
    if !encrypted {
        read_info(scanned, &mut metadata);
    }
    read_xmp(scanned, &mut metadata);
    PdfInspection {
        encrypted,
        metadata,
        revisions: count_revisions(scanned),
    }
}

impl PdfInspection {
    /// The signals of what was found.
    pub fn signals(&self) -> Vec<Signal> {
        let mut signals = Vec::new();
        signals.extend(self.edited_signal());
        signals.extend(self.incremental_signal());
        signals
    }

    /// `pdf_edited_after_creation`.
    pub fn edited_signal(&self) -> Option<Signal> {
        let meta = &self.metadata;
        let producer_for_draw = meta
            .info_producer
            .as_deref()
            .or(meta.xmp_producer.as_deref());
        let candidates = [
            (
                "Producer",
                MetadataSource::Info,
                meta.info_producer.as_deref(),
            ),
            (
                "Creator",
                MetadataSource::Info,
                meta.info_creator.as_deref(),
            ),
            (
                "pdf:Producer",
                MetadataSource::Xmp,
                meta.xmp_producer.as_deref(),
            ),
            (
                "xmp:CreatorTool",
                MetadataSource::Xmp,
                meta.xmp_creator_tool.as_deref(),
            ),
        ];
        let tool = candidates.iter().find_map(|(field, source, value)| {
            let value = (*value)?;
            let tool = editing_tool_of(value, producer_for_draw)?;
            Some((*field, *source, value, tool))
        });
        let dates = match (meta.info_creation, meta.info_modification) {
            (Some(created), Some(modified)) => Some((created, modified, MetadataSource::Info)),
            _ => match (meta.xmp_create, meta.xmp_modify) {
                (Some(created), Some(modified)) => Some((created, modified, MetadataSource::Xmp)),
                _ => None,
            },
        }
        .filter(|(created, modified, _)| {
            modified.seconds_after(created) > MODIFICATION_GRACE_SECONDS
        });
        let mut sentences = Vec::new();
        if let Some((field, source, value, tool)) = tool {
            let quoted: String = value
                .chars()
                .filter(|c| !c.is_control())
                .take(QUOTED_CHARS)
                .collect();
            let place = match source {
                MetadataSource::Info => "Info dictionary",
                MetadataSource::Xmp => "XMP metadata",
            };
            sentences.push(format!(
                "The PDF's {field} ({place}) is \"{quoted}\", an editing tool ({tool})."
            ));
        }
        if let Some((created, modified, source)) = dates {
            let (created_name, modified_name) = match source {
                MetadataSource::Info => ("CreationDate", "ModDate"),
                MetadataSource::Xmp => ("xmp:CreateDate", "xmp:ModifyDate"),
            };
            sentences.push(format!(
                "The PDF was modified {} after it was created ({modified_name} {modified}, {created_name} {created}).",
                describe_duration(modified.seconds_after(&created))
            ));
        }
        let weight = match (tool.is_some(), dates.is_some()) {
            (true, true) => WEIGHT_EDITED_BY_EDITOR_AND_DATES,
            (true, false) => WEIGHT_EDITED_BY_EDITOR,
            (false, true) => WEIGHT_EDITED_DATES_ONLY,
            (false, false) => return None,
        };
        Some(Signal {
            kind: SignalKind::PdfEditedAfterCreation,
            weight,
            detail: sentences.join(" "),
        })
    }

    /// `pdf_incremental_update`.
    pub fn incremental_signal(&self) -> Option<Signal> {
        let revisions = &self.revisions;
        if revisions.edit_updates == 0 {
            return None;
        }
        let plural = if revisions.edit_updates == 1 {
            "update was"
        } else {
            "updates were"
        };
        let mut detail = format!(
            "{} incremental {plural} appended after the PDF was first written ({} cross-reference sections",
            revisions.edit_updates, revisions.sections
        );
        if revisions.linearized {
            detail.push_str(", two of them the linearized file's own");
        }
        detail.push_str(").");
        if revisions.signature_updates > 0 {
            detail.push_str(&format!(
                " {} more add digital signatures and are not counted.",
                revisions.signature_updates
            ));
        }
        Some(Signal {
            kind: SignalKind::PdfIncrementalUpdate,
            weight: WEIGHT_INCREMENTAL_UPDATE,
            detail,
        })
    }
}

fn describe_duration(seconds: i64) -> String {
    let minutes = seconds / 60;
    let hours = minutes / 60;
    let days = hours / 24;
    if days >= 2 {
        format!("{days} days")
    } else if hours >= 2 {
        format!("{hours} hours")
    } else {
        format!("{minutes} minutes")
    }
}

fn regex(pattern: &str) -> Regex {
    // The patterns are constants of this file, checked by the tests.
    #[allow(clippy::expect_used)]
    Regex::new(pattern).expect("a valid pattern")
}

static ENCRYPT: LazyLock<Regex> = LazyLock::new(|| regex(r"(?-u)/Encrypt\s*(?:\d+\s+\d+\s+R|<<)"));
static INFO_REFERENCE: LazyLock<Regex> =
    LazyLock::new(|| regex(r"(?-u)/Info\s+(\d{1,10})\s+(\d{1,5})\s+R"));
static ROOT_REFERENCE: LazyLock<Regex> =
    LazyLock::new(|| regex(r"(?-u)/Root\s+(\d{1,10})\s+(\d{1,5})\s+R"));
static SECTION_END: LazyLock<Regex> =
    LazyLock::new(|| regex(r"(?-u)startxref\s+(\d{1,20})\s+%%EOF"));
static PREV_LINK: LazyLock<Regex> =
    LazyLock::new(|| regex(r"(?-u)/Prev\s+(\d{1,20})(\s+\d{1,5}\s+R)?"));
static LINEARIZED_LENGTH: LazyLock<Regex> =
    LazyLock::new(|| regex(r"(?-u)/Linearized\s[^>]{0,512}?/L\s+(\d{1,20})"));
static LINEARIZED: LazyLock<Regex> = LazyLock::new(|| regex(r"(?-u)/Linearized[\s/]"));
static SIGNING: LazyLock<Regex> = LazyLock::new(|| regex(r"(?-u)/ByteRange|/DSS\b|/DocTimeStamp"));
static XMP_START: LazyLock<Regex> = LazyLock::new(|| regex(r"(?-u)<x:xmpmeta"));
static XMP_END: LazyLock<Regex> = LazyLock::new(|| regex(r"(?-u)</x:xmpmeta>"));

fn is_encrypted(pdf: &[u8]) -> bool {
    ENCRYPT.is_match(pdf)
}

fn captured_number<T: std::str::FromStr>(
    captures: &regex::bytes::Captures<'_>,
    group: usize,
) -> Option<T> {
    std::str::from_utf8(captures.get(group)?.as_bytes())
        .ok()?
        .parse()
        .ok()
}

/// The position just after `n g obj` of the last definition of object `n g`.
fn object_body(pdf: &[u8], number: u32, generation: u16) -> Option<usize> {
    let pattern = format!(r"(?-u)(?:^|[^0-9])0*{number}\s+{generation}\s+obj\b");
    let definition = regex(&pattern).find_iter(pdf).last()?;
    Some(skip_whitespace(pdf, definition.end()))
}

/// The last `/Key n g R` of `pattern` in the file (the newest revision's).
fn last_reference(pdf: &[u8], pattern: &Regex) -> Option<(u32, u16)> {
    let captures = pattern.captures_iter(pdf).last()?;
    Some((
        captured_number(&captures, 1)?,
        captured_number(&captures, 2)?,
    ))
}

/// A text value of the Info dictionary: a string, or a reference to one.
fn info_text(pdf: &[u8], dictionary_at: usize, key: &[u8]) -> Option<String> {
    let value = dictionary_value(pdf, dictionary_at, key)?;
    let raw = match string_object(value) {
        Some(raw) => raw,
        None => {
            let (number, generation, _) = reference_at(value, 0)?;
            let body = object_body(pdf, number, generation)?;
            let end = pdf
                .len()
                .min(body + super::pdf_strings::MAX_STRING_BYTES * 4);
            string_object(pdf.get(body..end)?)?
        }
    };
    let text = decode_text_string(&raw);
    let trimmed = text.trim_matches(|c: char| c.is_whitespace() || c == '\0');
    (!trimmed.is_empty()).then(|| trimmed.to_owned())
}

fn read_info(pdf: &[u8], metadata: &mut PdfMetadata) {
    let Some((number, generation)) = last_reference(pdf, &INFO_REFERENCE) else {
        return;
    };
    let Some(body) = object_body(pdf, number, generation) else {
        return;
    };
    metadata.info_producer = info_text(pdf, body, b"Producer");
    metadata.info_creator = info_text(pdf, body, b"Creator");
    metadata.info_creation = info_text(pdf, body, b"CreationDate").and_then(|d| parse_pdf_date(&d));
    metadata.info_modification = info_text(pdf, body, b"ModDate").and_then(|d| parse_pdf_date(&d));
}

/// The byte range of the catalog's `/Metadata` stream's XMP packet.
fn catalog_xmp(pdf: &[u8]) -> Option<&[u8]> {
    let (root, root_generation) = last_reference(pdf, &ROOT_REFERENCE)?;
    let catalog = object_body(pdf, root, root_generation)?;
    let metadata_value = dictionary_value(pdf, catalog, b"Metadata")?;
    let (number, generation, _) = reference_at(metadata_value, 0)?;
    let stream_object = object_body(pdf, number, generation)?;
    let window_end = pdf.len().min(stream_object.saturating_add(MAX_XMP_BYTES));
    let window = pdf.get(stream_object..window_end)?;
    let start = XMP_START.find(window)?.start();
    let end = XMP_END.find_at(window, start)?.end();
    window.get(start..end)
}

/// The last XMP packet anywhere that has `pdf:Producer`.
fn any_document_xmp(pdf: &[u8]) -> Option<&[u8]> {
    XMP_START
        .find_iter(pdf)
        .take(MAX_XMP_PACKETS)
        .filter_map(|start| {
            let window_end = pdf.len().min(start.start().saturating_add(MAX_XMP_BYTES));
            let window = pdf.get(start.start()..window_end)?;
            let end = XMP_END.find(window)?.end();
            let packet = window.get(..end)?;
            packet
                .windows(12)
                .any(|w| w == b"pdf:Producer")
                .then_some(packet)
        })
        .last()
}

fn read_xmp(pdf: &[u8], metadata: &mut PdfMetadata) {
    let Some(packet) = catalog_xmp(pdf).or_else(|| any_document_xmp(pdf)) else {
        return;
    };
    let text = String::from_utf8_lossy(packet);
    metadata.xmp_producer = xmp_property(&text, "pdf:Producer");
    metadata.xmp_creator_tool = xmp_property(&text, "xmp:CreatorTool");
    metadata.xmp_create = xmp_property(&text, "xmp:CreateDate").and_then(|d| parse_xmp_date(&d));
    metadata.xmp_modify = xmp_property(&text, "xmp:ModifyDate").and_then(|d| parse_xmp_date(&d));
}

/// A simple XMP property, as an element (`<pdf:Producer>x</pdf:Producer>`) or an attribute
/// (`pdf:Producer="x"`), with XML's entities resolved.
fn xmp_property(xmp: &str, name: &str) -> Option<String> {
    let element_open = format!("<{name}>");
    let element_close = format!("</{name}>");
    let raw = if let Some(start) = xmp.find(&element_open) {
        let after = start + element_open.len();
        let end = xmp.get(after..)?.find(&element_close)? + after;
        xmp.get(after..end)?.to_owned()
    } else {
        let attribute = format!("{name}=");
        let start = xmp.find(&attribute)? + attribute.len();
        let rest = xmp.get(start..)?;
        let quote = rest.chars().next().filter(|c| *c == '"' || *c == '\'')?;
        let value = rest.get(1..)?;
        value.get(..value.find(quote)?)?.to_owned()
    };
    let unescaped = unescape_xml(raw.trim());
    (!unescaped.is_empty()).then_some(unescaped)
}

/// XML's five named entities and numeric character references.
fn unescape_xml(text: &str) -> String {
    quick_xml::escape::unescape(text)
        .map(|t| t.into_owned())
        .unwrap_or_else(|_| text.to_owned())
}

fn count_revisions(pdf: &[u8]) -> PdfRevisions {
    let sections: Vec<(usize, usize)> = SECTION_END
        .find_iter(pdf)
        .take(MAX_SECTIONS)
        .map(|m| (m.start(), m.end()))
        .collect();
    let prev_links = PREV_LINK
        .captures_iter(pdf)
        .take(MAX_SECTIONS)
        .filter(|c| c.get(2).is_none())
        .count();
    let head = &pdf[..pdf.len().min(LINEARIZATION_WINDOW)];
    let linearized = LINEARIZED.is_match(head);
    let linearized_length: Option<usize> = LINEARIZED_LENGTH
        .captures(head)
        .and_then(|c| captured_number(&c, 1))
        .filter(|length| *length <= pdf.len());
    // The sections written with the original file.
    let original_sections = match linearized_length {
        Some(length) => sections
            .iter()
            .filter(|(start, _)| *start < length)
            .count()
            .max(1),
        None if linearized => 2,
        None => 1,
    };
    let mut signature_updates = 0;
    let mut edit_updates = 0;
    for pair in sections
        .windows(2)
        .skip(original_sections.saturating_sub(1))
    {
        let update = &pdf[pair[0].1..pair[1].1];
        if SIGNING.is_match(update) {
            signature_updates += 1;
        } else {
            edit_updates += 1;
        }
    }
    PdfRevisions {
        sections: sections.len(),
        linearized,
        signature_updates,
        edit_updates,
        prev_links,
    }
}

#[cfg(test)]
mod tests;
