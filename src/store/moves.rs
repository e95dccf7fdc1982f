//! What a move's change reads before it writes, in one statement (issue 30): the game's turn,
//! the bank and settings of whoever moves next, and whether the game has a pending offer, an
//! open pause, conditional moves or followers, so that the change asks for those only when
//! there are some. On PostgreSQL every statement is a round trip; this one replaces seven.
//! When the store foresaw what it will find (`foresight.rs`), it is not waited for: it goes
//! with the change's writes as their guard, and the whole change is one round trip (issue 45).

use super::clocks::{turn_row, TurnRow, UserSettings, TURN_COLUMNS};
use super::db::{params, Expect, Later, Row, Value};
use super::follows::Notify;
use super::{action_row, ActionRow, ACTIONS};
use super::{Result, Store};

/// What [`Store::move_reads`] found, at the start of a change.
#[derive(Debug)]
pub struct MoveReads {
    /// The game's turn before the change.
    pub turn: Option<TurnRow>,
    /// The seat and user to move after the change, whom the rest is about.
    pub seat: u8,
    pub user: String,
    /// Their standard-clock bank and the time they had left at their last move.
    pub bank: (Option<i64>, Option<i64>),
    pub settings: UserSettings,
    pub notify: Notify,
    /// The game has an offer waiting for answers.
    pub offer: bool,
    /// The game has a pause not yet ended.
    pub pause: bool,
    /// Someone has conditional moves in the game.
    pub conditionals: bool,
    /// Someone follows the game.
    pub followers: bool,
    /// The game's log, when asked for: read in the same round trip, its rows taken once the
    /// change is committed ([`Store::later_actions`]).
    pub log: Option<Later>,
}

/// The read's columns: the turn's ten, the bank's two, the settings' eight, four counts, and
/// last the game's version, which the guard of a foreseen read checks.
const COLUMNS: usize = 25;
const PLY: usize = 24;

impl Store {
    /// Reads, in one statement, what a change of `game` to version `ply` (its action just
    /// appended) after which `seat` (`user`) is to move needs to know (nobody to move: seat 0
    /// and an empty user, whose rows are absent), and holds back a read of the game's log if
    /// `log`. Inside a transaction on PostgreSQL, when the store foresaw the answer, returns
    /// it unread and sends the read later as a guard: the transaction then fails with
    /// [`super::StoreError::Stale`] if the read finds anything else.
    pub fn move_reads(
        &mut self,
        game: i64,
        seat: u8,
        user: &str,
        ply: u32,
        log: bool,
    ) -> Result<MoveReads> {
        let log = if log {
            Some(self.conn.query_later(ACTIONS, [game])?)
        } else {
            None
        };
        let foreseen = self
            .foresight
            .as_ref()
            .filter(|_| self.conn.in_transaction())
            .and_then(|f| f.expected(game, seat, user));
        let row = match foreseen {
            Some(mut row) => {
                // The append held back before sets the game's version: checking it, the guard
                // vouches for the append (`Expect::Fresh`).
                row[PLY] = Value::Int(ply.into());
                let mut values = vec![
                    Value::Int(game),
                    Value::Int(seat.into()),
                    Value::Text(user.to_string()),
                ];
                values.extend(row.iter().cloned());
                self.conn.send(guard_sql(), values, Expect::Fresh)?;
                Row::of(row)
            }
            None => {
                let row =
                    self.conn
                        .query_row(move_reads_sql(), params![game, seat, user], |r| {
                            Ok(r.clone())
                        })?;
                if let Some(f) = &mut self.foresight {
                    // A change that settles an offer, ends a pause or prunes conditional moves
                    // changes what the next read finds: foreseen only without them.
                    f.seen(game, seat, user, ply, row.values().to_vec(), quiet(&row));
                }
                row
            }
        };
        let mut reads = move_reads_row(&row, seat, user)?;
        reads.log = log;
        Ok(reads)
    }

    /// The log read by [`Store::move_reads`], once its change is committed.
    pub fn later_actions(&self, log: Later) -> Result<Vec<ActionRow>> {
        let rows = self.conn.take_later(log)?;
        Ok(rows
            .iter()
            .map(action_row)
            .collect::<super::db::Result<_>>()?)
    }
}

/// No pending offer, open pause nor conditional move (the read's counts).
fn quiet(row: &Row) -> bool {
    row.values()[20..23].iter().all(|v| *v == Value::Int(0))
}

fn move_reads_row(r: &Row, seat: u8, user: &str) -> super::db::Result<MoveReads> {
    let turn = match r.get::<_, Option<i64>>(0)? {
        Some(_) => Some(turn_row(r)?),
        None => None,
    };
    // As `Store::settings` and `Store::notify` read them: defaults without a row.
    let (settings, notify) = match r.get::<_, Option<String>>(12)? {
        None => (UserSettings::default(), Notify::default()),
        Some(_) => {
            let from: Option<u16> = r.get(16)?;
            let to: Option<u16> = r.get(17)?;
            let notify: Option<String> = r.get(19)?;
            (
                UserSettings {
                    reminders: r.get::<_, i64>(13)? != 0,
                    digest: r.get::<_, i64>(14)? != 0,
                    tz_min: r.get(15)?,
                    tz_name: r.get(18)?,
                    quiet: from.zip(to),
                },
                notify
                    .as_deref()
                    .and_then(Notify::parse)
                    .unwrap_or_default(),
            )
        }
    };
    Ok(MoveReads {
        turn,
        seat,
        user: user.to_string(),
        bank: (r.get(10)?, r.get(11)?),
        settings,
        notify,
        offer: r.get::<_, i64>(20)? > 0,
        pause: r.get::<_, i64>(21)? > 0,
        conditionals: r.get::<_, i64>(22)? > 0,
        followers: r.get::<_, i64>(23)? > 0,
        log: None,
    })
}

/// [`Store::move_reads`]' statement, made once: a move's path builds no SQL text.
fn move_reads_sql() -> &'static str {
    static SQL: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    SQL.get_or_init(|| {
        // Every table is joined on its key: at most one row each, so one row in all.
        let columns = TURN_COLUMNS
            .split(", ")
            .map(|c| format!("t.{c}"))
            .collect::<Vec<_>>()
            .join(", ");
        format!(
            "SELECT {columns}, b.bank_ms, b.left_ms, \
             u.user_id, u.reminders, u.digest, u.tz_min, u.quiet_from, u.quiet_to, u.tz_name, \
             u.notify, \
             (SELECT count(*) FROM offers WHERE game = ?1 AND status = 'pending'), \
             (SELECT count(*) FROM pauses WHERE game = ?1 AND ended_ms IS NULL), \
             (SELECT count(*) FROM conditionals WHERE game = ?1), \
             (SELECT count(*) FROM follows WHERE game = ?1 AND refused_ms IS NULL), \
             (SELECT ply FROM games WHERE id = ?1) \
             FROM (SELECT 1 AS one) AS one \
             LEFT JOIN clock_turns t ON t.game = ?1 \
             LEFT JOIN clock_banks b ON b.game = ?1 AND b.seat = ?2 \
             LEFT JOIN user_settings u ON u.user_id = ?3"
        )
    })
}

/// The guard of a foreseen read (PostgreSQL only): the read, and a division by zero, which
/// fails the transaction on the server, unless each of its columns is the one foreseen (`?4`
/// on). The zero is computed from the rows, so that the planner cannot fold it in advance.
fn guard_sql() -> &'static str {
    static SQL: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    SQL.get_or_init(|| {
        let names: Vec<String> = (0..COLUMNS).map(|i| format!("c{i}")).collect();
        let same: Vec<String> = (0..COLUMNS)
            .map(|i| format!("r.c{i} IS NOT DISTINCT FROM ?{}", i + 4))
            .collect();
        format!(
            "SELECT 1 / CASE WHEN {} THEN 1 ELSE 0 END FROM ({}) AS r ({})",
            same.join(" AND "),
            move_reads_sql(),
            names.join(", ")
        )
    })
}

#[cfg(test)]
mod tests {
    use super::super::testing::{each_store, pikemen_table};
    use super::super::{ActionKind, GameUpdate, NewOffer, NewPause, OfferKind, Status, TimerKind};
    use super::*;

    /// A two-player Pikemen game of u1 and u2, started.
    fn started(s: &mut Store) -> i64 {
        let g = s.create_game(&pikemen_table("c")).unwrap();
        s.join(g, "u2", "bob", 1000).unwrap();
        s.start(g, &[("u1".into(), 1), ("u2".into(), 2)], "{}", 1000)
            .unwrap();
        g
    }

    /// u1's move at `ply`, at `at_ms`.
    fn move_by_u1(ply: u32, at_ms: i64) -> ActionRow {
        ActionRow {
            ply,
            kind: ActionKind::Move,
            text: "a2".into(),
            user_id: Some("u1".into()),
            seat: Some(1),
            at_ms,
        }
    }

    const ACTIVE: GameUpdate = GameUpdate {
        status: Status::Active,
        outcome: None,
        snapshot: None,
    };

    /// What the one read finds is what the reads it replaces find, before and after each fact
    /// is there, on every engine.
    #[test]
    fn one_read_finds_what_the_separate_reads_find() {
        each_store(|mut s| {
            let g = started(&mut s);
            let moved = move_by_u1(1, 1000);
            s.append(g, &moved, &ACTIVE).unwrap();
            let empty = s.move_reads(g, 2, "u2", 1, false).unwrap();
            assert_eq!(empty.turn, None);
            assert_eq!(empty.bank, (None, None));
            assert_eq!(empty.settings, UserSettings::default());
            assert_eq!(empty.notify, Notify::default());
            assert!(!empty.offer && !empty.pause && !empty.conditionals && !empty.followers);

            let turn = TurnRow {
                game: g,
                ply: 1,
                seat: 2,
                user_id: "u2".into(),
                started_ms: 1000,
                deadline_ms: Some(5000),
                left_ms: 4000,
                total_ms: 4000,
                sent: 1,
                expired: false,
            };
            s.put_turn(&turn, &[(3000, TimerKind::Half)]).unwrap();
            s.set_bank(g, 2, Some(7000), 1500).unwrap();
            let quiet = UserSettings {
                reminders: false,
                digest: true,
                tz_min: 60,
                tz_name: Some("Europe/Paris".into()),
                quiet: Some((1320, 420)),
            };
            s.put_settings("u2", &quiet).unwrap();
            s.set_notify("u2", Notify::Both).unwrap();
            s.create_offer(&NewOffer {
                game: g,
                kind: OfferKind::Draw,
                user_id: "u1",
                seat: 1,
                ply: 1,
                target: None,
                now_ms: 1000,
            })
            .unwrap();
            s.set_conditionals(g, "u1", &[vec!["a1".into()]]).unwrap();
            s.follow(g, "u3", 1000).unwrap();
            s.start_pause(&NewPause {
                game: g,
                now_ms: 1000,
                until_ms: 9000,
                by: None,
            })
            .unwrap();
            let full = s.move_reads(g, 2, "u2", 1, false).unwrap();
            assert_eq!(full.turn.as_ref(), s.turn(g).unwrap().as_ref());
            assert_eq!(full.turn, Some(turn));
            assert_eq!(full.bank, s.bank(g, 2).unwrap());
            assert_eq!(full.settings, s.settings("u2").unwrap());
            assert_eq!(full.notify, s.notify("u2").unwrap());
            assert!(full.offer && full.pause && full.conditionals && full.followers);
            // Another seat's bank and another user's settings are not theirs.
            let other = s.move_reads(g, 1, "u1", 1, true).unwrap();
            assert_eq!(other.bank, (None, None));
            assert_eq!(other.settings, UserSettings::default());
            assert_eq!(s.later_actions(other.log.unwrap()).unwrap(), [moved]);
            assert!(full.log.is_none());
        });
    }

    /// A move's read foreseen (on PostgreSQL, after the game's first change read it) costs
    /// the change no round trip of its own; foreseen wrong (another writer changed what it
    /// finds), it fails its change as a whole, which then lands from what is there.
    #[test]
    fn a_foreseen_read_found_changed_lands_nothing() {
        each_store(|mut s| {
            let g = started(&mut s);
            let change = |s: &mut Store, ply: u32| {
                s.atomically(|s| {
                    s.append(g, &move_by_u1(ply, 1000 + i64::from(ply)), &ACTIVE)?;
                    let reads = s.move_reads(g, 2, "u2", ply, false)?;
                    let turn = TurnRow {
                        game: g,
                        ply,
                        seat: 2,
                        user_id: "u2".into(),
                        started_ms: 1000,
                        deadline_ms: None,
                        left_ms: 0,
                        total_ms: 0,
                        sent: 0,
                        expired: false,
                    };
                    s.put_turn(&turn, &[])?;
                    Ok(reads)
                })
            };
            // Read, then foreseen (its guard prepared on the way), then foreseen alone.
            change(&mut s, 1).unwrap();
            change(&mut s, 2).unwrap();
            let before = s.round_trips();
            let reads = change(&mut s, 3).unwrap();
            assert_eq!(reads.turn.map(|t| t.ply), Some(2));
            if let Some(before) = before {
                assert_eq!(s.round_trips(), Some(before + 1), "one round trip");
            }
            // Another writer (another process) changes what the read finds, unknown to the
            // foresight.
            s.conn
                .execute(
                    "INSERT INTO user_settings (user_id, reminders, digest, tz_min) \
                     VALUES (?1, 1, 1, 0)",
                    params!["u2"],
                )
                .unwrap();
            let r = change(&mut s, 4);
            if s.engine() == super::super::db::Engine::Postgres {
                assert!(matches!(r, Err(super::super::StoreError::Stale)), "{r:?}");
                assert_eq!(s.game(g).unwrap().unwrap().ply, 3);
                assert_eq!(s.turn(g).unwrap().map(|t| t.ply), Some(3));
                s.forget_foreseen(g);
                assert!(change(&mut s, 4).unwrap().settings.digest);
            } else {
                assert!(r.unwrap().settings.digest);
            }
            assert_eq!(s.game(g).unwrap().unwrap().ply, 4);
            assert_eq!(s.actions(g).unwrap().len(), 4);
        });
    }

    /// A write whose conflict is judged later (`Conn::send`, held back on PostgreSQL) still
    /// refuses the whole transaction: an append at a ply the game is not at, whose action row
    /// itself clashes with nothing, followed by writes that succeed, lands nothing.
    #[test]
    fn a_stale_append_lands_nothing_of_its_transaction() {
        each_store(|mut s| {
            let g = started(&mut s);
            let stale = move_by_u1(3, 2000);
            let update = ACTIVE;
            let turn = TurnRow {
                game: g,
                ply: 3,
                seat: 2,
                user_id: "u2".into(),
                started_ms: 2000,
                deadline_ms: None,
                left_ms: 0,
                total_ms: 0,
                sent: 0,
                expired: false,
            };
            // Once with a good ply, so that every statement is prepared already (a statement
            // prepared on the way sends what waits, and judges it, sooner).
            let good = ActionRow {
                ply: 1,
                ..stale.clone()
            };
            s.atomically(|s| {
                s.append(g, &good, &update)?;
                s.put_turn(
                    &TurnRow {
                        ply: 1,
                        ..turn.clone()
                    },
                    &[],
                )?;
                s.set_bank(g, 1, None, 700)
            })
            .unwrap();
            let r = s.atomically(|s| {
                s.append(g, &stale, &update)?;
                s.put_turn(&turn, &[])?;
                s.set_bank(g, 1, None, 500)
            });
            assert!(
                matches!(r, Err(super::super::StoreError::Conflict)),
                "{r:?}"
            );
            assert_eq!(s.actions(g).unwrap(), [good]);
            assert_eq!(s.turn(g).unwrap().map(|t| t.ply), Some(1));
            assert_eq!(s.bank(g, 1).unwrap(), (None, Some(700)));
            assert_eq!(s.game(g).unwrap().unwrap().ply, 1);
        });
    }
}
