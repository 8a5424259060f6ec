//! The references of `suite screenshot bench`: hand-written CDP clients of the same
//! Chromium, with none of the API's work. `raw_cdp` keeps one tab for every capture, as a
//! script would; `raw_cdp_fresh_contexts` opens a fresh context for each capture, as the
//! pool must (no cookie or storage passes between keys), to show what that isolation costs
//! on its own.

use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use base64::Engine as _;
use headless_chrome::protocol::cdp::types::Event;
use headless_chrome::protocol::cdp::{Emulation, Page, Target};
use headless_chrome::{Browser, Tab};

use super::bench::{PAUSE, RUNS, WARMUP};
use crate::bench_support::{Stats, stats};
use crate::engines::browser::admin::Admin;
use crate::engines::browser::launch;

/// The reference: one browser, one tab, the page loaded with `Page.navigate` and the `load`
/// lifecycle event, then captured or printed, as a hand-written CDP client would.
pub fn raw_cdp(binary: &std::path::Path, url: &str) -> Result<(Stats, Stats)> {
    let browser = launch::launch_direct(binary)?;
    let tab = browser.new_tab()?;
    tab.call_method(Emulation::SetDeviceMetricsOverride {
        width: 1280,
        height: 800,
        device_scale_factor: 1.0,
        mobile: false,
        scale: None,
        screen_width: None,
        screen_height: None,
        position_x: None,
        position_y: None,
        dont_set_visible_size: None,
        screen_orientation: None,
        viewport: None,
        display_feature: None,
        device_posture: None,
    })?;
    let (tx, rx) = mpsc::channel();
    let tx = std::sync::Mutex::new(tx);
    tab.add_event_listener(Arc::new(move |event: &Event| {
        if let Event::PageLoadEventFired(_) = event
            && let Ok(tx) = tx.lock()
        {
            let _ = tx.send(());
        }
    }))?;
    tab.call_method(Page::Enable {
        enable_file_chooser_opened_event: None,
    })?;
    let load = |i: usize| -> Result<()> {
        while rx.try_recv().is_ok() {}
        tab.call_method(Page::Navigate {
            url: format!("{url}?raw{i}"),
            referrer: None,
            transition_Type: None,
            frame_id: None,
            referrer_policy: None,
        })?;
        rx.recv_timeout(Duration::from_secs(30))
            .context("load event")?;
        Ok(())
    };
    let mut shots = Vec::new();
    for i in 0..WARMUP + RUNS {
        std::thread::sleep(PAUSE);
        let started = Instant::now();
        load(i)?;
        let data = tab
            .call_method(Page::CaptureScreenshot {
                format: Some(Page::CaptureScreenshotFormatOption::Png),
                quality: None,
                clip: None,
                from_surface: Some(true),
                capture_beyond_viewport: None,
                optimize_for_speed: None,
            })?
            .data;
        let _png = base64::engine::general_purpose::STANDARD.decode(data)?;
        if i >= WARMUP {
            shots.push(started.elapsed().as_secs_f64() * 1e3);
        }
    }
    let mut pdfs = Vec::new();
    for i in 0..WARMUP + RUNS {
        std::thread::sleep(PAUSE);
        let started = Instant::now();
        load(1000 + i)?;
        let data = tab
            .call_method(Page::PrintToPDF {
                landscape: None,
                display_header_footer: None,
                print_background: Some(true),
                scale: None,
                paper_width: Some(210.0 / 25.4),
                paper_height: Some(297.0 / 25.4),
                margin_top: Some(10.0 / 25.4),
                margin_bottom: Some(10.0 / 25.4),
                margin_left: Some(10.0 / 25.4),
                margin_right: Some(10.0 / 25.4),
                page_ranges: None,
                header_template: None,
                footer_template: None,
                prefer_css_page_size: None,
                transfer_mode: None,
                generate_tagged_pdf: None,
                generate_document_outline: None,
            })?
            .data;
        let _pdf = base64::engine::general_purpose::STANDARD.decode(data)?;
        if i >= WARMUP {
            pdfs.push(started.elapsed().as_secs_f64() * 1e3);
        }
    }
    Ok((stats(shots), stats(pdfs)))
}

/// Screenshots as `raw_cdp` takes them, each in a fresh browser context opened (with the
/// SPEC's viewport, and one frame drawn) during the pause before it, then disposed.
pub fn raw_cdp_fresh_contexts(binary: &std::path::Path, url: &str) -> Result<Stats> {
    let browser = launch::launch_direct(binary)?;
    let admin = Admin::new(browser.get_ws_url());
    let mut shots = Vec::new();
    for i in 0..WARMUP + RUNS {
        let context = browser.new_context()?.get_id().to_owned();
        let tab = blank_page(&browser, &context)?;
        let (tx, rx) = mpsc::channel();
        let tx = std::sync::Mutex::new(tx);
        tab.add_event_listener(Arc::new(move |event: &Event| {
            if let Event::PageLoadEventFired(_) = event
                && let Ok(tx) = tx.lock()
            {
                let _ = tx.send(());
            }
        }))?;
        tab.call_method(Page::Enable {
            enable_file_chooser_opened_event: None,
        })?;
        std::thread::sleep(PAUSE);
        let started = Instant::now();
        tab.call_method(Page::Navigate {
            url: format!("{url}?fresh{i}"),
            referrer: None,
            transition_Type: None,
            frame_id: None,
            referrer_policy: None,
        })?;
        rx.recv_timeout(Duration::from_secs(30))
            .context("load event")?;
        let _png = png(&tab)?;
        if i >= WARMUP {
            shots.push(started.elapsed().as_secs_f64() * 1e3);
        }
        admin.dispose_context(&context)?;
    }
    Ok(stats(shots))
}

/// A blank page in `context` at 1280×800 that has drawn one frame.
fn blank_page(browser: &Browser, context: &str) -> Result<Arc<Tab>> {
    let tab = browser.new_tab_with_options(Target::CreateTarget {
        url: "about:blank".into(),
        left: None,
        top: None,
        width: None,
        height: None,
        window_state: None,
        browser_context_id: Some(context.to_owned()),
        enable_begin_frame_control: None,
        new_window: None,
        background: Some(true),
        for_tab: None,
        hidden: None,
    })?;
    tab.call_method(Emulation::SetDeviceMetricsOverride {
        width: 1280,
        height: 800,
        device_scale_factor: 1.0,
        mobile: false,
        scale: None,
        screen_width: None,
        screen_height: None,
        position_x: None,
        position_y: None,
        dont_set_visible_size: None,
        screen_orientation: None,
        viewport: None,
        display_feature: None,
        device_posture: None,
    })?;
    png(&tab)?;
    Ok(tab)
}

/// A PNG of the viewport.
fn png(tab: &Tab) -> Result<Vec<u8>> {
    let data = tab
        .call_method(Page::CaptureScreenshot {
            format: Some(Page::CaptureScreenshotFormatOption::Png),
            quality: None,
            clip: None,
            from_surface: Some(true),
            capture_beyond_viewport: None,
            optimize_for_speed: None,
        })?
        .data;
    Ok(base64::engine::general_purpose::STANDARD.decode(data)?)
}
