//! Issue 17 (smaller items): every interaction Discord can legitimately send gets an answer,
//! so that nobody sees "The application did not respond": a command the bot no longer has
//! (a stale registration), autocomplete on an option with fixed choices or on an unknown
//! option or command, a button of an older version, a form.

use crate::harness::*;

async fn answer_to(h: &Harness, payload: Value) -> Answer {
    let id: u64 = payload["id"].as_str().unwrap().parse().unwrap();
    let from = h.f().cursor();
    h.f().dispatch(payload);
    h.f().answer(from, id).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_interaction_gets_an_answer() {
    let mut h = Harness::new(Some(GUILD)).await;
    let tavern = Place::channel(TAVERN, "tavern");
    h.pikemen(&tavern).await;
    let f = h.f();

    // A command registered by an older version.
    let (_, mut v) = f.interaction_base(2, &ALICE, &tavern);
    v["data"] = json!({"id": "1", "name": "oldcommand", "type": 1, "options": []});
    let a = answer_to(&h, v).await;
    assert_private_error(&a, "not one of my commands any more");

    // Autocomplete for a command the bot no longer has.
    let (_, mut v) = f.interaction_base(4, &ALICE, &tavern);
    v["data"] = json!({"id": "1", "name": "oldcommand", "type": 1, "options": [
        {"name": "x", "type": 3, "value": "", "focused": true}]});
    let a = answer_to(&h, v).await;
    assert_eq!(a.kind(), 8, "an empty list is an answer");

    // Autocomplete on an option that has fixed choices (an older registration had it
    // autocompleted), and on an option the command does not have.
    for focused in ["direction", "nosuchoption"] {
        let (_, mut v) = f.interaction_base(4, &ALICE, &tavern);
        v["data"] = json!({"id": "1", "name": "turn", "type": 1, "options": [
            {"name": "square", "type": 3, "value": "d1"},
            {"name": focused, "type": 3, "value": "", "focused": true}]});
        let a = answer_to(&h, v).await;
        assert_eq!(a.kind(), 8, "autocomplete of {focused}");
    }

    // A slash command with an option it does not have.
    let (_, mut v) = f.interaction_base(2, &ALICE, &tavern);
    v["data"] = json!({"id": "1", "name": "board", "type": 1, "options": [
        {"name": "bogus", "type": 3, "value": "x"}]});
    let a = answer_to(&h, v).await;
    assert_eq!(a.kind(), 4);
    assert!(a.ephemeral() || !a.text().is_empty(), "{}", a.text());

    // A button of an older version, and one that is not the bot's at all.
    for custom_id in ["x|1|2|/oldthing", "not-ours"] {
        let a = h.click(&ALICE, &tavern, custom_id).await;
        assert_private_error(&a, "not one of mine");
    }

    // A form (modal) submission: the bot shows no forms, but still answers.
    let (_, mut v) = f.interaction_base(5, &ALICE, &tavern);
    v["data"] = json!({"custom_id": "form", "components": []});
    let a = answer_to(&h, v).await;
    assert_private_error(&a, "forms");

    h.stop().await;
    h.f().assert_clean();
}
