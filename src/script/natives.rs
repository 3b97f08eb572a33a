//! Faster versions of Rhai's array methods that take a closure: `retain`, `filter`, `map`.
//!
//! Rhai's own versions call the closure as a method first (the element bound to `this`, no
//! argument), then with the element, then with the element and its index, taking the first that
//! exists. A closure `|h| h > 2` takes the element: the first try fails, and the failure formats
//! the signature it looked for, on every element. That was over half of what the oracle spent
//! on Grundy's game (#38). Here a closure (`|…| …`, which has one arity) is called with the
//! element first; anything else keeps Rhai's order. What each returns, and its errors, are
//! Rhai's.
//!
//! A closure of one parameter whose body is one expression of that parameter, integer and
//! boolean constants and Rhai's integer operators ([`Operator`]; `|h| h > 2`,
//! `|x| x % 3 != 1 && x > 0`) is [`Native`]: it runs in Rust on an integer element, without Rhai's cost of a call (a copy of
//! its state, a fresh function cache and scope on every element: over a third of the oracle's
//! time on Grundy's game). When an element is not an integer, or the arithmetic would overflow
//! or divide by zero, the closure runs in Rhai instead, which returns or fails as it always
//! does: the body has no effects, so running it again is safe.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use rhai::{Array, Dynamic, EvalAltResult, Expr, FnPtr, FuncRegistration, NativeCallContext, Position, Stmt};

use super::operator::{Operator, Scalar as Value};

/// The prefix of a closure's name in Rhai.
const CLOSURE_PREFIX: &str = "anon$";

/// The native closures of a script, by name: set once it is compiled ([`natives_of`]).
pub type Natives = Arc<OnceLock<HashMap<String, Native>>>;

/// Registers the methods on `engine`; they take precedence over Rhai's. They run the closures
/// `natives` will hold natively.
pub fn register(engine: &mut rhai::Engine, natives: &Natives) {
    let ours = Arc::clone(natives);
    FuncRegistration::new("retain").with_purity(false).register_into_engine(
        engine,
        move |context: NativeCallContext, array: &mut Array, function: FnPtr| {
            retain(&Methods { context, natives: ours.get() }, array, &function)
        },
    );
    let ours = Arc::clone(natives);
    FuncRegistration::new("filter").with_purity(true).register_into_engine(
        engine,
        move |context: NativeCallContext, array: &mut Array, function: FnPtr| {
            filter(&Methods { context, natives: ours.get() }, array, &function)
        },
    );
    let ours = Arc::clone(natives);
    FuncRegistration::new("map").with_purity(true).register_into_engine(
        engine,
        move |context: NativeCallContext, array: &mut Array, function: FnPtr| {
            map(&Methods { context, natives: ours.get() }, array, &function)
        },
    );
}

/// The closures of `ast` that run natively, by name.
pub fn natives_of(ast: &rhai::AST) -> HashMap<String, Native> {
    let closures = ast.iter_fn_def().filter(|def| def.name.starts_with(CLOSURE_PREFIX) && def.params.len() == 1);
    closures
        .filter_map(|def| {
            // Rhai names no function body outside its crate; a walk of an AST of this closure
            // alone sees its statements at depth one. (Not `clone_functions_only_filtered`: into
            // an AST without functions, it clones them all, unfiltered.)
            let mut module = rhai::Module::new();
            module.set_script_fn(def.clone());
            let alone = rhai::AST::new(std::iter::empty(), module);
            let parameter = def.params[0].as_str();
            let mut statements = 0;
            let mut native = None;
            alone.walk(&mut |path: &[rhai::ASTNode]| {
                if let [rhai::ASTNode::Stmt(statement)] = path {
                    statements += 1;
                    native = match statement {
                        Stmt::Expr(expr) => Native::of(expr, parameter),
                        Stmt::FnCall(call, _) => Native::of_call(call, parameter),
                        _ => None,
                    };
                }
                true
            });
            Some((def.name.to_string(), native.filter(|_| statements == 1)?))
        })
        .collect()
}

/// A closure's body that runs in Rust: its parameter, constants and integer operators.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Native {
    /// The parameter.
    Parameter,
    /// An integer constant.
    Int(i64),
    /// A boolean constant.
    Bool(bool),
    /// `!x`.
    Not(Box<Native>),
    /// `-x`.
    Negate(Box<Native>),
    /// `x OP y`, an operator on two integers.
    Binary(Operator, Box<[Native; 2]>),
    /// `x && y && …`.
    And(Vec<Native>),
    /// `x || y || …`.
    Or(Vec<Native>),
}

impl Native {
    /// `expr` as a native body over `parameter`, if it is one.
    fn of(expr: &Expr, parameter: &str) -> Option<Native> {
        Some(match expr {
            Expr::IntegerConstant(n, _) => Native::Int(*n),
            Expr::BoolConstant(b, _) => Native::Bool(*b),
            Expr::Variable(name, ..) if name.1.as_str() == parameter => Native::Parameter,
            Expr::FnCall(call, _) => Native::of_call(call, parameter)?,
            Expr::And(parts, _) => {
                Native::And(parts.iter().map(|part| Native::of(part, parameter)).collect::<Option<_>>()?)
            }
            Expr::Or(parts, _) => {
                Native::Or(parts.iter().map(|part| Native::of(part, parameter)).collect::<Option<_>>()?)
            }
            _ => return None,
        })
    }

    /// An operator's call as a native body, if it is one.
    fn of_call(call: &rhai::FnCallExpr, parameter: &str) -> Option<Native> {
        call.op_token.as_ref()?;
        let args: Vec<Native> = call.args.iter().map(|arg| Native::of(arg, parameter)).collect::<Option<_>>()?;
        if call.name.as_str() == "!" {
            let [x] = <[Native; 1]>::try_from(args).ok()?;
            return Some(Native::Not(Box::new(x)));
        }
        let operator = Operator::of(call.name.as_str())?;
        match <[Native; 2]>::try_from(args) {
            Ok(pair) => Some(Native::Binary(operator, Box::new(pair))),
            Err(args) => match (operator, <[Native; 1]>::try_from(args)) {
                (Operator::Subtract, Ok([x])) => Some(Native::Negate(Box::new(x))),
                _ => None,
            },
        }
    }

    /// Whether the closure is true at `x`; `None` when its value there is not a boolean, or Rhai
    /// must say (as for [`Native::value`]).
    pub fn test(&self, x: i64) -> Option<bool> {
        match self.value(x)? {
            Value::Bool(b) => Some(b),
            Value::Int(_) => None,
        }
    }

    /// The value at `x`; `None` where Rhai must say (a type it does not take, an overflow, a
    /// division by zero).
    fn value(&self, x: i64) -> Option<Value> {
        let int = |native: &Native| match native.value(x)? {
            Value::Int(n) => Some(n),
            Value::Bool(_) => None,
        };
        let bool = |native: &Native| match native.value(x)? {
            Value::Bool(b) => Some(b),
            Value::Int(_) => None,
        };
        Some(match self {
            Native::Parameter => Value::Int(x),
            Native::Int(n) => Value::Int(*n),
            Native::Bool(b) => Value::Bool(*b),
            Native::Not(inner) => Value::Bool(!bool(inner)?),
            Native::Negate(inner) => Value::Int(int(inner)?.checked_neg()?),
            Native::And(parts) => {
                for part in parts {
                    if !bool(part)? {
                        return Some(Value::Bool(false));
                    }
                }
                Value::Bool(true)
            }
            Native::Or(parts) => {
                for part in parts {
                    if bool(part)? {
                        return Some(Value::Bool(true));
                    }
                }
                Value::Bool(false)
            }
            Native::Binary(operator, pair) => {
                let (a, b) = (int(&pair[0])?, int(&pair[1])?);
                operator.ints(a, b)?
            }
        })
    }
}

/// What a method needs to call a closure: Rhai's context, and the script's native closures.
struct Methods<'a, 'n> {
    context: NativeCallContext<'a>,
    natives: Option<&'n HashMap<String, Native>>,
}

type Result<T> = std::result::Result<T, Box<EvalAltResult>>;

/// `function` applied to `item` (at `index`): the first of Rhai's three ways to call it that
/// exists, a closure's one-argument way tried first.
fn apply(methods: &Methods, caller: &str, function: &FnPtr, item: &mut Dynamic, index: usize) -> Result<Dynamic> {
    if !function.is_curried()
        && let Some(native) = methods.natives.and_then(|natives| natives.get(function.fn_name()))
        && let Ok(x) = item.as_int()
        && let Some(value) = native.value(x)
    {
        return Ok(match value {
            Value::Int(n) => Dynamic::from_int(n),
            Value::Bool(b) => Dynamic::from_bool(b),
        });
    }
    let context = &methods.context;
    let not_found = |error: &EvalAltResult| matches!(error, EvalAltResult::ErrorFunctionNotFound(signature, _) if signature.starts_with(function.fn_name()));
    let index = || Dynamic::from(i64::try_from(index).unwrap_or(i64::MAX));
    let as_method = |item: &mut Dynamic| function.call_raw(context, Some(item), []);
    let with_item = |item: &mut Dynamic| function.call_raw(context, None, [item.clone()]);
    let result = if function.fn_name().starts_with(CLOSURE_PREFIX) {
        match with_item(item) {
            Err(error) if not_found(&error) => match as_method(item) {
                Err(error) if not_found(&error) => function.call_raw(context, None, [item.clone(), index()]),
                other => other,
            },
            other => other,
        }
    } else {
        match as_method(item) {
            Err(error) if not_found(&error) => match with_item(item) {
                Err(error) if not_found(&error) => function.call_raw(context, None, [item.clone(), index()]),
                other => other,
            },
            other => other,
        }
    };
    result.map_err(|error| {
        Box::new(EvalAltResult::ErrorInFunctionCall(
            caller.to_string(),
            context.call_source().unwrap_or("").to_string(),
            error,
            Position::NONE,
        ))
    })
}

/// Keeps the elements for which `filter` is true; returns the others.
fn retain(methods: &Methods, array: &mut Array, filter: &FnPtr) -> Result<Array> {
    let mut removed = Array::new();
    let mut kept = 0;
    for index in 0..array.len() {
        let keep = apply(methods, "retain", filter, &mut array[kept], index)?.as_bool().unwrap_or(false);
        if keep {
            kept += 1;
        } else {
            removed.push(array.remove(kept));
        }
    }
    Ok(removed)
}

/// The elements for which `filter` is true.
fn filter(methods: &Methods, array: &mut Array, filter: &FnPtr) -> Result<Array> {
    let mut kept = Array::new();
    for (index, item) in array.iter_mut().enumerate() {
        if apply(methods, "filter", filter, item, index)?.as_bool().unwrap_or(false) {
            kept.push(item.clone());
        }
    }
    Ok(kept)
}

/// `map` of each element.
fn map(methods: &Methods, array: &mut Array, map: &FnPtr) -> Result<Array> {
    let mut mapped = Array::with_capacity(array.len());
    for (index, item) in array.iter_mut().enumerate() {
        mapped.push(apply(methods, "map", map, item, index)?);
    }
    Ok(mapped)
}

#[cfg(test)]
mod tests {
    /// What `text` evaluates to, or its error, as text; with `natives`, on an engine with our
    /// methods and the closures of `text` that run natively.
    fn run(natives: bool, text: &str) -> String {
        let mut engine = rhai::Engine::new();
        let found = super::Natives::default();
        if natives {
            super::register(&mut engine, &found);
        }
        let result = engine.compile(text).map_err(Into::into).and_then(|ast| {
            found.set(super::natives_of(&ast)).expect("set once");
            engine.eval_ast::<rhai::Dynamic>(&ast)
        });
        match result {
            Ok(value) => format!("{value:?}"),
            Err(error) => format!("error: {error}"),
        }
    }

    /// Each method returns what Rhai's own returns, and fails alike, whichever way its closure
    /// takes the element (as `this`, as an argument, with its index), for named functions, and
    /// for closures that run natively, on integers or not, in range or past it.
    #[test]
    fn the_methods_do_what_rhais_own_do() {
        let cases = [
            "let a = [1, 5, 2, 7]; let r = a.retain(|h| h > 2); [a, r]",
            "let a = [1, 5, 2, 7]; let r = a.retain(|h, i| i % 2 == 0); [a, r]",
            "let a = [1, 5, 2, 7]; let r = a.retain(|| this > 2); [a, r]",
            "let a = [1, 5, 2, 7]; let k = 4; let r = a.retain(|h| h < k); [a, r]",
            "fn big(x) { x > 2 } let a = [1, 5, 2, 7]; let r = a.retain(Fn(\"big\")); [a, r]",
            "fn big() { this > 2 } let a = [1, 5, 2, 7]; let r = a.retain(Fn(\"big\")); [a, r]",
            "fn big() { this > 2 } fn big(x) { x < 2 } let a = [1, 5, 2, 7]; a.retain(Fn(\"big\")); a",
            "let a = []; a.retain(|x, y, z| true)",
            "let a = [1, 2]; a.retain(|x, y, z| true)",
            "let a = [1, 2]; a.retain(|x| x.nothing())",
            "let a = [1, 2]; a.retain(|x| 5)",
            "const A = [1, 2]; A.retain(|x| x > 1); A",
            "[1, 5, 2].filter(|h| h > 1)",
            "[1, 5, 2].filter(|h, i| i > 0)",
            "[1, 5, 2].filter(|| this == 5)",
            "const A = [1, 5]; A.filter(|h| h > 1)",
            "[1, 2].filter(|x| throw \"no\")",
            "[1, 2].map(|x| [x])",
            "[1, 2].map(|x, i| x * i)",
            "[1, 2].map(|| this * 2)",
            "let a = [1, 2]; a.map(|| { this = 0; 1 }); a",
            "const A = [1, 2]; A.map(|x| x + 1)",
            "[1, 2].map(|x, y, z| 1)",
            "[1, 2].map(Fn(\"to_string\"))",
            "[[1], [2, 3]].map(|p| p.len())",
            "[1, 2, 3].map(|x| x * 2 + 1 - -x)",
            "[1, 2, 3, 4].filter(|x| !(x == 2) && x % 2 == 1 || x >= 4 && x <= 9 || x != x)",
            "[1, 2, 3].map(|x| x / 2 > 0 == true)",
            "[9223372036854775807].map(|x| x + 1)",
            "[-9223372036854775807 - 1].map(|x| -x)",
            "[2, 0].map(|x| 6 / x)",
            "[2, 0].map(|x| 6 % x)",
            "[1, \"a\", [2], true].filter(|x| x > 0)",
            "[true, false].map(|x| !x)",
            "[1, 2].map(|x| x && true)",
            "[1, 2].map(|x| 1 + true)",
            "[1, 2, 3].map(|x| x ^ 5 & 3 | 8)",
            "[true, false].map(|x| x & true | false ^ x)",
            "let a = [3, 1, 4]; a.retain(|h| h > 2); a",
        ];
        for text in cases {
            assert_eq!(run(true, text), run(false, text), "{text}");
        }
        assert_eq!(run(true, cases[0]), "[[5, 7], [1, 2]]");
    }

    /// A closure of its parameter, constants and integer operators runs natively; one that
    /// captures a variable, calls a function or has two statements runs in Rhai.
    #[test]
    fn simple_closures_run_natively() {
        let engine = rhai::Engine::new();
        let natives = |text: &str| super::natives_of(&engine.compile(text).unwrap()).into_values().collect::<Vec<_>>();
        use super::{Native, Operator};
        assert_eq!(
            natives("[1].retain(|h| h > 2)"),
            [Native::Binary(Operator::Greater, Box::new([Native::Parameter, Native::Int(2)]))]
        );
        for text in [
            "let k = 4; [1].retain(|h| h < k)",
            "[1].map(|x| x.len())",
            "[1].map(|x| { let y = x; y })",
            "[1].map(|x, i| x)",
        ] {
            assert_eq!(natives(text), [], "{text}");
        }
    }
}
