//! The game's options, slash-command verbs and the `/rules` summary.

use crate::engine::{OptionKind, OptionSpec, ParamKind, ParamSpec, VerbSpec, Written};

pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        key: "sprawlgami",
        kind: OptionKind::Bool,
        default: "false",
        description:
            "build on another player's tower that one of your active branches targets (R4)",
    },
    OptionSpec {
        key: "overload",
        kind: OptionKind::Bool,
        default: "false",
        description:
            "spore and build at once with several targeting branches: spore q k overload n (R15)",
    },
    OptionSpec {
        key: "superior_forces",
        kind: OptionKind::Bool,
        default: "false",
        description: "a tower falls only when its attackers' pips exceed its own (D6)",
    },
    OptionSpec {
        key: "loose_branching",
        kind: OptionKind::Bool,
        default: "false",
        description: "also branch sideways off the square a branch points at (R16)",
    },
    OptionSpec {
        key: "own_attacks",
        kind: OptionKind::Bool,
        default: "false",
        description: "your own branches also attack your towers (D5)",
    },
    OptionSpec {
        key: "counting_coup",
        kind: OptionKind::Bool,
        default: "false",
        description:
            "challenge a spore you could neutralize: retract it or stand; cards lower scores (R17)",
    },
];

const DIRS: &[&str] = &["n", "e", "s", "w"];

const SQUARE: ParamSpec = ParamSpec {
    name: "square",
    kind: ParamKind::Square,
    required: true,
    written: Written::Value,
    description: "the square",
    description_fr: "la case",
};

pub const VERBS: &[VerbSpec] = &[
    VerbSpec {
        name: "tower",
        params: &[
            ParamSpec {
                description: "any vacant square for your starting tower",
                description_fr: "une case vide pour votre tour de départ",
                ..SQUARE
            },
            ParamSpec {
                name: "size",
                kind: ParamKind::Size,
                required: true,
                written: Written::Value,
                description: "the piece from your stash",
                description_fr: "la pièce de votre réserve",
            },
        ],
        description: "First turn only: place your starting tower",
        description_fr: "Premier tour seulement : poser votre tour de départ",
    },
    VerbSpec {
        name: "build",
        params: &[
            ParamSpec {
                description: "a live tower you control (or target, with sprawlgami)",
                description_fr: "une tour vivante que vous contrôlez (ou ciblez, avec sprawlgami)",
                ..SQUARE
            },
            ParamSpec {
                name: "size",
                kind: ParamKind::Size,
                required: false,
                written: Written::Value,
                description: "one size smaller than the top piece (optional: it is forced)",
                description_fr: "une taille de moins que la pièce du haut (facultatif : imposée)",
            },
        ],
        description: "Cap a tower with a piece one size smaller",
        description_fr: "Coiffer une tour d'une pièce plus petite d'une taille",
    },
    VerbSpec {
        name: "branch",
        params: &[
            ParamSpec {
                description: "a vacant square next to your tower or branch",
                description_fr: "une case vide à côté de votre tour ou branche",
                ..SQUARE
            },
            ParamSpec {
                name: "direction",
                kind: ParamKind::Direction(DIRS),
                required: true,
                written: Written::Value,
                description: "where it points: directly away from its source",
                description_fr: "où elle pointe : à l'opposé de sa source",
            },
            ParamSpec {
                name: "size",
                kind: ParamKind::Size,
                required: true,
                written: Written::Value,
                description: "any size off a tower; one smaller than the branch it grows from",
                description_fr: "toute taille depuis une tour ; une de moins que la branche source",
            },
            ParamSpec {
                name: "from",
                kind: ParamKind::Square,
                required: false,
                written: Written::Keyword,
                description: "its source, only when loose branching leaves a choice",
                description_fr: "sa source, seulement si le branchement libre laisse un choix",
            },
        ],
        description: "Lay a piece pointing away from your tower or branch",
        description_fr: "Coucher une pièce pointant à l'opposé de votre tour ou branche",
    },
    VerbSpec {
        name: "spore",
        params: &[
            ParamSpec {
                description: "a vacant square one of your active branches targets",
                description_fr: "une case vide ciblée par une de vos branches actives",
                ..SQUARE
            },
            ParamSpec {
                name: "size",
                kind: ParamKind::Size,
                required: true,
                written: Written::Value,
                description: "any size that is not neutralized at once",
                description_fr: "toute taille qui n'est pas neutralisée aussitôt",
            },
            ParamSpec {
                name: "overload",
                kind: ParamKind::Integer { min: 0, max: 2 },
                required: false,
                written: Written::Keyword,
                description: "with overload: also build this many pieces on it",
                description_fr: "avec overload : construire aussi ce nombre de pièces dessus",
            },
        ],
        description: "Start a new tower on a square your branch targets",
        description_fr: "Fonder une nouvelle tour sur une case ciblée par votre branche",
    },
    VerbSpec {
        name: "challenge",
        params: &[ParamSpec {
            name: "seat",
            kind: ParamKind::Integer { min: 1, max: 8 },
            required: false,
            written: Written::Value,
            description: "your seat number (needed if several players may challenge)",
            description_fr: "votre numéro de place (utile si plusieurs peuvent défier)",
        }],
        description: "Counting coup: challenge a spore you could neutralize",
        description_fr: "Counting coup : défier un essaimage que vous pourriez neutraliser",
    },
    VerbSpec {
        name: "retract",
        params: &[],
        description: "Counting coup: take back your challenged spore (the challenger draws a card)",
        description_fr: "Counting coup : reprendre l'essaimage défié (le défieur tire une carte)",
    },
    VerbSpec {
        name: "stand",
        params: &[],
        description: "Counting coup: keep your challenged spore",
        description_fr: "Counting coup : maintenir l'essaimage défié",
    },
];

pub const RULES_SUMMARY: &str = "\
Sprawl (J. A. Leistiko and friends), 3-8 players; 5x6 board (3), 6x6 (4-6), 8x8 (7-8).
Each player has 15 pieces: 5 small (1 pip), 5 medium (2), 5 large (3). Lowest stash at the end wins.
Towers stand upright (1-3 pieces, controlled by the owner of the top piece); branches lie and point n/e/s/w.
- First turn: tower SQUARE SIZE, any vacant square (e.g. tower c3 large). Never again.
- Then exactly one action a turn:
  build SQUARE [SIZE]: cap a live tower you control with a piece one size smaller (e.g. build c3 medium).
  branch SQUARE DIR SIZE: a piece lying next to your live tower, pointing directly away from it (any size),
    or next to your active branch, pointing away from it, one size smaller (large > medium > small);
    a tower of height h supports branches h deep. Must point at a square (e.g. branch c4 n medium).
  spore SQUARE SIZE: a new tower on a vacant square targeted by your active branch (e.g. spore c5 large).
- A branch attacks the square it points at and targets the square as many squares away as its pips
  (pieces in between do not matter). A tower attacked by another player's branch of a size it does not
  contain is neutralized for ever: no building or branching from it or its branches, no sporing from them.
  You may not spore a size that would be neutralized at once. A branch is active while the tower it
  grows from (through other branches) is live and yours; only active branches grow and spore.
- A player who cannot act ends the game: everyone else gets one more turn. Neutralized towers and their
  branches return to the stashes; lowest stash pips wins. Ties: pips of towers you neutralized, their
  number, squares you hold, pips of your towers, their number.
Options: sprawlgami (build on a tower your active branch targets), overload (spore SQUARE SIZE overload N
  builds N more with N+1 targeting branches, e.g. spore c5 large overload 1), superior_forces (a tower falls
  when attackers' pips exceed its own), loose_branching (branch sideways off the square a branch points at;
  add `from SQUARE` when two sources fit), own_attacks (your branches attack your towers too),
  counting_coup (after a spore, a player who could neutralize it may `challenge SEAT`; the sporer answers
  `retract` (take another action; the challenger draws a card worth -1 or -2) or `stand`).
  E.g. challenge 2, then retract or stand. A challenge is answered before anything else.
Resign at any time: your pieces stay and keep attacking; you rank last. No draws.
Sizes: small/medium/large or 1/2/3 (petit/moyen/grand); directions n/e/s/w (nord/est/sud/ouest).";
