//! A script's functions compiled for a small interpreter of typed values, when they are written
//! in a plain subset of Rhai: integers, booleans and arrays of them; `let`, assignment, `if`,
//! `for` over a range or an array, `while`, `loop`, `break`, `continue`, `return`; indexing,
//! integer operators, `+` on arrays; `len`, `remove`, `push`, `sort`, and `retain`, `filter`,
//! `map` with a closure; calls of other such functions.
//!
//! Rhai runs a call by walking its syntax tree with values of any type: a method call is looked
//! up by a hash of its name and argument types, a value is copied in and out of its scope, and
//! every step checks a budget. That was nearly all the oracle's time on Grundy's game (#38).
//! Here each variable is a slot, each method a Rust function, and each value one of four kinds;
//! a closure that [`super::natives`] runs natively (`|h| h > 2`) runs so on an integer item.
//!
//! What a compiled call returns is what Rhai returns. Whatever this interpreter is not sure of
//! Rhai would do alike — a value of another kind, an overflow, an index out of range, a
//! negative index, an array past the memory budget, more work than a fraction of the step
//! budget, recursion, the deadline — it gives up ([`super::machine`]) and the caller runs the call in
//! Rhai, which returns the value or the error it always does. That is safe because the subset
//! has no effects outside the call (no `print`, no `debug`, no globals): running it twice is
//! running it once. A function outside the subset, or calling one, always runs in Rhai.

use std::collections::{HashMap, HashSet};

use rhai::{AST, ASTFlags, Expr as RhaiExpr, FnCallExpr, FnPtr, Stmt as RhaiStmt, StmtBlock};

use super::operator::Operator;
use super::value::Value;

/// The methods the interpreter knows: a script that defines a function of one of these names
/// runs in Rhai.
const METHODS: [&str; 7] = ["len", "remove", "push", "sort", "retain", "filter", "map"];

/// An expression of the subset; variables are slots of their function's frame.
#[derive(Debug)]
pub(super) enum Expr {
    Value(Value),
    /// A copy of a variable's value.
    Local(usize),
    /// A variable's value, taken out of it: nothing reads the variable after ([`Liveness`]).
    Move(usize),
    Array(Vec<Expr>),
    Index(Box<[Expr; 2]>),
    Binary(Operator, Box<[Expr; 2]>),
    Not(Box<Expr>),
    Negate(Box<Expr>),
    And(Vec<Expr>),
    Or(Vec<Expr>),
    Call(usize, Vec<Expr>),
    Len(Box<Expr>),
    Map(Box<Expr>, usize),
    Filter(Box<Expr>, usize),
    /// A method that changes the array in a variable; only where nothing else is evaluated
    /// after it in the same expression (a statement, a `let`, an assignment's right side).
    Change(usize, Change),
    Block(Block),
}

/// A method that changes an array.
#[derive(Debug)]
pub(super) enum Change {
    Remove(Box<Expr>),
    Push(Box<Expr>),
    Sort,
    Retain(usize),
}

#[derive(Debug)]
pub(super) enum Stmt {
    /// A new variable, in the next slot.
    Let(Expr),
    Assign(usize, Expr),
    OpAssign(Operator, usize, Expr),
    AssignIndex(usize, Expr, Expr),
    Expr(Expr),
    Block(Block),
    If(Expr, Block, Block),
    /// `for x in a..b` (`a..=b` when inclusive): `x` in the next slot.
    ForRange(bool, Expr, Expr, Block),
    /// `for x in array`: `x` in the next slot.
    ForArray(Expr, Block),
    /// `while` (`loop` without a condition).
    While(Option<Expr>, Block),
    Break,
    Continue,
    Return(Expr),
}

/// Statements with their own variables: slots from `locals` on are theirs.
#[derive(Debug)]
pub(super) struct Block {
    pub(super) statements: Vec<Stmt>,
    pub(super) locals: usize,
}

#[derive(Debug)]
pub(super) struct Function {
    pub(super) params: usize,
    pub(super) body: Block,
    /// The functions it calls (closures included).
    pub(super) callees: Vec<usize>,
}

/// The compiled functions of a script.
#[derive(Debug, Default)]
pub struct Program {
    /// By index; `None` when the function runs in Rhai.
    pub(super) functions: Vec<Option<Function>>,
    /// The closures of one parameter that run natively on an integer ([`super::natives`]), by
    /// index.
    pub(super) natives: Vec<Option<super::natives::Native>>,
    pub(super) by_name: HashMap<(String, usize), usize>,
}

impl Program {
    /// The functions of `ast` in the subset, each with everything it calls.
    pub fn of(ast: &AST) -> Program {
        let definitions: Vec<_> = ast.iter_fn_def().collect();
        if definitions.iter().any(|def| METHODS.contains(&def.name.as_str())) {
            return Program::default();
        }
        let by_name: HashMap<(String, usize), usize> = definitions
            .iter()
            .enumerate()
            .map(|(index, def)| ((def.name.to_string(), def.params.len()), index))
            .collect();
        let mut functions: Vec<Option<Function>> = definitions
            .iter()
            .map(|def| {
                let params: Vec<String> = def.params.iter().map(|name| name.to_string()).collect();
                let statements = body_of(def);
                // Once to find each variable's last read, once more to take the value out there.
                let mut first = Compiler::new(&by_name, &params, Liveness::default());
                first.block_of(&statements)?;
                let mut compiler = Compiler::new(&by_name, &params, first.liveness.last_reads());
                let body = compiler.block_of(&statements)?;
                Some(Function { params: def.params.len(), body, callees: compiler.callees })
            })
            .collect();
        // A function that calls one outside the subset runs in Rhai too.
        loop {
            let outside: Vec<usize> = (0..functions.len())
                .filter(|&index| {
                    functions[index].as_ref().is_some_and(|f| f.callees.iter().any(|&c| functions[c].is_none()))
                })
                .collect();
            if outside.is_empty() {
                break;
            }
            for index in outside {
                functions[index] = None;
            }
        }
        let mut natives = super::natives::natives_of(ast);
        let natives = definitions.iter().map(|def| natives.remove(def.name.as_str())).collect();
        Program { functions, natives, by_name }
    }

    /// Whether `name` of `params` parameters is compiled.
    pub fn has(&self, name: &str, params: usize) -> bool {
        self.index(name, params).is_some()
    }

    fn index(&self, name: &str, params: usize) -> Option<usize> {
        let index = *self.by_name.get(&(name.to_string(), params))?;
        self.functions[index].as_ref().map(|_| index)
    }

    /// `name(args)`, when it is compiled and runs to its end within `limits`; `None` when Rhai
    /// must run it.
    pub fn call(&self, name: &str, args: Vec<Value>, limits: &Limits) -> Option<Value> {
        self.run(name, args, limits).0
    }

    /// [`Program::call`], and the units of work it took.
    fn run(&self, name: &str, args: Vec<Value>, limits: &Limits) -> (Option<Value>, u64) {
        let Some(index) = self.index(name, args.len()) else { return (None, 0) };
        super::machine::run(self, index, args, limits)
    }
}

/// What a compiled call may use before Rhai runs it instead.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Array items it may create, all told (Rhai's bound on one array).
    pub items: usize,
    /// When it stops.
    pub deadline: Option<std::time::Instant>,
}

/// The statements of a function's body. (Rhai names no function body outside its crate; a walk
/// of an AST of this function alone sees its statements at depth one.)
fn body_of(def: &rhai::ScriptFuncDef) -> Vec<RhaiStmt> {
    let mut module = rhai::Module::new();
    module.set_script_fn(def.clone());
    let alone = AST::new(std::iter::empty(), module);
    let mut statements = Vec::new();
    alone.walk(&mut |path: &[rhai::ASTNode]| {
        if let [rhai::ASTNode::Stmt(statement)] = path {
            statements.push((*statement).clone());
        }
        true
    });
    statements
}

/// Where a variable's value may be taken out instead of copied: at its last read, when that
/// read is in no loop the variable's declaration is not in (each turn of a loop may read it
/// again). Reads are numbered in the order the machine evaluates them, which is the order they
/// are compiled in; a write (`=`) is not a read, a change in place (`+=`, `a[i] =`, `a.push()`)
/// is one that cannot take the value.
#[derive(Debug, Default)]
struct Liveness {
    /// The loops around each declaration, by declaration.
    loops: Vec<usize>,
    /// Each read so far: its declaration, and whether it may take the value.
    reads: Vec<(usize, bool)>,
    /// The reads that take the value (from a first compilation).
    moves: HashSet<usize>,
}

impl Liveness {
    /// The reads that may take their variable's value: each declaration's last, if it may.
    fn last_reads(&self) -> Liveness {
        let mut last = HashMap::new();
        for (read, &(declaration, _)) in self.reads.iter().enumerate() {
            last.insert(declaration, read);
        }
        let moves = last.into_values().filter(|&read| self.reads[read].1).collect();
        Liveness { moves, ..Liveness::default() }
    }
}

/// Compiles one function; every method returns `None` outside the subset.
struct Compiler<'a> {
    by_name: &'a HashMap<(String, usize), usize>,
    /// The variables in scope, by slot.
    locals: Vec<String>,
    /// Their declarations, by slot.
    declarations: Vec<usize>,
    callees: Vec<usize>,
    /// Loops around the statement being compiled.
    loops: usize,
    liveness: Liveness,
}

impl<'a> Compiler<'a> {
    fn new(by_name: &'a HashMap<(String, usize), usize>, params: &[String], liveness: Liveness) -> Compiler<'a> {
        let mut compiler =
            Compiler { by_name, locals: Vec::new(), declarations: Vec::new(), callees: Vec::new(), loops: 0, liveness };
        for param in params {
            compiler.declare(param);
        }
        compiler
    }

    /// A new variable, in the next slot.
    fn declare(&mut self, name: &str) {
        self.locals.push(name.to_string());
        self.declarations.push(self.liveness.loops.len());
        self.liveness.loops.push(self.loops);
    }

    /// The variables from slot `locals` on go out of scope.
    fn forget(&mut self, locals: usize) {
        self.locals.truncate(locals);
        self.declarations.truncate(locals);
    }

    /// A read of the variable in `slot`: a copy of its value, or the value itself at its last
    /// read ([`Liveness`]).
    fn read(&mut self, slot: usize) -> Expr {
        let declaration = self.declarations[slot];
        let read = self.liveness.reads.len();
        self.liveness.reads.push((declaration, self.liveness.loops[declaration] == self.loops));
        if self.liveness.moves.contains(&read) { Expr::Move(slot) } else { Expr::Local(slot) }
    }

    /// A change in place of the variable in `slot`: a read that cannot take its value.
    fn change_in_place(&mut self, slot: usize) -> usize {
        self.liveness.reads.push((self.declarations[slot], false));
        slot
    }

    fn block_of(&mut self, statements: &[RhaiStmt]) -> Option<Block> {
        let locals = self.locals.len();
        let statements = statements.iter().map(|statement| self.statement(statement)).collect::<Option<_>>();
        self.forget(locals);
        Some(Block { statements: statements?, locals })
    }

    fn block(&mut self, block: &StmtBlock) -> Option<Block> {
        self.block_of(block.statements())
    }

    fn slot(&self, name: &str) -> Option<usize> {
        self.locals.iter().rposition(|local| local == name)
    }

    fn variable(&self, expr: &RhaiExpr) -> Option<usize> {
        match expr {
            RhaiExpr::Variable(name, ..) => self.slot(name.1.as_str()),
            _ => None,
        }
    }

    fn statement(&mut self, statement: &RhaiStmt) -> Option<Stmt> {
        Some(match statement {
            RhaiStmt::Noop(_) => Stmt::Expr(Expr::Value(Value::Unit)),
            RhaiStmt::Var(var, flags, _) if flags.is_empty() => {
                let value = self.top(&var.1)?;
                self.declare(var.0.name.as_str());
                Stmt::Let(value)
            }
            RhaiStmt::Assignment(assignment) => {
                let (operation, lhs, rhs) = (&assignment.0, &assignment.1.lhs, &assignment.1.rhs);
                match operation.get_op_assignment_info() {
                    None => match lhs {
                        RhaiExpr::Index(pair, flags, _) if flags.contains(ASTFlags::BREAK) => {
                            // In the order the machine evaluates them: the value, the index, the array.
                            let slot = self.variable(&pair.lhs)?;
                            let value = self.expr(rhs)?;
                            let index = self.expr(&pair.rhs)?;
                            Stmt::AssignIndex(self.change_in_place(slot), index, value)
                        }
                        _ => Stmt::Assign(self.variable(lhs)?, self.top(rhs)?),
                    },
                    Some((.., op_syntax)) => {
                        let (operator, slot) = (Operator::of(op_syntax)?, self.variable(lhs)?);
                        let value = self.expr(rhs)?;
                        Stmt::OpAssign(operator, self.change_in_place(slot), value)
                    }
                }
            }
            RhaiStmt::FnCall(call, _) => Stmt::Expr(self.call(call)?),
            RhaiStmt::Expr(expr) => Stmt::Expr(self.top(expr)?),
            RhaiStmt::Block(block) => Stmt::Block(self.block(block)?),
            RhaiStmt::If(flow, _) => {
                Stmt::If(self.expr(&flow.expr)?, self.block(&flow.body)?, self.block(&flow.branch)?)
            }
            RhaiStmt::For(for_loop, _) if for_loop.1.is_none() => {
                let (variable, flow) = (&for_loop.0, &for_loop.2);
                let range = match &flow.expr {
                    RhaiExpr::FnCall(call, _) if call.op_token.is_some() && call.args.len() == 2 => {
                        match call.name.as_str() {
                            ".." => Some(false),
                            "..=" => Some(true),
                            _ => None,
                        }
                        .map(|inclusive| (inclusive, call))
                    }
                    _ => None,
                };
                let iterable = match range {
                    Some((inclusive, call)) => Ok((inclusive, self.expr(&call.args[0])?, self.expr(&call.args[1])?)),
                    None => Err(self.expr(&flow.expr)?),
                };
                self.loops += 1;
                let locals = self.locals.len();
                self.declare(variable.name.as_str());
                let body = self.block(&flow.body);
                self.forget(locals);
                self.loops -= 1;
                match iterable {
                    Ok((inclusive, from, to)) => Stmt::ForRange(inclusive, from, to, body?),
                    Err(array) => Stmt::ForArray(array, body?),
                }
            }
            RhaiStmt::While(flow, _) => {
                // The condition is in the loop: each turn evaluates it.
                self.loops += 1;
                let condition = match &flow.expr {
                    RhaiExpr::Unit(_) => Some(None),
                    condition => self.expr(condition).map(Some),
                };
                let body = self.block(&flow.body);
                self.loops -= 1;
                Stmt::While(condition?, body?)
            }
            RhaiStmt::BreakLoop(None, flags, _) if self.loops > 0 => match flags.contains(ASTFlags::BREAK) {
                true => Stmt::Break,
                false => Stmt::Continue,
            },
            RhaiStmt::Return(value, flags, _) if !flags.contains(ASTFlags::BREAK) => Stmt::Return(match value {
                Some(value) => self.top(value)?,
                None => Expr::Value(Value::Unit),
            }),
            _ => return None,
        })
    }

    /// An expression where a method may change its variable: nothing else is evaluated after.
    fn top(&mut self, expr: &RhaiExpr) -> Option<Expr> {
        if let RhaiExpr::Dot(pair, flags, _) = expr
            && flags.is_empty()
            && let RhaiExpr::MethodCall(call, _) = &pair.rhs
            && let Some(slot) = self.variable(&pair.lhs)
        {
            let change = match (call.name.as_str(), call.args.as_slice()) {
                ("remove", [index]) => Some(Change::Remove(Box::new(self.expr(index)?))),
                ("push", [item]) => Some(Change::Push(Box::new(self.expr(item)?))),
                ("sort", []) => Some(Change::Sort),
                ("retain", [function]) => Some(Change::Retain(self.closure(function)?)),
                _ => None,
            };
            if let Some(change) = change {
                return Some(Expr::Change(self.change_in_place(slot), change));
            }
        }
        self.expr(expr)
    }

    fn expr(&mut self, expr: &RhaiExpr) -> Option<Expr> {
        Some(match expr {
            RhaiExpr::IntegerConstant(n, _) => Expr::Value(Value::Int(*n)),
            RhaiExpr::BoolConstant(b, _) => Expr::Value(Value::Bool(*b)),
            RhaiExpr::Unit(_) => Expr::Value(Value::Unit),
            RhaiExpr::DynamicConstant(value, _) => Expr::Value(Value::of(value)?),
            RhaiExpr::Variable(..) => {
                let slot = self.variable(expr)?;
                self.read(slot)
            }
            RhaiExpr::Array(items, _) => Expr::Array(items.iter().map(|item| self.expr(item)).collect::<Option<_>>()?),
            RhaiExpr::Index(pair, flags, _) if *flags == ASTFlags::BREAK => {
                // In the order the machine evaluates them: the index, then the array.
                let index = self.expr(&pair.rhs)?;
                Expr::Index(Box::new([self.expr(&pair.lhs)?, index]))
            }
            RhaiExpr::Dot(pair, flags, _) if flags.is_empty() => {
                let RhaiExpr::MethodCall(call, _) = &pair.rhs else { return None };
                let object = Box::new(self.expr(&pair.lhs)?);
                match (call.name.as_str(), call.args.as_slice()) {
                    ("len", []) => Expr::Len(object),
                    ("map", [function]) => Expr::Map(object, self.closure(function)?),
                    ("filter", [function]) => Expr::Filter(object, self.closure(function)?),
                    _ => return None,
                }
            }
            RhaiExpr::FnCall(call, _) => self.call(call)?,
            RhaiExpr::And(parts, _) => Expr::And(parts.iter().map(|part| self.expr(part)).collect::<Option<_>>()?),
            RhaiExpr::Or(parts, _) => Expr::Or(parts.iter().map(|part| self.expr(part)).collect::<Option<_>>()?),
            RhaiExpr::Stmt(block) => Expr::Block(self.block(block)?),
            _ => return None,
        })
    }

    /// An operator, `len(x)`, or a call of a script function.
    fn call(&mut self, call: &FnCallExpr) -> Option<Expr> {
        if call.capture_parent_scope {
            return None;
        }
        let mut args: Vec<Expr> = call.args.iter().map(|arg| self.expr(arg)).collect::<Option<_>>()?;
        if call.op_token.is_some() {
            return match (call.name.as_str(), args.len()) {
                ("!", 1) => Some(Expr::Not(Box::new(args.pop()?))),
                ("-", 1) => Some(Expr::Negate(Box::new(args.pop()?))),
                (name, 2) => {
                    let operator = Operator::of(name)?;
                    let second = args.pop()?;
                    Some(Expr::Binary(operator, Box::new([args.pop()?, second])))
                }
                _ => None,
            };
        }
        if call.name == "len" && args.len() == 1 {
            return Some(Expr::Len(Box::new(args.pop()?)));
        }
        let index = *self.by_name.get(&(call.name.to_string(), args.len()))?;
        self.callees.push(index);
        Some(Expr::Call(index, args))
    }

    /// A closure given to a method: a script function of one parameter, called on each item.
    fn closure(&mut self, function: &RhaiExpr) -> Option<usize> {
        let RhaiExpr::DynamicConstant(value, _) = function else { return None };
        let pointer = value.read_lock::<FnPtr>()?;
        if pointer.is_curried() || !pointer.fn_name().starts_with("anon$") {
            return None;
        }
        let index = *self.by_name.get(&(pointer.fn_name().to_string(), 1))?;
        self.callees.push(index);
        Some(index)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU64, Ordering};

    use super::super::Script;
    use super::super::machine::WORK_PER_STEP;
    use super::{Limits, Program, Value};

    /// Every array of at most `length` integers up to `most`.
    fn positions(length: usize, most: u64) -> Vec<Vec<u64>> {
        let mut all = vec![vec![]];
        let mut last = vec![vec![]];
        for _ in 0..length {
            last =
                last.iter().flat_map(|p: &Vec<u64>| (0..=most).map(move |x| [p.clone(), vec![x]].concat())).collect();
            all.extend(last.iter().cloned());
        }
        all
    }

    /// What each function of `script` returns, or its error, on `positions` (and `random`,
    /// `positions` on small arguments), compiled or not; and how many calls ran compiled.
    fn results(script: &Script, positions: &[Vec<u64>]) -> (Vec<String>, usize) {
        let show = |result: Result<Vec<Vec<u64>>, super::super::ScriptError>| format!("{result:?}");
        let mut shown = Vec::new();
        let mut compiled = 0;
        let limits = Limits { items: script.engine.max_array_size(), deadline: None };
        for p in positions {
            shown.push(show(script.moves(p)));
            shown.push(show(script.split(p)));
            let Some(position) = Value::position(p) else { continue };
            compiled += usize::from(script.program.call("moves", vec![position], &limits).is_some());
        }
        for seed in 0..40 {
            if script.has_random() {
                shown.push(show(script.random(seed * 7919, seed % 9).map(|p| vec![p])));
            }
            if script.has_positions() && seed < 6 {
                shown.push(show(script.positions(seed)));
            }
        }
        (shown, compiled)
    }

    /// `script` as written, and with no function compiled: Rhai alone. Both with the bounds on
    /// one value that `max_bytes` gives, but not the watch on the process's resident memory:
    /// below this test binary's own size (`max_bytes` 0) it would stop calls at random.
    fn both_ways(text: &str, max_bytes: usize) -> (Script, Script) {
        let compiled = Script::compile("t.rhai", text).expect("compiles").with_memory(max_bytes);
        let mut rhai = Script::compile("t.rhai", text).expect("compiles").with_memory(max_bytes);
        rhai.program = Program::default();
        for script in [&compiled, &rhai] {
            script.memory.most.store(usize::MAX, std::sync::atomic::Ordering::Relaxed);
        }
        (compiled, rhai)
    }

    /// The games of tests/data/games return the same positions and errors compiled as in Rhai, and
    /// their `moves` run compiled.
    #[test]
    fn the_games_return_what_rhai_returns() {
        let directory = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/games");
        let mut files: Vec<_> = std::fs::read_dir(directory).unwrap().map(|entry| entry.unwrap().path()).collect();
        files.sort();
        assert!(files.len() >= 4);
        let positions = positions(3, 9);
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            let (compiled, rhai) = both_ways(&text, grundy_oracle::default_memory());
            let (ours, count) = results(&compiled, &positions);
            assert_eq!(ours, results(&rhai, &positions).0, "{}", file.display());
            assert!(count > positions.len() / 2, "{}: {count} calls compiled", file.display());
        }
    }

    /// Scripts that fail, overflow, recurse, loop past the step budget, grow past the memory
    /// budget or use the whole subset return what Rhai returns, or fail with Rhai's words.
    #[test]
    fn hostile_and_odd_scripts_return_what_rhai_returns() {
        let cases = [
            "fn moves(p) { [[p[0] * 4611686018427387904]] }",
            "fn moves(p) { [[p[0] - 9223372036854775807 - 2]] }",
            "fn moves(p) { [[p[-1]]] }",
            "fn moves(p) { [[p[2]]] }",
            "fn moves(p) { let q = p; let r = q.remove(2); [q, [r]] }",
            "fn moves(p) { let q = p; q.remove(-1); [q] }",
            "fn moves(p) { if p.len() > 1 { [[p[0] + true]] } else { [] } }",
            "fn moves(p) { [[10 / p[0]], [10 % p[0]]] }",
            "fn moves(p) { [[-p[0] / 2, -p[0] % 3]] }",
            "fn moves(p) { print(\"x\"); [] }",
            "fn moves(p) { if p.len() == 2 { throw \"two\"; } [p] }",
            "fn f(n) { if n == 0 { 0 } else { f(n - 1) + 1 } } fn moves(p) { [[f(p[0] * 9)]] }",
            "fn moves(p) { let s = 0; let i = 0; while i < p[0] * 30000 { s += 1; i += 1; } [[s % 7]] }",
            "fn moves(p) { let s = 0; for i in 0..p[0] * 70000 { s += i; } [[s % 7]] }",
            "fn moves(p) { let a = []; for i in 0..p[0] * 300 { a.push(i); } [[a.len()]] }",
            "fn moves(p) { let a = []; for i in 0..p[0] * 100 { a.push([i, i]); } [[a.len()]] }",
            "fn moves(p) { let a = p; for i in 0..p.len() { a += a; } [a] }",
            "fn moves(p) { let q = p; q.retain(|x| x); [q] }",
            "fn moves(p) { let q = p; q.retain(|x| x > 1 && x < 5 || x == 7); [q, q.filter(|x| !(x > 3))] }",
            "fn moves(p) { [p.map(|x| x * 2 + 1 - -x), p.map(|x| [x])] }",
            "fn moves(p) { let q = [[1], 2]; if p.len() > 1 { q.sort(); } [p] }",
            "fn moves(p) { let q = [[2], [1]]; q.sort(); [p] }",
            "fn moves(p) { let q = p; q.sort(); q.push(q.len()); [q, p] }",
            "fn moves(p) { 5 }",
            "fn moves(p) { [p, true] }",
            "fn moves(p) { let q = p; if q.len() > 0 { q[0] = q[0] ^ 5 & 3 | 8; q[q.len() - 1] = 1; } [q] }",
            "fn moves(p) { let q = p; q[1] = 0; [q] }",
            "fn moves(p) { let out = []; for x in p { if x == 3 { continue; } if x == 7 { break; } \
             out.push([x]); } for x in 0..=p.len() { out.push([x]); } out }",
            "fn moves(p) { let i = 0; loop { i += 1; if i > p.len() { return [[i]]; } } }",
            "fn moves(p) { let x = 1; { let x = 2; x += 1; } let x = x + 10; let y = if p.len() > 1 { x } else { 0 }; \
             [[x, y], [{ let z = 3; z }]] }",
            "fn lengths(q, k) { let r = []; for x in q { r.push(x + k); } r } \
             fn moves(p) { [lengths(p, 1), lengths(lengths(p, 2), { let a = 1; a })] }",
            "fn moves(p) { let b = p.len() == 2; [[if b == true { 1 } else { 2 }], [if b != false { 3 } else { 4 }]] }",
            "fn moves(p) { let out = []; let i = 0; do { i += 1; } while i < 3; for (x, j) in p { out.push([j]); } out }",
            "fn moves(p) { let k = 2; let q = p; q.retain(|x| x > k); [q] }",
            "fn moves(p) { [p.filter(|x, i| i > 0)] }",
            "fn moves(p) { let a = p; a += [1]; a -= 1; [a] }",
            "fn moves(p) { [[len(p)], [p.len() * 2]] }",
            "fn moves(p) { let r = p[0]; r += 1; [[r]] } fn split(p) { [p, [9223372036854775807 + p.len()]] }",
            // Values taken out of a variable at its last read, or copied where a later one reads it.
            "fn moves(p) { let q = p; let out = []; for i in 0..2 { out.push(q); } out.push(q); out }",
            "fn moves(p) { let q = p; let i = 0; while q.len() > i { i += 1; } [q, [i]] }",
            "fn moves(p) { let q = p; let out = []; for i in 0..2 { out.push(q); } out }",
            "fn moves(p) { let q = p; let out = []; while out.len() < 2 { out.push(q); } out }",
            "fn moves(p) { let q = p; let out = []; while out.len() < { out.push(q); 3 } {} out }",
            "fn moves(p) { let out = []; let q = p; while q.len() > out.len() { out.push([out.len()]); } out }",
            "fn moves(p) { let a = p; a += a; if a.len() > 0 { a[a.len() - 1] = a.len(); } [a, a] }",
            "fn moves(p) { let x = p; { let x = [1]; x.push(2); x } [x, p] }",
            "fn f(a, b) { a + b } fn moves(p) { let q = p; [f(q, q), q] }",
            "fn moves(p) { let q = p; if p.len() > 1 { return [q]; } [q, q] }",
            "fn moves(p) { let out = []; for x in p { let y = [x]; y.push(y.len()); out.push(y); } out }",
            "fn moves(p) { let q = p; let r = q; q = [7]; [q, r, p] }",
            "fn moves(p) { let q = p; q.push(q.len()); [q[q.len() - 1..q.len()], q] }",
            "fn moves(p) { let q = p; let r = q.retain(|x| x % 2 == 0); [q, r] }",
            "fn moves(p) { let q = p; if q.len() > 1 { q[1] = [q[0]]; q[0] = true; } [q, [q.len()]] }",
            "fn moves(p) { let q = [[1]] + p; q.remove(0); q.sort(); q[0] = 4; [q] }",
            "fn moves(p) { let q = [[1], 2, [3]] + p; let r = q.retain(|x| { let y = x; y != 2 }); [r, [q.len()]] }",
        ];
        let positions = positions(2, 4);
        for text in cases {
            for max_bytes in [0, grundy_oracle::default_memory()] {
                let (compiled, rhai) = both_ways(text, max_bytes);
                assert_eq!(results(&compiled, &positions).0, results(&rhai, &positions).0, "{text}");
            }
        }
    }

    /// A compiled call's units of work stand for at most [`WORK_PER_STEP`] of Rhai's operations,
    /// so a call that ends compiled ends within Rhai's step budget too.
    #[test]
    fn a_unit_of_work_is_at_most_a_few_of_rhais_operations() {
        let directory = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/games");
        let mut texts: Vec<String> = std::fs::read_dir(directory)
            .unwrap()
            .map(|entry| std::fs::read_to_string(entry.unwrap().path()).unwrap())
            .collect();
        texts.push("fn moves(p) { let s = 0; let i = 0; while i < 100 { s += 1; i += 1; } [[s]] }".into());
        texts.push("fn f(x) { x } fn moves(p) { let s = 0; for i in p { s = f(f(s)); } [p.map(|x| x)] }".into());
        let mut worst: f64 = 0.0;
        for text in texts {
            let mut script = Script::compile("t.rhai", &text).expect("compiles");
            let steps = Arc::new(AtomicU64::new(0));
            let seen = Arc::clone(&steps);
            script.engine.on_progress(move |count| {
                seen.fetch_max(count, Ordering::Relaxed);
                None
            });
            let limits = Limits { items: script.engine.max_array_size(), deadline: None };
            for p in positions(3, 6) {
                let Some(position) = Value::position(&p) else { continue };
                let (value, work) = script.program.run("moves", vec![position], &limits);
                if value.is_none() {
                    continue;
                }
                steps.store(0, Ordering::Relaxed);
                let array = super::super::to_array(&p).unwrap();
                let rhai = script.call("moves", (array,), String::new).expect("moves runs in Rhai");
                assert_eq!(format!("{rhai:?}"), format!("{:?}", value.map(Value::into_dynamic).unwrap_or_default()));
                let ratio = steps.load(Ordering::Relaxed) as f64 / work as f64;
                worst = worst.max(ratio);
                assert!(ratio <= WORK_PER_STEP as f64, "{text} on {p:?}: {ratio}");
            }
        }
        assert!(worst > 0.5, "{worst}");
    }
}
