//! Behaviour of the segmenter on synthetic contracts: the four languages, PDF-style wrapped
//! lines and page furniture, DOCX headings, tables of contents, and unstructured text.

use super::segment;
use crate::model::{Clause, Extracted, Language, Paragraph};

/// An Extracted whose paragraphs are the text's lines (as for TXT and PDF).
fn lines(text: &str) -> Extracted {
    let mut paragraphs = Vec::new();
    let mut start = 0;
    for line in text.split('\n') {
        let len = line.chars().count();
        paragraphs.push(Paragraph {
            range: start..start + len,
            heading_level: None,
        });
        start += len + 1;
    }
    Extracted {
        text: text.to_string(),
        paragraphs,
    }
}

/// An Extracted built from DOCX-like paragraphs with optional heading levels.
fn docx(parts: &[(&str, Option<u8>)]) -> Extracted {
    let mut text = String::new();
    let mut paragraphs = Vec::new();
    for (part, level) in parts {
        if !text.is_empty() {
            text.push('\n');
        }
        let start = text.chars().count();
        text.push_str(part);
        paragraphs.push(Paragraph {
            range: start..text.chars().count(),
            heading_level: *level,
        });
    }
    Extracted { text, paragraphs }
}

fn numbers(clauses: &[Clause]) -> Vec<Option<&str>> {
    clauses.iter().map(|c| c.number.as_deref()).collect()
}

fn headings(clauses: &[Clause]) -> Vec<Option<&str>> {
    clauses.iter().map(|c| c.heading.as_deref()).collect()
}

/// Every clause's range, collapsed, is its text; ranges are in order and indices count up.
fn assert_consistent(extracted: &Extracted, clauses: &[Clause]) {
    let chars: Vec<char> = extracted.text.chars().collect();
    let mut previous_end = 0;
    for (position, clause) in clauses.iter().enumerate() {
        assert_eq!(clause.index, position);
        assert!(
            clause.range.start >= previous_end,
            "overlap at clause {position}"
        );
        let slice: String = chars[clause.range.clone()].iter().collect();
        assert_eq!(super::collapse_whitespace(&slice), clause.text);
        previous_end = clause.range.end;
    }
}

const ENGLISH: &str = "MASTER SERVICES AGREEMENT\n\nThis Agreement is made between Acme Corp. (\"Supplier\") and Beta Ltd. (\"Customer\").\n\n1. Definitions. In this Agreement the following terms apply.\n1.1 \"Services\" means the services set out in Schedule 1.\n1.2 \"Fees\" means the fees in Schedule 2.\n2. Term and Termination. This Agreement starts on the Effective Date.\n3. Fees\nThe Customer shall pay the Fees within\n30 days after receipt of an invoice, and interest accrues from\n2019 rates onwards.\nPage 3 of 10\n4. Limitation of Liability. Neither party shall be liable for indirect loss.\n- 4 -\n5. GOVERNING LAW\nThis Agreement is governed by the laws of England.";

#[test]
fn english_numbered_clauses_with_run_in_and_own_line_headings() {
    let extracted = lines(ENGLISH);
    let clauses = segment(&extracted, Language::En);
    assert_consistent(&extracted, &clauses);
    assert_eq!(
        numbers(&clauses),
        vec![
            None,
            Some("1"),
            Some("1.1"),
            Some("1.2"),
            Some("2"),
            Some("3"),
            Some("4"),
            Some("5")
        ]
    );
    assert_eq!(
        headings(&clauses),
        vec![
            Some("MASTER SERVICES AGREEMENT"),
            Some("Definitions"),
            // Sub-clauses without a heading of their own take their parent's.
            Some("Definitions"),
            Some("Definitions"),
            Some("Term and Termination"),
            Some("Fees"),
            Some("Limitation of Liability"),
            Some("GOVERNING LAW"),
        ]
    );
    // The wrapped "30 days" and "2019" lines and the page lines stay inside clause 3.
    assert!(
        clauses[5].text.contains("30 days after receipt")
            && clauses[5].text.contains("Page 3 of 10")
    );
}

#[test]
fn pdf_text_with_clauses_run_together_on_one_line() {
    let text = "SUPPLY AGREEMENT The parties agree as follows: 1. Supply. The Supplier shall supply the Products. 2. Price. The price is USD 5.00 per unit, payable within 30 days. 3. Term. This Agreement lasts 2 years.";
    let clauses = segment(&lines(text), Language::En);
    assert_eq!(
        numbers(&clauses),
        vec![None, Some("1"), Some("2"), Some("3")]
    );
    assert_eq!(
        headings(&clauses)[1..],
        [Some("Supply"), Some("Price"), Some("Term")]
    );
}

#[test]
fn a_number_that_does_not_continue_the_sequence_is_not_a_clause() {
    let text = "1. Delivery. The goods are delivered to the site.\n2. Payment. Payment is due in full.\n7. Fourteen items shall be returned.\n3. Warranty. The goods are free of defects.";
    let clauses = segment(&lines(text), Language::En);
    assert_eq!(numbers(&clauses), vec![Some("1"), Some("2"), Some("3")]);
    assert!(clauses[1].text.contains("Fourteen items"));
}

#[test]
fn articles_with_roman_numerals_and_sections() {
    let text = "ARTICLE I DEFINITIONS\nSection 1.1 Defined Terms. Terms have the meanings given.\nSection 1.2 Interpretation. Headings are for convenience.\nARTICLE II PAYMENT\nSection 2.1 Price. The price is fixed.";
    let clauses = segment(&lines(text), Language::En);
    assert_eq!(
        numbers(&clauses),
        vec![Some("I"), Some("1.1"), Some("1.2"), Some("II"), Some("2.1")]
    );
    assert_eq!(headings(&clauses)[0], Some("DEFINITIONS"));
    assert_eq!(headings(&clauses)[3], Some("PAYMENT"));
}

#[test]
fn table_of_contents_is_not_taken_for_clauses() {
    let text = "SERVICES AGREEMENT\nTABLE OF CONTENTS\n1. Definitions 1\n2. Services 2\n3. Fees 4\n4. Term 5\n1. Definitions. In this Agreement the following definitions apply to all parts of it and to its schedules.\n2. Services. The Supplier provides the services described in Schedule 1 with due care and skill.\n3. Fees. The Customer pays the fees stated in Schedule 2 within thirty days of invoice.\n4. Term. This Agreement continues for three years unless terminated earlier.";
    let clauses = segment(&lines(text), Language::En);
    assert_eq!(
        numbers(&clauses),
        vec![None, Some("1"), Some("2"), Some("3"), Some("4")]
    );
    assert!(clauses[0].text.contains("TABLE OF CONTENTS"));
    assert!(clauses[1].text.contains("following definitions"));
}

#[test]
fn german_paragraph_signs_and_ziffer() {
    let text = "Dienstleistungsvertrag\nzwischen der A GmbH und der B AG\n§ 1 Vertragsgegenstand\nDer Auftragnehmer erbringt Beratungsleistungen.\n§ 2 Vergütung\nDie Vergütung beträgt 100 Euro pro Stunde.\n§ 3 Haftung und Gewährleistung\nDie Haftung ist auf Vorsatz beschränkt.";
    let clauses = segment(&lines(text), Language::De);
    assert_eq!(
        numbers(&clauses),
        vec![None, Some("§ 1"), Some("§ 2"), Some("§ 3")]
    );
    assert_eq!(
        headings(&clauses),
        vec![
            Some("Dienstleistungsvertrag"),
            Some("Vertragsgegenstand"),
            Some("Vergütung"),
            Some("Haftung und Gewährleistung")
        ]
    );
}

#[test]
fn french_articles_with_dashes_and_sentence_case_headings() {
    let text = "CONTRAT DE PRESTATION DE SERVICES\nARTICLE 1 – Objet du contrat\nLe prestataire fournit les services.\nARTICLE 2 – Durée\nLe contrat est conclu pour un an.\nArticle 3 - Responsabilité\nLa responsabilité est limitée.";
    let clauses = segment(&lines(text), Language::Fr);
    assert_eq!(
        numbers(&clauses),
        vec![None, Some("1"), Some("2"), Some("3")]
    );
    assert_eq!(
        headings(&clauses)[1..],
        [
            Some("Objet du contrat"),
            Some("Durée"),
            Some("Responsabilité")
        ]
    );
}

#[test]
fn spanish_ordinal_word_clauses() {
    let text = "CONTRATO DE PRESTACIÓN DE SERVICIOS\nREUNIDOS de una parte la empresa A y de otra la empresa B.\nPRIMERA.- OBJETO. El presente contrato tiene por objeto la prestación de servicios.\nSEGUNDA.- PRECIO. El precio es de mil euros.\nCláusula Tercera. Duración. El contrato dura un año.\nCLÁUSULA 4ª. Ley aplicable y jurisdicción. Se aplica la ley española.";
    let clauses = segment(&lines(text), Language::Es);
    assert_eq!(
        numbers(&clauses),
        vec![
            None,
            Some("PRIMERA"),
            Some("SEGUNDA"),
            Some("Tercera"),
            Some("4ª")
        ]
    );
    assert_eq!(
        headings(&clauses)[1..],
        [
            Some("OBJETO"),
            Some("PRECIO"),
            Some("Duración"),
            Some("Ley aplicable y jurisdicción")
        ]
    );
}

#[test]
fn docx_heading_styles_and_list_labels() {
    let extracted = docx(&[
        ("Software Licence Agreement", Some(1)),
        (
            "This agreement is made between the parties named below.",
            None,
        ),
        ("Confidentiality", Some(2)),
        ("Each party keeps the other's information secret.", None),
        ("3.1\tTerm. The licence runs for one year.", None),
        ("3.2\tRenewal. It renews automatically.", None),
        ("Limitation of Liability", Some(2)),
        ("Liability is capped at the fees paid.", None),
    ]);
    let clauses = segment(&extracted, Language::En);
    assert_consistent(&extracted, &clauses);
    assert_eq!(
        numbers(&clauses),
        vec![None, None, Some("3.1"), Some("3.2"), None]
    );
    assert_eq!(
        headings(&clauses),
        vec![
            Some("Software Licence Agreement"),
            Some("Confidentiality"),
            Some("Term"),
            Some("Renewal"),
            Some("Limitation of Liability")
        ]
    );
}

#[test]
fn caps_headings_structure_an_unnumbered_contract() {
    let text = "CONSULTING AGREEMENT\nThe parties agree as follows.\nSERVICES\nThe consultant advises the client.\nGOVERNING LAW\nThe laws of New York apply.";
    let clauses = segment(&lines(text), Language::En);
    assert_eq!(
        headings(&clauses),
        vec![
            Some("CONSULTING AGREEMENT"),
            Some("SERVICES"),
            Some("GOVERNING LAW")
        ]
    );
}

#[test]
fn unstructured_text_falls_back_to_paragraph_sized_clauses() {
    let sentence = "The parties will cooperate in good faith and share information as needed. ";
    let text = format!(
        "{}\n\n{}\n\n{}",
        sentence.repeat(30),
        sentence.repeat(4),
        sentence.repeat(4)
    );
    let extracted = lines(&text);
    let clauses = segment(&extracted, Language::En);
    assert_consistent(&extracted, &clauses);
    assert!(clauses.len() >= 4, "got {} clauses", clauses.len());
    assert!(
        clauses
            .iter()
            .all(|c| c.text.chars().count() <= 1500 && c.number.is_none())
    );
}

#[test]
fn empty_text_has_no_clauses_and_offsets_are_chars() {
    assert!(segment(&lines("  \n "), Language::En).is_empty());
    let text = "Präambel für Verträge\n§ 1 Gegenstand\nÄnderungen bedürfen der Schriftform.\n§ 2 Kündigung\nDie Kündigung ist jederzeit möglich.";
    let extracted = lines(text);
    let clauses = segment(&extracted, Language::De);
    assert_consistent(&extracted, &clauses);
    let second: String = text.chars().skip(clauses[2].range.start).take(4).collect();
    assert_eq!(second, "§ 2 ");
}

#[test]
fn a_thirty_page_contract_gives_every_numbered_clause() {
    let mut text = String::from("LONG AGREEMENT\n");
    for n in 1..=130 {
        text.push_str(&format!("{n}. Heading Number {n}. "));
        for k in 1..=4 {
            text.push_str(&format!("\n{n}.{k} The Supplier shall perform obligation {k} with care and diligence and in time, and shall report to the Customer on every\nmonth of the term as agreed by the parties in writing.\n"));
        }
    }
    assert!(text.len() > 80_000);
    let extracted = lines(&text);
    let clauses = segment(&extracted, Language::En);
    assert_eq!(clauses.len(), 1 + 130 * 5);
    assert_eq!(clauses[650].number.as_deref(), Some("130.4"));
}
