//! What the screenshot tests share: a server whose browser may reach the test's own pages
//! (and nothing else on loopback), and readers for the files it makes, decoded here rather
//! than trusted from the answer.

use crate::TestServer;
use crate::pages::Pages;

/// A server allow-listing the test's page server, the page server, and a victim port the
/// pages point at that must never be reached.
pub struct ShotServer {
    pub server: TestServer,
    pub pages: Pages,
    pub victim: Pages,
}

impl ShotServer {
    pub async fn start() -> ShotServer {
        let victim = Pages::victim().await;
        let pages = Pages::start(victim.port).await;
        let allow = pages.allow_entry();
        let server = TestServer::start_with(move |config| {
            config.browser.allow_internal = vec![allow];
            config.browser.jobs = 2;
        })
        .await;
        ShotServer {
            server,
            pages,
            victim,
        }
    }
}

/// The value of header `name` of a file answer ("" when absent).
pub fn header(
    response: &suite_client::ResponseValue<suite_client::ByteStream>,
    name: &str,
) -> String {
    response
        .headers()
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned()
}

/// The bytes of a download answer.
pub async fn body(response: suite_client::ResponseValue<suite_client::ByteStream>) -> Vec<u8> {
    use futures_util::TryStreamExt;
    response
        .into_inner()
        .into_inner()
        .map_ok(|b| b.to_vec())
        .try_concat()
        .await
        .expect("a complete body")
}

/// A decoded image: its size and RGB(A) pixels.
pub struct Decoded {
    pub width: u32,
    pub height: u32,
    channels: usize,
    pixels: Vec<u8>,
}

impl Decoded {
    /// The RGB of the pixel at (x, y).
    pub fn rgb(&self, x: u32, y: u32) -> [u8; 3] {
        let at = (y as usize * self.width as usize + x as usize) * self.channels;
        [self.pixels[at], self.pixels[at + 1], self.pixels[at + 2]]
    }

    /// The alpha of the pixel at (x, y) (255 for images without alpha).
    pub fn alpha(&self, x: u32, y: u32) -> u8 {
        if self.channels < 4 {
            return 255;
        }
        self.pixels[(y as usize * self.width as usize + x as usize) * self.channels + 3]
    }
}

/// Decodes a PNG fully.
pub fn decode_png(bytes: &[u8]) -> Decoded {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().expect("a PNG");
    let mut pixels = vec![0; reader.output_buffer_size().expect("a sized PNG")];
    let frame = reader.next_frame(&mut pixels).expect("a PNG frame");
    let channels = frame.color_type.samples();
    pixels.truncate(frame.buffer_size());
    Decoded {
        width: frame.width,
        height: frame.height,
        channels,
        pixels,
    }
}

/// Decodes a JPEG fully.
pub fn decode_jpeg(bytes: &[u8]) -> Decoded {
    let mut decoder = jpeg_decoder::Decoder::new(std::io::Cursor::new(bytes));
    let pixels = decoder.decode().expect("a JPEG");
    let info = decoder.info().expect("JPEG info");
    Decoded {
        width: info.width as u32,
        height: info.height as u32,
        channels: info.pixel_format.pixel_bytes(),
        pixels,
    }
}

/// The text of a PDF, through poppler's `pdftotext`.
pub fn pdf_text(pdf: &[u8]) -> String {
    let dir = std::env::temp_dir().join(format!("conformance-pdf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join(format!("{:x}.pdf", rand::random::<u64>()));
    std::fs::write(&file, pdf).expect("PDF written");
    let out = std::process::Command::new("pdftotext")
        .arg(&file)
        .arg("-")
        .output()
        .expect("pdftotext runs (poppler-utils; cargo xtask test installs it)");
    let _ = std::fs::remove_file(&file);
    assert!(
        out.status.success(),
        "pdftotext: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}
