//! Games in threads of their own.

use crate::harness::*;

/// `/new thread:true`: a thread named once, the game played in it, Resign with its
/// confirmation, a refused game's thread removed, and an archived thread revived.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_in_threads() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let service = Arc::new(Ticking {
        table: table(&dir.path().join("plateau.db")),
        due: Mutex::new(Vec::new()),
    });
    let mut cfg = config(&fake, Some(GUILD));
    cfg.discord.tick_seconds = 1;
    let bot = start(&fake, cfg, service.clone()).await;
    let f = &fake.fake;
    let garden = Place::channel(GARDEN, "garden");
    let ask = |user: &User, place: &Place, name: &str, options: Vec<Value>| {
        let from = f.cursor();
        let id = f.slash(user, place, name, options);
        async move { f.answer(from, id).await }
    };

    // Refused by the service: the thread goes away again, the error stays private.
    let a = ask(
        &ALICE,
        &garden,
        "new",
        vec![
            opt("game", s("pikemen")),
            opt("players", json!(7)),
            opt("thread", json!(true)),
        ],
    )
    .await;
    assert_private_error(&a, "");
    assert!(
        f.threads().is_empty(),
        "the refused game's thread is removed"
    );
    assert!(f.calls().iter().any(|c| c.method == "DELETE"));

    let from = f.cursor();
    let a = ask(
        &ALICE,
        &garden,
        "new",
        vec![opt("game", s("pikemen")), opt("thread", json!(true))],
    )
    .await;
    let threads = f.threads();
    assert_eq!(threads.len(), 1);
    let (tid, name, parent, _) = threads[0].clone();
    assert_eq!((name.as_str(), parent), ("Pikemen · alice", GARDEN));
    assert!(!a.ephemeral());
    assert!(a.text().contains(&format!("<#{tid}>")), "{}", a.text());
    let lobby = f
        .wait_for(from, "the lobby in the thread", |c| {
            c.path == format!("/api/v10/channels/{tid}/messages")
        })
        .await;
    assert!(
        lobby.text().contains("opens a Pikemen table"),
        "{}",
        lobby.text()
    );
    assert!(lobby.custom_ids().iter().any(|i| i.ends_with("|/join")));

    let thread = Place {
        id: tid,
        name,
        thread: true,
    };
    let a = ask(&BOB, &thread, "join", vec![]).await;
    assert!(a.text().contains("bob joins"), "{}", a.text());
    // In a thread already, thread:true opens no second one.
    let a = ask(&ALICE, &thread, "start", vec![opt("order", s("join"))]).await;
    assert_board(&a);
    assert_eq!(f.threads().len(), 1);

    // Resign asks first, privately; the confirmation then acts.
    let resign = a
        .custom_ids()
        .into_iter()
        .find(|i| i.ends_with("|/resign"))
        .unwrap();
    let from = f.cursor();
    let id = f.click(&BOB, &thread, &resign);
    let confirm = f.answer(from, id).await;
    assert!(confirm.ephemeral());
    assert!(
        confirm.text().contains("really want to resign"),
        "{}",
        confirm.text()
    );
    let yes = confirm.custom_ids();
    assert_eq!(yes.len(), 1);
    assert!(yes[0].starts_with("b|"));
    let from = f.cursor();
    let id = f.click(&BOB, &thread, &yes[0]);
    let done = f.answer(from, id).await;
    assert!(!done.ephemeral());
    assert!(done.text().contains("resign"), "{}", done.text());

    // An archived thread is revived by the bot's next message.
    f.archive(tid);
    let from = f.cursor();
    service
        .due
        .lock()
        .unwrap()
        .push(reply_in(tid, "A reminder for the thread."));
    let refused = f
        .wait_for(from, "the post refused while archived", |c| {
            c.path == format!("/api/v10/channels/{tid}/messages")
        })
        .await;
    assert!(refused.text().contains("A reminder"));
    f.wait_for(from, "the thread unarchived", |c| {
        c.method == "PATCH" && c.path == format!("/api/v10/channels/{tid}")
    })
    .await;
    let patched = f.calls().iter().rposition(|c| c.method == "PATCH").unwrap();
    let posted = f
        .wait_for(patched, "the reminder posted again", |c| {
            c.path == format!("/api/v10/channels/{tid}/messages")
        })
        .await;
    assert!(posted.text().contains("A reminder"));
    assert!(!f.thread(tid).unwrap().2, "revived");

    // A channel that answered 403 is left alone instead of tried again and again.
    let from = f.cursor();
    let lost = |text: &str| {
        let channel = ChannelRef {
            id: FORBIDDEN.to_string(),
            name: "lost".into(),
            guild: Some(GUILD.to_string()),
        };
        Reply::plain(channel, Visibility::Public, text)
    };
    service
        .due
        .lock()
        .unwrap()
        .extend([lost("first"), lost("second"), reply_in(tid, "after")]);
    f.wait_for(from, "the post after", |c| c.text().contains("after"))
        .await;
    let tries = f
        .calls()
        .iter()
        .skip(from)
        .filter(|c| c.path.contains(&FORBIDDEN.to_string()))
        .count();
    assert_eq!(tries, 1, "one 403, then silence");

    // A direct message goes through a DM channel.
    let from = f.cursor();
    service.due.lock().unwrap().push(Reply {
        channel: ChannelRef {
            id: tid.to_string(),
            name: "t".into(),
            guild: Some(GUILD.to_string()),
        },
        visibility: Visibility::Direct(ALICE.id.to_string()),
        text: "Your move in the garden.".into(),
        image: None,
        buttons: Vec::new(),
        mentions: Vec::new(),
        menus: Vec::new(),
        update: false,
        link: None,
    });
    let dm = f
        .wait_for(from, "a DM channel opened", |c| {
            c.path == "/api/v10/users/@me/channels"
        })
        .await;
    assert_eq!(dm.json["recipient_id"], ALICE.id.to_string());
    let sent = f
        .wait_for(from, "the direct message", |c| {
            c.path.ends_with("/messages") && c.text().contains("Your move")
        })
        .await;
    assert!(!sent.path.contains(&tid.to_string()));

    bot.shutdown().await;
    f.assert_clean();
}
