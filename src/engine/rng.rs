//! SplitMix64, fixed by conventions §5 so that a game record replays identically in any
//! implementation.

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    pub fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A value in `0..n` as `next() % n` (the convention's reduction, bias included).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// Fisher-Yates from the top, as conventions §5 fixes it.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Test vector of conventions §5.
    #[test]
    fn seed_zero_matches_the_convention() {
        let mut r = SplitMix64::new(0);
        assert_eq!(r.next(), 0xe220a8397b1dcdaf);
        assert_eq!(r.next(), 0x6e789e6aa1b965f4);
        assert_eq!(r.next(), 0x06c45d188009454f);
    }

    #[test]
    fn seed_zero_rolls_battle_zone_dice() {
        let mut r = SplitMix64::new(0);
        let dice: Vec<u64> = (0..6).map(|_| 1 + r.below(6)).collect();
        assert_eq!(dice, vec![2, 1, 2, 5, 2, 1]);
    }
}
