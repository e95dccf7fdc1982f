//! A game's page as HTML: everything written by the server (it paints before any script
//! runs), with its CSS and a small script embedded in the binary (`page.css`, `page.js`) that
//! steps through the positions and follows the live stream.

use crate::table::pages::{PageData, PagePly};
use serde_json::json;
use std::fmt::Write;

const CSS: &str = include_str!("page.css");
const JS: &str = include_str!("page.js");

/// The page's Content-Security-Policy: its own pictures, its inline style and script, its
/// own event stream, nothing from elsewhere.
pub(super) const POLICY: &str = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; \
     script-src 'unsafe-inline'; connect-src 'self'; base-uri 'none'; form-action 'none'; \
     frame-ancestors 'none'";

/// The page of `d`, showing its last position (the script moves to `#N` when asked).
pub(super) fn page(d: &PageData) -> String {
    let base = format!("/g/{}", d.token);
    let picture = |i: usize, theme: &str| format!("{base}/p/{i}-{}-{theme}.png", d.plies[i].key);
    let last = d.plies.len() - 1;
    let mut h = String::with_capacity(8192 + d.plies.len() * 200);
    let _ = write!(
        h,
        "<!doctype html><html lang=\"{lang}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <meta name=\"color-scheme\" content=\"light dark\">\
         <meta name=\"referrer\" content=\"no-referrer\">\
         <meta name=\"robots\" content=\"noindex, nofollow\">\
         <title>{title}</title><style>{CSS}</style></head><body><main>",
        lang = d.lang.code(),
        title = esc(&d.title),
    );
    let _ = write!(
        h,
        "<header><h1>{}</h1><ul class=\"players\">",
        esc(&d.title)
    );
    for p in &d.players {
        let _ = write!(
            h,
            "<li{win}>{swatch}<b>{name}</b> <span class=\"seat\">{label}</span>{score}{star}</li>",
            win = if p.winner { " class=\"winner\"" } else { "" },
            swatch = p.colour.as_deref().map_or(String::new(), |c| format!(
                "<span class=\"swatch\" style=\"background:{}\"></span>",
                esc(c)
            )),
            name = esc(&p.name),
            label = esc(&p.label),
            score = if d.players.iter().any(|q| q.score != 0) {
                format!(" <span class=\"score\">{}</span>", p.score)
            } else {
                String::new()
            },
            star = if p.winner {
                " <span aria-hidden=\"true\">★</span>"
            } else {
                ""
            },
        );
    }
    h.push_str("</ul><p id=\"status\">");
    for line in [&d.result, &d.to_move, &d.clock].into_iter().flatten() {
        let _ = write!(h, "<span>{}</span> ", esc(line));
    }
    if d.running {
        let _ = write!(h, "<span class=\"live\">{}</span>", esc(&d.words.live));
    }
    h.push_str("</p></header><section class=\"board\">");
    let _ = write!(
        h,
        "<picture><source id=\"dark\" srcset=\"{dark}\" media=\"(prefers-color-scheme: dark)\">\
         <img id=\"board\" src=\"{light}\" alt=\"{alt} {last}\"></picture>",
        dark = picture(last, "dark"),
        light = picture(last, "light"),
        alt = esc(&d.words.position),
    );
    let _ = write!(
        h,
        "<nav class=\"steps\">\
         <button data-go=\"first\" aria-label=\"{first}\">« <span>{first}</span></button>\
         <button data-go=\"back\" aria-label=\"{back}\">◀ <span>{back}</span></button>\
         <span id=\"counter\">{last} / {last}</span>\
         <button data-go=\"forward\" aria-label=\"{forward}\"><span>{forward}</span> ▶</button>\
         <button data-go=\"last\" aria-label=\"{end}\"><span>{end}</span> »</button></nav>\
         <p id=\"caption\">{caption}</p></section>",
        first = esc(&d.words.first),
        back = esc(&d.words.back),
        forward = esc(&d.words.forward),
        end = esc(&d.words.last),
        caption = esc(&caption(&d.plies[last])),
    );
    let _ = write!(
        h,
        "<section class=\"moves\"><h2>{}</h2><ol id=\"moves\">",
        esc(&d.words.moves)
    );
    for (i, p) in d.plies.iter().enumerate() {
        let _ = write!(
            h,
            "<li id=\"ply-{i}\"{current}><a href=\"#{i}\">{line}</a>",
            current = if i == last { " class=\"current\"" } else { "" },
            line = esc(&p.line),
        );
        if let Some(roll) = &p.roll {
            let _ = write!(h, " <span class=\"roll\">⚄ {}</span>", esc(roll));
        }
        for s in &p.said {
            let _ = write!(h, "<div class=\"said\">{}</div>", esc(s));
        }
        h.push_str("</li>");
    }
    let _ = write!(
        h,
        "</ol><p><a id=\"record\" href=\"{base}/record\" download>{}</a></p></section>",
        esc(&d.words.record)
    );
    let data = json!({
        "version": d.version,
        "running": d.running,
        "events": format!("{base}/events"),
        "plies": d.plies.iter().enumerate().map(|(i, p)| json!({
            "light": picture(i, "light"),
            "dark": picture(i, "dark"),
            "caption": caption(p),
        })).collect::<Vec<_>>(),
    });
    // No `<` at all inside the script element (`</script>` or `<!--` in a name would end or
    // derail it): JSON writes it as an escape, which it may do anywhere in a string.
    let data = data
        .to_string()
        .replace('<', "\\u003c")
        .replace('>', "\\u003e");
    let _ = write!(
        h,
        "<script type=\"application/json\" id=\"data\">{data}</script></main>\
         <script>{JS}</script></body></html>"
    );
    h
}

/// Under the board: the action that led to the position, its roll, what it did.
fn caption(p: &PagePly) -> String {
    let mut c = p.line.clone();
    if let Some(roll) = &p.roll {
        c.push_str(" · ⚄ ");
        c.push_str(roll);
    }
    for s in &p.said {
        c.push(' ');
        c.push_str(s);
    }
    c
}

/// Text for HTML, in content and in quoted attributes.
fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::table::pages::{PageData, PagePlayer, PagePly, Words};

    /// A page whose player chose a name that is markup.
    fn page_of(name: &str) -> String {
        let ply = |line: &str| PagePly {
            line: line.into(),
            said: vec![format!("{name} was here")],
            roll: None,
            key: "0123456789abcdef".into(),
        };
        let word = |w: &str| w.to_string();
        super::page(&PageData {
            token: "a".repeat(26),
            game: 1,
            title: "Pikemen game 1".into(),
            lang: crate::i18n::Lang::EN,
            version: 1,
            running: true,
            players: vec![PagePlayer {
                seat: 1,
                name: name.into(),
                label: "Orange".into(),
                colour: Some("#e69f00".into()),
                score: 0,
                winner: false,
            }],
            plies: vec![ply("0. Set-up"), ply(&format!("1. {name}: turn d1 e"))],
            result: None,
            to_move: Some(format!("Orange ({name}) to move.")),
            clock: None,
            words: Words {
                first: word("First"),
                back: word("Back"),
                forward: word("Forward"),
                last: word("Last"),
                moves: word("Moves"),
                record: word("Download"),
                live: word("Live"),
                position: word("Position"),
            },
        })
    }

    #[test]
    fn names_are_text_never_markup() {
        let evil = "</script><script>alert(1)</script><b>";
        let page = page_of(evil);
        assert!(!page.contains("<script>alert"), "{page}");
        assert!(page.contains("&lt;/script&gt;&lt;script&gt;alert(1)"));
        // The page's two scripts are its own: the data and the code.
        assert_eq!(page.matches("<script").count(), 2);
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(
            super::esc("<b a=\"x\">&'"),
            "&lt;b a=&quot;x&quot;&gt;&amp;&#39;"
        );
    }
}
