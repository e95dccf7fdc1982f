//! The game's options, slash-command verbs and the `/rules` summary.

use crate::engine::{OptionKind, OptionSpec, ParamKind, ParamSpec, VerbSpec, Written};

pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        key: "sprawlgami",
        kind: OptionKind::Bool,
        default: "false",
        message: "option-sprawl-sprawlgami",
    },
    OptionSpec {
        key: "overload",
        kind: OptionKind::Bool,
        default: "false",
        message: "option-sprawl-overload",
    },
    OptionSpec {
        key: "superior_forces",
        kind: OptionKind::Bool,
        default: "false",
        message: "option-sprawl-superior_forces",
    },
    OptionSpec {
        key: "loose_branching",
        kind: OptionKind::Bool,
        default: "false",
        message: "option-sprawl-loose_branching",
    },
    OptionSpec {
        key: "own_attacks",
        kind: OptionKind::Bool,
        default: "false",
        message: "option-sprawl-own_attacks",
    },
    OptionSpec {
        key: "counting_coup",
        kind: OptionKind::Bool,
        default: "false",
        message: "option-sprawl-counting_coup",
    },
];

const DIRS: &[&str] = &["n", "e", "s", "w"];

const SQUARE: ParamSpec = ParamSpec {
    name: "square",
    kind: ParamKind::Square,
    required: true,
    written: Written::Value,
};

pub const VERBS: &[VerbSpec] = &[
    VerbSpec {
        name: "tower",
        params: &[
            SQUARE,
            ParamSpec {
                name: "size",
                kind: ParamKind::Size,
                required: true,
                written: Written::Value,
            },
        ],
        message: "verb-sprawl-tower",
    },
    VerbSpec {
        name: "build",
        params: &[
            SQUARE,
            ParamSpec {
                name: "size",
                kind: ParamKind::Size,
                required: false,
                written: Written::Value,
            },
        ],
        message: "verb-sprawl-build",
    },
    VerbSpec {
        name: "branch",
        params: &[
            SQUARE,
            ParamSpec {
                name: "direction",
                kind: ParamKind::Direction(DIRS),
                required: true,
                written: Written::Value,
            },
            ParamSpec {
                name: "size",
                kind: ParamKind::Size,
                required: true,
                written: Written::Value,
            },
            ParamSpec {
                name: "from",
                kind: ParamKind::Square,
                required: false,
                written: Written::Keyword,
            },
        ],
        message: "verb-sprawl-branch",
    },
    VerbSpec {
        name: "spore",
        params: &[
            SQUARE,
            ParamSpec {
                name: "size",
                kind: ParamKind::Size,
                required: true,
                written: Written::Value,
            },
            ParamSpec {
                name: "overload",
                kind: ParamKind::Integer { min: 0, max: 2 },
                required: false,
                written: Written::Keyword,
            },
        ],
        message: "verb-sprawl-spore",
    },
    VerbSpec {
        name: "challenge",
        params: &[ParamSpec {
            name: "seat",
            kind: ParamKind::Integer { min: 1, max: 8 },
            required: false,
            written: Written::Value,
        }],
        message: "verb-sprawl-challenge",
    },
    VerbSpec {
        name: "retract",
        params: &[],
        message: "verb-sprawl-retract",
    },
    VerbSpec {
        name: "stand",
        params: &[],
        message: "verb-sprawl-stand",
    },
];
