//! `plateau play --web ADDR`: the local channel serves its games' pages and prints each
//! board's link; `/mygames` lists the pages.

use super::http::get;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_local_channel_prints_links_that_serve_pages() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_plateau"))
        .args(["play", "--web", "127.0.0.1:0", "--db"])
        .arg(dir.path().join("plateau.db"))
        .arg("--renders")
        .arg(dir.path().join("boards"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    writeln!(
        stdin,
        "@alice #tavern /new pikemen 2\n@bob #tavern /join\n@alice #tavern /start order:join\n\
         @alice #tavern /mygames"
    )
    .unwrap();
    stdin.flush().unwrap();
    let stdout = child.stdout.take().unwrap();
    // The link of the first board, and the line of /mygames that lists the page.
    let read = tokio::task::spawn_blocking(move || {
        let mut lines = BufReader::new(stdout).lines().map_while(Result::ok);
        let link = lines.by_ref().find_map(|l| {
            l.strip_prefix("[link ")?
                .strip_suffix(']')
                .map(str::to_string)
        })?;
        lines.by_ref().find(|l| l.contains("/mygames"))?;
        let listed = lines.find(|l| l.contains("/g/"))?;
        Some((link, listed))
    });
    let (link, listed) = tokio::time::timeout(std::time::Duration::from_secs(60), read)
        .await
        .expect("the transcript within a minute")
        .unwrap()
        .expect("a board prints its page's link, and /mygames lists it");
    assert!(listed.ends_with(&link), "/mygames lists the page: {listed}");
    assert!(link.starts_with("http://127.0.0.1:"), "{link}");
    let (status, _, body) = get(&link).await;
    assert_eq!(status, 200);
    assert!(String::from_utf8_lossy(&body).contains("alice"));
    drop(stdin);
    let _ = child.kill();
    let _ = child.wait();
}
