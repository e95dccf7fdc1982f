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
}
