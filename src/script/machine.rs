//! A compiled call at work ([`super::compile`]): the frames of its functions on one stack, each
//! variable a slot.
//!
//! Bounds: a compiled call stops (and Rhai runs it) after [`STEPS`]` / `[`WORK_PER_STEP`]
//! units of work — one a statement, expression, loop turn or call, each less than
//! [`WORK_PER_STEP`] of Rhai's operations — so whatever ends here ends within Rhai's step
//! budget too; after it creates more array items, all told, than one array may hold (so
//! no array it makes passes `--max-memory`'s bound); and at the deadline, which it reads
//! every [`WORK_BETWEEN_CLOCKS`] units and every [`ITEMS_BETWEEN_CLOCKS`] items.

use super::STEPS;
use super::compile::{Block, Change, Expr, Limits, Program, Stmt};
use super::value::{Value, operate};

/// Rhai's operations one unit of work here may stand for, at most (a statement or expression
/// is one to three of Rhai's; the test `a_unit_of_work_is_at_most_a_few_of_rhais_operations`
/// measures at most 1.5 on the games of tests/data/games).
pub const WORK_PER_STEP: u64 = 8;

/// Units of work between two looks at the clock.
const WORK_BETWEEN_CLOCKS: u64 = 1024;

/// Array items made between two looks at the clock (a copy of an array nested 60,000 deep is
/// one unit of work, and a millisecond).
const ITEMS_BETWEEN_CLOCKS: usize = 1 << 16;

/// The units of work a closure that runs natively ([`super::natives`]) counts on one item: a
/// call, its statement, an operator and its two operands, as if it were compiled here.
const NATIVE_WORK: u64 = 5;

/// Script function calls a compiled call may nest; deeper, Rhai runs it (and bounds it).
const CALL_LEVELS: usize = 16;

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

/// `program`'s function `index` on `args`, and the units of work it took; `None` when Rhai must
/// run it.
pub(super) fn run(program: &Program, index: usize, args: Vec<Value>, limits: &Limits) -> (Option<Value>, u64) {
    // Work and items are counted from the call's start, and a short call never reaches a look
    // at the clock: one at its start stops a run of short calls at the deadline.
    if crate::interrupt::past(limits.deadline) {
        return (None, 0);
    }
    let mut machine = Machine { program, stack: Vec::new(), work: 0, items: 0, limits, levels: 0 };
    if args.iter().try_for_each(|arg| machine.allocate(arg.items())).is_err() {
        return (None, 0);
    }
    machine.stack.extend(args);
    let value = machine.call(index).ok();
    (value, machine.work)
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

    /// `items` array items made (copied or new); gives up past the bound or the deadline. A
    /// copy costs in proportion to its items, which one unit of work does not say: the clock is
    /// read every [`ITEMS_BETWEEN_CLOCKS`] items too.
    fn allocate(&mut self, items: usize) -> Run<()> {
        let before = self.items;
        self.items += items;
        if self.items > self.limits.items
            || (before / ITEMS_BETWEEN_CLOCKS != self.items / ITEMS_BETWEEN_CLOCKS
                && crate::interrupt::past(self.limits.deadline))
        {
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
                let Some(new) = operate(*operator, old, value) else { return bail() };
                *self.local(base, *slot) = new;
                unit
            }
            Stmt::AssignIndex(slot, index, value) => {
                let value = self.expr(value, base)?;
                let index = self.index(index, base)?;
                let array = self.local(base, *slot);
                if array.length().is_none_or(|length| index >= length) {
                    return bail();
                }
                match (array, value) {
                    (Value::Ints(items), Value::Int(n)) => items[index] = n,
                    (array, value) => {
                        if let Value::Ints(_) = array {
                            let items = std::mem::replace(array, Value::Unit).into_items().unwrap_or_default();
                            *array = Value::Array(items);
                        }
                        let Value::Array(items) = array else { return bail() };
                        items[index] = value;
                    }
                }
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
            Stmt::ForArray(array, body) => match self.expr(array, base)? {
                Value::Ints(items) => self.each(items.into_iter().map(Value::Int), body, base)?,
                Value::Array(items) => self.each(items.into_iter(), body, base)?,
                _ => return bail(),
            },
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
            Expr::Move(slot) => Ok(std::mem::replace(self.local(base, *slot), Value::Unit)),
            Expr::Array(items) => {
                self.allocate(items.len())?;
                let mut array = Value::Ints(Vec::with_capacity(items.len()));
                for item in items {
                    let item = self.expr(item, base)?;
                    array.push(item);
                }
                Ok(array)
            }
            Expr::Index(pair) => {
                let index = self.index(&pair[1], base)?;
                if let Expr::Local(slot) = pair[0] {
                    let item = match &self.stack[base + slot] {
                        Value::Ints(items) => Value::Int(*items.get(index).ok_or(Bail)?),
                        Value::Array(items) => items.get(index).ok_or(Bail)?.clone(),
                        _ => return bail(),
                    };
                    self.allocate(item.items())?;
                    return Ok(item);
                }
                match self.expr(&pair[0], base)? {
                    Value::Ints(items) => items.get(index).map(|&n| Value::Int(n)).ok_or(Bail),
                    Value::Array(mut items) if index < items.len() => Ok(items.swap_remove(index)),
                    _ => bail(),
                }
            }
            Expr::Binary(operator, pair) => {
                let a = self.expr(&pair[0], base)?;
                let b = self.expr(&pair[1], base)?;
                operate(*operator, a, b).ok_or(Bail)
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
                    Expr::Local(slot) => self.stack[base + slot].length(),
                    array => self.expr(array, base)?.length(),
                };
                let Some(length) = length else { return bail() };
                Ok(Value::Int(i64::try_from(length).map_err(|_| Bail)?))
            }
            Expr::Map(array, function) => {
                let Some(items) = self.expr(array, base)?.into_items() else { return bail() };
                self.allocate(items.len())?;
                let mut mapped = Value::Ints(Vec::with_capacity(items.len()));
                for item in items {
                    let item = self.call_with(*function, item)?;
                    mapped.push(item);
                }
                Ok(mapped)
            }
            Expr::Filter(array, function) => match self.expr(array, base)? {
                Value::Ints(items) => {
                    let mut kept = Vec::new();
                    for n in items {
                        if self.keeps(*function, &Value::Int(n))? {
                            kept.push(n);
                        }
                    }
                    Ok(Value::Ints(kept))
                }
                Value::Array(items) => {
                    let mut kept = Vec::new();
                    for item in items {
                        if self.keeps(*function, &item)? {
                            kept.push(self.copy(&item)?);
                        }
                    }
                    Ok(Value::Array(kept))
                }
                _ => bail(),
            },
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
        let mut array = std::mem::replace(self.local(base, slot), Value::Unit);
        let result = self.change_array(&mut array, change, argument);
        *self.local(base, slot) = array;
        result
    }

    fn change_array(&mut self, array: &mut Value, change: &Change, argument: Option<Value>) -> Run<Value> {
        match (change, argument, array) {
            (Change::Remove(_), Some(Value::Int(index)), array) => {
                let Ok(index) = usize::try_from(index) else { return bail() };
                match array {
                    Value::Ints(items) if index < items.len() => Ok(Value::Int(items.remove(index))),
                    Value::Array(items) if index < items.len() => Ok(items.remove(index)),
                    Value::Ints(_) | Value::Array(_) => Ok(Value::Unit),
                    _ => bail(),
                }
            }
            (Change::Push(_), Some(item), array) => match array.push(item) {
                true => Ok(Value::Unit),
                false => bail(),
            },
            (Change::Sort, None, Value::Ints(items)) => {
                items.sort_unstable();
                Ok(Value::Unit)
            }
            (Change::Sort, None, Value::Array(items)) => {
                if items.len() > 1 {
                    if !items.iter().all(|item| matches!(item, Value::Int(_))) {
                        return bail();
                    }
                    items.sort_unstable_by_key(|item| item.int().unwrap_or(0));
                }
                Ok(Value::Unit)
            }
            (Change::Retain(function), None, Value::Ints(items)) => {
                let removed = retain_in_order(items, |&n| self.keeps(*function, &Value::Int(n)))?;
                Ok(Value::Ints(removed))
            }
            (Change::Retain(function), None, Value::Array(items)) => {
                let removed = retain_in_order(items, |item| self.keeps(*function, item))?;
                Ok(Value::Array(removed))
            }
            _ => bail(),
        }
    }
}

/// Keeps the items `keep` is true of, in order, and returns the others, in order; `keep` is asked
/// of each item in order, as Rhai's `retain` asks its closure.
fn retain_in_order<T>(items: &mut Vec<T>, keep: impl FnMut(&T) -> Run<bool>) -> Run<Vec<T>> {
    let kept = items.iter().map(keep).collect::<Run<Vec<bool>>>()?;
    let mut kept = kept.into_iter();
    Ok(items.extract_if(.., |_| !kept.next().unwrap_or(true)).collect())
}
