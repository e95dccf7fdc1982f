//! What PostgreSQL says it did: statements and their execution time (pg_stat_statements,
//! when the server loads it), transactions (pg_stat_database), and how many sessions wait
//! for a lock, sampled while the bots run.

use tokio_postgres::{Client, NoTls};

pub struct PgStats {
    client: Client,
    /// Whether pg_stat_statements could be used.
    statements: bool,
    /// Queries of this reader itself, left out of the transactions counted.
    own_queries: u64,
}

/// Counters at one moment.
#[derive(Clone, Copy, Default)]
pub struct Counters {
    pub statements: Option<u64>,
    pub exec_ms: Option<f64>,
    pub xacts: u64,
}

impl PgStats {
    pub async fn connect(url: &str) -> PgStats {
        let (client, conn) = tokio_postgres::connect(url, NoTls)
            .await
            .expect("the load run's own PostgreSQL session");
        tokio::spawn(conn);
        let statements = client
            .batch_execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
            .await
            .is_ok()
            && client
                .query_one("SELECT count(*) FROM pg_stat_statements", &[])
                .await
                .is_ok();
        PgStats {
            client,
            statements,
            own_queries: 2,
        }
    }

    pub async fn counters(&mut self) -> Counters {
        self.own_queries += 2;
        let (statements, exec_ms) = if self.statements {
            self.own_queries += 1;
            // This reader's own statements mention the views it reads.
            let row = self
                .client
                .query_one(
                    "SELECT coalesce(sum(calls), 0)::bigint, \
                     coalesce(sum(total_exec_time), 0)::float8 FROM pg_stat_statements \
                     WHERE query NOT LIKE '%pg_stat%'",
                    &[],
                )
                .await
                .unwrap();
            (Some(row.get::<_, i64>(0) as u64), Some(row.get(1)))
        } else {
            (None, None)
        };
        // Transaction counts reach the view when a session reports them: force this one's.
        let _ = self
            .client
            .query("SELECT pg_stat_clear_snapshot()", &[])
            .await;
        let row = self
            .client
            .query_one(
                "SELECT (xact_commit + xact_rollback)::bigint FROM pg_stat_database \
                 WHERE datname = current_database()",
                &[],
            )
            .await
            .unwrap();
        Counters {
            statements,
            exec_ms,
            xacts: (row.get::<_, i64>(0) as u64).saturating_sub(self.own_queries),
        }
    }

    /// Sessions of the bots waiting for a lock, and running a statement, right now (none once
    /// the server is gone at the end).
    pub async fn waiting(&mut self) -> (u64, u64) {
        self.own_queries += 1;
        let Ok(row) = self
            .client
            .query_one(
                "SELECT count(*) FILTER (WHERE wait_event_type = 'Lock')::bigint, \
                 count(*) FILTER (WHERE state = 'active')::bigint FROM pg_stat_activity \
                 WHERE datname = current_database() AND pid <> pg_backend_pid()",
                &[],
            )
            .await
        else {
            return (0, 0);
        };
        (row.get::<_, i64>(0) as u64, row.get::<_, i64>(1) as u64)
    }
}
