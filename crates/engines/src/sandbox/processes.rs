//! The helpers' process tree as the kernel shows it (`/proc`): what runs below a process and
//! with which arguments, for the checks and measurements that look at a jail from outside.

use std::collections::HashMap;

/// Every process below `root` (its children, theirs, …), from each process's parent in
/// `/proc/<pid>/stat`.
pub fn descendants(root: u32) -> Vec<u32> {
    let parent_of = parents();
    let mut found = vec![root];
    let mut i = 0;
    while i < found.len() {
        let parent = found[i];
        found.extend(
            parent_of
                .iter()
                .filter(|(_, p)| **p == parent)
                .map(|(c, _)| *c),
        );
        i += 1;
    }
    found.remove(0);
    found
}

/// The arguments of `pid` (none for a process gone or unreadable). Split at spaces too:
/// Chromium rewrites its children's command lines into one space-separated string.
pub fn args(pid: u32) -> Vec<String> {
    let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
    cmdline
        .split(|b| *b == 0 || *b == b' ')
        .filter(|a| !a.is_empty())
        .map(|a| String::from_utf8_lossy(a).into_owned())
        .collect()
}

/// Each process's parent.
fn parents() -> HashMap<u32, u32> {
    let mut parent_of = HashMap::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        // `pid (comm) state ppid …`; comm may hold spaces and parentheses.
        let after_comm = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
        if let Some(ppid) = after_comm
            .split_whitespace()
            .nth(1)
            .and_then(|p| p.parse().ok())
        {
            parent_of.insert(pid, ppid);
        }
    }
    parent_of
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_child_and_its_child_are_found_below_us_with_their_arguments() {
        let mut child = std::process::Command::new("sh")
            .args(["-c", "sleep 30 & wait"])
            .spawn()
            .expect("sh runs");
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        let is_sleep = |pid: &u32| args(*pid) == ["sleep", "30"];
        let (below, grandchild) = loop {
            let below = descendants(std::process::id());
            let grandchild = below.iter().copied().find(is_sleep);
            if grandchild.is_some() || std::time::Instant::now() > deadline {
                break (below, grandchild);
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        };
        if let Some(pid) = grandchild.and_then(|pid| rustix::process::Pid::from_raw(pid as i32)) {
            let _ = rustix::process::kill_process(pid, rustix::process::Signal::KILL);
        }
        let _ = child.wait();
        assert!(below.contains(&child.id()), "{below:?}");
        assert!(grandchild.is_some(), "no `sleep 30` below us: {below:?}");
    }
}
