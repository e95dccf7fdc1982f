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

const SQUARE: ParamSpec = ParamSpec::required("square", ParamKind::Square);

pub const VERBS: &[VerbSpec] = &[
    VerbSpec {
        name: "tower",
        params: &[SQUARE, ParamSpec::required("size", ParamKind::Size)],
        message: "verb-sprawl-tower",
    },
    VerbSpec {
        name: "build",
        params: &[SQUARE, ParamSpec::optional("size", ParamKind::Size)],
        message: "verb-sprawl-build",
    },
    VerbSpec {
        name: "branch",
        params: &[
            SQUARE,
            ParamSpec::required("direction", ParamKind::Direction(DIRS)),
            ParamSpec::required("size", ParamKind::Size),
            ParamSpec::optional("from", ParamKind::Square).written(Written::Keyword),
        ],
        message: "verb-sprawl-branch",
    },
    VerbSpec {
        name: "spore",
        params: &[
            SQUARE,
            ParamSpec::required("size", ParamKind::Size),
            ParamSpec::optional("overload", ParamKind::Integer { min: 0, max: 2 })
                .written(Written::Keyword),
        ],
        message: "verb-sprawl-spore",
    },
    VerbSpec {
        name: "challenge",
        params: &[ParamSpec::optional(
            "seat",
            ParamKind::Integer { min: 1, max: 8 },
        )],
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
