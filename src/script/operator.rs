//! Rhai's operators on two integers, as Rhai computes them: what the compiled functions
//! ([`super::compile`]) and the closures that run natively ([`super::natives`]) both apply.

/// An operator of two integers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Operator {
    Add,
    Subtract,
    Multiply,
    Divide,
    Remainder,
    And,
    Or,
    Xor,
    Equal,
    NotEqual,
    Less,
    LessOrEqual,
    Greater,
    GreaterOrEqual,
}

/// What an operator gives: an integer or a boolean.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scalar {
    Int(i64),
    Bool(bool),
}

impl Operator {
    /// The operator Rhai spells `name`.
    pub fn of(name: &str) -> Option<Operator> {
        use Operator::*;
        Some(match name {
            "+" => Add,
            "-" => Subtract,
            "*" => Multiply,
            "/" => Divide,
            "%" => Remainder,
            "&" => And,
            "|" => Or,
            "^" => Xor,
            "==" => Equal,
            "!=" => NotEqual,
            "<" => Less,
            "<=" => LessOrEqual,
            ">" => Greater,
            ">=" => GreaterOrEqual,
            _ => return None,
        })
    }

    /// `a OP b`; `None` where Rhai fails (an overflow, a division by zero).
    pub fn ints(self, a: i64, b: i64) -> Option<Scalar> {
        use Operator::*;
        use Scalar::{Bool, Int};
        Some(match self {
            Add => Int(a.checked_add(b)?),
            Subtract => Int(a.checked_sub(b)?),
            Multiply => Int(a.checked_mul(b)?),
            Divide => Int(a.checked_div(b)?),
            Remainder => Int(a.checked_rem(b)?),
            And => Int(a & b),
            Or => Int(a | b),
            Xor => Int(a ^ b),
            Equal => Bool(a == b),
            NotEqual => Bool(a != b),
            Less => Bool(a < b),
            LessOrEqual => Bool(a <= b),
            Greater => Bool(a > b),
            GreaterOrEqual => Bool(a >= b),
        })
    }
}
