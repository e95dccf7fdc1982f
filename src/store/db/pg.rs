//! The store's statements on PostgreSQL. The service's `handle` is synchronous and runs on
//! blocking threads: each request waits for its answer there, on a runtime of the
//! connection's own, as the synchronous `postgres` client does. Statements whose answer
//! nobody needs at once (a transaction's `BEGIN`, a move's writes) are held back and sent
//! with the next one that needs an answer, so a move costs one round trip per read rather
//! than one per statement (issue 30). A move's own read goes with its writes too, as a guard
//! (`Expect::Fresh`), so that the whole move is one round trip (issue 45).

use super::{DbError, Expect, Result, Row, Value};
use bytes::BytesMut;
use postgres::types::{to_sql_checked, IsNull, ToSql, Type};
use std::collections::HashMap;
use std::error::Error;
use std::future::Future;
use std::pin::Pin;
use std::task::Poll;

pub(super) struct PgConn {
    runtime: tokio::runtime::Runtime,
    /// `None` only while the connection is being closed (`Drop`).
    client: Option<tokio_postgres::Client>,
    /// The socket's side of the client, polled while a request waits; `None` once closed.
    connection: Option<Connection>,
    /// Prepared statements by the store's own SQL text.
    statements: HashMap<String, postgres::Statement>,
    /// Statements whose answer nobody waits for (a transaction's `BEGIN`, the writes of a
    /// move), sent with the next statement that needs one: one round trip for all (issue 30).
    queued: Vec<Queued>,
    /// The rows of held-back reads (`query_later`), by ticket, until taken.
    kept: Vec<(u32, Vec<Row>)>,
    next_ticket: u32,
    /// Round trips made so far (each wait for the server's answers counts once), for the
    /// benches and the test that hold a move to one (issue 45).
    round_trips: u64,
}

type Connection = Pin<Box<dyn Future<Output = Result<(), postgres::Error>> + Send>>;

/// A statement held back until the next round trip.
enum Queued {
    Batch(&'static str),
    Write {
        statement: postgres::Statement,
        values: Vec<Value>,
        expect: Expect,
    },
    /// A read whose rows are wanted only after the transaction: kept under `ticket`.
    Read {
        statement: postgres::Statement,
        values: Vec<Value>,
        ticket: u32,
    },
}

/// What the server answered a held-back statement.
enum Answer {
    Count(u64),
    Rows(Vec<postgres::Row>),
}

/// How long a statement may wait for a lock, and run at all: a stalled server or a table
/// locked by someone else makes the request fail ("nothing was changed") rather than hang a
/// worker for ever (issue 29). The bot tells its user it is busy well before.
const SESSION_LIMITS: &str = "SET lock_timeout = '10s'; SET statement_timeout = '60s'";

impl PgConn {
    /// Connects with `config`. The client is `tokio_postgres`'s, driven on a runtime of its
    /// own on the calling thread (as the synchronous `postgres` client does), because that
    /// client alone can send several statements without waiting for each answer.
    pub fn connect(config: &tokio_postgres::Config) -> Result<PgConn> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| DbError::Client(format!("no runtime for the PostgreSQL client: {e}")))?;
        let (client, connection) = runtime.block_on(config.connect(postgres::NoTls))?;
        let mut conn = PgConn {
            runtime,
            client: Some(client),
            connection: Some(Box::pin(connection)),
            statements: HashMap::new(),
            queued: Vec::new(),
            kept: Vec::new(),
            next_ticket: 0,
            round_trips: 0,
        };
        if let Err(e) = conn.batch(SESSION_LIMITS) {
            tracing::warn!("PostgreSQL: the lock and statement time-outs were not set: {e}");
        }
        Ok(conn)
    }

    fn statement(&mut self, sql: &str) -> Result<postgres::Statement> {
        if let Some(st) = self.statements.get(sql) {
            return Ok(st.clone());
        }
        let text = numbered_placeholders(sql);
        let st = self.round_trip(|c| Box::pin(async move { c.prepare(&text).await }))?;
        self.statements.insert(sql.to_string(), st.clone());
        Ok(st)
    }

    pub fn execute(&mut self, sql: &str, values: &[Value]) -> Result<usize> {
        let st = self.statement(sql)?;
        let n = self.round_trip(|c| {
            Box::pin(async move {
                let params: Vec<&(dyn ToSql + Sync)> = values.iter().map(|v| v as _).collect();
                c.execute(&st, &params).await
            })
        })?;
        Ok(n as usize)
    }

    /// Holds the write back until the next statement that needs an answer (or the commit):
    /// only inside a transaction, whose failure any error of the write then causes.
    pub fn queue(&mut self, sql: &str, values: Vec<Value>, expect: Expect) -> Result<()> {
        let statement = self.statement(sql)?;
        self.queued.push(Queued::Write {
            statement,
            values,
            expect,
        });
        Ok(())
    }

    /// Holds the read back until the next round trip; its rows are kept for [`Self::take_later`].
    pub fn query_later(&mut self, sql: &str, values: Vec<Value>) -> Result<u32> {
        let statement = self.statement(sql)?;
        let ticket = self.next_ticket;
        self.next_ticket = self.next_ticket.wrapping_add(1);
        self.queued.push(Queued::Read {
            statement,
            values,
            ticket,
        });
        Ok(ticket)
    }

    /// The rows of a held-back read, once its round trip was made.
    pub fn take_later(&mut self, ticket: u32) -> Option<Vec<Row>> {
        let at = self.kept.iter().position(|(t, _)| *t == ticket)?;
        Some(self.kept.swap_remove(at).1)
    }

    /// Opens the transaction with the next round trip.
    pub fn begin(&mut self) {
        // Held-back rows nobody took by the next transaction are nobody's.
        self.kept.clear();
        self.queued.push(Queued::Batch("BEGIN"));
    }

    /// Commits, with the writes still held back. A write that may find a conflict is sent
    /// (and judged) first, on its own: committing with it would keep the writes around it;
    /// unless a guard after it vouches for it (`Expect::Fresh`), failing the transaction on
    /// the server when that write did not change what it had to: then it all goes at once.
    pub fn commit(&mut self) -> Result<()> {
        let unvouched = self
            .queued
            .iter()
            .rev()
            .take_while(|q| !is_write(q, Expect::Fresh))
            .any(|q| is_write(q, Expect::Change));
        if unvouched {
            self.round_trip(|_| Box::pin(async { Ok::<(), postgres::Error>(()) }))?;
        }
        self.batch("COMMIT")
    }

    /// Rolls the transaction back: what was held back is dropped unsent.
    pub fn roll_back(&mut self) -> Result<()> {
        self.queued.clear();
        self.kept.clear();
        self.batch("ROLLBACK")
    }

    pub fn query<T>(
        &mut self,
        sql: &str,
        values: &[Value],
        f: &mut dyn FnMut(&Row) -> Result<T>,
    ) -> Result<Vec<T>> {
        let st = self.statement(sql)?;
        let rows = self.round_trip(|c| {
            Box::pin(async move {
                let params: Vec<&(dyn ToSql + Sync)> = values.iter().map(|v| v as _).collect();
                c.query(&st, &params).await
            })
        })?;
        mapped(&rows, f)
    }

    pub fn batch(&mut self, sql: &str) -> Result<()> {
        self.round_trip(|c| Box::pin(async move { c.batch_execute(sql).await }))
    }

    pub fn round_trips(&self) -> u64 {
        self.round_trips
    }

    pub fn last_value(&mut self) -> Result<i64> {
        self.query("SELECT lastval()", &[], &mut |r| r.get(0))?
            .pop()
            .ok_or(DbError::NoRows)
    }

    /// Sends what was held back, then `last`'s statement, without waiting in between, and
    /// waits for every answer: one round trip. The first error wins (a held-back write's
    /// failure is the cause of the errors after it).
    fn round_trip<'a, T: 'a>(
        &'a mut self,
        last: impl FnOnce(&'a tokio_postgres::Client) -> Request<'a, T>,
    ) -> Result<T> {
        let queued = std::mem::take(&mut self.queued);
        self.round_trips += 1;
        let PgConn {
            runtime,
            client,
            connection,
            kept,
            ..
        } = self;
        let client: &tokio_postgres::Client = client.as_ref().expect("open");
        let mut held: Vec<Request<'_, Answer>> = queued
            .iter()
            .map(|q| -> Request<'_, Answer> {
                match q {
                    Queued::Batch(sql) => Box::pin(async move {
                        client.batch_execute(sql).await.map(|()| Answer::Count(0))
                    }),
                    Queued::Write {
                        statement, values, ..
                    } => Box::pin(async move {
                        client
                            .execute(statement, &params_of(values))
                            .await
                            .map(Answer::Count)
                    }),
                    Queued::Read {
                        statement, values, ..
                    } => Box::pin(async move {
                        client
                            .query(statement, &params_of(values))
                            .await
                            .map(Answer::Rows)
                    }),
                }
            })
            .collect();
        let mut last = last(client);
        let mut answers: Vec<Option<std::result::Result<Answer, postgres::Error>>> =
            (0..held.len()).map(|_| None).collect();
        let mut answer = None;
        // Each request is sent when first polled: in this order, before any answer is read.
        let all = std::future::poll_fn(|cx| {
            for (request, slot) in held.iter_mut().zip(answers.iter_mut()) {
                if slot.is_none() {
                    if let Poll::Ready(r) = request.as_mut().poll(cx) {
                        *slot = Some(r);
                    }
                }
            }
            if answer.is_none() {
                if let Poll::Ready(r) = last.as_mut().poll(cx) {
                    answer = Some(r);
                }
            }
            if answer.is_some() && answers.iter().all(Option::is_some) {
                Poll::Ready(Ok(()))
            } else {
                Poll::Pending
            }
        });
        drive(runtime, connection, all)?;
        drop(held);
        for (q, r) in queued.iter().zip(answers) {
            let r = r.expect("answered").map_err(DbError::from);
            match (q, r) {
                (Queued::Write { expect, .. }, r) => {
                    let count = r.map(|a| match a {
                        Answer::Count(n) => n as usize,
                        Answer::Rows(rows) => rows.len(),
                    });
                    expect.judge(count)?;
                }
                (Queued::Read { ticket, .. }, Ok(Answer::Rows(rows))) => {
                    let rows = rows.iter().map(row_of).collect::<Result<_>>()?;
                    kept.push((*ticket, rows));
                }
                (_, r) => {
                    r?;
                }
            }
        }
        Ok(answer.expect("answered")?)
    }
}

/// A request to the server, not yet sent.
type Request<'a, T> = Pin<Box<dyn Future<Output = std::result::Result<T, postgres::Error>> + 'a>>;

/// Runs `future` to its end on the client's runtime while the connection reads and writes the
/// socket; a connection that fails ends the wait with its error.
fn drive<T>(
    runtime: &tokio::runtime::Runtime,
    connection: &mut Option<Connection>,
    future: impl Future<Output = std::result::Result<T, postgres::Error>>,
) -> Result<T> {
    let mut future = std::pin::pin!(future);
    let r = runtime.block_on(std::future::poll_fn(|cx| {
        if let Some(c) = connection.as_mut() {
            match c.as_mut().poll(cx) {
                Poll::Pending => {}
                // Closed by the server: the requests still waiting fail once it is dropped.
                Poll::Ready(Ok(())) => *connection = None,
                Poll::Ready(Err(e)) => {
                    *connection = None;
                    return Poll::Ready(Err(e));
                }
            }
        }
        future.as_mut().poll(cx)
    }));
    Ok(r?)
}

impl Drop for PgConn {
    /// Says goodbye to the server (a `Terminate` message) rather than cutting the socket.
    fn drop(&mut self) {
        self.client = None;
        if let Some(c) = self.connection.take() {
            let _ = self.runtime.block_on(c);
        }
    }
}

fn mapped<T>(rows: &[postgres::Row], f: &mut dyn FnMut(&Row) -> Result<T>) -> Result<Vec<T>> {
    rows.iter().map(|r| f(&row_of(r)?)).collect()
}

fn row_of(r: &postgres::Row) -> Result<Row> {
    let mut values = Vec::with_capacity(r.len());
    for (i, c) in r.columns().iter().enumerate() {
        values.push(read(r, i, c.type_())?);
    }
    Ok(Row { values })
}

fn params_of(values: &[Value]) -> Vec<&(dyn ToSql + Sync)> {
    values.iter().map(|v| v as _).collect()
}

fn is_write(q: &Queued, expected: Expect) -> bool {
    matches!(q, Queued::Write { expect, .. } if *expect == expected)
}

fn read(r: &postgres::Row, i: usize, ty: &Type) -> Result<Value> {
    fn or_null<T>(v: Option<T>, f: impl FnOnce(T) -> Value) -> Value {
        v.map_or(Value::Null, f)
    }
    Ok(match *ty {
        Type::INT8 => or_null(r.try_get::<_, Option<i64>>(i)?, Value::Int),
        Type::INT4 => or_null(r.try_get::<_, Option<i32>>(i)?, |x| Value::Int(x.into())),
        Type::INT2 => or_null(r.try_get::<_, Option<i16>>(i)?, |x| Value::Int(x.into())),
        Type::BOOL => or_null(r.try_get::<_, Option<bool>>(i)?, |x| Value::Int(x.into())),
        Type::FLOAT8 => or_null(r.try_get::<_, Option<f64>>(i)?, Value::Real),
        Type::FLOAT4 => or_null(r.try_get::<_, Option<f32>>(i)?, |x| Value::Real(x.into())),
        Type::BYTEA => or_null(r.try_get::<_, Option<Vec<u8>>>(i)?, Value::Blob),
        Type::TEXT | Type::VARCHAR | Type::BPCHAR | Type::NAME | Type::UNKNOWN => {
            or_null(r.try_get::<_, Option<String>>(i)?, Value::Text)
        }
        ref other => {
            return Err(DbError::Column {
                index: i,
                why: format!(
                    "PostgreSQL type {other} has no store value (cast it in the query: \
                     sum and avg give numeric)"
                ),
            })
        }
    })
}

/// Parameters adapt to the type PostgreSQL inferred for them, as SQLite's loose typing lets
/// an integer meet a text column: the store's SQL stays one text for both engines.
impl ToSql for Value {
    fn to_sql(
        &self,
        ty: &Type,
        out: &mut BytesMut,
    ) -> std::result::Result<IsNull, Box<dyn Error + Sync + Send>> {
        match (self, ty) {
            (Value::Null, _) => Ok(IsNull::Yes),
            (Value::Int(i), &Type::INT8) => i.to_sql(ty, out),
            (Value::Int(i), &Type::INT4) => i32::try_from(*i)?.to_sql(ty, out),
            (Value::Int(i), &Type::INT2) => i16::try_from(*i)?.to_sql(ty, out),
            (Value::Int(i), &Type::BOOL) => (*i != 0).to_sql(ty, out),
            (Value::Int(i), &Type::FLOAT8) => (*i as f64).to_sql(ty, out),
            (Value::Int(i), &Type::FLOAT4) => (*i as f32).to_sql(ty, out),
            (Value::Int(i), _) => i.to_string().to_sql(ty, out),
            (Value::Real(x), &Type::FLOAT4) => (*x as f32).to_sql(ty, out),
            (Value::Real(x), &Type::FLOAT8) => x.to_sql(ty, out),
            (Value::Real(x), _) => x.to_string().to_sql(ty, out),
            (Value::Text(s), &Type::INT8) => s.parse::<i64>()?.to_sql(ty, out),
            (Value::Text(s), _) => s.as_str().to_sql(ty, out),
            (Value::Blob(b), _) => b.as_slice().to_sql(ty, out),
        }
    }

    fn accepts(_: &Type) -> bool {
        true
    }

    to_sql_checked!();
}

/// `?1` becomes `$1`, and a bare `?` the next number, outside quoted text.
pub(super) fn numbered_placeholders(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len() + 8);
    let mut quoted = false;
    let mut next = 0;
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                quoted = !quoted;
                out.push(c);
            }
            '?' if !quoted => {
                out.push('$');
                if chars.peek().is_some_and(char::is_ascii_digit) {
                    while let Some(d) = chars.next_if(char::is_ascii_digit) {
                        out.push(d);
                    }
                } else {
                    next += 1;
                    out.push_str(&next.to_string());
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// The division by zero by which a guard (`Expect::Fresh`) fails its transaction.
pub(super) fn is_guard_failure(e: &postgres::Error) -> bool {
    e.code() == Some(&tokio_postgres::error::SqlState::DIVISION_BY_ZERO)
}

/// SQLSTATE class 23: integrity constraint violation (unique, foreign key, check, not null).
pub(super) fn is_constraint(e: &postgres::Error) -> bool {
    e.code().is_some_and(|c| c.code().starts_with("23"))
}

/// The server's own words when it answered, else the client's (with what caused it).
pub(super) fn describe(e: &postgres::Error) -> String {
    if let Some(db) = e.as_db_error() {
        return match db.detail() {
            Some(d) => format!("{}: {} ({d})", db.severity(), db.message()),
            None => format!("{}: {}", db.severity(), db.message()),
        };
    }
    match e.source() {
        Some(cause) => format!("{e}: {cause}"),
        None => e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::numbered_placeholders;

    #[test]
    fn placeholders_are_numbered_outside_quotes() {
        assert_eq!(
            numbered_placeholders("SELECT a FROM t WHERE b = ?2 AND c = '?' AND d = ?1"),
            "SELECT a FROM t WHERE b = $2 AND c = '?' AND d = $1"
        );
        assert_eq!(numbered_placeholders("VALUES (?, ?)"), "VALUES ($1, $2)");
    }
}
