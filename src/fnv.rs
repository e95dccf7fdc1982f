//! FNV-1a, 64 bits: a hash stable across processes and versions (std's hasher promises
//! neither), for names that every process and every restart must agree on: a message's
//! nonce on Discord, a position's picture on the game pages.

pub struct Fnv(pub u64);

impl Fnv {
    pub fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    pub fn eat(&mut self, bytes: &[u8]) -> &mut Fnv {
        for b in bytes {
            self.0 ^= u64::from(*b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
        // A separator, so that ("ab", "c") and ("a", "bc") differ.
        self.0 ^= 0xff;
        self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        self
    }
}

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv::new()
    }
}
