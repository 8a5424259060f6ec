//! The Chromium pool the screenshot and document APIs share: one Debian Chromium driven over
//! our own CDP connection (`cdp`), a bounded set of worker threads of its own (its calls
//! block, so they never run on Tokio's workers), a fresh browser context per job, deadlines around
//! every step, a restart after `restart_after_jobs` jobs or a failed health check, and every
//! byte the browser fetches sent through the egress proxy that enforces the address policy.

pub mod address;
pub mod allow;
mod batch;
mod capture;
pub mod cdp;
#[cfg(test)]
mod cdp_tests;
pub mod config;
pub mod egress;
mod filters;
pub mod job;
pub mod launch;
mod page;
mod print;
#[cfg(test)]
mod sandbox_tests;
pub mod target;
#[cfg(test)]
mod tests;

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use crossbeam_channel::{RecvTimeoutError, TryRecvError};
use std::time::Duration;

use self::allow::AllowList;
use self::egress::Egress;
use self::job::{BrowserError, Image, Pdf, Print, Shot};
use self::launch::Browser;
use self::page::Session;
pub use self::page::{PageSession, blank_page_in, device_metrics};
pub use self::target::UrlRefusal;
use crate::sandbox::RunAs;

/// How often the browser in use is asked for its version (the health check; a failed job
/// asks too).
const KEEPALIVE: Duration = Duration::from_secs(30);

/// How often a waiting worker with no page prepared for the browser in use looks again (the
/// browser was launched or replaced by another worker's job).
const SPARE_CHECK: Duration = Duration::from_millis(500);

/// How long a health check may take before the browser counts as wedged.
const HEALTH_TIMEOUT: Duration = Duration::from_secs(5);

type Job = Box<dyn FnOnce(&Pool, &mut Pages) + Send>;

/// A worker's pages: the one opened ahead for its next job (so that a job does not wait for
/// a context and its renderer process to start), the one its last job used (disposed once
/// the answer has gone out), and, within a batch's group, the page the previous item used,
/// handed on to the next. A page is never used for two jobs.
#[derive(Default)]
struct Pages {
    spare: Option<Session>,
    used: Option<Session>,
    carried: Option<Session>,
}

/// The shared browser engine. Dropping it ends its workers and closes the browser.
pub struct Chromium {
    queue: crossbeam_channel::Sender<Job>,
    pool: Arc<Pool>,
}

impl std::fmt::Debug for Chromium {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Chromium")
            .field("jobs", &self.pool.jobs)
            .finish()
    }
}

/// What the workers share: the configuration, the proxy, and the browser in use.
struct Pool {
    binary: Result<PathBuf, String>,
    /// Who the browser runs as (never root).
    run_as: RunAs,
    jobs: usize,
    restart_after_jobs: u32,
    capture_timeout: Duration,
    egress: Egress,
    live: Mutex<Option<Live>>,
    launches: AtomicU64,
}

/// The running browser and how many jobs it has done.
struct Live {
    running: Running,
    jobs_done: u32,
}

/// A running browser, shared by the jobs and pages that use it.
#[derive(Clone)]
struct Running {
    browser: Arc<Browser>,
}

impl Chromium {
    /// Starts the egress proxy and the workers; the browser itself is launched by the first
    /// job (a server that never captures never starts one). A missing Chromium is reported
    /// by each job as unavailable, not at start; a root server without the sandbox user
    /// does not start.
    pub async fn start(config: &config::Config) -> anyhow::Result<Chromium> {
        let run_as = RunAs::resolve()?;
        let allow = AllowList::parse(&config.allow_internal)
            .map_err(|e| anyhow::anyhow!("[browser] allow_internal: {e}"))?;
        let egress = Egress::start(allow).await?;
        let pool = Arc::new(Pool {
            binary: launch::binary(&config.binary).map_err(|e| format!("{e:#}")),
            run_as,
            jobs: config.jobs(),
            restart_after_jobs: config.restart_after_jobs.max(1),
            capture_timeout: Duration::from_secs(config.capture_timeout_secs.max(1)),
            egress,
            live: Mutex::new(None),
            launches: AtomicU64::new(0),
        });
        let (tx, rx) = crossbeam_channel::unbounded::<Job>();
        for n in 0..pool.jobs {
            let (pool, rx) = (pool.clone(), rx.clone());
            std::thread::Builder::new()
                .name(format!("browser-{n}"))
                .spawn(move || worker(&pool, &rx))?;
        }
        let weak = Arc::downgrade(&pool);
        std::thread::Builder::new()
            .name("browser-keepalive".into())
            .spawn(move || {
                while let Some(pool) = weak.upgrade() {
                    pool.keep_alive();
                    drop(pool);
                    std::thread::sleep(KEEPALIVE);
                }
            })?;
        Ok(Chromium { queue: tx, pool })
    }

    /// Pages rendered at once.
    pub fn jobs(&self) -> usize {
        self.pool.jobs
    }

    /// Loads and captures a page.
    pub async fn capture(&self, shot: Shot) -> Result<Image, BrowserError> {
        let timeout = self.pool.capture_timeout;
        self.run(move |pool, pages| {
            pool.with_page(pages, |session| capture::capture(session, &shot, timeout))
        })
        .await
    }

    /// Loads and captures the pages of one caller's batch, answering in the order of `shots`.
    /// The items share pages (see [`batch`]): in as many groups as pages render at once,
    /// each group on one page, one item after another.
    pub async fn capture_batch(&self, shots: Vec<Shot>) -> Vec<Result<Image, BrowserError>> {
        let timeout = self.pool.capture_timeout;
        let groups = batch::groups(&shots, self.pool.jobs);
        let count = shots.len();
        let mut shots: Vec<Option<Shot>> = shots.into_iter().map(Some).collect();
        let mut runs = Vec::with_capacity(groups.len());
        for group in groups {
            let items: Vec<(usize, Shot)> = group
                .into_iter()
                .filter_map(|index| Some((index, shots[index].take()?)))
                .collect();
            let indexes: Vec<usize> = items.iter().map(|(index, _)| *index).collect();
            let run = self.run(move |pool, pages| Ok(pool.capture_group(pages, items, timeout)));
            runs.push(async move { (indexes, run.await) });
        }
        let mut results: Vec<Option<Result<Image, BrowserError>>> =
            (0..count).map(|_| None).collect();
        for (indexes, run) in futures::future::join_all(runs).await {
            match run {
                Ok(done) => {
                    for (index, result) in done {
                        results[index] = Some(result);
                    }
                }
                Err(error) => {
                    let message = error.to_string();
                    for index in indexes {
                        results[index] =
                            Some(Err(BrowserError::Failed(anyhow::anyhow!("{message}"))));
                    }
                }
            }
        }
        results
            .into_iter()
            .map(|result| {
                result.unwrap_or_else(|| {
                    Err(BrowserError::Failed(anyhow::anyhow!(
                        "a batch item was not captured"
                    )))
                })
            })
            .collect()
    }

    /// Loads and prints a page to PDF (a URL, or an HTML document of the server's own).
    pub async fn print(&self, job: Print) -> Result<Pdf, BrowserError> {
        let timeout = self.pool.capture_timeout;
        self.run(move |pool, pages| {
            pool.with_page(pages, |session| print::print(session, &job, timeout))
        })
        .await
    }

    /// Connections the egress proxy refused since start.
    pub fn refused_connections(&self) -> u64 {
        self.pool.egress.refused()
    }

    /// Browser contexts open in the running browser (none when no browser runs): the
    /// workers' spare pages, and the pages of jobs not yet disposed.
    pub fn open_contexts(&self) -> anyhow::Result<usize> {
        match self.pool.current_browser() {
            Some(running) => Ok(running.browser.contexts()?),
            None => Ok(0),
        }
    }

    /// Browsers launched since start (a restart launches a new one).
    pub fn launches(&self) -> u64 {
        self.pool.launches.load(Ordering::Relaxed)
    }

    async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Pool, &mut Pages) -> Result<T, BrowserError> + Send + 'static,
    ) -> Result<T, BrowserError> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move |pool, pages| {
            let _ = tx.send(work(pool, pages));
        });
        self.queue.send(job).map_err(|_| {
            BrowserError::Failed(anyhow::anyhow!("the browser workers have stopped"))
        })?;
        rx.await.map_err(|_| {
            BrowserError::Failed(anyhow::anyhow!("a browser worker ended during the job"))
        })?
    }
}

impl Drop for Chromium {
    /// Kills the browser now (the workers end once the queue is gone), even while a worker
    /// still holds it for a job or a page it is opening: a server that stops leaves no
    /// Chromium behind, also when its process exits right after.
    fn drop(&mut self) {
        let live = self.pool.live.lock().ok().and_then(|mut live| live.take());
        if let Some(live) = live {
            live.running.browser.kill();
        }
    }
}

/// Runs jobs until the queue closes. After each job, once its answer is sent, the page it
/// used is disposed. A job already waiting then runs at once, on a page opened for it (a
/// batch is not held up by spares made for calls to come); with none waiting, the worker
/// opens and prepares its next page before it waits. Workers wait on the queue without a
/// lock, so that one waiting never keeps another from preparing its page meanwhile (it would
/// then prepare it during the next job, on the same cores).
fn worker(pool: &Pool, jobs: &crossbeam_channel::Receiver<Job>) {
    let mut pages = Pages::default();
    loop {
        let next = match jobs.try_recv() {
            Ok(job) => job,
            Err(TryRecvError::Disconnected) => return,
            Err(TryRecvError::Empty) => loop {
                pool.prepare_spare(&mut pages);
                match jobs.recv_timeout(SPARE_CHECK) {
                    Ok(job) => break job,
                    Err(RecvTimeoutError::Timeout) => continue,
                    Err(RecvTimeoutError::Disconnected) => return,
                }
            },
        };
        // A panicking job fails only itself (its answer channel is dropped).
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| next(pool, &mut pages)));
        pages.used = None;
        pages.carried = None;
    }
}

impl Pool {
    /// The browser in use, launched when there is none.
    fn browser(&self) -> Result<Running, BrowserError> {
        let binary = self
            .binary
            .as_ref()
            .map_err(|e| BrowserError::Unavailable(e.clone()))?;
        let mut live = self
            .live
            .lock()
            .map_err(|_| BrowserError::Failed(anyhow::anyhow!("browser state poisoned")))?;
        if let Some(live) = live.as_ref() {
            return Ok(live.running.clone());
        }
        let browser = Browser::launch(binary, self.egress.addr, self.run_as).map_err(|e| {
            BrowserError::Unavailable(format!("the browser could not be started: {e:#}"))
        })?;
        self.launches.fetch_add(1, Ordering::Relaxed);
        let running = Running {
            browser: Arc::new(browser),
        };
        *live = Some(Live {
            running: running.clone(),
            jobs_done: 0,
        });
        Ok(running)
    }

    /// The browser in use, if one runs (never launches one).
    fn current_browser(&self) -> Option<Running> {
        let live = self.live.lock().ok()?;
        live.as_ref().map(|l| l.running.clone())
    }

    /// Opens and prepares the worker's next page, unless it has one of the browser in use (a
    /// page of a replaced browser is dropped, which lets that browser go).
    fn prepare_spare(&self, pages: &mut Pages) {
        let Some(running) = self.current_browser() else {
            return;
        };
        let pid = running.browser.pid();
        if pages
            .spare
            .as_ref()
            .is_some_and(|spare| spare.browser_pid() == pid)
        {
            return;
        }
        pages.spare = None;
        pages.spare = Session::open_prepared(&running.browser).ok();
    }

    /// A page for one job: the page handed on from the batch item before, else the worker's
    /// spare, if it belongs to `running`; else a new one.
    fn page(&self, pages: &mut Pages, running: &Running) -> Result<Session, BrowserError> {
        match pages.carried.take().or_else(|| pages.spare.take()) {
            Some(spare) if spare.browser_pid() == running.browser.pid() => Ok(spare),
            _ => Session::open(&running.browser),
        }
    }

    /// Runs `work` on a fresh page. A job that failed because the browser itself had died
    /// (crashed, killed by the OOM killer) runs once more on a new browser, so a crash costs
    /// the caller nothing but time.
    fn with_page<T>(
        &self,
        pages: &mut Pages,
        work: impl Fn(&Session) -> Result<T, BrowserError>,
    ) -> Result<T, BrowserError> {
        match self.attempt(pages, &work)? {
            (Err(BrowserError::Failed(_)), false) => {
                self.attempt(pages, &work).map(|(result, _)| result)?
            }
            (result, _) => result,
        }
    }

    /// One run of `work`, then the job counted and the browser restarted when it has done
    /// its share or no longer answers. Answers the result and whether the browser was healthy.
    fn attempt<T>(
        &self,
        pages: &mut Pages,
        work: &impl Fn(&Session) -> Result<T, BrowserError>,
    ) -> Result<(Result<T, BrowserError>, bool), BrowserError> {
        let running = self.browser()?;
        let browser = &running.browser;
        let result = self.page(pages, &running).and_then(|session| {
            let result = work(&session);
            pages.used = Some(session);
            result
        });
        let healthy = result.is_ok() || healthy(browser);
        if let Ok(mut live) = self.live.lock()
            && let Some(current) = live.as_mut()
            && same(&current.running.browser, browser)
        {
            current.jobs_done += 1;
            if !healthy || current.jobs_done >= self.restart_after_jobs {
                // Jobs still running keep the old browser alive until they finish.
                *live = None;
            }
        }
        Ok((result, healthy))
    }

    /// Pings the browser in use; one that does not answer is dropped (and closed).
    fn keep_alive(&self) {
        let browser = self.current_browser().map(|running| running.browser);
        if let Some(browser) = browser
            && !healthy(&browser)
            && let Ok(mut live) = self.live.lock()
            && live
                .as_ref()
                .is_some_and(|l| same(&l.running.browser, &browser))
        {
            *live = None;
        }
    }
}

fn same(a: &Browser, b: &Browser) -> bool {
    a.pid() == b.pid()
}

/// Whether `browser` answers a version query in time.
fn healthy(browser: &Browser) -> bool {
    browser.answers(HEALTH_TIMEOUT)
}
