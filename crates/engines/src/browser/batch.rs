//! One caller's batch of screenshots on few pages. A batch belongs to one key, so its items
//! owe each other no isolation: items that set a page up alike share pages, one after
//! another on each, in as many groups as the pool renders at once. A fresh context per item
//! would start a renderer per item, which on few cores costs more than the captures.

use std::collections::HashMap;
use std::time::Duration;

use super::job::{BrowserError, Cookie, Image, Load, Shot};
use super::{Pages, Pool, capture};

/// What a page keeps from one load to the next (set once, not per load): items that differ
/// here never share a page. The viewport is not part of it; it is set for every item.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct PageSetup {
    user_agent: Option<String>,
    dark_mode: bool,
    reduced_motion: bool,
    transparent_background: bool,
    fail_on_http_error: bool,
    headers: Vec<(String, String)>,
    cookies: Vec<Cookie>,
    block_ads: bool,
    block_cookie_banners: bool,
}

impl PageSetup {
    fn of(load: &Load) -> PageSetup {
        PageSetup {
            user_agent: load.user_agent.clone(),
            dark_mode: load.dark_mode,
            reduced_motion: load.reduced_motion,
            transparent_background: load.transparent_background,
            fail_on_http_error: load.fail_on_http_error,
            headers: load.headers.clone(),
            cookies: load.cookies.clone(),
            block_ads: load.block_ads,
            block_cookie_banners: load.block_cookie_banners,
        }
    }
}

/// The items of `shots` (by index) in groups that each run on one page, one after another:
/// items of one page setup are dealt round-robin to that setup's share of `pages` (at least
/// one page per setup, never more pages than items).
pub fn groups(shots: &[Shot], pages: usize) -> Vec<Vec<usize>> {
    let mut setups: Vec<(PageSetup, Vec<usize>)> = Vec::new();
    let mut seen: HashMap<PageSetup, usize> = HashMap::new();
    for (index, shot) in shots.iter().enumerate() {
        let setup = PageSetup::of(&shot.load);
        let slot = *seen.entry(setup.clone()).or_insert_with(|| {
            setups.push((setup, Vec::new()));
            setups.len() - 1
        });
        setups[slot].1.push(index);
    }
    let total = shots.len().max(1);
    let pages = pages.max(1);
    let mut groups = Vec::new();
    for (_, items) in setups {
        let share = (items.len() * pages).div_ceil(total).clamp(1, items.len());
        let mut dealt = vec![Vec::new(); share];
        for (n, index) in items.into_iter().enumerate() {
            dealt[n % share].push(index);
        }
        groups.extend(dealt);
    }
    groups
}

impl Pool {
    /// Captures `items` (index, shot) one after another, each item's page handed on to the
    /// next after a success (a page whose load failed may be wedged; the next item gets a
    /// fresh one). The worker disposes the last page with the job.
    pub(super) fn capture_group(
        &self,
        pages: &mut Pages,
        items: Vec<(usize, Shot)>,
        capture_timeout: Duration,
    ) -> Vec<(usize, Result<Image, BrowserError>)> {
        let count = items.len();
        let mut results = Vec::with_capacity(count);
        for (n, (index, shot)) in items.into_iter().enumerate() {
            let result = self.with_page(pages, |session| {
                capture::capture(session, &shot, capture_timeout)
            });
            if result.is_ok() && n + 1 < count {
                pages.carried = pages.used.take();
            }
            results.push((index, result));
        }
        results
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::browser::job::{Area, Encoding};

    fn shot(dark_mode: bool) -> Shot {
        let mut load = Load::new("http://example.com/");
        load.dark_mode = dark_mode;
        Shot {
            load,
            encoding: Encoding::Png,
            area: Area::Viewport,
            max_pixels: 1 << 24,
        }
    }

    #[test]
    fn a_batch_alike_is_dealt_evenly_to_the_pages() {
        let shots: Vec<Shot> = (0..10).map(|_| shot(false)).collect();
        assert_eq!(
            groups(&shots, 4),
            vec![vec![0, 4, 8], vec![1, 5, 9], vec![2, 6], vec![3, 7]]
        );
    }

    #[test]
    fn items_set_up_differently_never_share_a_page() {
        let shots = vec![shot(false), shot(true), shot(false), shot(false)];
        let groups = groups(&shots, 2);
        assert_eq!(groups, vec![vec![0, 3], vec![2], vec![1]]);
    }

    #[test]
    fn there_are_never_more_pages_than_items() {
        assert_eq!(
            groups(&[shot(false), shot(false)], 8),
            vec![vec![0], vec![1]]
        );
        assert_eq!(groups(&[], 4), Vec::<Vec<usize>>::new());
    }
}
