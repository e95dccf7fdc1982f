//! Pages and pictures kept in memory. A picture's name changes with its position, so a kept
//! picture is never stale; a page is kept with the game's version it shows.

use bytes::Bytes;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

/// Pictures kept (a board is 20-100 KB): the latest positions of the games being watched.
const PICTURES: usize = 512;
/// Pages kept.
const PAGES: usize = 256;

/// Both caches, each dropping its oldest entry when full.
#[derive(Default)]
pub(super) struct Cache {
    pictures: Mutex<Fifo<Bytes>>,
    pages: Mutex<Fifo<(u32, Arc<String>)>>,
}

impl Cache {
    pub(super) fn picture(&self, name: &str) -> Option<Bytes> {
        lock(&self.pictures).get(name).cloned()
    }

    pub(super) fn keep_picture(&self, name: String, png: Bytes) {
        lock(&self.pictures).put(name, png, PICTURES);
    }

    /// The page of `token` if it was made at `version`.
    pub(super) fn page(&self, token: &str, version: u32) -> Option<Arc<String>> {
        match lock(&self.pages).get(token) {
            Some((v, html)) if *v == version => Some(html.clone()),
            _ => None,
        }
    }

    pub(super) fn keep_page(&self, token: &str, version: u32, html: Arc<String>) {
        lock(&self.pages).put(token.to_string(), (version, html), PAGES);
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// A map that forgets its oldest keys past a size.
struct Fifo<T> {
    map: HashMap<String, T>,
    order: VecDeque<String>,
}

impl<T> Default for Fifo<T> {
    fn default() -> Self {
        Fifo {
            map: HashMap::new(),
            order: VecDeque::new(),
        }
    }
}

impl<T> Fifo<T> {
    fn get(&self, key: &str) -> Option<&T> {
        self.map.get(key)
    }

    fn put(&mut self, key: String, value: T, most: usize) {
        if self.map.insert(key.clone(), value).is_none() {
            self.order.push_back(key);
        }
        while self.order.len() > most {
            if let Some(old) = self.order.pop_front() {
                self.map.remove(&old);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_oldest_go_first() {
        let mut f = Fifo::default();
        for i in 0..5 {
            f.put(i.to_string(), i, 3);
        }
        assert!(f.get("1").is_none());
        assert_eq!(f.get("4"), Some(&4));
        let c = Cache::default();
        c.keep_page("t", 3, Arc::new("x".into()));
        assert!(
            c.page("t", 4).is_none(),
            "a page of an older version is not served"
        );
        assert!(c.page("t", 3).is_some());
    }
}
