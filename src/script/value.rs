//! The values of the compiled functions ([`super::compile`]): integers, booleans and arrays of
//! them, and what Rhai's operators make of two of them.

use rhai::Dynamic;

use super::operator::{Operator, Scalar};

/// A value of the subset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    Unit,
    Int(i64),
    Bool(bool),
    Array(Vec<Value>),
}

impl Value {
    /// Items of the value, nested arrays' counted: what Rhai checks against its array bound.
    pub fn items(&self) -> usize {
        match self {
            Value::Array(items) => items.iter().fold(items.len(), |sum, item| match item {
                Value::Array(_) => sum + item.items(),
                _ => sum,
            }),
            _ => 0,
        }
    }

    /// A position (`None` past Rhai's integers).
    pub fn position(p: &[u64]) -> Option<Value> {
        p.iter().map(|&x| i64::try_from(x).ok().map(Value::Int)).collect::<Option<_>>().map(Value::Array)
    }

    /// The value as an array of positions, when it is one: arrays of at most `most`
    /// non-negative integers.
    pub fn positions(&self, most: usize) -> Option<Vec<Vec<u64>>> {
        let Value::Array(items) = self else { return None };
        items
            .iter()
            .map(|item| match item {
                Value::Array(p) if p.len() <= most => p
                    .iter()
                    .map(|x| match x {
                        Value::Int(n) => u64::try_from(*n).ok(),
                        _ => None,
                    })
                    .collect(),
                _ => None,
            })
            .collect()
    }

    /// The value as Rhai's.
    pub fn into_dynamic(self) -> Dynamic {
        match self {
            Value::Unit => Dynamic::UNIT,
            Value::Int(n) => Dynamic::from_int(n),
            Value::Bool(b) => Dynamic::from_bool(b),
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
            Some(Value::Array(array.iter().map(Value::of).collect::<Option<_>>()?))
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
        (Value::Array(mut a), Value::Array(b)) if operator == Operator::Add => {
            a.extend(b);
            Value::Array(a)
        }
        _ => return None,
    })
}
