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
//! budget, recursion, the deadline — it gives up ([`Bail`]) and the caller runs the call in
//! Rhai, which returns the value or the error it always does. That is safe because the subset
//! has no effects outside the call (no `print`, no `debug`, no globals): running it twice is
//! running it once. A function outside the subset, or calling one, always runs in Rhai.
//!
//! Bounds: a compiled call stops (and Rhai runs it) after [`STEPS`]` / `[`WORK_PER_STEP`]
//! units of work — one a statement, expression, loop turn or call, each less than
//! [`WORK_PER_STEP`] of Rhai's operations — so whatever ends here ends within Rhai's step
//! budget too; after it creates more array items, all told, than one array may hold (so
//! no array it makes passes `--max-memory`'s bound); and at the deadline, which it reads
//! every [`WORK_BETWEEN_CLOCKS`] units.

use std::collections::HashMap;

use rhai::{AST, ASTFlags, Dynamic, Expr as RhaiExpr, FnCallExpr, FnPtr, Stmt as RhaiStmt, StmtBlock};

use super::STEPS;

/// Rhai's operations one unit of work here may stand for, at most (a statement or expression
/// is one to three of Rhai's; the test `a_unit_of_work_is_at_most_a_few_of_rhais_operations`
/// measures at most 1.5 on the games of tests/data/games).
pub const WORK_PER_STEP: u64 = 8;

/// Units of work between two looks at the clock.
const WORK_BETWEEN_CLOCKS: u64 = 1024;

/// The units of work a closure that runs natively ([`super::natives`]) counts on one item: a
/// call, its statement, an operator and its two operands, as if it were compiled here.
const NATIVE_WORK: u64 = 5;

/// Script function calls a compiled call may nest; deeper, Rhai runs it (and bounds it).
const CALL_LEVELS: usize = 16;

/// The methods the interpreter knows: a script that defines a function of one of these names
/// runs in Rhai.
const METHODS: [&str; 7] = ["len", "remove", "push", "sort", "retain", "filter", "map"];

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
    fn items(&self) -> usize {
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
    fn of(value: &Dynamic) -> Option<Value> {
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

/// Rhai's operators on integers (and `==`, `!=` on booleans; `+` on arrays).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Operator {
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

impl Operator {
    fn of(name: &str) -> Option<Operator> {
        Some(match name {
            "+" => Operator::Add,
            "-" => Operator::Subtract,
            "*" => Operator::Multiply,
            "/" => Operator::Divide,
            "%" => Operator::Remainder,
            "&" => Operator::And,
            "|" => Operator::Or,
            "^" => Operator::Xor,
            "==" => Operator::Equal,
            "!=" => Operator::NotEqual,
            "<" => Operator::Less,
            "<=" => Operator::LessOrEqual,
            ">" => Operator::Greater,
            ">=" => Operator::GreaterOrEqual,
            _ => return None,
        })
    }

    /// `a OP b` as Rhai computes it, or `None` where Rhai fails or this does not know.
    fn apply(self, a: Value, b: Value) -> Option<Value> {
        use Operator::*;
        Some(match (a, b) {
            (Value::Int(a), Value::Int(b)) => match self {
                Add => Value::Int(a.checked_add(b)?),
                Subtract => Value::Int(a.checked_sub(b)?),
                Multiply => Value::Int(a.checked_mul(b)?),
                Divide => Value::Int(a.checked_div(b)?),
                Remainder => Value::Int(a.checked_rem(b)?),
                And => Value::Int(a & b),
                Or => Value::Int(a | b),
                Xor => Value::Int(a ^ b),
                Equal => Value::Bool(a == b),
                NotEqual => Value::Bool(a != b),
                Less => Value::Bool(a < b),
                LessOrEqual => Value::Bool(a <= b),
                Greater => Value::Bool(a > b),
                GreaterOrEqual => Value::Bool(a >= b),
            },
            (Value::Bool(a), Value::Bool(b)) => match self {
                Equal => Value::Bool(a == b),
                NotEqual => Value::Bool(a != b),
                _ => return None,
            },
            (Value::Array(mut a), Value::Array(b)) if self == Add => {
                a.extend(b);
                Value::Array(a)
            }
            _ => return None,
        })
    }
}

/// An expression of the subset; variables are slots of their function's frame.
#[derive(Debug)]
enum Expr {
    Value(Value),
    Local(usize),
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
enum Change {
    Remove(Box<Expr>),
    Push(Box<Expr>),
    Sort,
    Retain(usize),
}

#[derive(Debug)]
enum Stmt {
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
struct Block {
    statements: Vec<Stmt>,
    locals: usize,
}

#[derive(Debug)]
struct Function {
    params: usize,
    body: Block,
    /// The functions it calls (closures included).
    callees: Vec<usize>,
}

/// The compiled functions of a script.
#[derive(Debug, Default)]
pub struct Program {
    /// By index; `None` when the function runs in Rhai.
    functions: Vec<Option<Function>>,
    /// The closures of one parameter that run natively on an integer ([`super::natives`]), by
    /// index.
    natives: Vec<Option<super::natives::Native>>,
    by_name: HashMap<(String, usize), usize>,
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
                let mut compiler = Compiler { by_name: &by_name, locals: params, callees: Vec::new(), loops: 0 };
                let body = compiler.block_of(&body_of(def))?;
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
        let mut machine = Machine { program: self, stack: Vec::new(), work: 0, items: 0, limits, levels: 0 };
        if args.iter().try_for_each(|arg| machine.allocate(arg.items())).is_err() {
            return (None, 0);
        }
        machine.stack.extend(args);
        let value = machine.call(index).ok();
        (value, machine.work)
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

/// Compiles one function; every method returns `None` outside the subset.
struct Compiler<'a> {
    by_name: &'a HashMap<(String, usize), usize>,
    /// The variables in scope, by slot.
    locals: Vec<String>,
    callees: Vec<usize>,
    /// Loops around the statement being compiled.
    loops: usize,
}

impl Compiler<'_> {
    fn block_of(&mut self, statements: &[RhaiStmt]) -> Option<Block> {
        let locals = self.locals.len();
        let statements = statements.iter().map(|statement| self.statement(statement)).collect::<Option<_>>();
        self.locals.truncate(locals);
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
                self.locals.push(var.0.name.to_string());
                Stmt::Let(value)
            }
            RhaiStmt::Assignment(assignment) => {
                let (operation, lhs, rhs) = (&assignment.0, &assignment.1.lhs, &assignment.1.rhs);
                match operation.get_op_assignment_info() {
                    None => match lhs {
                        RhaiExpr::Index(pair, flags, _) if flags.contains(ASTFlags::BREAK) => {
                            let slot = self.variable(&pair.lhs)?;
                            Stmt::AssignIndex(slot, self.expr(&pair.rhs)?, self.expr(rhs)?)
                        }
                        _ => Stmt::Assign(self.variable(lhs)?, self.top(rhs)?),
                    },
                    Some((.., op_syntax)) => {
                        Stmt::OpAssign(Operator::of(op_syntax)?, self.variable(lhs)?, self.expr(rhs)?)
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
                self.locals.push(variable.name.to_string());
                self.loops += 1;
                let body = self.block(&flow.body);
                self.loops -= 1;
                self.locals.pop();
                match iterable {
                    Ok((inclusive, from, to)) => Stmt::ForRange(inclusive, from, to, body?),
                    Err(array) => Stmt::ForArray(array, body?),
                }
            }
            RhaiStmt::While(flow, _) => {
                let condition = match &flow.expr {
                    RhaiExpr::Unit(_) => None,
                    condition => Some(self.expr(condition)?),
                };
                self.loops += 1;
                let body = self.block(&flow.body);
                self.loops -= 1;
                Stmt::While(condition, body?)
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
                return Some(Expr::Change(slot, change));
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
            RhaiExpr::Variable(..) => Expr::Local(self.variable(expr)?),
            RhaiExpr::Array(items, _) => Expr::Array(items.iter().map(|item| self.expr(item)).collect::<Option<_>>()?),
            RhaiExpr::Index(pair, flags, _) if *flags == ASTFlags::BREAK => {
                Expr::Index(Box::new([self.expr(&pair.lhs)?, self.expr(&pair.rhs)?]))
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

/// Why a compiled call gave up: Rhai runs it.
#[derive(Debug)]
struct Bail;

type Run<T> = Result<T, Bail>;

fn bail<T>() -> Run<T> {
    Err(Bail)
}

/// How a statement ended.
enum Flow {
    /// On to the next, with the statement's value.
    Next(Value),
    Break,
    Continue,
    Return(Value),
}

/// One compiled call at work: the frames of its functions on one stack.
struct Machine<'a> {
    program: &'a Program,
    stack: Vec<Value>,
    work: u64,
    items: usize,
    limits: &'a Limits,
    levels: usize,
}

impl Machine<'_> {
    fn tick(&mut self) -> Run<()> {
        self.spend(1)
    }

    /// `units` of work done; gives up past the budget or the deadline.
    fn spend(&mut self, units: u64) -> Run<()> {
        let before = self.work;
        self.work += units;
        if self.work > STEPS / WORK_PER_STEP
            || (before / WORK_BETWEEN_CLOCKS != self.work / WORK_BETWEEN_CLOCKS
                && crate::interrupt::past(self.limits.deadline))
        {
            return bail();
        }
        Ok(())
    }

    fn allocate(&mut self, items: usize) -> Run<()> {
        self.items += items;
        if self.items > self.limits.items {
            return bail();
        }
        Ok(())
    }

    /// Function `index`, its arguments the top of the stack.
    fn call(&mut self, index: usize) -> Run<Value> {
        self.tick()?;
        let Some(function) = &self.program.functions[index] else { return bail() };
        if self.levels >= CALL_LEVELS {
            return bail();
        }
        self.levels += 1;
        let base = self.stack.len() - function.params;
        let flow = self.block(&function.body, base);
        self.levels -= 1;
        self.stack.truncate(base);
        match flow? {
            Flow::Next(value) | Flow::Return(value) => Ok(value),
            Flow::Break | Flow::Continue => bail(),
        }
    }

    fn call_with(&mut self, index: usize, arg: Value) -> Run<Value> {
        self.stack.push(arg);
        self.call(index)
    }

    /// A `for` loop: `body` once for each of `items`, the loop variable in a slot pushed for it.
    fn each(&mut self, items: impl Iterator<Item = Value>, body: &Block, base: usize) -> Run<Flow> {
        self.stack.push(Value::Unit);
        for item in items {
            self.tick()?;
            *self.stack.last_mut().ok_or(Bail)? = item;
            match self.block(body, base)? {
                Flow::Break => break,
                Flow::Return(value) => return Ok(Flow::Return(value)),
                Flow::Next(_) | Flow::Continue => {}
            }
        }
        self.stack.pop();
        Ok(Flow::Next(Value::Unit))
    }

    fn block(&mut self, block: &Block, base: usize) -> Run<Flow> {
        let mut flow = Flow::Next(Value::Unit);
        for statement in &block.statements {
            flow = self.statement(statement, base)?;
            if !matches!(flow, Flow::Next(_)) {
                break;
            }
        }
        self.stack.truncate(base + block.locals);
        Ok(flow)
    }

    fn local(&mut self, base: usize, slot: usize) -> &mut Value {
        &mut self.stack[base + slot]
    }

    fn statement(&mut self, statement: &Stmt, base: usize) -> Run<Flow> {
        self.tick()?;
        let unit = Flow::Next(Value::Unit);
        Ok(match statement {
            Stmt::Let(value) => {
                let value = self.expr(value, base)?;
                self.stack.push(value);
                unit
            }
            Stmt::Assign(slot, value) => {
                *self.local(base, *slot) = self.expr(value, base)?;
                unit
            }
            Stmt::OpAssign(operator, slot, value) => {
                let value = self.expr(value, base)?;
                let old = std::mem::replace(self.local(base, *slot), Value::Unit);
                let Some(new) = operator.apply(old, value) else { return bail() };
                *self.local(base, *slot) = new;
                unit
            }
            Stmt::AssignIndex(slot, index, value) => {
                let value = self.expr(value, base)?;
                let index = self.index(index, base)?;
                let Value::Array(items) = self.local(base, *slot) else { return bail() };
                let Some(item) = items.get_mut(index) else { return bail() };
                *item = value;
                unit
            }
            Stmt::Expr(expr) => Flow::Next(self.expr(expr, base)?),
            Stmt::Block(block) => self.block(block, base)?,
            Stmt::If(condition, then, otherwise) => {
                let branch = if self.boolean(condition, base)? { then } else { otherwise };
                self.block(branch, base)?
            }
            Stmt::ForRange(inclusive, from, to, body) => {
                let (Value::Int(from), Value::Int(to)) = (self.expr(from, base)?, self.expr(to, base)?) else {
                    return bail();
                };
                let end = if *inclusive { to.checked_add(1) } else { Some(to) };
                let Some(end) = end else { return bail() };
                self.each((from..end).map(Value::Int), body, base)?
            }
            Stmt::ForArray(array, body) => {
                let Value::Array(items) = self.expr(array, base)? else { return bail() };
                self.each(items.into_iter(), body, base)?
            }
            Stmt::While(condition, body) => {
                loop {
                    self.tick()?;
                    if let Some(condition) = condition
                        && !self.boolean(condition, base)?
                    {
                        break;
                    }
                    match self.block(body, base)? {
                        Flow::Break => break,
                        Flow::Return(value) => return Ok(Flow::Return(value)),
                        Flow::Next(_) | Flow::Continue => {}
                    }
                }
                unit
            }
            Stmt::Break => Flow::Break,
            Stmt::Continue => Flow::Continue,
            Stmt::Return(value) => Flow::Return(self.expr(value, base)?),
        })
    }

    fn boolean(&mut self, expr: &Expr, base: usize) -> Run<bool> {
        match self.expr(expr, base)? {
            Value::Bool(b) => Ok(b),
            _ => bail(),
        }
    }

    /// An index into an array: non-negative (Rhai counts a negative one from the end).
    fn index(&mut self, expr: &Expr, base: usize) -> Run<usize> {
        match self.expr(expr, base)? {
            Value::Int(n) => usize::try_from(n).map_err(|_| Bail),
            _ => bail(),
        }
    }

    /// A copy of `value`, its items counted.
    fn copy(&mut self, value: &Value) -> Run<Value> {
        self.allocate(value.items())?;
        Ok(value.clone())
    }

    fn expr(&mut self, expr: &Expr, base: usize) -> Run<Value> {
        self.tick()?;
        match expr {
            Expr::Value(value) => {
                let value = value.clone();
                self.allocate(value.items())?;
                Ok(value)
            }
            Expr::Local(slot) => {
                self.allocate(self.stack[base + slot].items())?;
                Ok(self.stack[base + slot].clone())
            }
            Expr::Array(items) => {
                self.allocate(items.len())?;
                Ok(Value::Array(items.iter().map(|item| self.expr(item, base)).collect::<Run<_>>()?))
            }
            Expr::Index(pair) => {
                let index = self.index(&pair[1], base)?;
                if let Expr::Local(slot) = pair[0] {
                    let Value::Array(items) = &self.stack[base + slot] else { return bail() };
                    let Some(item) = items.get(index) else { return bail() };
                    let item = item.clone();
                    self.allocate(item.items())?;
                    return Ok(item);
                }
                let Value::Array(mut items) = self.expr(&pair[0], base)? else { return bail() };
                if index >= items.len() {
                    return bail();
                }
                Ok(items.swap_remove(index))
            }
            Expr::Binary(operator, pair) => {
                let a = self.expr(&pair[0], base)?;
                let b = self.expr(&pair[1], base)?;
                operator.apply(a, b).ok_or(Bail)
            }
            Expr::Not(inner) => Ok(Value::Bool(!self.boolean(inner, base)?)),
            Expr::Negate(inner) => match self.expr(inner, base)? {
                Value::Int(n) => n.checked_neg().map(Value::Int).ok_or(Bail),
                _ => bail(),
            },
            Expr::And(parts) => {
                for part in parts {
                    if !self.boolean(part, base)? {
                        return Ok(Value::Bool(false));
                    }
                }
                Ok(Value::Bool(true))
            }
            Expr::Or(parts) => {
                for part in parts {
                    if self.boolean(part, base)? {
                        return Ok(Value::Bool(true));
                    }
                }
                Ok(Value::Bool(false))
            }
            Expr::Call(index, args) => {
                // All evaluated before any is pushed: an argument may hold a block with variables.
                let args = args.iter().map(|arg| self.expr(arg, base)).collect::<Run<Vec<_>>>()?;
                self.stack.extend(args);
                self.call(*index)
            }
            Expr::Len(array) => {
                let length = match &**array {
                    Expr::Local(slot) => match &self.stack[base + slot] {
                        Value::Array(items) => items.len(),
                        _ => return bail(),
                    },
                    array => match self.expr(array, base)? {
                        Value::Array(items) => items.len(),
                        _ => return bail(),
                    },
                };
                Ok(Value::Int(i64::try_from(length).map_err(|_| Bail)?))
            }
            Expr::Map(array, function) => {
                let Value::Array(items) = self.expr(array, base)? else { return bail() };
                self.allocate(items.len())?;
                let mapped = items.into_iter().map(|item| self.call_with(*function, item)).collect::<Run<_>>()?;
                Ok(Value::Array(mapped))
            }
            Expr::Filter(array, function) => {
                let Value::Array(items) = self.expr(array, base)? else { return bail() };
                let mut kept = Vec::new();
                for item in items {
                    if self.keeps(*function, &item)? {
                        kept.push(self.copy(&item)?);
                    }
                }
                Ok(Value::Array(kept))
            }
            Expr::Change(slot, change) => self.change(*slot, change, base),
            Expr::Block(block) => match self.block(block, base)? {
                Flow::Next(value) => Ok(value),
                _ => bail(),
            },
        }
    }

    /// Whether the closure `function` is true of `item` (`false` and `true` only).
    fn keeps(&mut self, function: usize, item: &Value) -> Run<bool> {
        if let Value::Int(x) = item
            && let Some(native) = &self.program.natives[function]
            && let Some(keep) = native.test(*x)
        {
            // The work of a call, a statement and its expression.
            self.spend(NATIVE_WORK)?;
            return Ok(keep);
        }
        let item = self.copy(item)?;
        match self.call_with(function, item)? {
            Value::Bool(b) => Ok(b),
            _ => bail(),
        }
    }

    fn change(&mut self, slot: usize, change: &Change, base: usize) -> Run<Value> {
        // The argument first: the array is out of its variable only while the method runs.
        let argument = match change {
            Change::Remove(index) => Some(self.expr(index, base)?),
            Change::Push(item) => {
                self.allocate(1)?;
                Some(self.expr(item, base)?)
            }
            Change::Sort | Change::Retain(_) => None,
        };
        let Value::Array(mut items) = std::mem::replace(self.local(base, slot), Value::Unit) else { return bail() };
        let result = self.change_items(&mut items, change, argument);
        *self.local(base, slot) = Value::Array(items);
        result
    }

    fn change_items(&mut self, items: &mut Vec<Value>, change: &Change, argument: Option<Value>) -> Run<Value> {
        match (change, argument) {
            (Change::Remove(_), Some(Value::Int(index))) => match usize::try_from(index) {
                Ok(index) if index < items.len() => Ok(items.remove(index)),
                Ok(_) => Ok(Value::Unit),
                Err(_) => bail(),
            },
            (Change::Push(_), Some(item)) => {
                items.push(item);
                Ok(Value::Unit)
            }
            (Change::Sort, None) => {
                if items.len() > 1 {
                    if !items.iter().all(|item| matches!(item, Value::Int(_))) {
                        return bail();
                    }
                    items.sort_unstable_by_key(|item| match item {
                        Value::Int(n) => *n,
                        _ => 0,
                    });
                }
                Ok(Value::Unit)
            }
            (Change::Retain(function), None) => {
                // In place, in order: the kept ones to the front, the others returned.
                let mut removed = Vec::new();
                let mut kept = 0;
                for index in 0..items.len() {
                    let item = std::mem::replace(&mut items[index], Value::Unit);
                    if self.keeps(*function, &item)? {
                        items[kept] = item;
                        kept += 1;
                    } else {
                        removed.push(item);
                    }
                }
                items.truncate(kept);
                Ok(Value::Array(removed))
            }
            _ => bail(),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU64, Ordering};

    use super::super::Script;
    use super::{Limits, Program, Value, WORK_PER_STEP};

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
