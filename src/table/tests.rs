use super::cmd::play::group_moves;

#[test]
fn moves_are_grouped_by_their_first_two_words() {
    let moves: Vec<String> = [
        "move a7 a8",
        "move a7 a8 e",
        "pass",
        "turn a7 e",
        "turn a7 up",
        "turn b1 n",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    assert_eq!(
        group_moves(crate::i18n::Lang::EN, &moves, 1000),
        "move a7: a8, a8 e\npass\nturn a7: e, up\nturn b1: n"
    );
    assert_eq!(
        group_moves(crate::i18n::Lang::EN, &moves, 30),
        "move a7: a8, a8 e\npass\n… and 2 more lines: type /play and let autocomplete suggest."
    );
}
