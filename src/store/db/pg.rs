//! The store's statements on PostgreSQL, through the synchronous `postgres` client (the
//! service's `handle` is synchronous and runs on blocking threads, where this client belongs).

use super::{DbError, Result, Row, Value};
use bytes::BytesMut;
use postgres::types::{to_sql_checked, IsNull, ToSql, Type};
use std::collections::HashMap;
use std::error::Error;

pub(super) struct PgConn {
    client: postgres::Client,
    /// Prepared statements by the store's own SQL text.
    statements: HashMap<String, postgres::Statement>,
}

/// How long a statement may wait for a lock, and run at all: a stalled server or a table
/// locked by someone else makes the request fail ("nothing was changed") rather than hang a
/// worker for ever (issue 29). The bot tells its user it is busy well before.
const SESSION_LIMITS: &str = "SET lock_timeout = '10s'; SET statement_timeout = '60s'";

impl PgConn {
    pub fn new(mut client: postgres::Client) -> PgConn {
        if let Err(e) = client.batch_execute(SESSION_LIMITS) {
            tracing::warn!("PostgreSQL: the lock and statement time-outs were not set: {e}");
        }
        PgConn {
            client,
            statements: HashMap::new(),
        }
    }

    fn statement(&mut self, sql: &str) -> Result<postgres::Statement> {
        if let Some(st) = self.statements.get(sql) {
            return Ok(st.clone());
        }
        let st = self.client.prepare(&numbered_placeholders(sql))?;
        self.statements.insert(sql.to_string(), st.clone());
        Ok(st)
    }

    pub fn execute(&mut self, sql: &str, values: &[Value]) -> Result<usize> {
        let st = self.statement(sql)?;
        let params: Vec<&(dyn ToSql + Sync)> = values.iter().map(|v| v as _).collect();
        Ok(self.client.execute(&st, &params)? as usize)
    }

    pub fn query<T>(
        &mut self,
        sql: &str,
        values: &[Value],
        f: &mut dyn FnMut(&Row) -> Result<T>,
    ) -> Result<Vec<T>> {
        let st = self.statement(sql)?;
        let params: Vec<&(dyn ToSql + Sync)> = values.iter().map(|v| v as _).collect();
        let rows = self.client.query(&st, &params)?;
        let mut out = Vec::with_capacity(rows.len());
        for r in &rows {
            let mut values = Vec::with_capacity(r.len());
            for (i, c) in r.columns().iter().enumerate() {
                values.push(read(r, i, c.type_())?);
            }
            out.push(f(&Row { values })?);
        }
        Ok(out)
    }

    pub fn batch(&mut self, sql: &str) -> Result<()> {
        Ok(self.client.batch_execute(sql)?)
    }

    pub fn last_value(&mut self) -> Result<i64> {
        let row = self.client.query_one("SELECT lastval()", &[])?;
        Ok(row.try_get(0)?)
    }
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
