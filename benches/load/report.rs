//! One rate's figures, printed as rows of the run's table: every process together, then each.

use crate::cpu::{ticks_ms, Owner};
use crate::pgstats::Counters;
use crate::stats::{cell, spread, Kind, Sample};
use std::collections::HashMap;
use std::time::Duration;

/// What a rate's run measured besides the interactions themselves.
pub struct Step<'a> {
    pub rate: f64,
    pub seconds: f64,
    pub processes: usize,
    pub samples: &'a [Sample],
    pub cpu: HashMap<Owner, u64>,
    pub pg: Option<(Counters, Counters)>,
    /// Mean and largest number of sessions waiting for a lock, and mean running a statement.
    pub waits: Option<(f64, u64, f64)>,
    pub offered: u64,
    pub skipped: u64,
    pub kill: Option<(usize, Option<Duration>)>,
}

pub fn header() {
    println!(
        "{:>6} {:>5} {:>8} {:>8} {:>17} {:>17} {:>17} {:>7} {:>6} {:>6}",
        "rate",
        "proc",
        "offered",
        "moves/s",
        "move p50/p99/max",
        "autoc. p50/p99/max",
        "board p50/p99/max",
        "CPU/mv",
        "errors",
        "unans."
    );
}

fn row(step: &Step, label: &str, samples: &[&Sample], cpu_ticks: u64, offered: String) {
    let of =
        |k: Kind| -> Vec<&Sample> { samples.iter().copied().filter(|s| s.kind == k).collect() };
    let moves = of(Kind::Move).iter().filter(|s| s.ok).count();
    let errors = samples.iter().filter(|s| !s.ok).count();
    let unanswered = samples.iter().filter(|s| s.answered.is_none()).count();
    let per_move = if moves == 0 {
        "-".to_string()
    } else {
        format!("{:.2}", ticks_ms(cpu_ticks) / moves as f64)
    };
    println!(
        "{:>6} {:>5} {:>8} {:>8.1} {:>17} {:>17} {:>17} {:>7} {:>6} {:>6}",
        step.rate,
        label,
        offered,
        moves as f64 / step.seconds,
        cell(spread(&of(Kind::Move))),
        cell(spread(&of(Kind::Autocomplete))),
        cell(spread(&of(Kind::Board))),
        per_move,
        errors,
        unanswered
    );
}

pub fn print(step: &Step) {
    let all: Vec<&Sample> = step.samples.iter().collect();
    let bots: u64 = (0..step.processes)
        .map(|p| step.cpu.get(&Owner::Bot(p)).copied().unwrap_or(0))
        .sum();
    let offered = format!("{:.1}", step.offered as f64 / step.seconds);
    row(step, "all", &all, bots, offered);
    if step.processes > 1 {
        for p in 0..step.processes {
            let mine: Vec<&Sample> = all.iter().copied().filter(|s| s.process == p).collect();
            let ticks = step.cpu.get(&Owner::Bot(p)).copied().unwrap_or(0);
            row(step, &p.to_string(), &mine, ticks, String::new());
        }
    }
    let moves = all
        .iter()
        .filter(|s| s.kind == Kind::Move && s.ok)
        .count()
        .max(1) as f64;
    let ms = |o: Owner| ticks_ms(step.cpu.get(&o).copied().unwrap_or(0)) / moves;
    let mut notes = vec![format!("driver CPU {:.2} ms/move", ms(Owner::Driver))];
    if let Some((a, b)) = step.pg {
        notes.push(format!("PostgreSQL CPU {:.2} ms/move", ms(Owner::Postgres)));
        if let (Some(s0), Some(s1), Some(e0), Some(e1)) =
            (a.statements, b.statements, a.exec_ms, b.exec_ms)
        {
            notes.push(format!(
                "statements {:.1}/move ({:.3} ms executing)",
                (s1 - s0) as f64 / moves,
                (e1 - e0) / moves
            ));
        }
        notes.push(format!(
            "transactions {:.2}/move",
            b.xacts.saturating_sub(a.xacts) as f64 / moves
        ));
    }
    if let Some((mean, max, active)) = step.waits {
        notes.push(format!(
            "sessions waiting on a lock {mean:.2} mean, {max} max; running {active:.2} mean"
        ));
    }
    if step.skipped > 0 {
        notes.push(format!(
            "{} of {} move intents found every game busy",
            step.skipped, step.offered
        ));
    }
    if let Some((victim, gap)) = step.kill {
        notes.push(match gap {
            Some(g) => format!(
                "process {victim} SIGKILLed and restarted: its servers unanswered for {:.2} s",
                g.as_secs_f64()
            ),
            None => format!("process {victim} SIGKILLed and restarted: no answer after it"),
        });
    }
    println!("{:>6}   {}", "", notes.join("; "));
}
