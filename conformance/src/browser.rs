//! A small Chromium driver for the tests that use pages as a person does (`/docs`, the
//! portal): Debian's Chromium launched by `headless_chrome` with the browser engine's flags
//! (its high-level helpers suit a test that clicks and types), one incognito
//! context per page so two accounts never share cookies, fields found by their `<label>`
//! (which checks the page's accessibility on the way), clicks that wait for the navigation
//! they cause, and full-page screenshots kept under `<target>/artifacts`.
//!
//! Everything here blocks, as `headless_chrome` does: async tests call it inside
//! `tokio::task::spawn_blocking`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use headless_chrome::Tab;
use headless_chrome::protocol::cdp::types::Event;
use headless_chrome::protocol::cdp::{Network, Page as Cdp};
use suite_engines::browser::{device_metrics, launch};

/// How long a page may take to do any one thing before the test gives up (a bound so that a
/// broken page fails instead of hanging, not a measure: nothing asserts how long it took).
pub const PATIENCE: Duration = Duration::from_secs(120);

/// `<target>/artifacts`: `$CARGO_TARGET_DIR` (relative to the workspace), else the workspace's
/// `target`.
pub fn artifacts_dir() -> PathBuf {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let target = match std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from) {
        Some(dir) if dir.is_absolute() => dir,
        Some(dir) => workspace.join(dir),
        None => workspace.join("target"),
    };
    target.join("artifacts")
}

/// The string `expression` evaluates to in `tab`.
pub fn string(tab: &Tab, expression: &str) -> Result<String> {
    let result = tab.evaluate(expression, false)?;
    result
        .value
        .as_ref()
        .and_then(|v| v.as_str())
        .map(str::to_owned)
        .with_context(|| {
            format!(
                "{expression} gave {:?} ({:?})",
                result.value, result.description
            )
        })
}

/// Waits until `condition` holds in `tab`, within [`PATIENCE`]. A page that is navigating
/// cannot evaluate anything for a moment: such errors count as "not yet".
pub fn wait_until(tab: &Tab, condition: &str, what: &str) -> Result<()> {
    let give_up = Instant::now() + PATIENCE;
    loop {
        let last = match tab.evaluate(condition, false) {
            Ok(result) if result.value.as_ref().and_then(|v| v.as_bool()) == Some(true) => {
                return Ok(());
            }
            Ok(result) => format!("{:?}", result.value),
            Err(error) => error.to_string(),
        };
        if Instant::now() > give_up {
            bail!("{what}: still not so after {PATIENCE:?} ({condition}; last: {last})");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// A PNG of the whole page in `tab`, not only the viewport.
pub fn full_page_png(tab: &Tab) -> Result<Vec<u8>> {
    let metrics = tab.call_method(Cdp::GetLayoutMetrics(None))?;
    let size = metrics.css_content_size;
    let data = tab
        .call_method(Cdp::CaptureScreenshot {
            format: Some(Cdp::CaptureScreenshotFormatOption::Png),
            quality: None,
            clip: Some(Cdp::Viewport {
                x: 0.0,
                y: 0.0,
                width: size.width,
                height: size.height.min(16_000.0),
                scale: 1.0,
            }),
            from_surface: Some(true),
            capture_beyond_viewport: Some(true),
            optimize_for_speed: None,
        })?
        .data;
    use base64::Engine as _;
    Ok(base64::engine::general_purpose::STANDARD.decode(data)?)
}

/// One Chromium, closed when dropped.
pub struct Browser {
    inner: headless_chrome::Browser,
}

impl Browser {
    /// Debian's Chromium (the first on `PATH`), with the engine's flags and no proxy.
    pub fn launch() -> Result<Browser> {
        let binary = launch::binary(Path::new(""))?;
        let options = headless_chrome::LaunchOptions {
            headless: true,
            sandbox: false,
            enable_gpu: false,
            path: Some(binary),
            idle_browser_timeout: PATIENCE,
            args: launch::FLAGS.iter().map(std::ffi::OsStr::new).collect(),
            window_size: Some((1280, 800)),
            ..headless_chrome::LaunchOptions::default()
        };
        Ok(Browser {
            inner: headless_chrome::Browser::new(options).context("launching Chromium")?,
        })
    }

    /// A new tab in a new incognito context: its cookies are its own.
    pub fn page(&self) -> Result<Page> {
        let tab = self.inner.new_context()?.new_tab()?;
        tab.set_default_timeout(PATIENCE);
        let document = Arc::new(Mutex::new(None));
        let record = document.clone();
        let main_frame = tab.get_target_id().clone();
        tab.add_event_listener(Arc::new(move |event: &Event| {
            if let Event::NetworkResponseReceived(received) = event {
                let params = &received.params;
                let is_main_document = matches!(params.Type, Network::ResourceType::Document)
                    && params.frame_id.as_deref() == Some(main_frame.as_str());
                if is_main_document && let Ok(mut document) = record.lock() {
                    *document = Some(Response::of(&params.response));
                }
            }
        }))?;
        tab.call_method(Network::Enable {
            max_total_buffer_size: None,
            max_resource_buffer_size: None,
            max_post_data_size: None,
            report_direct_socket_traffic: None,
            enable_durable_messages: None,
        })?;
        Ok(Page {
            tab,
            _browser: self.inner.clone(),
            document,
        })
    }
}

/// The main document's response as the network saw it.
#[derive(Debug, Clone)]
struct Response {
    url: String,
    headers: BTreeMap<String, String>,
}

impl Response {
    fn of(response: &Network::Response) -> Response {
        let headers = response
            .headers
            .0
            .as_ref()
            .and_then(|h| h.as_object())
            .map(|h| {
                h.iter()
                    .map(|(name, value)| {
                        (
                            name.to_ascii_lowercase(),
                            value.as_str().unwrap_or_default().to_owned(),
                        )
                    })
                    .collect()
            })
            .unwrap_or_default();
        Response {
            url: response.url.clone(),
            headers,
        }
    }
}

/// A tab of its own incognito context.
pub struct Page {
    tab: Arc<Tab>,
    /// Keeps the browser process alive as long as the page.
    _browser: headless_chrome::Browser,
    /// The last main document's response.
    document: Arc<Mutex<Option<Response>>>,
}

/// Finds the field whose `<label>` reads exactly `label` (whitespace collapsed) through the
/// label's `for`; evaluates to the field, or to `{error}` saying what is missing.
const FIELD_BY_LABEL: &str = "((label) => {\
    const text = (e) => e.textContent.replace(/\\s+/g, ' ').trim();\
    const all = [...document.querySelectorAll('label')];\
    const labels = all.filter((l) => text(l) === label);\
    if (labels.length !== 1) return { error: `${labels.length} <label>s read ${JSON.stringify(label)}; \
      the page's labels: ${JSON.stringify(all.map(text))}` };\
    const id = labels[0].getAttribute('for');\
    if (!id) return { error: `the <label> ${JSON.stringify(label)} has no for` };\
    const field = document.getElementById(id);\
    if (!field) return { error: `the <label> ${JSON.stringify(label)} is for #${id}, which is not in the page` };\
    return field;\
  })";

/// The one `<button>` reading exactly `text` under the element matching `scope` (the
/// document when `null`); evaluates to the button or to `{error}`.
const BUTTON: &str = "((scope, wanted) => {\
    const root = scope === null ? document : document.querySelector(scope);\
    if (!root) return { error: `nothing matches ${scope}` };\
    const text = (e) => e.textContent.replace(/\\s+/g, ' ').trim();\
    const all = [...root.querySelectorAll('button')];\
    const found = all.filter((b) => text(b) === wanted);\
    if (found.length !== 1) return { error: `${found.length} buttons read ${JSON.stringify(wanted)}\
      ${scope === null ? '' : ' in ' + scope}; the buttons: ${JSON.stringify(all.map(text))}` };\
    return found[0];\
  })";

/// A JavaScript string literal of `text`.
fn js(text: &str) -> String {
    serde_json::Value::from(text).to_string()
}

/// A labelled field as [`Page::labelled`] reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field {
    /// Its `name`, the key it is posted under.
    pub name: String,
    pub value: String,
    pub read_only: bool,
}

impl Page {
    /// The underlying tab, for what this driver does not cover.
    pub fn tab(&self) -> &Tab {
        &self.tab
    }

    /// Loads `url` and waits until it has loaded.
    pub fn goto(&self, url: &str) -> Result<()> {
        self.navigating(&format!("loading {url}"), || {
            self.tab.navigate_to(url)?;
            Ok(())
        })
    }

    /// Sets the input or textarea labelled `label` to `value`, as typing it would.
    pub fn fill(&self, label: &str, value: &str) -> Result<()> {
        self.act(&format!(
            "(() => {{ const field = {FIELD_BY_LABEL}({label});\
               if (field.error) return field;\
               if (!['INPUT', 'TEXTAREA'].includes(field.tagName)) return {{ error: `the field is a ${{field.tagName}}` }};\
               if (field.readOnly || field.disabled) return {{ error: 'the field is read-only' }};\
               field.focus(); field.value = {value};\
               field.dispatchEvent(new Event('input', {{ bubbles: true }}));\
               field.dispatchEvent(new Event('change', {{ bubbles: true }}));\
               return {{}}; }})()",
            label = js(label),
            value = js(value),
        ))
        .with_context(|| format!("filling {label:?}"))
    }

    /// Chooses the option whose value is `option` in the select labelled `label`.
    pub fn select(&self, label: &str, option: &str) -> Result<()> {
        self.act(&format!(
            "(() => {{ const field = {FIELD_BY_LABEL}({label});\
               if (field.error) return field;\
               if (field.tagName !== 'SELECT') return {{ error: `the field is a ${{field.tagName}}` }};\
               const values = [...field.options].map((o) => o.value);\
               if (!values.includes({option})) return {{ error: `no option ${{{option}}} among ${{JSON.stringify(values)}}` }};\
               field.value = {option};\
               field.dispatchEvent(new Event('change', {{ bubbles: true }}));\
               return {{}}; }})()",
            label = js(label),
            option = js(option),
        ))
        .with_context(|| format!("choosing {option:?} in {label:?}"))
    }

    /// The field labelled `label`: its name, its value and whether it is read-only.
    pub fn labelled(&self, label: &str) -> Result<Field> {
        let found: serde_json::Value = serde_json::from_str(&self.string(&format!(
            "(() => {{ const field = {FIELD_BY_LABEL}({label});\
               return JSON.stringify(field.error ? field :\
                 {{ name: field.name, value: field.value, readOnly: !!field.readOnly }}); }})()",
            label = js(label),
        ))?)?;
        if let Some(error) = found["error"].as_str() {
            bail!("reading {label:?}: {error}");
        }
        Ok(Field {
            name: found["name"].as_str().unwrap_or_default().to_owned(),
            value: found["value"].as_str().unwrap_or_default().to_owned(),
            read_only: found["readOnly"].as_bool().unwrap_or_default(),
        })
    }

    /// Clicks the one button reading `text` and waits for the page it leads to.
    pub fn click_button(&self, text: &str) -> Result<()> {
        self.click(None, text)
    }

    /// Clicks the one button reading `text` inside the element matching `row` (a CSS
    /// selector such as `tr[data-key-id="key_…"]`) and waits for the page it leads to.
    pub fn click_button_in_row(&self, row: &str, text: &str) -> Result<()> {
        self.click(Some(row), text)
    }

    fn click(&self, scope: Option<&str>, text: &str) -> Result<()> {
        let scope_js = scope.map_or_else(|| "null".to_owned(), js);
        let script = format!(
            "(() => {{ const button = {BUTTON}({scope_js}, {text});\
               if (button.error) return button;\
               const form = button.form;\
               if (form && !form.checkValidity()) return {{ error: 'the form is not valid: ' +\
                 JSON.stringify([...form.elements].filter((e) => !e.checkValidity())\
                   .map((e) => `${{e.name}}: ${{e.validationMessage}}`)) }};\
               button.click(); return {{}}; }})()",
            text = js(text),
        );
        self.navigating(&format!("the page after clicking {text:?}"), || {
            self.act(&script)
        })
        .with_context(|| format!("clicking {text:?}"))
    }

    /// The page's text as a reader sees it (`document.body.innerText`).
    pub fn text(&self) -> Result<String> {
        self.string("document.body.innerText")
    }

    /// The text of the first element matching `css` as a reader sees it (`innerText`).
    pub fn text_of(&self, css: &str) -> Result<String> {
        let found: serde_json::Value = serde_json::from_str(&self.string(&format!(
            "(() => {{ const e = document.querySelector({css});\
               return JSON.stringify(e ? {{ text: e.innerText }} : {{ error: 'no element' }}); }})()",
            css = js(css),
        ))?)?;
        found["text"]
            .as_str()
            .map(str::to_owned)
            .with_context(|| format!("the text of {css}: {found}"))
    }

    /// The text of every element matching `css` (`innerText`), in document order.
    pub fn texts(&self, css: &str) -> Result<Vec<String>> {
        Ok(serde_json::from_str(&self.string(&format!(
            "JSON.stringify([...document.querySelectorAll({css})].map((e) => e.innerText))",
            css = js(css),
        ))?)?)
    }

    /// The whole document's markup as it is now.
    pub fn html(&self) -> Result<String> {
        self.string("document.documentElement.outerHTML")
    }

    /// The `value` of the element matching `css`.
    pub fn value(&self, css: &str) -> Result<String> {
        let found: serde_json::Value = serde_json::from_str(&self.string(&format!(
            "(() => {{ const e = document.querySelector({css});\
               return JSON.stringify(e ? {{ value: e.value ?? null }} : {{ error: 'no element' }}); }})()",
            css = js(css),
        ))?)?;
        found["value"]
            .as_str()
            .map(str::to_owned)
            .with_context(|| format!("the value of {css}: {found}"))
    }

    /// The attribute `attr` of every element matching `css` (elements without it left out).
    pub fn attr_all(&self, css: &str, attr: &str) -> Result<Vec<String>> {
        Ok(serde_json::from_str(&self.string(&format!(
            "JSON.stringify([...document.querySelectorAll({css})]\
               .map((e) => e.getAttribute({attr})).filter((v) => v !== null))",
            css = js(css),
            attr = js(attr),
        ))?)?)
    }

    /// The page's URL.
    pub fn url(&self) -> Result<String> {
        self.string("location.href")
    }

    /// The HTTP status of the last navigation's response (after redirects).
    pub fn status(&self) -> Result<u16> {
        let status = self
            .string("String(performance.getEntriesByType('navigation')[0]?.responseStatus ?? 0)")?;
        Ok(status.parse()?)
    }

    /// A header of the current document's response, as the network saw it.
    pub fn response_header(&self, name: &str) -> Result<Option<String>> {
        // The network's events may trail the page's load by a moment.
        let give_up = Instant::now() + Duration::from_secs(5);
        loop {
            let url = self.url()?;
            let document = self.document.lock().ok().and_then(|d| d.clone());
            match document {
                Some(response) if response.url == url => {
                    return Ok(response.headers.get(&name.to_ascii_lowercase()).cloned());
                }
                seen if Instant::now() > give_up => {
                    bail!("no response seen for {url} (last: {seen:?})")
                }
                _ => std::thread::sleep(Duration::from_millis(50)),
            }
        }
    }

    /// The value of the cookie `name` for the page's URL.
    pub fn cookie(&self, name: &str) -> Result<Option<String>> {
        Ok(self
            .tab
            .get_cookies()?
            .into_iter()
            .find(|cookie| cookie.name == name)
            .map(|cookie| cookie.value))
    }

    /// What is wrong with the page for every reader: form fields without a label (a `<label
    /// for>`, an enclosing `<label>` or `aria-label`), and anything the page loaded, links to
    /// or posts to on another host. Empty when nothing is.
    pub fn faults(&self) -> Result<Vec<String>> {
        Ok(serde_json::from_str(&self.string(
            "JSON.stringify((() => {\
               const faults = [];\
               for (const e of document.querySelectorAll('input, select, textarea')) {\
                 if (['hidden', 'submit', 'button'].includes(e.type)) continue;\
                 const labelled = (e.id && document.querySelector(`label[for=\"${e.id}\"]`))\
                   || e.closest('label') || e.getAttribute('aria-label');\
                 if (!labelled) faults.push(`unlabelled ${e.tagName.toLowerCase()} ${e.name || e.id}`);\
               }\
               const own = location.origin;\
               const away = (url) => { try { return new URL(url, location.href).origin !== own; }\
                                       catch (_) { return true; } };\
               for (const r of performance.getEntriesByType('resource'))\
                 if (away(r.name)) faults.push(`loaded ${r.name}`);\
               for (const e of document.querySelectorAll('[href], [src], form[action]')) {\
                 const url = e.getAttribute('href') ?? e.getAttribute('src') ?? e.getAttribute('action');\
                 if (!url.startsWith('#') && away(url)) faults.push(`refers to ${url}`);\
               }\
               return faults; })())",
        )?)?)
    }

    /// Writes a full-page PNG to `<target>/artifacts/<name>.png` (`name` may hold folders,
    /// e.g. `portal/dashboard`); its path.
    pub fn screenshot(&self, name: &str) -> Result<PathBuf> {
        let path = artifacts_dir().join(format!("{name}.png"));
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        std::fs::write(&path, full_page_png(&self.tab)?)?;
        println!("screenshot: {}", path.display());
        Ok(path)
    }

    /// Emulates a phone: 390×844 CSS pixels, twice as dense, mobile layout.
    pub fn set_phone_viewport(&self) -> Result<()> {
        self.tab.call_method(device_metrics(390, 844, 2.0, true))?;
        Ok(())
    }

    /// The string `expression` evaluates to.
    fn string(&self, expression: &str) -> Result<String> {
        string(&self.tab, expression)
    }

    /// Runs `script`, which evaluates to `{}` or to `{error}`.
    fn act(&self, script: &str) -> Result<()> {
        let outcome: serde_json::Value =
            serde_json::from_str(&self.string(&format!("JSON.stringify({script})"))?)?;
        match outcome["error"].as_str() {
            Some(error) => bail!("{error}"),
            None => Ok(()),
        }
    }

    /// Marks the current document, runs `navigate`, and waits for a new document to load.
    fn navigating(&self, what: &str, navigate: impl FnOnce() -> Result<()>) -> Result<()> {
        self.tab.evaluate("window.__suiteLeft = true", false)?;
        navigate()?;
        wait_until(
            &self.tab,
            "!window.__suiteLeft && document.readyState === 'complete'",
            what,
        )
    }
}

impl Drop for Page {
    fn drop(&mut self) {
        let _ = self.tab.close(false);
    }
}
