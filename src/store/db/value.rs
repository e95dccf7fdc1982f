//! Values as they cross between the store and either engine: SQLite's five storage classes,
//! which PostgreSQL's columns of the store map onto (BIGINT, DOUBLE PRECISION, TEXT, BYTEA;
//! booleans are integers on both, as SQLite has them).

use super::{DbError, Result};

#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Null,
    Int(i64),
    Real(f64),
    Text(String),
    Blob(Vec<u8>),
}

pub trait ToValue {
    fn to_value(&self) -> Value;
}

pub trait FromValue: Sized {
    fn from_value(v: &Value) -> std::result::Result<Self, String>;
}

macro_rules! int_values {
    ($($t:ty),*) => {$(
        impl ToValue for $t {
            fn to_value(&self) -> Value {
                Value::Int(*self as i64)
            }
        }
        impl FromValue for $t {
            fn from_value(v: &Value) -> std::result::Result<Self, String> {
                match v {
                    Value::Int(i) => <$t>::try_from(*i)
                        .map_err(|_| format!("{i} does not fit in {}", stringify!($t))),
                    other => Err(format!("expected an integer, found {other:?}")),
                }
            }
        }
    )*};
}
int_values!(i64, i32, i16, u32, u16, u8, usize);

impl ToValue for u64 {
    /// Seeds are u64 stored as the same 64 bits in a signed column.
    fn to_value(&self) -> Value {
        Value::Int(*self as i64)
    }
}

impl ToValue for bool {
    fn to_value(&self) -> Value {
        Value::Int(*self as i64)
    }
}

impl FromValue for bool {
    fn from_value(v: &Value) -> std::result::Result<Self, String> {
        match v {
            Value::Int(i) => Ok(*i != 0),
            other => Err(format!("expected a boolean, found {other:?}")),
        }
    }
}

impl ToValue for f64 {
    fn to_value(&self) -> Value {
        Value::Real(*self)
    }
}

impl FromValue for f64 {
    fn from_value(v: &Value) -> std::result::Result<Self, String> {
        match v {
            Value::Real(x) => Ok(*x),
            Value::Int(i) => Ok(*i as f64),
            other => Err(format!("expected a number, found {other:?}")),
        }
    }
}

impl ToValue for str {
    fn to_value(&self) -> Value {
        Value::Text(self.to_string())
    }
}

impl ToValue for String {
    fn to_value(&self) -> Value {
        Value::Text(self.clone())
    }
}

impl FromValue for String {
    fn from_value(v: &Value) -> std::result::Result<Self, String> {
        match v {
            Value::Text(s) => Ok(s.clone()),
            other => Err(format!("expected text, found {other:?}")),
        }
    }
}

impl ToValue for [u8] {
    fn to_value(&self) -> Value {
        Value::Blob(self.to_vec())
    }
}

impl ToValue for Vec<u8> {
    fn to_value(&self) -> Value {
        Value::Blob(self.clone())
    }
}

impl FromValue for Vec<u8> {
    fn from_value(v: &Value) -> std::result::Result<Self, String> {
        match v {
            Value::Blob(b) => Ok(b.clone()),
            other => Err(format!("expected bytes, found {other:?}")),
        }
    }
}

impl<T: ToValue> ToValue for Option<T> {
    fn to_value(&self) -> Value {
        self.as_ref().map_or(Value::Null, T::to_value)
    }
}

impl<T: FromValue> FromValue for Option<T> {
    fn from_value(v: &Value) -> std::result::Result<Self, String> {
        match v {
            Value::Null => Ok(None),
            v => T::from_value(v).map(Some),
        }
    }
}

impl<T: ToValue + ?Sized> ToValue for &T {
    fn to_value(&self) -> Value {
        (**self).to_value()
    }
}

impl ToValue for Value {
    fn to_value(&self) -> Value {
        self.clone()
    }
}

/// A row read from either engine.
#[derive(Clone, Debug)]
pub struct Row {
    pub(super) values: Vec<Value>,
}

impl Row {
    /// A row of these values, as a read would give it.
    pub fn of(values: Vec<Value>) -> Row {
        Row { values }
    }

    /// The row's values, in its columns' order.
    pub fn values(&self) -> &[Value] {
        &self.values
    }
}

/// What [`Row::get`] accepts as a column: its 0-based index.
pub trait ColumnIndex {
    fn index(self) -> usize;
}

impl ColumnIndex for usize {
    fn index(self) -> usize {
        self
    }
}

impl Row {
    pub fn get<I: ColumnIndex, T: FromValue>(&self, column: I) -> Result<T> {
        let index = column.index();
        let v = self.values.get(index).ok_or_else(|| DbError::Column {
            index,
            why: format!("the row has {} columns", self.values.len()),
        })?;
        T::from_value(v).map_err(|why| DbError::Column { index, why })
    }
}

/// The parameters of a statement: `params![..]`, an array of one type, or `()` for none.
pub trait Params {
    fn into_values(self) -> Vec<Value>;
}

impl Params for () {
    fn into_values(self) -> Vec<Value> {
        Vec::new()
    }
}

impl Params for &[&dyn ToValue] {
    fn into_values(self) -> Vec<Value> {
        self.iter().map(|v| v.to_value()).collect()
    }
}

impl<T: ToValue, const N: usize> Params for [T; N] {
    fn into_values(self) -> Vec<Value> {
        self.iter().map(ToValue::to_value).collect()
    }
}

impl Params for Vec<Value> {
    fn into_values(self) -> Vec<Value> {
        self
    }
}
