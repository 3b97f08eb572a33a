//! Faster versions of Rhai's array methods that take a closure: `retain`, `filter`, `map`.
//!
//! Rhai's own versions call the closure as a method first (the element bound to `this`, no
//! argument), then with the element, then with the element and its index, taking the first that
//! exists. A closure `|h| h > 2` takes the element: the first try fails, and the failure formats
//! the signature it looked for, on every element. That was over half of what the oracle spent
//! on Grundy's game (#38). Here a closure (`|…| …`, which has one arity) is called with the
//! element first; anything else keeps Rhai's order. What each returns, and its errors, are
//! Rhai's.

use rhai::{Array, Dynamic, EvalAltResult, FnPtr, FuncRegistration, NativeCallContext, Position};

/// The prefix of a closure's name in Rhai.
const CLOSURE_PREFIX: &str = "anon$";

/// Registers the methods on `engine`; they take precedence over Rhai's.
pub fn register(engine: &mut rhai::Engine) {
    FuncRegistration::new("retain").with_purity(false).register_into_engine(engine, retain);
    FuncRegistration::new("filter").with_purity(true).register_into_engine(engine, filter);
    FuncRegistration::new("map").with_purity(true).register_into_engine(engine, map);
}

type Result<T> = std::result::Result<T, Box<EvalAltResult>>;

/// `function` applied to `item` (at `index`): the first of Rhai's three ways to call it that
/// exists, a closure's one-argument way tried first.
fn apply(
    context: &NativeCallContext,
    caller: &str,
    function: &FnPtr,
    item: &mut Dynamic,
    index: usize,
) -> Result<Dynamic> {
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
fn retain(context: NativeCallContext, array: &mut Array, filter: FnPtr) -> Result<Array> {
    let mut removed = Array::new();
    let mut kept = 0;
    for index in 0..array.len() {
        let keep = apply(&context, "retain", &filter, &mut array[kept], index)?.as_bool().unwrap_or(false);
        if keep {
            kept += 1;
        } else {
            removed.push(array.remove(kept));
        }
    }
    Ok(removed)
}

/// The elements for which `filter` is true.
fn filter(context: NativeCallContext, array: &mut Array, filter: FnPtr) -> Result<Array> {
    let mut kept = Array::new();
    for (index, item) in array.iter_mut().enumerate() {
        if apply(&context, "filter", &filter, item, index)?.as_bool().unwrap_or(false) {
            kept.push(item.clone());
        }
    }
    Ok(kept)
}

/// `map` of each element.
fn map(context: NativeCallContext, array: &mut Array, map: FnPtr) -> Result<Array> {
    let mut mapped = Array::with_capacity(array.len());
    for (index, item) in array.iter_mut().enumerate() {
        mapped.push(apply(&context, "map", &map, item, index)?);
    }
    Ok(mapped)
}

#[cfg(test)]
mod tests {
    /// What `text` evaluates to, or its error, as text.
    fn run(engine: &rhai::Engine, text: &str) -> String {
        match engine.eval::<rhai::Dynamic>(text) {
            Ok(value) => format!("{value:?}"),
            Err(error) => format!("error: {error}"),
        }
    }

    /// Each method returns what Rhai's own returns, and fails alike, whichever way its closure
    /// takes the element (as `this`, as an argument, with its index), and for named functions.
    #[test]
    fn the_methods_do_what_rhais_own_do() {
        let rhais = rhai::Engine::new();
        let mut ours = rhai::Engine::new();
        super::register(&mut ours);
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
        ];
        for text in cases {
            assert_eq!(run(&ours, text), run(&rhais, text), "{text}");
        }
        assert_eq!(run(&ours, cases[0]), "[[5, 7], [1, 2]]");
    }
}
