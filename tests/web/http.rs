//! The pages over plain HTTP: what they answer, their headers, what they never show.

use super::{start, start_with, ALICE, BOB};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A page's live stream (`PAGE/events`), read as a browser's EventSource reads it.
pub struct Events {
    stream: tokio::net::TcpStream,
    /// Everything read so far, headers included.
    pub seen: String,
}

impl Events {
    pub async fn open(page: &str) -> Events {
        let rest = page.strip_prefix("http://").unwrap();
        let (host, path) = rest.split_at(rest.find('/').unwrap());
        let mut stream = tokio::net::TcpStream::connect(host).await.unwrap();
        let req = format!("GET {path}/events HTTP/1.1\r\nHost: {host}\r\n\r\n");
        stream.write_all(req.as_bytes()).await.unwrap();
        Events {
            stream,
            seen: String::new(),
        }
    }

    /// Reads until `want` has come, failing past `within`.
    pub async fn until(&mut self, want: &str, within: std::time::Duration) {
        let mut buf = [0u8; 1024];
        while !self.seen.contains(want) {
            let n = tokio::time::timeout(within, self.stream.read(&mut buf))
                .await
                .unwrap_or_else(|_| panic!("{want:?} within {within:?}: {}", self.seen))
                .unwrap();
            assert!(n > 0, "the stream ended: {}", self.seen);
            self.seen.push_str(&String::from_utf8_lossy(&buf[..n]));
        }
    }
}

/// One GET: status, headers (lower-case names) and body.
pub async fn get(url: &str) -> (u16, Vec<(String, String)>, Vec<u8>) {
    let rest = url.strip_prefix("http://").unwrap();
    let (host, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    let mut s = tokio::net::TcpStream::connect(host).await.unwrap();
    let req = format!("GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).await.unwrap();
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let mut lines = head.lines();
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    (status, headers, raw[split + 4..].to_vec())
}

fn header<'a>(h: &'a [(String, String)], name: &str) -> Option<&'a str> {
    h.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
}

fn text(body: &[u8]) -> String {
    String::from_utf8_lossy(body).to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_shows_the_game_and_nothing_private() {
    let g = start("pikemen", "1", 3).await;
    let (status, h, body) = get(&g.url).await;
    assert_eq!(status, 200);
    let page = text(&body);
    assert!(
        page.contains("alice") && page.contains("bob"),
        "names shown"
    );
    for id in [ALICE, BOB, "800000000000000001", "90000000000000001"] {
        assert!(!page.contains(id), "the page shows the id {id}");
    }
    assert!(page.contains("id=\"ply-3\""), "three moves listed");
    assert_eq!(header(&h, "referrer-policy"), Some("no-referrer"));
    assert_eq!(header(&h, "cache-control"), Some("no-cache"));
    // A picture of a position is cached for ever under its name.
    let picture = regex::Regex::new(r#"/g/[a-z2-7]{26}/p/2-[0-9a-f]{16}-light\.png"#)
        .unwrap()
        .find(&page)
        .expect("a picture of ply 2")
        .as_str()
        .to_string();
    let (status, h, png) = get(&format!("{}{picture}", g.base)).await;
    assert_eq!(status, 200);
    assert_eq!(header(&h, "content-type"), Some("image/png"));
    assert_eq!(
        header(&h, "cache-control"),
        Some("public, max-age=31536000, immutable")
    );
    assert_eq!(&png[1..4], b"PNG");
    let wrong = picture.replace("/2-", "/1-");
    assert_eq!(get(&format!("{}{wrong}", g.base)).await.0, 404);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_token_finds_nothing_and_says_nothing() {
    let g = start("pikemen", "2", 1).await;
    let token = g.url.rsplit('/').next().unwrap().to_string();
    let mut guessed = token.clone().into_bytes();
    guessed[0] = if guessed[0] == b'a' { b'b' } else { b'a' };
    let guessed = String::from_utf8(guessed).unwrap();
    let (_, _, not_found) = get(&format!("{}/nothing", g.base)).await;
    for path in [
        format!("/g/{guessed}"),
        format!("/g/{guessed}/record"),
        format!("/g/{guessed}/events"),
        "/g/1".to_string(),
        format!("/g/{}", token.to_uppercase()),
        format!("/g/{token}/p/0-0000000000000000-light.png"),
    ] {
        let (status, _, body) = get(&format!("{}{path}", g.base)).await;
        assert_eq!(status, 404, "{path}");
        assert_eq!(
            body, not_found,
            "{path}: the same answer as any unknown path"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_battle_zone_page_shows_rolls_and_its_record_keeps_the_seed() {
    let g = start_with(&["battlezone", "2", "clock:fast"], "3", 4).await;
    let page = text(&get(&g.url).await.2);
    assert!(page.contains("class=\"roll\""), "the turn's roll is shown");
    assert!(page.contains("(UTC) to move"), "the clock is shown");
    let (status, h, record) = get(&format!("{}/record", g.url)).await;
    assert_eq!(status, 200);
    assert!(header(&h, "content-disposition").is_some_and(|d| d.contains("battlezone-game-")));
    let record = text(&record);
    assert!(record.contains("Moves:\n1. "), "{record}");
    for id in [ALICE, BOB, "800000000000000001", "90000000000000003"] {
        assert!(!record.contains(id), "the record shows the id {id}");
    }
    assert!(
        !record.contains("Seed:"),
        "no seed while the game runs:\n{record}"
    );
    // Once the game is over its page stays, and its record carries the seed, which neither
    // the page nor the record showed while the game ran.
    let t = g.table.clone();
    tokio::task::spawn_blocking(move || super::typed(&t, ALICE, "3", "resign", &[]))
        .await
        .unwrap();
    let (status, _, over) = get(&g.url).await;
    assert_eq!(status, 200, "a finished game keeps its page");
    assert!(text(&over).contains("Game over"), "the result is shown");
    let finished = text(&get(&format!("{}/record", g.url)).await.2);
    let seed = finished
        .lines()
        .find_map(|l| l.strip_prefix("Seed: "))
        .unwrap_or_else(|| panic!("a finished game's record has its seed:\n{finished}"));
    for (what, shown) in [("page", &page), ("record", &record)] {
        assert!(
            !shown.contains(seed),
            "the running game's {what} shows its seed {seed}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_live_stream_says_the_version_and_a_flood_is_refused() {
    let g = start("pikemen", "4", 2).await;
    // The stream starts with the game's version; read its first event.
    let mut events = Events::open(&g.url).await;
    events
        .until("data: 2", std::time::Duration::from_secs(5))
        .await;
    let seen = &events.seen;
    assert!(seen.contains("text/event-stream") && seen.contains("event: version"));
    g.play().await;
    events
        .until("data: 3", std::time::Duration::from_secs(2))
        .await;
    // One address making requests without pause is soon refused.
    let mut refused = 0;
    for _ in 0..200 {
        if get(&format!("{}/nothing", g.base)).await.0 == 429 {
            refused += 1;
        }
    }
    assert!(refused > 0, "a flood is limited");
}
