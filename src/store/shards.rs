//! Which servers a process serves when several share one database: Discord's shards. A
//! server's shard is `(guild_id >> 22) % total`; direct messages belong to shard 0
//! (<https://discord.com/developers/docs/topics/gateway#sharding>).

/// A range of shards, `first..=last` of `total`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shards {
    pub first: u32,
    pub last: u32,
    pub total: u32,
}

impl Shards {
    /// Every shard of one: a single process serving everything.
    pub const ALL: Shards = Shards {
        first: 0,
        last: 0,
        total: 1,
    };

    /// Checks the range: `first <= last < total`.
    pub fn new(first: u32, last: u32, total: u32) -> Result<Shards, String> {
        if total == 0 {
            return Err("the total number of shards must be at least 1".into());
        }
        if first > last || last >= total {
            return Err(format!(
                "shards {first}-{last} are out of range: give FIRST-LAST with \
                 FIRST <= LAST < {total} (the total number of shards)"
            ));
        }
        Ok(Shards { first, last, total })
    }

    pub fn is_all(self) -> bool {
        self.first == 0 && self.last + 1 == self.total
    }

    /// The shard of a server (`None`: a direct message).
    pub fn shard_of(self, guild: Option<&str>) -> u32 {
        match guild.and_then(|g| g.parse::<u64>().ok()) {
            Some(id) => ((id >> 22) % u64::from(self.total)) as u32,
            None => 0,
        }
    }

    pub fn serves(self, guild: Option<&str>) -> bool {
        self.is_all() || (self.first..=self.last).contains(&self.shard_of(guild))
    }

    /// Whether a server could fall on both ranges. Ranges of different totals split servers
    /// differently: a server id `x` is on shard `x % total` of each, so they share servers
    /// exactly when some shard of one and some of the other agree modulo the totals' gcd.
    pub fn overlaps(self, other: Shards) -> bool {
        let g = gcd(self.total, other.total);
        let residues = |s: Shards| -> Vec<bool> {
            let mut seen = vec![false; g as usize];
            for shard in s.first..=s.last.min(s.first.saturating_add(g - 1)) {
                seen[(shard % g) as usize] = true;
            }
            seen
        };
        let (a, b) = (residues(self), residues(other));
        a.iter().zip(&b).any(|(x, y)| *x && *y)
    }

    /// `shards 2-3 of 4`, or `every shard` for a process serving them all.
    pub fn describe(self) -> String {
        match (self.is_all(), self.first == self.last) {
            (true, _) => "every shard".into(),
            (false, true) => format!("shard {} of {}", self.first, self.total),
            (false, false) => format!("shards {}-{} of {}", self.first, self.last, self.total),
        }
    }

    /// A condition on a games row aliased `g` (absent for user timers: shard 0), in SQL both
    /// engines read; empty when every shard is served (ids need not be numbers then).
    pub(super) fn sql(self, alias: &str) -> String {
        if self.is_all() {
            return String::new();
        }
        format!(
            " AND (CASE WHEN {alias}.guild IS NULL THEN 0 \
             ELSE (CAST({alias}.guild AS BIGINT) >> 22) % {} END) BETWEEN {} AND {}",
            self.total, self.first, self.last
        )
    }
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn servers_fall_on_discords_shards() {
        let s = Shards::new(1, 1, 2).unwrap();
        // 175928847299117063 >> 22 = 41944705796: even, shard 0 of 2 (Discord's example id).
        assert_eq!(s.shard_of(Some("175928847299117063")), 0);
        assert_eq!(s.shard_of(Some(&(5u64 << 22).to_string())), 1);
        assert_eq!(s.shard_of(None), 0);
        assert!(!s.serves(None), "direct messages belong to shard 0");
        assert!(s.serves(Some(&(5u64 << 22).to_string())));
        assert!(Shards::new(2, 1, 4).is_err());
        assert!(Shards::new(0, 2, 2).is_err());
        assert!(Shards::new(0, 0, 0).is_err());
        assert!(Shards::new(0, 1, 2).unwrap().is_all());
    }

    #[test]
    fn ranges_overlap_when_a_server_can_fall_on_both() {
        let s = |a, b, t| Shards::new(a, b, t).unwrap();
        assert!(s(0, 1, 4).overlaps(s(1, 2, 4)));
        assert!(!s(0, 1, 4).overlaps(s(2, 3, 4)));
        assert!(Shards::ALL.overlaps(s(3, 3, 4)));
        // Even ids >> 22 against ids >> 22 that are 1 modulo 4: never the same server.
        assert!(!s(0, 0, 2).overlaps(s(1, 1, 4)));
        assert!(s(0, 0, 2).overlaps(s(2, 2, 4)));
        // Coprime totals always share servers (the Chinese remainder theorem).
        assert!(s(0, 0, 3).overlaps(s(1, 1, 2)));
        assert_eq!(s(2, 3, 4).describe(), "shards 2-3 of 4");
        assert_eq!(s(1, 1, 2).describe(), "shard 1 of 2");
        assert_eq!(Shards::ALL.describe(), "every shard");
    }
}
