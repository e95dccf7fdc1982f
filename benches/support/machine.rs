//! What else the machine did while a bench ran, printed under its figures (issue 30): on the
//! shared 2-core VM where the figures are taken, another job's compiler or the hypervisor
//! (steal time) moved a move's p99 by 30% from one run to the next, and a figure means
//! little without saying how quiet the machine was. Read from Linux's `/proc/stat` (all
//! cores' time, in clock ticks) and `/proc/self/stat` (this process's); elsewhere, nothing.

use std::time::Instant;

/// The machine's and this process's counters at one moment.
pub struct Snapshot {
    /// Ticks of all cores: busy (user, nice, system, irq, softirq), idle (with I/O wait),
    /// and stolen by the hypervisor.
    busy: u64,
    idle: u64,
    steal: u64,
    /// This process's user and system ticks.
    own: u64,
    load: String,
    at: Instant,
}

pub fn snapshot() -> Option<Snapshot> {
    let stat = std::fs::read_to_string("/proc/stat").ok()?;
    let cpu: Vec<u64> = stat
        .lines()
        .next()?
        .split_whitespace()
        .skip(1)
        .map(|f| f.parse().unwrap_or(0))
        .collect();
    // user nice system idle iowait irq softirq steal (guest time is already in user).
    let field = |i: usize| cpu.get(i).copied().unwrap_or(0);
    let own_stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The command's name, in parentheses, may hold spaces: fields are counted after it.
    let after = own_stat.rsplit_once(')')?.1;
    let own: Vec<u64> = after
        .split_whitespace()
        .map(|f| f.parse().unwrap_or(0))
        .collect();
    let load = std::fs::read_to_string("/proc/loadavg").ok()?;
    Some(Snapshot {
        busy: field(0) + field(1) + field(2) + field(5) + field(6),
        idle: field(3) + field(4),
        steal: field(7),
        // utime and stime: the 14th and 15th fields, the 12th and 13th after the name.
        own: own.get(11)? + own.get(12)?,
        load: load.split_whitespace().next()?.to_string(),
        at: Instant::now(),
    })
}

/// One line: the cores, the load average at the start, and the share of all cores' time since
/// `start` that other processes used and that the hypervisor took. (Each bench uses this or
/// [`since_besides`], leaving the other unused.)
#[allow(dead_code)]
pub fn since(start: &Option<Snapshot>) -> String {
    since_besides(start, 0)
}

/// As [`since`], `ours` more clock ticks counted as the bench's own: the processes it started
/// (the load bench's bots and database).
#[allow(dead_code)]
pub fn since_besides(start: &Option<Snapshot>, ours: u64) -> String {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let (Some(a), Some(b)) = (start, snapshot()) else {
        return format!("machine: {cores} cores (what else ran is not known here)");
    };
    let total = (b.busy + b.idle + b.steal).saturating_sub(a.busy + a.idle + a.steal);
    if total == 0 {
        return format!("machine: {cores} cores, load {} at the start", a.load);
    }
    let others = (b.busy - a.busy).saturating_sub(b.own.saturating_sub(a.own) + ours);
    let pct = |t: u64| 100.0 * t as f64 / total as f64;
    format!(
        "machine: {cores} cores, load {} at the start; over the {:.0} s run other processes \
         used {:.0}% of all cores' time and the hypervisor took {:.0}% (steal)",
        a.load,
        b.at.duration_since(a.at).as_secs_f64(),
        pct(others),
        pct(b.steal - a.steal)
    )
}
