//! Issue 29, items 6 and 7: every `plateau` subcommand that takes a database (`--db`, or a
//! configuration's `[store] url`) is run with a password in each form PostgreSQL reads (URL
//! userinfo, `?password=`, keyword string), against a server that cannot be reached, the test
//! server with a wrong password and the test server with the right one; no byte of stdout or
//! stderr holds the password, no file is named after it, and the right password works for
//! every command. The test server (`.ci/test` starts one) is needed for the last two.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The password the unreachable and wrong-password runs carry.
const SECRET: &str = "Zq7kSecretPw";

/// One rated game (each player moves before the resignation, so that it counts: issue 27).
const GAMES: &str = "@alice #t /new pikemen 2\n@bob #t /join\n@alice /start order:join\n\
                     @alice /turn d1 e\n@bob /turn a4 e\n@bob /resign\n";

/// A server's address in parts, to be written in each form.
struct Server {
    user: String,
    host: String,
    port: String,
    db: String,
    /// `-c search_path=...` for a test schema, if any.
    options: Option<String>,
}

impl Server {
    /// The three forms of the server's location with `password`.
    fn forms(&self, password: &str) -> Vec<(&'static str, String)> {
        let Server {
            user,
            host,
            port,
            db,
            options,
        } = self;
        let query = options
            .as_ref()
            .map(|o| format!("options={}", o.replace(' ', "%20").replace('=', "%3D")));
        let url_tail = query.as_ref().map_or(String::new(), |q| format!("?{q}"));
        let with_password = match &query {
            Some(q) => format!("?{q}&password={password}"),
            None => format!("?password={password}"),
        };
        let keyword_options = options
            .as_ref()
            .map_or(String::new(), |o| format!(" options='{o}'"));
        vec![
            (
                "userinfo",
                format!("postgres://{user}:{password}@{host}:{port}/{db}{url_tail}"),
            ),
            (
                "query",
                format!("postgres://{user}@{host}:{port}/{db}{with_password}"),
            ),
            (
                "keywords",
                format!(
                    "host={host} port={port} user={user} password={password} dbname={db}\
                     {keyword_options}"
                ),
            ),
        ]
    }
}

/// `postgres://user[:password]@host:port/db[?options=...]` in parts, and its password.
fn parse(url: &str) -> (Server, Option<String>) {
    let rest = url.split_once("://").expect("a URL").1;
    let (creds, rest) = rest.split_once('@').expect("the test URL names a user");
    let (user, password) = match creds.split_once(':') {
        Some((u, p)) => (u.to_string(), Some(p.to_string())),
        None => (creds.to_string(), None),
    };
    let (address, rest) = rest.split_once('/').expect("the test URL names a database");
    let (host, port) = address.split_once(':').unwrap_or((address, "5432"));
    let (db, query) = rest.split_once('?').unwrap_or((rest, ""));
    let options = query
        .split('&')
        .find_map(|kv| kv.strip_prefix("options="))
        .map(|o| o.replace("%20", " ").replace("%3D", "="));
    let server = Server {
        user,
        host: host.into(),
        port: port.into(),
        db: db.into(),
        options,
    };
    (server, password)
}

fn plateau(dir: &Path, args: &[&str], token: bool, stdin: &str) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_plateau"));
    cmd.args(args)
        .current_dir(dir)
        .env_remove("DISCORD_TOKEN")
        .env("PLATEAU_CLOCK_START", "2026-01-01T00:00:00Z")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if token {
        cmd.env("DISCORD_TOKEN", "not-a-real-token");
    }
    let mut child = cmd.spawn().expect("the binary runs");
    use std::io::Write;
    let _ = child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes());
    child.wait_with_output().expect("the binary runs")
}

/// `plateau serve` on a database it can use, with a token and Discord unreachable: it runs
/// until killed, so its log is read once it says it serves.
fn serve_until_serving(dir: &Path, config: &Path) -> String {
    let log = dir.join("serve.log");
    let file = std::fs::File::create(&log).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_plateau"))
        .args(["serve", "--config"])
        .arg(config)
        .current_dir(dir)
        .env("DISCORD_TOKEN", "not-a-real-token")
        .env("RUST_LOG", "debug")
        .stdin(Stdio::null())
        .stdout(file.try_clone().unwrap())
        .stderr(file)
        .spawn()
        .expect("the binary runs");
    let deadline = Instant::now() + Duration::from_secs(30);
    let text = loop {
        let text = std::fs::read_to_string(&log).unwrap_or_default();
        let exited = matches!(child.try_wait(), Ok(Some(_)));
        if text.contains("serving Discord") || exited || Instant::now() > deadline {
            std::thread::sleep(Duration::from_millis(500));
            break std::fs::read_to_string(&log).unwrap_or_default();
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        text.contains("serving Discord"),
        "serve did not start: {text}"
    );
    text
}

fn config(dir: &Path, name: &str, location: &str) -> std::path::PathBuf {
    let path = dir.join(name);
    let toml = format!(
        "[discord]\nproxy = \"http://127.0.0.1:1\"\n\n[store]\nurl = \"{}\"\n",
        location.replace('\\', "\\\\").replace('"', "\\\"")
    );
    std::fs::write(&path, toml).unwrap();
    path
}

/// The commands `plateau --help` lists that take `--db` or `--config`, found by reading each
/// one's help: a new such command fails this test until it is added to the runs below.
fn commands_with_a_database() -> Vec<String> {
    fn walk(prefix: &[String], out: &mut Vec<String>) {
        let o = Command::new(env!("CARGO_BIN_EXE_plateau"))
            .args(prefix)
            .arg("--help")
            .output()
            .expect("the binary runs");
        let help = String::from_utf8_lossy(&o.stdout).into_owned();
        if let Some(list) = help.split("Commands:\n").nth(1) {
            for line in list.lines().take_while(|l| l.starts_with("  ")) {
                let name = line.split_whitespace().next().unwrap_or_default();
                if name != "help" {
                    let mut path = prefix.to_vec();
                    path.push(name.to_string());
                    walk(&path, out);
                }
            }
        } else if help.contains("--db") || help.contains("--config") {
            out.push(prefix.join(" "));
        }
    }
    let mut out = Vec::new();
    walk(&[], &mut out);
    out.sort();
    out
}

/// Every run of every command with a database, in each form of `location`.
struct Runs<'a> {
    dir: &'a Path,
    secret: &'a str,
    ran: Vec<String>,
}

impl Runs<'_> {
    fn check(&mut self, what: String, o: &Output) {
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        );
        assert!(
            !text.contains(self.secret),
            "{what} printed the password:\n{text}"
        );
        self.ran.push(what);
    }

    /// The four commands on `location`; `works`: the server takes the password.
    fn all(&mut self, form: &str, location: &str, works: bool) {
        let dir = self.dir;
        let games = dir.join("games.txt");
        std::fs::write(&games, GAMES).unwrap();
        let games = games.to_str().unwrap();

        let o = plateau(dir, &["script", games, "--db", location], false, "");
        assert_eq!(o.status.success(), works, "script ({form}): {o:?}");
        if works {
            assert!(String::from_utf8_lossy(&o.stdout).contains("resigns"));
        }
        self.check(format!("script --db ({form})"), &o);

        let o = plateau(dir, &["ratings", "rebuild", "--db", location], false, "");
        assert_eq!(o.status.success(), works, "ratings ({form}): {o:?}");
        if works {
            assert_eq!(
                String::from_utf8_lossy(&o.stdout),
                "Ratings rebuilt from 1 rated game.\n",
                "ratings rebuild reads the games script wrote ({form})"
            );
        }
        self.check(format!("ratings rebuild --db ({form})"), &o);

        let o = plateau(
            dir,
            &["play", "--db", location],
            false,
            "@alice #u /new pikemen 2\n",
        );
        assert_eq!(o.status.success(), works, "play ({form}): {o:?}");
        if works {
            assert!(String::from_utf8_lossy(&o.stderr).contains("local channel on"));
        }
        self.check(format!("play --db ({form})"), &o);

        let cfg = config(dir, &format!("{form}.toml"), location);
        let cfg = cfg.to_str().unwrap();
        let o = plateau(dir, &["serve", "--config", cfg], false, "");
        assert_eq!(o.status.code(), Some(2), "serve without a token: {o:?}");
        self.check(format!("serve --config, no token ({form})"), &o);
        if works {
            let log = serve_until_serving(dir, Path::new(cfg));
            assert!(
                !log.contains(self.secret),
                "serve logged the password:\n{log}"
            );
            self.ran.push(format!("serve --config, serving ({form})"));
        } else {
            let o = plateau(dir, &["serve", "--config", cfg], true, "");
            assert_eq!(o.status.code(), Some(2), "serve: {o:?}");
            self.check(format!("serve --config ({form})"), &o);
        }
    }
}

/// No file in the working folder is named after the password (a keyword string was once
/// taken for a SQLite file name).
fn no_file_named_after(dir: &Path, secret: &str) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        assert!(
            !name.contains(secret),
            "a file is named after the password: {name}"
        );
    }
}

#[test]
fn the_commands_with_a_database_are_the_ones_tried() {
    assert_eq!(
        commands_with_a_database(),
        ["play", "ratings rebuild", "script", "serve"],
        "a command that takes a database: add it to Runs::all"
    );
}

#[test]
fn an_unreachable_server_never_shows_the_password() {
    let dir = tempfile::tempdir().unwrap();
    let unreachable = Server {
        user: "bot".into(),
        host: "127.0.0.1".into(),
        port: "1".into(),
        db: "plateau".into(),
        options: None,
    };
    let mut runs = Runs {
        dir: dir.path(),
        secret: SECRET,
        ran: Vec::new(),
    };
    for (form, location) in unreachable.forms(SECRET) {
        runs.all(form, &location, false);
    }
    no_file_named_after(dir.path(), SECRET);
    assert_eq!(runs.ran.len(), 15);
}

#[test]
fn the_test_server_never_shows_the_password_and_takes_every_form() {
    let Some(base) = plateau::store::testing::postgres_url() else {
        eprintln!("skipped: no test PostgreSQL server (PLATEAU_TEST_POSTGRES)");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    // A wrong password.
    let (server, password) = parse(&base);
    let mut runs = Runs {
        dir: dir.path(),
        secret: SECRET,
        ran: Vec::new(),
    };
    for (form, location) in server.forms(SECRET) {
        runs.all(form, &location, false);
    }
    no_file_named_after(dir.path(), SECRET);
    // The right one, each form on a schema of its own (ratings count that form's games).
    let Some(password) = password else {
        eprintln!("the test server takes no password: only wrong passwords were tried");
        return;
    };
    let mut runs = Runs {
        dir: dir.path(),
        secret: &password,
        ran: Vec::new(),
    };
    for i in 0..3 {
        let url = plateau::store::testing::fresh_postgres().expect("the test server");
        let (server, _) = parse(&url);
        let (form, location) = server.forms(&password).swap_remove(i);
        runs.all(form, &location, true);
    }
    no_file_named_after(dir.path(), &password);
    assert_eq!(runs.ran.len(), 15);
}
