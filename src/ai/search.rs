//! Monte Carlo tree search (UCT) over any [`Game`], seen from one seat.
//!
//! - **Several players.** Every node keeps a reward sum per seat; a child is chosen by the value
//!   to the seat that plays its move (`Game::actor`), so each seat maximises its own share
//!   (the "max^n" reading of UCT that 3-8 player games need).
//! - **No peeking, chance.** Each iteration starts from a fresh determinisation of the root
//!   (`Game::determinise`): the others' hidden cards and the dice still to roll are sampled,
//!   never read. Moves are the nodes' keys, so iterations that sampled different worlds share
//!   the tree (information-set MCTS). When a node's moves can change with what was sampled
//!   (Battle Zone's dice), only the children legal in this iteration's world compete, each
//!   scored against the number of times it was available.
//! - **Deterministic** for a seed and a playout budget; the deadline only shortens a search.

use super::reward::{self, SEATS};
use crate::engine::rng::SplitMix64;
use crate::engine::{Game, GameKind, Seat};
use std::time::Instant;

/// Exploration constant of UCB1 for rewards in `0..=1`.
const EXPLORE: f32 = 0.7;

/// A playout stops here and the standing by score decides (Battle Zone's random games rarely
/// end; turns are several plies there).
fn playout_plies(kind: GameKind) -> u32 {
    match kind {
        GameKind::Battlezone => 150,
        _ => 300,
    }
}

/// How long a search may run.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    pub playouts: u32,
    pub deadline: Option<Instant>,
}

/// What the search found: the root's moves for the searching seat, most visited first.
#[derive(Clone, Debug)]
pub struct Found<M> {
    /// `(move, visits, mean reward per seat)`.
    pub moves: Vec<(M, u32, [f32; SEATS])>,
    pub playouts: u32,
}

struct Node<M> {
    mv: Option<M>,
    /// The seat playing `mv` (0 at the root).
    actor: Seat,
    children: Vec<u32>,
    visits: u32,
    /// Times this node's move was legal when its parent was visited (chance games).
    available: u32,
    reward: [f32; SEATS],
}

impl<M> Node<M> {
    fn new(mv: Option<M>, actor: Seat) -> Node<M> {
        Node {
            mv,
            actor,
            children: Vec::new(),
            visits: 0,
            available: 0,
            reward: [0.0; SEATS],
        }
    }

    fn mean(&self, seat: Seat) -> f32 {
        self.reward[seat as usize - 1] / self.visits.max(1) as f32
    }
}

/// Searches the position `root` for `seat`. `None` when `seat` has no move of its own.
pub fn search<G: Game>(root: &G, seat: Seat, budget: Budget, seed: u64) -> Option<Found<G::Move>> {
    let mut rng = SplitMix64::new(seed);
    let chance = G::KIND == GameKind::Battlezone;
    let cap = playout_plies(G::KIND);
    let mut nodes: Vec<Node<G::Move>> = vec![Node::new(None, 0)];
    let mut path: Vec<u32> = Vec::with_capacity(64);
    let mut legal: Vec<G::Move> = Vec::with_capacity(256);
    let mut scratch: Vec<G::Move> = Vec::with_capacity(256);
    let mut done = 0u32;
    {
        root.legal_moves(&mut legal);
        if !legal.iter().any(|m| root.actor(m) == Some(seat)) {
            return None;
        }
    }
    while done < budget.playouts {
        if done.is_multiple_of(32)
            && budget.deadline.is_some_and(|d| Instant::now() >= d)
            && done > 0
        {
            break;
        }
        let mut g = root.clone();
        g.determinise(seat, &mut rng);
        path.clear();
        path.push(0);
        let mut node = 0u32;
        let mut plies = 0u32;
        // Selection and expansion.
        while g.outcome().is_none() {
            legal.clear();
            g.legal_moves(&mut legal);
            if node == 0 {
                legal.retain(|m| g.actor(m) == Some(seat));
            }
            if legal.is_empty() {
                break;
            }
            let untried = if chance {
                untried_by_scan(&mut nodes, node, &legal)
            } else {
                // The moves of a position are listed in the same order every time: the
                // children are its first moves, the next one is untried.
                let n = nodes[node as usize].children.len();
                (n < legal.len()).then_some(n)
            };
            if let Some(i) = untried {
                let mv = legal.swap_remove(i);
                let actor = g.actor(&mv).unwrap_or(0);
                g.apply(&mv);
                plies += 1;
                let child = nodes.len() as u32;
                let mut fresh = Node::new(Some(mv), actor);
                fresh.available = nodes[node as usize].visits;
                nodes.push(fresh);
                nodes[node as usize].children.push(child);
                path.push(child);
                break;
            }
            let next = select(&nodes, node, chance.then_some(&legal[..]));
            let Some(next) = next else { break };
            let mv = nodes[next as usize].mv.clone().expect("a child has a move");
            g.apply(&mv);
            plies += 1;
            node = next;
            path.push(node);
        }
        // Playout.
        let steps = crate::engine::playout::playout(&mut g, &mut rng, &mut scratch, cap);
        let r = if g.outcome().is_some() {
            reward::finished(&g, plies + steps)
        } else {
            reward::cut_off(&g)
        };
        for &i in &path {
            let n = &mut nodes[i as usize];
            n.visits += 1;
            for (acc, x) in n.reward.iter_mut().zip(r) {
                *acc += x;
            }
        }
        done += 1;
    }
    let mut moves: Vec<(G::Move, u32, [f32; SEATS])> = nodes[0]
        .children
        .iter()
        .map(|&c| {
            let n = &nodes[c as usize];
            let mut mean = [0.0; SEATS];
            for (s, m) in mean.iter_mut().enumerate().take(root.players() as usize) {
                *m = n.mean(s as Seat + 1);
            }
            (n.mv.clone().expect("a child has a move"), n.visits, mean)
        })
        .collect();
    // Most visited first; ties by value to the seat, then by listing order (stable sort).
    moves.sort_by(|a, b| {
        b.1.cmp(&a.1)
            .then(b.2[seat as usize - 1].total_cmp(&a.2[seat as usize - 1]))
    });
    Some(Found {
        moves,
        playouts: done,
    })
}

/// In a chance game: counts every legal child as available and returns the index in `legal`
/// of a move with no child yet.
fn untried_by_scan<M: PartialEq>(nodes: &mut [Node<M>], node: u32, legal: &[M]) -> Option<usize> {
    let children = std::mem::take(&mut nodes[node as usize].children);
    let mut untried = None;
    for (i, m) in legal.iter().enumerate() {
        match children
            .iter()
            .find(|&&c| nodes[c as usize].mv.as_ref() == Some(m))
        {
            Some(&c) => nodes[c as usize].available += 1,
            None => untried = untried.or(Some(i)),
        }
    }
    nodes[node as usize].children = children;
    untried
}

/// UCB1 from the point of view of each child's actor; in a chance game only the children
/// whose move is in `legal`.
fn select<M: PartialEq>(nodes: &[Node<M>], node: u32, legal: Option<&[M]>) -> Option<u32> {
    let parent = &nodes[node as usize];
    let mut best = None;
    let mut best_score = f32::NEG_INFINITY;
    for &c in &parent.children {
        let child = &nodes[c as usize];
        let tries = match legal {
            Some(legal) => {
                if !legal.iter().any(|m| child.mv.as_ref() == Some(m)) {
                    continue;
                }
                child.available.max(1)
            }
            None => parent.visits.max(1),
        };
        let n = child.visits.max(1) as f32;
        let score = child.mean(child.actor.max(1)) + EXPLORE * ((tries as f32).ln() / n).sqrt();
        if score > best_score {
            best_score = score;
            best = Some(c);
        }
    }
    best
}
