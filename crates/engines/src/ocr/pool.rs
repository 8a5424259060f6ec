//! The pool of OCR workers: threads sized to the cores, each owning a [`Recognizer`] (its
//! Tesseract handles, one per language set, created on first use and kept), fed pages
//! through one bounded queue. Tesseract is blocking and CPU-bound, so it never runs on
//! Tokio's workers; a full queue is refused at once instead of piling up.

use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, Mutex};

use tokio::sync::oneshot;

use super::paddle::Paddle;
use super::{Config, Layout, OcrError, OcrPage, Recognizer, combine, languages};

/// Which engines read a page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engines {
    /// Tesseract alone: its language packs cover every script the server reads.
    Tesseract,
    /// Tesseract, then PP-OCR where the languages are ones PP-OCR reads (Latin-script and
    /// Chinese), the readings combined line by line; an upright page only (a turned page
    /// keeps Tesseract's reading).
    TesseractAndPpOcr,
}

/// One page to read: an encoded image (PNG, JPEG, WebP, PNM) and Tesseract language codes.
struct Job {
    image: Vec<u8>,
    languages: Vec<String>,
    layout: Layout,
    engines: Engines,
    reply: oneshot::Sender<Result<OcrPage, OcrError>>,
}

/// The OCR engine. Cheap to share in an `Arc`; its threads end when it is dropped.
pub struct Ocr {
    jobs: SyncSender<Job>,
    workers: usize,
    installed: Vec<String>,
}

impl std::fmt::Debug for Ocr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Ocr")
            .field("workers", &self.workers)
            .finish()
    }
}

impl Ocr {
    /// Starts the worker threads (Tesseract handles are made by each job's first use, PP-OCR's
    /// models by the first page that asks for them); an error when PP-OCR's models are not
    /// installed.
    pub fn start(config: &Config) -> Result<Ocr, OcrError> {
        let paddle = Arc::new(Paddle::find(&config.ppocr_dir(), &config.onnxruntime())?);
        let workers = config.worker_count();
        let (jobs, queue) = sync_channel::<Job>(config.queue.max(1));
        let queue = Arc::new(Mutex::new(queue));
        let installed = Recognizer::new(config.tessdata_dir.clone()).installed_languages();
        for index in 0..workers {
            let queue = Arc::clone(&queue);
            let tessdata = config.tessdata_dir.clone();
            let paddle = Arc::clone(&paddle);
            let spawned = std::thread::Builder::new()
                .name(format!("ocr-{index}"))
                .spawn(move || work(&queue, Recognizer::new(tessdata), &paddle));
            if let Err(e) = spawned {
                eprintln!("[ocr] WARNING: OCR worker {index} could not start: {e}");
            }
        }
        Ok(Ocr {
            jobs,
            workers,
            installed,
        })
    }

    /// Worker threads.
    pub fn workers(&self) -> usize {
        self.workers
    }

    /// Whether Tesseract has the language data for `code` (`eng`, `chi_sim` …).
    pub fn has_language(&self, code: &str) -> bool {
        self.installed.iter().any(|l| l == code)
    }

    /// Reads one page: queued for a free worker, answered when it is done.
    pub async fn recognize(
        &self,
        image: Vec<u8>,
        languages: &[&str],
        layout: Layout,
        engines: Engines,
    ) -> Result<OcrPage, OcrError> {
        let (reply, answer) = oneshot::channel();
        let job = Job {
            image,
            languages: languages.iter().map(|l| (*l).to_owned()).collect(),
            layout,
            engines,
            reply,
        };
        match self.jobs.try_send(job) {
            Ok(()) => {}
            Err(TrySendError::Full(_)) => {
                return Err(OcrError::Busy(
                    "every OCR worker is busy and the queue is full".into(),
                ));
            }
            Err(TrySendError::Disconnected(_)) => {
                return Err(OcrError::Failed("the OCR workers have stopped".into()));
            }
        }
        answer.await.unwrap_or_else(|_| {
            Err(OcrError::Failed(
                "an OCR worker stopped during the job".into(),
            ))
        })
    }
}

/// One worker: takes jobs until the pool is dropped. A caller that gave up is skipped.
fn work(queue: &Mutex<Receiver<Job>>, mut recognizer: Recognizer, paddle: &Paddle) {
    loop {
        let job = match queue.lock() {
            Ok(queue) => queue.recv(),
            Err(_) => return,
        };
        let Ok(job) = job else { return };
        if job.reply.is_closed() {
            continue;
        }
        let languages: Vec<&str> = job.languages.iter().map(String::as_str).collect();
        let result = recognizer
            .recognize_bytes(&job.image, &languages, job.layout)
            .and_then(|page| match job.engines {
                Engines::TesseractAndPpOcr
                    if page.rotation == 0 && languages::ppocr_reads(&languages) =>
                {
                    read_again(page, &job.image, paddle)
                }
                _ => Ok(page),
            });
        let _ = job.reply.send(result);
    }
}

/// Tesseract's reading of an upright page combined with PP-OCR's.
fn read_again(page: OcrPage, image: &[u8], paddle: &Paddle) -> Result<OcrPage, OcrError> {
    let (lines, models) = paddle.read(image, |line| {
        combine::worth_reading(line, &page.words, page.height)
    })?;
    let words = combine::combine(page.words, &lines, |c| models.knows(c));
    Ok(OcrPage { words, ..page })
}
