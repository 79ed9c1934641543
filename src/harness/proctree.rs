//! The process tree, read from `/proc`: which processes a given one started,
//! directly or not. The supervisor needs it to end what an engine left
//! behind, and `conform` to say what it ended on Ctrl-C. Where there is no
//! `/proc` (not Linux) the tree is empty and only process groups are ended.

use std::collections::BTreeMap;

/// One process, as `/proc/PID/stat` shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proc {
    /// Its pid.
    pub pid: i32,
    /// Its parent's pid.
    pub ppid: i32,
    /// Its command name (at most 15 bytes, as the kernel keeps it).
    pub comm: String,
    /// Whether it has exited and only awaits its parent's wait.
    pub zombie: bool,
}

/// Reads `/proc/PID/stat`: `pid (comm) state ppid …`. The name may hold
/// spaces and parentheses, so the fields after it are found from the last
/// `)`.
fn read(pid: i32) -> Option<Proc> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let open = stat.find('(')?;
    let close = stat.rfind(')')?;
    let comm = stat.get(open + 1..close)?.to_string();
    let mut rest = stat.get(close + 1..)?.split_whitespace();
    let state = rest.next()?;
    let ppid = rest.next()?.parse().ok()?;
    Some(Proc {
        pid,
        ppid,
        comm,
        zombie: state == "Z" || state == "X",
    })
}

/// Every process visible in `/proc`.
pub fn all() -> Vec<Proc> {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok())
        .filter_map(read)
        .collect()
}

/// The processes whose parent is `pid`.
pub fn children(pid: i32) -> Vec<Proc> {
    all().into_iter().filter(|p| p.ppid == pid).collect()
}

/// Every process below `pid` in the tree (children, their children, …).
pub fn descendants(pid: i32) -> Vec<Proc> {
    let mut by_parent: BTreeMap<i32, Vec<Proc>> = BTreeMap::new();
    for p in all() {
        by_parent.entry(p.ppid).or_default().push(p);
    }
    let mut out = Vec::new();
    let mut todo = vec![pid];
    while let Some(p) = todo.pop() {
        for c in by_parent.remove(&p).unwrap_or_default() {
            todo.push(c.pid);
            out.push(c);
        }
    }
    out
}

/// Names and counts, for messages: `sleep ×3, python3`.
pub fn summary<'a>(names: impl IntoIterator<Item = &'a str>) -> String {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for n in names {
        *counts.entry(n).or_default() += 1;
    }
    counts
        .into_iter()
        .map(|(n, c)| {
            let n = super::escape::visible(n);
            if c == 1 {
                n.into_owned()
            } else {
                format!("{n} ×{c}")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_process_is_found_under_its_parent() {
        let me = std::process::id() as i32;
        let Some(p) = read(me) else { return }; // no /proc here
        assert!(children(p.ppid).iter().any(|c| c.pid == me));
        assert!(!p.zombie);
    }

    #[test]
    fn summary_counts_names() {
        assert_eq!(summary(["sleep", "sh", "sleep"]), "sh, sleep ×2");
    }
}
