//! The pool of worker processes: at most `workers` of them, started on demand, each doing
//! one job at a time, replaced after `restart_after_jobs` jobs, after a timeout (killed) or
//! after a crash. A replaced worker's successor is started in the background so the next
//! job does not wait for LibreOffice to initialise.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::Semaphore;

use super::process::{JobFiles, Worker};
use super::protocol::{Reply, Request};
use super::{Config, Input, OfficeError, Output, isolate, program, sanitize};
use crate::sandbox::{Limits, RunAs};

/// The LibreOffice engine. Cheap to share in an `Arc`; dropping it kills its workers.
pub struct Office {
    pool: Arc<Pool>,
}

impl std::fmt::Debug for Office {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Office")
            .field("workers", &self.pool.workers)
            .field("workers_started", &self.workers_started())
            .finish()
    }
}

struct Pool {
    program: PathBuf,
    /// Where `program` was linked for the sandbox user, removed with the pool.
    _program_dir: Option<tempfile::TempDir>,
    install: Result<PathBuf, String>,
    /// Who workers run as, once a jail has been seen to start here; else why none can.
    jail: Result<RunAs, String>,
    /// What each worker's jail allows.
    limits: Limits,
    workers: usize,
    restart_after_jobs: u32,
    job_timeout: Duration,
    /// One permit per worker that may exist while busy or starting.
    slots: Arc<Semaphore>,
    idle: Mutex<Vec<Worker>>,
    launches: AtomicU64,
}

/// What a worker is asked to do.
enum Job {
    Convert {
        bytes: Vec<u8>,
        from: Input,
        to: Output,
    },
    /// A test-only request (`hang`, `crash`, `allocate`, or a conversion of a path).
    #[cfg(feature = "testing")]
    Test(Request),
}

impl Office {
    /// The engine; no worker starts before the first job. Without LibreOffice every job
    /// answers [`OfficeError::Unavailable`]. `worker_program` is run as
    /// `worker_program office-worker`.
    pub fn start(config: &Config, worker_program: PathBuf) -> Office {
        let install = match &config.install_dir {
            Some(dir) => Ok(dir.clone()),
            None => libreofficekit::Office::find_install_path()
                .ok_or_else(|| "LibreOffice is not installed".to_owned()),
        }
        .and_then(|dir| {
            if dir.is_dir() {
                Ok(dir)
            } else {
                Err(format!("LibreOffice is not installed at {}", dir.display()))
            }
        });
        let workers = config.workers.max(1);
        let limits = Limits {
            memory_bytes: Some(config.memory_limit_mb.max(1) << 20),
            file_bytes: 1 << 30,
            open_files: 1024,
        };
        // No worker runs outside its jail: without one, every job is unavailable.
        let jail = isolate::jail_check(limits);
        // The sandbox user must reach the program; a program missing here stays missing.
        let (program_dir, program) = match jail {
            Ok(RunAs::SandboxUser { .. }) if !program::reachable_by_anyone(&worker_program) => {
                match program::reachable_copy(&worker_program) {
                    Ok((dir, copy)) => (Some(dir), copy),
                    Err(_) => (None, worker_program),
                }
            }
            _ => (None, worker_program),
        };
        Office {
            pool: Arc::new(Pool {
                program,
                _program_dir: program_dir,
                install,
                jail,
                limits,
                workers,
                restart_after_jobs: config.restart_after_jobs.max(1),
                job_timeout: Duration::from_secs(config.job_timeout_secs.max(1)),
                slots: Arc::new(Semaphore::new(workers)),
                idle: Mutex::new(Vec::new()),
                launches: AtomicU64::new(0),
            }),
        }
    }

    /// Converts `bytes` (a `from` document) to `to`: sanitized, then queued for a free
    /// worker, then run under the job timeout.
    pub async fn convert(
        &self,
        bytes: Vec<u8>,
        from: Input,
        to: Output,
    ) -> Result<Vec<u8>, OfficeError> {
        self.pool.available()?;
        let bytes = tokio::task::spawn_blocking(move || sanitize::sanitize(&bytes, from))
            .await
            .map_err(OfficeError::failed)??;
        self.pool
            .run(Job::Convert { bytes, from, to })
            .await
            .map(Option::unwrap_or_default)
    }

    /// Worker processes launched so far.
    pub fn workers_started(&self) -> u64 {
        self.pool.launches.load(Ordering::Relaxed)
    }

    /// Test only: a job that never finishes (honoured by workers built with `testing`).
    #[cfg(feature = "testing")]
    pub async fn test_hang(&self) -> Result<(), OfficeError> {
        self.pool.available()?;
        self.pool.run(Job::Test(Request::Hang)).await.map(drop)
    }

    /// Test only: a job whose worker dies (honoured by workers built with `testing`).
    #[cfg(feature = "testing")]
    pub async fn test_crash(&self) -> Result<(), OfficeError> {
        self.pool.available()?;
        self.pool.run(Job::Test(Request::Crash)).await.map(drop)
    }

    /// Test only: a job that allocates `bytes` in its worker (honoured by workers built
    /// with `testing`); past the worker's memory limit the worker dies.
    #[cfg(feature = "testing")]
    pub async fn test_allocate(&self, bytes: u64) -> Result<(), OfficeError> {
        self.pool.available()?;
        self.pool
            .run(Job::Test(Request::Allocate { bytes }))
            .await
            .map(drop)
    }

    /// Test only: a worker asked to convert the file at `path` to text itself, as no job
    /// ever asks (jobs name files in their own directory).
    #[cfg(feature = "testing")]
    pub async fn test_convert_path(&self, path: &std::path::Path) -> Result<(), OfficeError> {
        self.pool.available()?;
        let output = std::env::temp_dir().join("suite-office-test-convert-path.txt");
        self.pool
            .run(Job::Test(Request::Convert {
                input: path.to_owned(),
                output,
                format: "txt".into(),
                options: None,
            }))
            .await
            .map(drop)
    }
}

impl Pool {
    fn available(&self) -> Result<(), OfficeError> {
        self.install
            .as_ref()
            .map(drop)
            .map_err(|e| OfficeError::Unavailable(e.clone()))?;
        self.jail
            .as_ref()
            .map(drop)
            .map_err(|e| OfficeError::Unavailable(e.clone()))
    }

    /// Runs one job on a free worker; answers the output's bytes for conversions.
    async fn run(self: &Arc<Self>, job: Job) -> Result<Option<Vec<u8>>, OfficeError> {
        let _slot = self
            .slots
            .acquire()
            .await
            .map_err(|_| OfficeError::failed("the office pool is closed"))?;
        let mut worker = self.worker().await?;
        let (request, files) = match job {
            Job::Convert { bytes, from, to } => {
                let files = JobFiles::new(&worker, bytes, from.extension(), to.extension())
                    .await
                    .map_err(|e| OfficeError::failed(format!("writing the job's input: {e}")))?;
                let request = Request::Convert {
                    input: files.input.clone(),
                    output: files.output.clone(),
                    format: to.extension().to_owned(),
                    options: to.filter_options().map(str::to_owned),
                };
                (request, Some(files))
            }
            #[cfg(feature = "testing")]
            Job::Test(request) => (request, None),
        };
        let result = match tokio::time::timeout(self.job_timeout, worker.request(&request)).await {
            Err(_) => {
                worker.kill().await;
                self.replace();
                Err(OfficeError::TimedOut(format!(
                    "the document took longer than {}s",
                    self.job_timeout.as_secs()
                )))
            }
            Ok(Err(e)) => {
                let status = worker.kill().await;
                self.replace();
                Err(OfficeError::Failed(anyhow::anyhow!(
                    "the office worker died during the job ({status}; {e})"
                )))
            }
            Ok(Ok(reply)) => {
                worker.jobs += 1;
                // The output is read before the worker goes back: a worker that has done its
                // share is retired, and its home, where the job's files are, goes with it.
                let answer = match (reply, &files) {
                    (Reply::Done, Some(files)) => match tokio::fs::read(&files.output).await {
                        Ok(bytes) if !bytes.is_empty() => Ok(Some(bytes)),
                        _ => Err(OfficeError::failed("LibreOffice wrote no output")),
                    },
                    (Reply::Done, None) => Ok(None),
                    (Reply::Unreadable { error }, _) => Err(OfficeError::Unreadable(error)),
                    (Reply::Failed { error }, _) => {
                        Err(OfficeError::Failed(anyhow::anyhow!(error)))
                    }
                    (other, _) => Err(OfficeError::failed(format!(
                        "unexpected reply from the office worker: {other:?}"
                    ))),
                };
                self.give_back(worker);
                answer
            }
        };
        if let Some(files) = files {
            files.remove();
        }
        result
    }

    /// An idle live worker, or a new one.
    async fn worker(&self) -> Result<Worker, OfficeError> {
        loop {
            let next = self.idle.lock().ok().and_then(|mut idle| idle.pop());
            match next {
                Some(mut worker) => {
                    if worker.alive() {
                        return Ok(worker);
                    }
                }
                None => break,
            }
        }
        self.launch().await
    }

    async fn launch(&self) -> Result<Worker, OfficeError> {
        let install = self
            .install
            .as_ref()
            .map_err(|e| OfficeError::Unavailable(e.clone()))?;
        self.launches.fetch_add(1, Ordering::Relaxed);
        let run_as = self.jail.clone().map_err(OfficeError::Unavailable)?;
        Worker::launch(&self.program, install, run_as, self.limits).await
    }

    /// Returns a worker after a job, or retires it once it has done its share.
    fn give_back(self: &Arc<Self>, worker: Worker) {
        if worker.jobs >= self.restart_after_jobs {
            tokio::spawn(async move {
                worker.kill().await;
            });
            self.replace();
        } else if let Ok(mut idle) = self.idle.lock() {
            idle.push(worker);
        }
    }

    /// Starts a successor for a retired worker in the background, once a slot is free and
    /// if no idle worker is waiting anyway.
    fn replace(self: &Arc<Self>) {
        let pool = Arc::clone(self);
        tokio::spawn(async move {
            let Ok(_slot) = pool.slots.acquire().await else {
                return;
            };
            if pool
                .idle
                .lock()
                .map(|idle| !idle.is_empty())
                .unwrap_or(true)
            {
                return;
            }
            if let Ok(worker) = pool.launch().await
                && let Ok(mut idle) = pool.idle.lock()
            {
                idle.push(worker);
            }
        });
    }
}
