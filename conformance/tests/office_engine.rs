//! The LibreOffice engine on its own (no HTTP): real worker processes of the `suite` binary
//! converting every input to every output, the pool's behaviour (reuse, restarts, a hung or
//! crashed worker replaced, bad inputs refused before any worker starts, LibreOffice or the
//! worker missing), hostile documents whose links and file fields are never followed, and
//! the worker's jail: a file private to the server's user cannot be opened from a worker,
//! and a worker killed by its memory limit fails its job alone.

use conformance::docs::{docx, docx_with, unzip};
use conformance::pages::Pages;
use conformance::shots::pdf_text;
use suite_engines::office::{Config, Input, Office, OfficeError, Output, worker_program};

/// Tests share two cores with LibreOffice: one at a time.
static SERIAL: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

fn office(workers: usize, restart_after_jobs: u32, job_timeout_secs: u64) -> Office {
    let config = Config {
        workers,
        restart_after_jobs,
        job_timeout_secs,
        install_dir: None,
        ..Config::default()
    };
    Office::start(&config, worker_program())
}

fn zip(files: &[(&str, &[u8])]) -> Vec<u8> {
    let entries: Vec<(&str, Vec<u8>)> = files.iter().map(|(n, b)| (*n, b.to_vec())).collect();
    conformance::docs::zip(&entries, &[])
}

/// One entry of a zip, as text.
fn entry(bytes: &[u8], name: &str) -> String {
    let (_, data) = unzip(bytes)
        .into_iter()
        .find(|(n, _)| n == name)
        .unwrap_or_else(|| panic!("no {name}"));
    String::from_utf8(data).expect("utf-8 entry")
}

const SENTENCE: &str = "The quick brown fox jumps over the lazy dog";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn docx_converts_to_every_output() {
    let _serial = SERIAL.lock().await;
    conformance::external::in_process_only("this build's LibreOffice engine, not a deployment");
    let office = office(1, 100, 60);
    let doc = docx(&[SENTENCE, "Second paragraph é"]);

    let pdf = office
        .convert(doc.clone(), Input::Docx, Output::Pdf)
        .await
        .expect("pdf");
    assert!(pdf_text(&pdf).contains(SENTENCE));

    let odt = office
        .convert(doc.clone(), Input::Docx, Output::Odt)
        .await
        .expect("odt");
    assert_eq!(
        entry(&odt, "mimetype"),
        "application/vnd.oasis.opendocument.text"
    );
    assert!(entry(&odt, "content.xml").contains(SENTENCE));

    let html = office
        .convert(doc.clone(), Input::Docx, Output::Html)
        .await
        .expect("html");
    let html = String::from_utf8_lossy(&html);
    assert!(html.to_ascii_lowercase().contains("<html"));
    assert!(html.contains(SENTENCE));

    let txt = office
        .convert(doc.clone(), Input::Docx, Output::Txt)
        .await
        .expect("txt");
    let txt = String::from_utf8(txt).expect("utf-8 text");
    assert!(
        txt.contains(SENTENCE) && txt.contains("Second paragraph é"),
        "{txt}"
    );

    let docx_out = office
        .convert(doc, Input::Docx, Output::Docx)
        .await
        .expect("docx");
    assert!(entry(&docx_out, "word/document.xml").contains(SENTENCE));

    // ODT (LibreOffice's own) back to DOCX.
    let back = office
        .convert(odt, Input::Odt, Output::Docx)
        .await
        .expect("odt to docx");
    assert!(entry(&back, "word/document.xml").contains(SENTENCE));
    assert_eq!(office.workers_started(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn html_opens_as_a_writer_document() {
    let _serial = SERIAL.lock().await;
    conformance::external::in_process_only("this build's LibreOffice engine, not a deployment");
    let office = office(1, 100, 60);
    let html = format!(
        "<html><head><title>t</title></head><body><h1>Heading</h1><p>{SENTENCE}</p></body></html>"
    );

    let docx = office
        .convert(html.clone().into_bytes(), Input::Html, Output::Docx)
        .await
        .expect("docx");
    assert!(entry(&docx, "word/document.xml").contains(SENTENCE));

    let odt = office
        .convert(html.clone().into_bytes(), Input::Html, Output::Odt)
        .await
        .expect("odt");
    // A Writer document, not Writer/Web (`…text-web`).
    assert_eq!(
        entry(&odt, "mimetype"),
        "application/vnd.oasis.opendocument.text"
    );
    assert!(entry(&odt, "content.xml").contains(SENTENCE));

    let pdf = office
        .convert(html.into_bytes(), Input::Html, Output::Pdf)
        .await
        .expect("pdf");
    let text = pdf_text(&pdf);
    assert!(text.contains(SENTENCE) && !text.contains("<p>"), "{text}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_worker_serves_consecutive_jobs() {
    let _serial = SERIAL.lock().await;
    conformance::external::in_process_only("this build's LibreOffice engine, not a deployment");
    let office = office(1, 100, 60);
    for i in 0..5 {
        let doc = docx(&[&format!("Job number {i}")]);
        let txt = office
            .convert(doc, Input::Docx, Output::Txt)
            .await
            .expect("txt");
        assert!(String::from_utf8_lossy(&txt).contains(&format!("Job number {i}")));
    }
    assert_eq!(office.workers_started(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn workers_restart_after_their_share_of_jobs() {
    let _serial = SERIAL.lock().await;
    conformance::external::in_process_only("this build's LibreOffice engine, not a deployment");
    let office = office(1, 2, 60);
    for i in 0..5 {
        let doc = docx(&[&format!("Job number {i}")]);
        office
            .convert(doc, Input::Docx, Output::Txt)
            .await
            .expect("txt");
    }
    // Jobs 1-2, 3-4 and 5 each on their own worker (plus perhaps a warm successor).
    assert!(
        office.workers_started() >= 3,
        "{}",
        office.workers_started()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn parallel_jobs_share_the_pool() {
    let _serial = SERIAL.lock().await;
    conformance::external::in_process_only("this build's LibreOffice engine, not a deployment");
    let office = std::sync::Arc::new(office(2, 100, 60));
    let jobs: Vec<_> = (0..4)
        .map(|i| {
            let office = office.clone();
            tokio::spawn(async move {
                let doc = docx(&[&format!("Parallel {i}")]);
                office.convert(doc, Input::Docx, Output::Txt).await
            })
        })
        .collect();
    for (i, job) in jobs.into_iter().enumerate() {
        let txt = job.await.expect("joined").expect("txt");
        assert!(String::from_utf8_lossy(&txt).contains(&format!("Parallel {i}")));
    }
    assert!(office.workers_started() <= 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hung_worker_is_killed_and_replaced() {
    let _serial = SERIAL.lock().await;
    conformance::external::in_process_only("this build's LibreOffice engine, not a deployment");
    let office = office(1, 100, 3);
    office
        .convert(docx(&["warm"]), Input::Docx, Output::Txt)
        .await
        .expect("warm");
    // `TimedOut` is the job's deadline at work: the worker never answers by itself.
    let err = office.test_hang().await.expect_err("hangs");
    assert!(matches!(err, OfficeError::TimedOut(_)), "{err}");
    let txt = office
        .convert(docx(&["after the hang"]), Input::Docx, Output::Txt)
        .await
        .expect("next job works");
    assert!(String::from_utf8_lossy(&txt).contains("after the hang"));
    assert_eq!(office.workers_started(), 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crashed_worker_fails_its_job_only() {
    let _serial = SERIAL.lock().await;
    conformance::external::in_process_only("this build's LibreOffice engine, not a deployment");
    let office = office(1, 100, 60);
    let err = office.test_crash().await.expect_err("crashes");
    assert!(matches!(err, OfficeError::Failed(_)), "{err}");
    let txt = office
        .convert(docx(&["after the crash"]), Input::Docx, Output::Txt)
        .await
        .expect("next job works");
    assert!(String::from_utf8_lossy(&txt).contains("after the crash"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_inputs_are_refused_before_libreoffice() {
    let _serial = SERIAL.lock().await;
    conformance::external::in_process_only("this build's LibreOffice engine, not a deployment");
    let office = office(1, 100, 60);
    let corrupt = b"PK\x03\x04 this is not really a zip archive".to_vec();
    let err = office
        .convert(corrupt, Input::Docx, Output::Pdf)
        .await
        .expect_err("corrupt");
    assert!(matches!(err, OfficeError::Unreadable(_)), "{err}");

    let broken_xml = zip(&[
        ("[Content_Types].xml", b"<Types/>"),
        ("word/document.xml", b"<w:document><w:body>"),
    ]);
    let err = office
        .convert(broken_xml, Input::Docx, Output::Pdf)
        .await
        .expect_err("bad xml");
    assert!(matches!(err, OfficeError::Unreadable(_)), "{err}");

    let odt_as_docx = zip(&[("mimetype", b"application/vnd.oasis.opendocument.text")]);
    let err = office
        .convert(odt_as_docx, Input::Docx, Output::Pdf)
        .await
        .expect_err("not docx");
    assert!(matches!(err, OfficeError::Unreadable(_)), "{err}");

    let zeros = vec![0u8; 30 << 20];
    let bomb = zip(&[
        ("[Content_Types].xml", b"<Types/>"),
        ("word/media/x.bin", &zeros),
    ]);
    assert!(bomb.len() < 1 << 20);
    let err = office
        .convert(bomb, Input::Docx, Output::Pdf)
        .await
        .expect_err("bomb");
    assert!(matches!(err, OfficeError::TooLarge(_)), "{err}");

    // None of that needed a worker.
    assert_eq!(office.workers_started(), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn missing_libreoffice_or_worker_is_unavailable() {
    let _serial = SERIAL.lock().await;
    conformance::external::in_process_only("this build's LibreOffice engine, not a deployment");
    let config = Config {
        install_dir: Some("/nonexistent/libreoffice/program".into()),
        ..Default::default()
    };
    let office = Office::start(&config, worker_program());
    let err = office
        .convert(docx(&["x"]), Input::Docx, Output::Pdf)
        .await
        .expect_err("no LO");
    assert!(matches!(err, OfficeError::Unavailable(_)), "{err}");

    let office = Office::start(&Default::default(), "/nonexistent/worker".into());
    let err = office
        .convert(docx(&["x"]), Input::Docx, Output::Pdf)
        .await
        .expect_err("no worker");
    assert!(matches!(err, OfficeError::Unavailable(_)), "{err}");
}

const HOSTILE_SENTENCE: &str = "Visible body text of the hostile document";

/// A linked (not embedded) picture: DrawingML `a:blip r:link`.
fn linked_picture(rel: &str) -> String {
    format!(
        r#"<w:p><w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="952500" cy="952500"/><wp:docPr id="1" name="Picture 1"/><a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="1" name="x.png"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:link="{rel}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="952500" cy="952500"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>"#
    )
}

/// An `INCLUDETEXT` of a local file, split over two runs, with a harmless cached result.
fn include_field(path: &str) -> String {
    format!(
        r#"<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> INCLUDE</w:instrText></w:r><w:r><w:instrText xml:space="preserve">TEXT "{path}" </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>cached result</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>"#
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn docx_links_and_file_fields_are_not_followed() {
    let _serial = SERIAL.lock().await;
    conformance::external::in_process_only("this build's LibreOffice engine, not a deployment");
    let listener = Pages::victim().await;
    let url = format!("http://127.0.0.1:{}/x.png", listener.port);
    let body = format!(
        "<w:p><w:r><w:t>{HOSTILE_SENTENCE}</w:t></w:r></w:p>{}{}{}",
        linked_picture("rIdImg"),
        include_field("file:///etc/passwd"),
        include_field("/etc/passwd"),
    );
    let rels = format!(
        r#"<Relationship Id="rIdImg" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="{url}" TargetMode="External"/>"#
    );
    let office = office(1, 100, 60);
    let pdf = office
        .convert(docx_with(&body, &rels), Input::Docx, Output::Pdf)
        .await
        .expect("converts");
    let text = pdf_text(&pdf);
    assert!(text.contains(HOSTILE_SENTENCE), "{text}");
    assert!(!text.contains("root:"), "{text}");
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert_eq!(listener.hits(), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn html_resources_are_not_fetched() {
    let _serial = SERIAL.lock().await;
    conformance::external::in_process_only("this build's LibreOffice engine, not a deployment");
    let listener = Pages::victim().await;
    let port = listener.port;
    let html = format!(
        r#"<html><head><link rel="stylesheet" href="http://127.0.0.1:{port}/s.css"></head>
<body background="http://127.0.0.1:{port}/bg.png"><p>{HOSTILE_SENTENCE}</p>
<img src="http://127.0.0.1:{port}/a.png"><iframe src="file:///etc/passwd"></iframe>
<object data="file:///etc/passwd"></object><p style="background: url(http://127.0.0.1:{port}/c.png)">styled</p>
</body></html>"#
    );
    let office = office(1, 100, 60);
    let docx = office
        .convert(html.clone().into_bytes(), Input::Html, Output::Docx)
        .await
        .expect("converts");
    let document = entry(&docx, "word/document.xml");
    assert!(document.contains(HOSTILE_SENTENCE));
    assert!(!document.contains("root:"));
    let pdf = office
        .convert(html.into_bytes(), Input::Html, Output::Pdf)
        .await
        .expect("converts");
    assert!(!pdf_text(&pdf).contains("root:"));
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert_eq!(listener.hits(), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn odt_outside_links_are_removed() {
    let _serial = SERIAL.lock().await;
    conformance::external::in_process_only("this build's LibreOffice engine, not a deployment");
    let listener = Pages::victim().await;
    let port = listener.port;
    let content = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.2"><office:body><office:text>
<text:p>{HOSTILE_SENTENCE}</text:p>
<text:p><draw:frame draw:name="i" svg:width="2cm" svg:height="2cm" text:anchor-type="as-char"><draw:image xlink:href="http://127.0.0.1:{port}/x.png" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/></draw:frame></text:p>
<text:section text:name="s"><text:section-source xlink:href="file:///etc/passwd" xlink:type="simple"/><text:p>section placeholder</text:p></text:section>
</office:text></office:body></office:document-content>"#
    );
    let manifest = r#"<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>"#;
    let odt = zip(&[
        (
            "mimetype",
            b"application/vnd.oasis.opendocument.text".as_slice(),
        ),
        ("META-INF/manifest.xml", manifest.as_bytes()),
        ("content.xml", content.as_bytes()),
    ]);
    let office = office(1, 100, 60);
    let pdf = office
        .convert(odt, Input::Odt, Output::Pdf)
        .await
        .expect("converts");
    let text = pdf_text(&pdf);
    assert!(text.contains(HOSTILE_SENTENCE), "{text}");
    assert!(!text.contains("root:"), "{text}");
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert_eq!(listener.hits(), 0);
}

/// A directory private to this process's user (like the server's data directory, 0700),
/// removed on drop.
struct PrivateDir(std::path::PathBuf);

impl Drop for PrivateDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A private directory with a canary in it; the canary's path and text.
fn private_canary() -> (PrivateDir, std::path::PathBuf, String) {
    use std::os::unix::fs::PermissionsExt;
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let dir = std::env::temp_dir().join(format!(
        "suite-office-canary-{}-{nanos}",
        std::process::id()
    ));
    std::fs::create_dir(&dir).expect("a private dir");
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700)).expect("0700");
    let secret = format!("canary-{}-{nanos}-office", std::process::id());
    let path = dir.join("canary.txt");
    std::fs::write(&path, &secret).expect("the canary");
    (PrivateDir(dir), path, secret)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_worker_asked_to_open_a_private_file_cannot() {
    let _serial = SERIAL.lock().await;
    conformance::external::in_process_only("this build's LibreOffice engine, not a deployment");
    let (_dir, canary, _) = private_canary();
    let office = office(1, 100, 60);
    // The worker itself is asked for the file, past the sanitizer: only its jail stops it.
    let err = office
        .test_convert_path(&canary)
        .await
        .expect_err("the canary is out of the worker's reach");
    assert!(matches!(err, OfficeError::Unreadable(_)), "{err}");
    let txt = office
        .convert(docx(&["after the canary"]), Input::Docx, Output::Txt)
        .await
        .expect("the worker serves the next job");
    assert!(String::from_utf8_lossy(&txt).contains("after the canary"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn docx_linked_to_a_private_file_gets_none_of_it() {
    let _serial = SERIAL.lock().await;
    conformance::external::in_process_only("this build's LibreOffice engine, not a deployment");
    let (_dir, canary, secret) = private_canary();
    let link = format!("file://{}", canary.display());
    let body = format!(
        "<w:p><w:r><w:t>{HOSTILE_SENTENCE}</w:t></w:r></w:p>{}{}{}",
        linked_picture("rIdCanary"),
        include_field(&link),
        include_field(&canary.display().to_string()),
    );
    let rels = format!(
        r#"<Relationship Id="rIdCanary" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="{link}" TargetMode="External"/>"#
    );
    let office = office(1, 100, 60);
    for output in [Output::Pdf, Output::Txt] {
        let bytes = office
            .convert(docx_with(&body, &rels), Input::Docx, output)
            .await
            .expect("converts");
        let text = match output {
            Output::Pdf => pdf_text(&bytes),
            _ => String::from_utf8_lossy(&bytes).into_owned(),
        };
        assert!(text.contains(HOSTILE_SENTENCE), "{text}");
        assert!(!text.contains(&secret), "the canary leaked: {text}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_worker_killed_by_its_memory_limit_fails_its_job_alone() {
    let _serial = SERIAL.lock().await;
    conformance::external::in_process_only("this build's LibreOffice engine, not a deployment");
    let office = office(1, 100, 60);
    let before = office
        .convert(docx(&["before the limit"]), Input::Docx, Output::Txt)
        .await
        .expect("a job within the limit");
    assert!(String::from_utf8_lossy(&before).contains("before the limit"));
    // Past the 2 GiB the worker may map.
    let err = office
        .test_allocate(3 << 30)
        .await
        .expect_err("the worker dies of its limit");
    assert!(
        matches!(&err, OfficeError::Failed(e) if e.to_string().contains("died during the job")),
        "{err}"
    );
    let after = office
        .convert(docx(&["after the limit"]), Input::Docx, Output::Txt)
        .await
        .expect("the next job is served by a new worker");
    assert!(String::from_utf8_lossy(&after).contains("after the limit"));
    assert_eq!(office.workers_started(), 2);
}
