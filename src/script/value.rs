//! The values of the compiled functions ([`super::compile`]): integers, booleans and arrays of
//! them, and what Rhai's operators make of two of them.

use rhai::Dynamic;

use super::operator::{Operator, Scalar};

/// A value of the subset. An array of integers alone (a position) is kept as its integers:
/// copied, dropped and handed back as positions in one piece. Either kind of array is the same
/// value to the script.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    Unit,
    Int(i64),
    Bool(bool),
    /// An array whose items are all integers.
    Ints(Vec<i64>),
    /// Any array.
    Array(Vec<Value>),
}

impl Value {
    /// Items of the value, nested arrays' counted: what Rhai checks against its array bound.
    pub fn items(&self) -> usize {
        match self {
            Value::Ints(items) => items.len(),
            Value::Array(items) => items.iter().fold(items.len(), |sum, item| sum + item.items()),
            _ => 0,
        }
    }

    /// The items of an array, as values (`None` for other values).
    pub fn into_items(self) -> Option<Vec<Value>> {
        match self {
            Value::Ints(items) => Some(items.into_iter().map(Value::Int).collect()),
            Value::Array(items) => Some(items),
            _ => None,
        }
    }

    /// The integer, if this is one.
    pub fn int(&self) -> Option<i64> {
        match self {
            Value::Int(n) => Some(*n),
            _ => None,
        }
    }

    /// The length of an array (`None` for other values).
    pub fn length(&self) -> Option<usize> {
        match self {
            Value::Ints(items) => Some(items.len()),
            Value::Array(items) => Some(items.len()),
            _ => None,
        }
    }

    /// `item` added at the end of this array (`false`, and nothing changed, when this is not
    /// one).
    pub fn push(&mut self, item: Value) -> bool {
        match (&mut *self, item) {
            (Value::Ints(items), Value::Int(n)) => items.push(n),
            (Value::Array(items), item) => items.push(item),
            (Value::Ints(items), item) => {
                let mut all: Vec<Value> = std::mem::take(items).into_iter().map(Value::Int).collect();
                all.push(item);
                *self = Value::Array(all);
            }
            _ => return false,
        }
        true
    }

    /// A position (`None` past Rhai's integers).
    pub fn position(p: &[u64]) -> Option<Value> {
        p.iter().map(|&x| i64::try_from(x).ok()).collect::<Option<_>>().map(Value::Ints)
    }

    /// The value as an array of positions, when it is one: arrays of at most `most`
    /// non-negative integers; otherwise the value back.
    pub fn into_positions(self, most: usize) -> Result<Vec<Vec<u64>>, Value> {
        let position = |item: &Value| match item {
            Value::Ints(p) => p.len() <= most && p.iter().all(|&n| n >= 0),
            Value::Array(p) => p.len() <= most && p.iter().all(|x| matches!(x, Value::Int(n) if *n >= 0)),
            _ => false,
        };
        let fits = match &self {
            Value::Array(items) => items.iter().all(position),
            Value::Ints(items) => items.is_empty(),
            _ => false,
        };
        if !fits {
            return Err(self);
        }
        let items = self.into_items().unwrap_or_default();
        Ok(items
            .into_iter()
            .map(|item| match item {
                // In place: the integers checked non-negative above.
                Value::Ints(p) => p.into_iter().map(|n| n as u64).collect(),
                item => {
                    item.into_items().unwrap_or_default().into_iter().map(|x| x.int().unwrap_or(0) as u64).collect()
                }
            })
            .collect())
    }

    /// The value as Rhai's.
    pub fn into_dynamic(self) -> Dynamic {
        match self {
            Value::Unit => Dynamic::UNIT,
            Value::Int(n) => Dynamic::from_int(n),
            Value::Bool(b) => Dynamic::from_bool(b),
            Value::Ints(items) => Dynamic::from_array(items.into_iter().map(Dynamic::from_int).collect()),
            Value::Array(items) => Dynamic::from_array(items.into_iter().map(Value::into_dynamic).collect()),
        }
    }

    /// Rhai's value as one of the subset, if it is.
    pub fn of(value: &Dynamic) -> Option<Value> {
        if value.is_unit() {
            Some(Value::Unit)
        } else if let Ok(n) = value.as_int() {
            Some(Value::Int(n))
        } else if let Ok(b) = value.as_bool() {
            Some(Value::Bool(b))
        } else {
            let array = value.as_array_ref().ok()?;
            let mut items = Value::Ints(Vec::with_capacity(array.len()));
            for item in array.iter() {
                items.push(Value::of(item)?);
            }
            Some(items)
        }
    }
}

/// `a OP b` as Rhai computes it (on integers; `==`, `!=` on booleans; `+` on arrays), or `None`
/// where Rhai fails or this does not know.
pub fn operate(operator: Operator, a: Value, b: Value) -> Option<Value> {
    Some(match (a, b) {
        (Value::Int(a), Value::Int(b)) => match operator.ints(a, b)? {
            Scalar::Int(n) => Value::Int(n),
            Scalar::Bool(b) => Value::Bool(b),
        },
        (Value::Bool(a), Value::Bool(b)) => match operator {
            Operator::Equal => Value::Bool(a == b),
            Operator::NotEqual => Value::Bool(a != b),
            _ => return None,
        },
        (Value::Ints(mut a), Value::Ints(b)) if operator == Operator::Add => {
            a.extend(b);
            Value::Ints(a)
        }
        (mut a @ (Value::Ints(_) | Value::Array(_)), b @ (Value::Ints(_) | Value::Array(_)))
            if operator == Operator::Add =>
        {
            for item in b.into_items()? {
                a.push(item);
            }
            a
        }
        _ => return None,
    })
}
