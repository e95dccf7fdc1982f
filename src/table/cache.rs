//! The open games held in memory, by channel: loaded on first use and evicted when idle, so
//! memory follows the games being played rather than the games stored (issue 16). The store
//! stays the truth: an evicted game is read again, whole, the next time it is needed.

use super::live::Slot;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// How many open games a process keeps in memory unless told otherwise (about 9 KB each).
pub const DEFAULT_CAPACITY: usize = 10_000;

pub(crate) struct Cache {
    slots: HashMap<String, Arc<Slot>>,
    capacity: usize,
    /// A logical clock: each use of a game stamps it with the next value.
    tick: AtomicU64,
}

impl Cache {
    pub fn new(capacity: usize) -> Cache {
        Cache {
            slots: HashMap::new(),
            capacity: capacity.max(1),
            tick: AtomicU64::new(0),
        }
    }

    pub fn set_capacity(&mut self, capacity: usize) {
        self.capacity = capacity.max(1);
        self.evict();
    }

    /// The channel's game, marked as just used (a read lock suffices: the stamp is atomic).
    pub fn get(&self, channel: &str) -> Option<Arc<Slot>> {
        let slot = self.slots.get(channel)?;
        self.touch(slot);
        Some(slot.clone())
    }

    /// Keeps `slot` for the channel unless another request loaded it first (then theirs is
    /// returned: one lock per game), and makes room if the cache is over its size.
    pub fn insert(&mut self, channel: String, slot: Arc<Slot>) -> Arc<Slot> {
        let kept = self.slots.entry(channel).or_insert(slot).clone();
        self.touch(&kept);
        if self.slots.len() > self.capacity {
            self.evict();
        }
        kept
    }

    /// Forgets the channel's game if it is still `slot` (a game that ended).
    pub fn remove(&mut self, channel: &str, slot: &Arc<Slot>) {
        if self
            .slots
            .get(channel)
            .is_some_and(|s| Arc::ptr_eq(s, slot))
        {
            self.slots.remove(channel);
        }
    }

    pub fn values(&self) -> impl Iterator<Item = &Arc<Slot>> {
        self.slots.values()
    }

    pub fn len(&self) -> usize {
        self.slots.len()
    }

    fn touch(&self, slot: &Slot) {
        slot.used
            .store(self.tick.fetch_add(1, Ordering::Relaxed), Ordering::Relaxed);
    }

    /// Drops the least recently used games down to nine tenths of the size, so eviction
    /// (a sort of the cache) runs once per tenth of the size in new games, not on each one.
    /// A game someone holds right now (a move, a bot thinking) is never dropped.
    fn evict(&mut self) {
        if self.slots.len() <= self.capacity {
            return;
        }
        let target = self.capacity - self.capacity / 10;
        let mut idle: Vec<(u64, String)> = self
            .slots
            .iter()
            .filter(|(_, s)| Arc::strong_count(s) == 1)
            .map(|(c, s)| (s.used.load(Ordering::Relaxed), c.clone()))
            .collect();
        idle.sort_unstable();
        let excess = self.slots.len().saturating_sub(target);
        for (_, channel) in idle.into_iter().take(excess) {
            self.slots.remove(&channel);
        }
    }
}
