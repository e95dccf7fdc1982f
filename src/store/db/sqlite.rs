//! The store's statements on SQLite, through rusqlite's statement cache.

use super::{Result, Row, Value};
use rusqlite::types::{ToSqlOutput, Value as SqlValue, ValueRef};
use rusqlite::{params_from_iter, Connection, ToSql};

impl ToSql for Value {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(match self {
            Value::Null => ToSqlOutput::Owned(SqlValue::Null),
            Value::Int(i) => ToSqlOutput::Owned(SqlValue::Integer(*i)),
            Value::Real(x) => ToSqlOutput::Owned(SqlValue::Real(*x)),
            Value::Text(s) => ToSqlOutput::Borrowed(ValueRef::Text(s.as_bytes())),
            Value::Blob(b) => ToSqlOutput::Borrowed(ValueRef::Blob(b)),
        })
    }
}

pub(super) fn execute(c: &Connection, sql: &str, values: &[Value]) -> Result<usize> {
    let mut st = c.prepare_cached(sql)?;
    Ok(st.execute(params_from_iter(values))?)
}

pub(super) fn query<T>(
    c: &Connection,
    sql: &str,
    values: &[Value],
    f: &mut dyn FnMut(&Row) -> Result<T>,
) -> Result<Vec<T>> {
    let mut st = c.prepare_cached(sql)?;
    let columns = st.column_count();
    let mut rows = st.query(params_from_iter(values))?;
    let mut out = Vec::new();
    while let Some(r) = rows.next()? {
        let mut values = Vec::with_capacity(columns);
        for i in 0..columns {
            values.push(match r.get_ref(i)? {
                ValueRef::Null => Value::Null,
                ValueRef::Integer(i) => Value::Int(i),
                ValueRef::Real(x) => Value::Real(x),
                ValueRef::Text(t) => Value::Text(String::from_utf8_lossy(t).into_owned()),
                ValueRef::Blob(b) => Value::Blob(b.to_vec()),
            });
        }
        out.push(f(&Row { values })?);
    }
    Ok(out)
}
