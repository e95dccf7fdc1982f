//! The service's locks and the one order they are taken in.
//!
//! | level | lock | guards |
//! |---|---|---|
//! | 1 | `Table::channels` | which channel holds which open game |
//! | 2 | `Slot::live` | one game: its state, seats and version |
//! | 3 | `Table::store` | the database connection |
//! | 4 | `Slot::auto` | the legal moves autocomplete serves |
//! | 5 | `Table::languages` | language choices and remembered locales (a leaf: nothing is taken under it) |
//! | 6 | `Table::themes` | board theme choices (a leaf) |
//!
//! A thread may take a lock only if every lock it already holds has a lower level: a game
//! before the store, never the store before a game, and never the same lock twice (a
//! `std::sync::Mutex` taken twice by one thread deadlocks; that was the freeze of issue 17:
//! a store guard kept alive by a `match` scrutinee while the arm locked the store again).
//!
//! In debug builds (every test) each guard records its level in a thread-local list and an
//! out-of-order acquisition panics at once, naming both locks, instead of hanging some day in
//! production. Release builds carry no bookkeeping.
//!
//! No guard is ever held across an `.await`: the service is synchronous and transports call
//! it from `spawn_blocking`, so guards cannot reach async code.

use std::ops::{Deref, DerefMut};
use std::sync::{Mutex, MutexGuard, RwLock, RwLockReadGuard, RwLockWriteGuard};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Level {
    Channels = 1,
    Game = 2,
    Store = 3,
    Auto = 4,
    Languages = 5,
    Themes = 6,
}

#[cfg(debug_assertions)]
mod held {
    use super::Level;
    use std::cell::RefCell;

    thread_local! {
        static HELD: RefCell<Vec<Level>> = const { RefCell::new(Vec::new()) };
        /// How many times this thread took each level's lock (tests count the store's).
        static TAKEN: RefCell<[u64; 7]> = const { RefCell::new([0; 7]) };
    }

    #[cfg(test)]
    pub fn taken(level: Level) -> u64 {
        TAKEN.with(|t| t.borrow()[level as usize])
    }

    pub fn enter(level: Level) {
        TAKEN.with(|t| t.borrow_mut()[level as usize] += 1);
        HELD.with(|h| {
            let mut h = h.borrow_mut();
            if let Some(top) = h.iter().max() {
                assert!(
                    *top < level,
                    "lock order violated: taking {level:?} while holding {top:?} \
                     (see src/table/locks.rs)"
                );
            }
            h.push(level);
        });
    }

    pub fn leave(level: Level) {
        HELD.with(|h| {
            let mut h = h.borrow_mut();
            if let Some(at) = h.iter().rposition(|l| *l == level) {
                h.remove(at);
            }
        });
    }
}

/// How many times this thread has taken `level`'s lock (debug builds; tests count how often a
/// request takes the store's).
#[cfg(all(debug_assertions, test))]
pub(crate) fn taken(level: Level) -> u64 {
    held::taken(level)
}

#[cfg(not(debug_assertions))]
mod held {
    use super::Level;
    #[inline(always)]
    pub fn enter(_: Level) {}
    #[inline(always)]
    pub fn leave(_: Level) {}
}

/// A guard that tells the tracker when it is dropped. Clippy treats its drop as significant,
/// so `significant_drop_in_scrutinee` (denied in `table`) flags a guard kept alive by a
/// `match` or `if let` scrutinee: the very shape of the freeze.
#[clippy::has_significant_drop]
pub(crate) struct Ordered<G> {
    guard: G,
    level: Level,
}

impl<G> Ordered<G> {
    fn new(level: Level, take: impl FnOnce() -> G) -> Ordered<G> {
        held::enter(level);
        Ordered {
            guard: take(),
            level,
        }
    }
}

impl<G> Drop for Ordered<G> {
    fn drop(&mut self) {
        held::leave(self.level);
    }
}

impl<G: Deref> Deref for Ordered<G> {
    type Target = G::Target;
    fn deref(&self) -> &G::Target {
        &self.guard
    }
}

impl<G: DerefMut> DerefMut for Ordered<G> {
    fn deref_mut(&mut self) -> &mut G::Target {
        &mut self.guard
    }
}

/// A mutex with a place in the lock order. A poisoned lock only means another request
/// panicked mid-way; the data behind it is still the last committed state, so carry on.
pub(crate) struct OrderedMutex<T> {
    level: Level,
    inner: Mutex<T>,
}

impl<T> OrderedMutex<T> {
    pub fn new(level: Level, value: T) -> Self {
        OrderedMutex {
            level,
            inner: Mutex::new(value),
        }
    }

    pub fn lock(&self) -> Ordered<MutexGuard<'_, T>> {
        Ordered::new(self.level, || {
            self.inner.lock().unwrap_or_else(|e| e.into_inner())
        })
    }

    /// The value, once nobody can lock it any more.
    pub fn into_inner(self) -> T {
        self.inner.into_inner().unwrap_or_else(|e| e.into_inner())
    }
}

pub(crate) struct OrderedRwLock<T> {
    level: Level,
    inner: RwLock<T>,
}

impl<T> OrderedRwLock<T> {
    pub fn new(level: Level, value: T) -> Self {
        OrderedRwLock {
            level,
            inner: RwLock::new(value),
        }
    }

    pub fn read(&self) -> Ordered<RwLockReadGuard<'_, T>> {
        Ordered::new(self.level, || {
            self.inner.read().unwrap_or_else(|e| e.into_inner())
        })
    }

    pub fn write(&self) -> Ordered<RwLockWriteGuard<'_, T>> {
        Ordered::new(self.level, || {
            self.inner.write().unwrap_or_else(|e| e.into_inner())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locks_in_order_are_fine() {
        let (a, b) = (
            OrderedMutex::new(Level::Game, 1),
            OrderedMutex::new(Level::Store, 2),
        );
        let ga = a.lock();
        let gb = b.lock();
        assert_eq!(*ga + *gb, 3);
        drop(gb);
        drop(ga);
        // Released: the store alone, then a game after it is released, is fine too.
        drop(b.lock());
        drop(a.lock());
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "lock order violated: taking Game while holding Store")]
    fn a_game_after_the_store_panics_in_debug() {
        let (a, b) = (
            OrderedMutex::new(Level::Game, 1),
            OrderedMutex::new(Level::Store, 2),
        );
        let _store = b.lock();
        let _game = a.lock();
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "taking Store while holding Store")]
    fn the_store_twice_panics_instead_of_deadlocking() {
        let b = OrderedMutex::new(Level::Store, 2);
        let _first = b.lock();
        // The freeze of issue 17: a guard alive in a match scrutinee, the store taken again.
        let _second = b.lock();
    }
}
