//! CPU time by owner (each bot process, PostgreSQL's processes, the driver itself), read from
//! Linux's `/proc/PID/stat` a few times a second. A process killed mid-run keeps what was last
//! read of it, and a process born mid-run counts from zero, so the difference of two totals is
//! the CPU spent between them (less what a killed process used after its last reading).

use std::collections::HashMap;
use std::sync::Mutex;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Owner {
    Bot(usize),
    Postgres,
    Driver,
}

#[derive(Default)]
pub struct Cpu {
    /// By process id: whose it is and its last reading, in clock ticks.
    seen: Mutex<HashMap<u32, (Owner, u64)>>,
}

/// utime + stime and the parent of a process, in clock ticks.
fn stat(pid: &str) -> Option<(u64, u32)> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The name, in parentheses, may hold spaces: fields are counted after it.
    let after: Vec<&str> = text.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks = after.get(11)?.parse::<u64>().ok()? + after.get(12)?.parse::<u64>().ok()?;
    Some((ticks, after.get(1)?.parse().ok()?))
}

/// Milliseconds in `ticks` clock ticks.
pub fn ticks_ms(ticks: u64) -> f64 {
    // SAFETY: sysconf only reads a constant of the system.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as f64;
    ticks as f64 * 1000.0 / hz
}

impl Cpu {
    /// Reads the bots' processes, the postmaster and its children, and this process.
    pub fn sample(&self, bots: &[Option<u32>], postmaster: Option<u32>) {
        let mut found: Vec<(u32, Owner, u64)> = Vec::new();
        for (i, pid) in bots.iter().enumerate() {
            if let Some(pid) = pid {
                if let Some((t, _)) = stat(&pid.to_string()) {
                    found.push((*pid, Owner::Bot(i), t));
                }
            }
        }
        if let Some((t, _)) = stat("self") {
            found.push((std::process::id(), Owner::Driver, t));
        }
        if let Some(pm) = postmaster {
            for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
                let name = entry.file_name();
                let Some(pid) = name.to_str().and_then(|n| n.parse::<u32>().ok()) else {
                    continue;
                };
                if let Some((t, parent)) = stat(&pid.to_string()) {
                    if pid == pm || parent == pm {
                        found.push((pid, Owner::Postgres, t));
                    }
                }
            }
        }
        let mut seen = self.seen.lock().unwrap();
        for (pid, owner, t) in found {
            // A process id reused by a new process (a restarted bot) starts a new count.
            let e = seen.entry(pid).or_insert((owner, 0));
            if e.0 != owner || t < e.1 {
                *e = (owner, t);
            } else {
                e.1 = t;
            }
        }
    }

    /// Every owner's ticks so far.
    pub fn totals(&self) -> HashMap<Owner, u64> {
        let mut out = HashMap::new();
        for (owner, t) in self.seen.lock().unwrap().values() {
            *out.entry(*owner).or_insert(0) += t;
        }
        out
    }
}
