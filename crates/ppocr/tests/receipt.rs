//! PP-OCR on a real receipt photo (SROIE's receipt 000, in the shared development data):
//! the lines a bookkeeper needs are read, in reading order, with boxes on the page.

use std::path::Path;

use suite_ppocr::{DEFAULT_DIR, DEFAULT_RUNTIME, PpOcr};

const RECEIPT: &str = "../../../shared/data/receipts/sroie/img/000.jpg";

fn receipt() -> image::RgbImage {
    image::open(RECEIPT).expect("the SROIE receipt").to_rgb8()
}

#[test]
fn a_receipt_photo_is_read_line_by_line_with_its_total_date_and_vendor() {
    let ocr = PpOcr::load(Path::new(DEFAULT_DIR), Path::new(DEFAULT_RUNTIME), 2)
        .expect("the models (cargo xtask test installs them)");
    let image = receipt();
    let lines = ocr.read(&image, 0.5).expect("a reading");
    let text: Vec<&str> = lines.iter().map(|l| l.text.as_str()).collect();
    let joined = text.join("\n");
    eprintln!("{joined}");
    let compact: String = joined.chars().filter(|c| !c.is_whitespace()).collect();
    assert!(compact.contains("TAMANDAYA"), "{joined}");
    assert!(compact.contains("25/12/2018"), "{joined}");
    assert!(compact.contains("9.00"), "{joined}");
    let vendor = lines
        .iter()
        .position(|l| l.text.contains("BOOK"))
        .expect("the vendor line");
    let date = lines
        .iter()
        .position(|l| l.text.contains("25/12/2018"))
        .expect("the date line");
    assert!(vendor < date, "the header is read before the date");
    for line in &lines {
        let (x0, y0, x1, y1) = line.quad.bounds();
        assert!(x0 >= 0.0 && y0 >= 0.0 && x1 < image.width() as f32 && y1 < image.height() as f32);
        assert!(line.confidence >= 0.5 && line.confidence <= 1.0);
        assert_eq!(line.positions.len(), line.text.chars().count());
        assert!(line.positions.windows(2).all(|p| p[0] <= p[1]), "{line:?}");
    }
}

#[test]
fn an_upside_down_receipt_reads_the_same_lines() {
    let ocr =
        PpOcr::load(Path::new(DEFAULT_DIR), Path::new(DEFAULT_RUNTIME), 2).expect("the models");
    let image = receipt();
    let turned = image::imageops::rotate180(&image);
    let lines = ocr.read(&turned, 0.5).expect("a reading");
    let compact: String = lines
        .iter()
        .flat_map(|l| l.text.chars())
        .filter(|c| !c.is_whitespace())
        .collect();
    assert!(compact.contains("25/12/2018"), "{compact}");
    assert!(compact.contains("TAMANDAYA"), "{compact}");
}

#[test]
fn a_missing_model_directory_is_a_clear_error() {
    let error = PpOcr::load(
        Path::new("/nonexistent/models"),
        Path::new(DEFAULT_RUNTIME),
        2,
    )
    .expect_err("no models there");
    assert!(
        error.to_string().contains("ch_PP-OCRv4_det_infer.onnx"),
        "{error}"
    );
}

#[test]
fn a_missing_runtime_is_a_clear_error() {
    let error = PpOcr::load(
        Path::new(DEFAULT_DIR),
        Path::new("/nonexistent/libonnxruntime.so"),
        2,
    )
    .expect_err("no runtime there");
    assert!(
        error.to_string().contains("ONNX Runtime is missing"),
        "{error}"
    );
}
