//! How a subcommand fails, and how that is told (conventions §1): a user error exits with
//! status 2 and one line on stderr, nothing on stdout; anything else with status 1. Database
//! passwords are masked in both, and in panics.

use plateau::store::secret;
use std::io;
use std::process::ExitCode;

/// How a command fails: a user error (status 2, one line) or anything else (status 1).
pub enum Failure {
    Usage(String),
    Other(anyhow::Error),
}

impl From<anyhow::Error> for Failure {
    fn from(e: anyhow::Error) -> Failure {
        Failure::Other(e)
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        Failure::Other(e.into())
    }
}

/// The status a subcommand's result exits with, its error told on stderr.
pub fn exit_code(result: Result<(), Failure>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Usage(line)) => {
            eprintln!("{}", one_line(&secret::text(&line)));
            ExitCode::from(2)
        }
        // A reader that stops early (`plateau moves ... | head`) is not an error.
        Err(Failure::Other(e))
            if e.downcast_ref::<io::Error>().map(io::Error::kind)
                == Some(io::ErrorKind::BrokenPipe) =>
        {
            ExitCode::SUCCESS
        }
        Err(Failure::Other(e)) => {
            eprintln!("plateau: {}", one_line(&secret::text(&causes(&e))));
            ExitCode::from(1)
        }
    }
}

/// An error about the database at `shown`, which names it once.
pub fn at(shown: &str, e: impl std::fmt::Display) -> Failure {
    let e = e.to_string();
    Failure::Usage(if e.contains(shown) {
        e
    } else {
        format!("{shown}: {e}")
    })
}

/// A panic prints as Rust's own hook would, with any database password masked: a panic's
/// message may quote a location or a driver's error.
pub fn hide_passwords_in_panics() {
    std::panic::set_hook(Box::new(|info| {
        let thread = std::thread::current();
        let name = thread.name().unwrap_or("<unnamed>");
        eprintln!("\nthread '{name}' {}", secret::text(&info.to_string()));
        let trace = std::backtrace::Backtrace::capture();
        if trace.status() == std::backtrace::BacktraceStatus::Captured {
            eprintln!("{}", secret::text(&trace.to_string()));
        }
    }));
}

/// The error and each cause once: our messages already quote their source
/// (`cannot open the database: file is not a database`), so a cause whose text is already
/// in the line is not repeated.
fn causes(e: &anyhow::Error) -> String {
    let mut line = e.to_string();
    for cause in e.chain().skip(1) {
        let text = cause.to_string();
        if !line.contains(&text) {
            line.push_str(": ");
            line.push_str(&text);
        }
    }
    line
}

/// The error contract is one line: what a user typed is echoed with its line breaks,
/// control characters and direction overrides escaped (`\n`, `\u{1b}`, `\u{202e}`).
fn one_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() || is_bidi_control(c) => {
                out.push_str(&format!("\\u{{{:x}}}", c as u32))
            }
            c => out.push(c),
        }
    }
    out
}

/// Unicode's explicit direction controls, which can make a line read in another order.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{200e}' | '\u{200f}' | '\u{061c}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// clap's error in one line: what was wrong, with the missing arguments it lists under it,
/// then how the command is written (`plateau arena --a <A> ...`).
fn usage_line(text: &str) -> String {
    let mut lines = text.lines();
    let first = lines.next().unwrap_or("bad arguments");
    let mut what = first.strip_prefix("error: ").unwrap_or(first).to_string();
    let listed: Vec<&str> = text
        .lines()
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .map(str::trim)
        .collect();
    if !listed.is_empty() {
        what = format!(
            "{} {}",
            what.trim_end_matches(':').to_string() + ":",
            listed.join(", ")
        );
    }
    match text.lines().find_map(|l| l.strip_prefix("Usage: ")) {
        Some(usage) => {
            let command: Vec<&str> = usage.split_whitespace().take(2).collect();
            format!("{what} (usage: {usage}; see {} --help)", command.join(" "))
        }
        None => format!("{what} (see plateau --help)"),
    }
}

/// Help and version print as clap prints them; a usage error keeps the contract: one line,
/// status 2.
pub fn usage_error(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => e.exit(),
        _ => {
            eprintln!("{}", usage_line(&e.render().to_string()));
            ExitCode::from(2)
        }
    }
}
