//! Games a user states in a script (`--game FILE`): the rules in a few lines of Rhai.
//!
//! A position is an array of non-negative integers. The script defines
//!
//! * `moves(p)` (required): the positions one move reaches from `p`, as an array of arrays;
//! * `split(p)` (optional): the independent components of `p`, whose disjunctive sum `p` is (a
//!   component is a position too). With it, the fast side gives each component its value and
//!   adds them; without it, every position is one component;
//! * `random(seed, size)` (optional): a position for random checks, from a seed and a size;
//! * `positions(size)` (optional): every position of that size, for exhaustive checks.
//!
//! Play is normal unless the command says `--misere`. The oracle ([`ScriptGame`]) plays whole
//! positions by `moves` alone; the fast side ([`values`]) uses `split` and the theory of sums.
//! `print` and `debug` in a script write to stderr, never to grundy's output.
//! Every call runs under a step budget (Rhai's operation limit): a script that loops, throws,
//! or returns what is not a list of positions stops the command with one line naming the
//! function, the position and what went wrong.

pub mod bench;
mod compile;
pub mod definition;
mod machine;
mod natives;
mod operator;
pub mod solve;
mod value;
pub mod values;
pub mod verify;

use std::ops::ControlFlow;
use std::path::Path;

use grundy_oracle::{Game, OptionSink, OracleError};
use grundy_rules::Play;
use rhai::{AST, Array, CallFnOptions, Dynamic, Scope};

use crate::error::Error;

/// Most steps (Rhai operations) one call of a script function may take.
pub const STEPS: u64 = 1_000_000;

/// Most bytes a script file may have.
const MOST_SCRIPT_BYTES: u64 = 1 << 20;

/// Bits of a seed passed to `random(seed, size)`: below 2^31, so a script may add and multiply
/// seeds (a linear congruential step, say) without passing its 63-bit integers.
pub const SEED_BITS: u32 = 31;

/// What the progress hook stops a call with when the deadline has passed.
const TIME_RAN_OUT: &str = "the time budget ran out";

/// What the progress hook stops a call with when grundy holds more than `--max-memory`.
const MEMORY_RAN_OUT: &str = "the memory budget ran out";

/// How often a running call looks at grundy's resident memory: a look reads `/proc` (some
/// microseconds), and in a millisecond a script can copy only some megabytes.
const MEMORY_LOOK_EVERY: std::time::Duration = std::time::Duration::from_millis(1);

/// The memory a running call may leave grundy holding (`--max-memory`), as the progress hook
/// checks it: the bounds on one value ([`Script::with_memory`]) assume a few large values a call
/// level, and a script may hold more; this bounds the process, whatever the script does.
#[derive(Debug)]
struct MemoryWatch {
    /// Most resident bytes.
    most: std::sync::atomic::AtomicUsize,
    /// When the watch began: the clock `looked` counts from.
    began: std::time::Instant,
    /// Nanoseconds from `began` to the last look.
    looked: std::sync::atomic::AtomicU64,
}

impl MemoryWatch {
    fn new() -> MemoryWatch {
        MemoryWatch {
            most: std::sync::atomic::AtomicUsize::new(usize::MAX),
            began: std::time::Instant::now(),
            looked: std::sync::atomic::AtomicU64::new(0),
        }
    }

    /// Whether grundy holds more than the budget, looking at most once every
    /// [`MEMORY_LOOK_EVERY`].
    fn over(&self) -> bool {
        use std::sync::atomic::Ordering::Relaxed;
        let now = u64::try_from(self.began.elapsed().as_nanos()).unwrap_or(u64::MAX);
        if now.saturating_sub(self.looked.load(Relaxed)) < MEMORY_LOOK_EVERY.as_nanos() as u64 {
            return false;
        }
        self.looked.store(now, Relaxed);
        crate::budget::resident_bytes().is_some_and(|bytes| bytes > self.most.load(Relaxed))
    }
}

/// Most integers in one position.
pub const MOST_POSITION_LENGTH: usize = 1 << 16;

/// Rhai's size of one value (an array's element), in bytes.
const VALUE_BYTES: usize = 16;

/// Call levels a script may nest (recursion included).
const CALL_LEVELS: usize = 64;

/// Large arrays (or strings, or maps) each call level is assumed to hold at once, in the bound
/// [`Script::with_memory`] derives: a script copies an array it assigns, so a frame may hold a
/// few.
const VALUES_PER_LEVEL: usize = 4;

/// A compiled game script.
pub struct Script {
    engine: rhai::Engine,
    /// When every call stops (`--time`): read by the engine's progress hook.
    deadline: std::sync::Arc<std::sync::Mutex<Option<std::time::Instant>>>,
    /// What every call may leave grundy holding (`--max-memory`): read by the same hook.
    memory: std::sync::Arc<MemoryWatch>,
    ast: AST,
    /// The script's functions that run without Rhai ([`compile`]).
    program: compile::Program,
    name: String,
    has_split: bool,
    has_random: bool,
    has_positions: bool,
}

impl std::fmt::Debug for Script {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Script").field("name", &self.name).finish_non_exhaustive()
    }
}

/// A position as text: its integers separated by spaces, in brackets.
pub fn show(position: &[u64]) -> String {
    let items: Vec<String> = position.iter().map(u64::to_string).collect();
    format!("[{}]", items.join(" "))
}

/// A position as an error or a report names it: [`show`], shortened to its start and end (and
/// its length in bytes) when it is long, so that an error stays one readable line.
pub fn show_brief(position: &[u64]) -> String {
    crate::shorten(&show(position), crate::LONGEST_SHOWN_LINE)
}

impl Script {
    /// Reads and compiles the script in `path`.
    pub fn load(path: &Path) -> Result<Script, Error> {
        let name = path.display().to_string();
        let size = std::fs::metadata(path).map_err(|e| Error::io(format!("reading {name}"), e))?.len();
        if size > MOST_SCRIPT_BYTES {
            return Err(Error::usage(format!(
                "{name}: a game script has at most {MOST_SCRIPT_BYTES} bytes, not {size}"
            )));
        }
        let text = std::fs::read_to_string(path).map_err(|e| Error::io(format!("reading {name}"), e))?;
        Script::compile(&name, &text)
    }

    /// Compiles a script's `text`; `name` (its file) names it in errors.
    pub fn compile(name: &str, text: &str) -> Result<Script, Error> {
        let mut engine = rhai::Engine::new();
        engine.set_max_operations(STEPS);
        engine.set_max_expr_depths(64, 64);
        engine.set_max_call_levels(CALL_LEVELS);
        engine.set_strict_variables(true);
        // No maps: Rhai bounds a map's entries when a function returns it, not when `m[k] = v`
        // adds a key, so a loop of index assignments would grow one past any --max-memory.
        engine.disable_symbol("#{");
        // The deadline and the memory budget hold inside a call, whatever it does: the engine
        // asks between its steps (every 16th: a look at the clock, and every millisecond at the
        // resident memory; one step may copy a large array), and stops the call at once.
        let deadline = std::sync::Arc::new(std::sync::Mutex::new(None));
        let watched = std::sync::Arc::clone(&deadline);
        let memory = std::sync::Arc::new(MemoryWatch::new());
        let held = std::sync::Arc::clone(&memory);
        engine.on_progress(move |steps| {
            if !steps.is_multiple_of(16) {
                return None;
            }
            let deadline = *watched.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            if crate::interrupt::past(deadline) {
                return Some(Dynamic::from(TIME_RAN_OUT));
            }
            held.over().then(|| Dynamic::from(MEMORY_RAN_OUT))
        });
        // A script's print and debug are the user's own notes: on stderr, so that no script
        // writes grundy's report or breaks its JSON.
        engine.on_print(|text| eprintln!("{text}"));
        engine.on_debug(|text, _, place| match place.line() {
            Some(line) => eprintln!("[debug, line {line}] {text}"),
            None => eprintln!("[debug] {text}"),
        });
        let natives = natives::Natives::default();
        natives::register(&mut engine, &natives);
        engine.set_optimization_level(rhai::OptimizationLevel::Full);
        let ast = engine.compile(text).map_err(|error| {
            let position = error.position();
            let place = match (position.line(), position.position()) {
                (Some(line), Some(column)) => format!("line {line}, column {column}"),
                (Some(line), None) => format!("line {line}"),
                _ => "the end".to_string(),
            };
            Error::usage(format!("{name}: {place}: {}", parse_error(error.err_type())))
        })?;
        natives.set(natives::natives_of(&ast)).expect("a script's closures are found once");
        let program = compile::Program::of(&ast);
        let arity = |wanted: &str| ast.iter_functions().find(|f| f.name == wanted).map(|f| f.params.len());
        let has = |wanted: &str, params: usize| -> Result<bool, Error> {
            match arity(wanted) {
                None => Ok(false),
                Some(n) if n == params => Ok(true),
                Some(n) => Err(Error::usage(format!(
                    "{name}: `{wanted}` takes {params} parameter{}, not {n}",
                    if params == 1 { "" } else { "s" }
                ))),
            }
        };
        if !has("moves", 1)? {
            return Err(Error::usage(format!(
                "{name}: a game script defines `fn moves(p)`, the positions one move reaches from p"
            )));
        }
        let script = Script {
            deadline,
            memory,
            has_split: has("split", 1)?,
            has_random: has("random", 2)?,
            has_positions: has("positions", 1)?,
            engine,
            ast,
            program,
            name: name.to_string(),
        };
        Ok(script.with_memory(grundy_oracle::default_memory()))
    }

    /// The script with its values bounded by `max_bytes` (`--max-memory`): an array (its nested
    /// arrays' items counted), a string or a map holds at most what [`CALL_LEVELS`] levels of
    /// [`VALUES_PER_LEVEL`] such values each fit in half of `max_bytes` (the other half is the
    /// searches'), and never more than 2^22 items, 2^16 bytes of string. A call past a bound
    /// fails with one line. (Maps are bounded too, though a script cannot write one: `#{` is
    /// disabled.) And a call that leaves grundy holding more than `max_bytes` in all (the search
    /// and the script together, as the kernel counts resident memory) stops within a
    /// millisecond, with one line.
    pub fn with_memory(mut self, max_bytes: usize) -> Script {
        self.memory.most.store(max_bytes, std::sync::atomic::Ordering::Relaxed);
        let values = max_bytes / 2 / (CALL_LEVELS * VALUES_PER_LEVEL);
        let items = (values / VALUE_BYTES).clamp(1 << 10, 1 << 22);
        self.engine.set_max_array_size(items);
        self.engine.set_max_map_size(items.min(1 << 16));
        self.engine.set_max_string_size(values.clamp(1 << 10, 1 << 16));
        self
    }

    /// Every call of the script stops at `deadline` (`--time`) from now on, within a few steps.
    pub fn stop_at(&self, deadline: Option<std::time::Instant>) {
        *self.deadline.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = deadline;
    }

    /// The script's name (its file).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Whether the script says how a position splits into components.
    pub fn has_split(&self) -> bool {
        self.has_split
    }

    /// Whether the script makes random positions.
    pub fn has_random(&self) -> bool {
        self.has_random
    }

    /// Whether the script lists the positions of a size.
    pub fn has_positions(&self) -> bool {
        self.has_positions
    }

    /// An error of this script: `message` says which call and what went wrong.
    fn error(&self, message: String) -> ScriptError {
        ScriptError { script: self.name.clone(), message, out_of_time: false }
    }

    /// Calls `function`; `shown` writes its arguments for an error (only then: a call is hot).
    fn call(
        &self,
        function: &str,
        args: impl rhai::FuncArgs,
        shown: impl Fn() -> String,
    ) -> Result<Dynamic, ScriptError> {
        let options = CallFnOptions::new().eval_ast(false);
        self.engine.call_fn_with_options::<Dynamic>(options, &mut Scope::new(), &self.ast, function, args).map_err(
            |error| {
                let place = error.position();
                let at = match (place.line(), place.position()) {
                    (Some(line), Some(column)) => format!(" (line {line}, column {column})"),
                    _ => String::new(),
                };
                let what = match *error {
                    rhai::EvalAltResult::ErrorTooManyOperations(_) => {
                        format!("took more than {STEPS} steps (the step budget of one call)")
                    }
                    rhai::EvalAltResult::ErrorTerminated(ref token, _) if token.to_string() == MEMORY_RAN_OUT => {
                        let most = self.memory.most.load(std::sync::atomic::Ordering::Relaxed);
                        format!(
                            "was stopped: grundy held more than {}, the memory budget (--max-memory)",
                            grundy_oracle::engine::human_bytes(most)
                        )
                    }
                    rhai::EvalAltResult::ErrorTerminated(..) => {
                        "was stopped: the time budget (--time) ran out".to_string()
                    }
                    rhai::EvalAltResult::ErrorDataTooLarge(ref what, _) => {
                        let what = what.to_lowercase();
                        let (value, most) = if what.contains("string") {
                            ("a string", format!("{} bytes", self.engine.max_string_size()))
                        } else if what.contains("map") {
                            ("a map", format!("{} entries", self.engine.max_map_size()))
                        } else {
                            ("an array", format!("{} items, nested ones counted", self.engine.max_array_size()))
                        };
                        format!("made {value} larger than the memory budget (--max-memory) lets one hold: {most}")
                    }
                    ref other => format!("failed: {}", one_line(&other.to_string())),
                };
                // Rhai's own message may already say where.
                let at = if what.contains("(line ") { String::new() } else { at };
                let out_of_time = matches!(*error, rhai::EvalAltResult::ErrorTerminated(ref token, _) if token.to_string() == TIME_RAN_OUT);
                let shown = crate::shorten(&shown(), crate::LONGEST_SHOWN_LINE);
                ScriptError { out_of_time, ..self.error(format!("{function}({shown}) {what}{at}")) }
            },
        )
    }

    /// `function(args)` run without Rhai, when it is compiled and runs to its end within the
    /// budgets ([`compile`]); `None` when Rhai must run it.
    fn compiled(&self, function: &str, args: impl FnOnce() -> Option<Vec<value::Value>>) -> Option<value::Value> {
        if !self.program.has(function, 1) && !self.program.has(function, 2) {
            return None;
        }
        let deadline = *self.deadline.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let limits = compile::Limits { items: self.engine.max_array_size(), deadline };
        self.program.call(function, args()?, &limits)
    }

    /// `function(p)`'s positions (`moves` or `split`): compiled when it can be, in Rhai otherwise.
    fn positions_from(&self, function: &str, p: &[u64]) -> Result<Vec<Vec<u64>>, ScriptError> {
        let result = match self.compiled(function, || Some(vec![value::Value::position(p)?])) {
            Some(value) => match value.into_positions(MOST_POSITION_LENGTH) {
                Ok(positions) => return Ok(positions),
                // Not positions: Rhai's value, and the error it gets.
                Err(value) => value.into_dynamic(),
            },
            None => self.call(function, (self.array(p)?,), || show(p))?,
        };
        self.positions_of(result, || format!("{function}({})", show_brief(p)))
    }

    /// The positions one move reaches from `p`.
    pub fn moves(&self, p: &[u64]) -> Result<Vec<Vec<u64>>, ScriptError> {
        self.positions_from("moves", p)
    }

    /// The components of `p`: `split(p)`, or `p` alone when the script has no `split`.
    pub fn split(&self, p: &[u64]) -> Result<Vec<Vec<u64>>, ScriptError> {
        if !self.has_split {
            return Ok(vec![p.to_vec()]);
        }
        self.positions_from("split", p)
    }

    fn array(&self, p: &[u64]) -> Result<Array, ScriptError> {
        to_array(p).ok_or_else(|| {
            self.error(format!("the position {} holds a number past a script's integers (2^63 − 1)", show_brief(p)))
        })
    }

    /// `random(seed, size)`, the seed cut to [`SEED_BITS`] bits; what it returns is a position
    /// the game accepts (`moves` lists its options), or the error names this call.
    pub fn random(&self, seed: u64, size: u64) -> Result<Vec<u64>, ScriptError> {
        let seed = (seed & ((1 << SEED_BITS) - 1)) as i64;
        let size = i64::try_from(size).unwrap_or(i64::MAX);
        let call = || format!("random({seed}, {size})");
        let args = || Some(vec![value::Value::Int(seed), value::Value::Int(size)]);
        let result = match self.compiled("random", args) {
            Some(result) => result.into_dynamic(),
            None => self.call("random", (seed, size), || format!("{seed}, {size}"))?,
        };
        let position = self.position_of(result, &call)?;
        self.accepted(&position, &call)?;
        Ok(position)
    }

    /// `positions(size)`: each position returned is one the game accepts, or the error names
    /// this call.
    pub fn positions(&self, size: u64) -> Result<Vec<Vec<u64>>, ScriptError> {
        let size = i64::try_from(size).unwrap_or(i64::MAX);
        let call = || format!("positions({size})");
        let result = match self.compiled("positions", || Some(vec![value::Value::Int(size)])) {
            Some(result) => result.into_dynamic(),
            None => self.call("positions", (size,), || size.to_string())?,
        };
        let positions = self.positions_of(result, call)?;
        for position in &positions {
            self.accepted(position, &call)?;
        }
        Ok(positions)
    }

    /// Checks that `moves` takes `position` (what `call` returned), as a position given on the
    /// command line is checked when its game is played: an error names `call` first.
    fn accepted(&self, position: &[u64], call: &dyn Fn() -> String) -> Result<(), ScriptError> {
        self.moves(position).map(drop).map_err(|error| {
            self.error(format!(
                "{} returned {}, which is not a position of this game: {}",
                call(),
                show_brief(position),
                error.message
            ))
        })
    }

    /// `value` as an array, or an error: "CALL returned VALUE{wanted}", then what the value is.
    fn array_of(&self, value: Dynamic, call: &dyn Fn() -> String, wanted: &str) -> Result<Array, ScriptError> {
        value.try_cast_result::<Array>().map_err(|value| {
            let shown = returned(&value);
            self.error(format!("{} returned {}{wanted}{}", call(), shown.0, shown.1))
        })
    }

    fn positions_of(&self, result: Dynamic, call: impl Fn() -> String) -> Result<Vec<Vec<u64>>, ScriptError> {
        let array = self.array_of(result, &call, ", not an array of positions")?;
        array.into_iter().map(|item| self.position_of(item, &call)).collect()
    }

    fn position_of(&self, item: Dynamic, call: &dyn Fn() -> String) -> Result<Vec<u64>, ScriptError> {
        let array = self.array_of(item, call, " where a position (an array of integers) belongs")?;
        if array.len() > MOST_POSITION_LENGTH {
            return Err(self.error(format!(
                "{} returned a position of {} integers; a position has at most {MOST_POSITION_LENGTH}",
                call(),
                array.len()
            )));
        }
        array
            .into_iter()
            .map(|value| match value.as_int() {
                Ok(n) if n >= 0 => Ok(n as u64),
                Ok(n) => Err(self.error(format!(
                    "{} returned a position holding {n}: positions hold non-negative integers",
                    call()
                ))),
                Err(other) => {
                    Err(self.error(format!("{} returned a position holding {}, not an integer", call(), kind(other))))
                }
            })
            .collect()
    }
}

/// A call of a script that failed or returned what is not a position: the script, the call
/// with its arguments, and what went wrong, on one line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{script}: {message}")]
pub struct ScriptError {
    /// The script's name.
    pub script: String,
    /// The call and what went wrong.
    pub message: String,
    /// Whether the call was stopped by the deadline (`--time`), not by anything it did.
    pub out_of_time: bool,
}

/// A compile error as a user reads it: a map literal is refused in our words (Rhai's name for
/// it, "'#{' is a reserved symbol", kept first), Rhai's own message otherwise.
pub(crate) fn parse_error(error: &rhai::ParseErrorType) -> String {
    match error {
        rhai::ParseErrorType::Reserved(symbol) if symbol == "#{" => {
            format!("{error}: scripts and formulas have no maps (a map's size escapes --max-memory); use arrays")
        }
        other => other.to_string(),
    }
}

/// Text on one line.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A value a script returned, as an error shows it: its kind, and `: VALUE` when short.
fn returned(value: &Dynamic) -> (String, String) {
    let what = kind(value.type_name()).to_string();
    let small = if let Some(array) = value.read_lock::<Array>() {
        array.len() <= 16 && array.iter().all(|item| item.read_lock::<Array>().is_none_or(|inner| inner.len() <= 16))
    } else if let Some(text) = value.read_lock::<rhai::ImmutableString>() {
        text.len() <= 64
    } else {
        !value.is_map()
    };
    if !small || value.is_unit() {
        return (what, String::new());
    }
    (what, format!(": {}", crate::shorten(&one_line(&format!("{value:?}")), 80)))
}

/// A Rhai type's name as a user reads it.
fn kind(type_name: &str) -> &str {
    match type_name {
        "i64" => "an integer",
        "bool" => "a boolean",
        "string" | "ImmutableString" => "a string",
        "()" => "nothing",
        "map" => "a map",
        "array" => "an array",
        other => other,
    }
}

/// A position as Rhai's array; `None` when a number is past Rhai's integers (2^63 − 1).
fn to_array(p: &[u64]) -> Option<Array> {
    p.iter().map(|&x| i64::try_from(x).ok().map(Dynamic::from)).collect()
}

/// A scripted game as the oracle plays it: whole positions, options by `moves` alone.
#[derive(Debug)]
pub struct ScriptGame<'a> {
    script: &'a Script,
    play: Play,
}

impl<'a> ScriptGame<'a> {
    /// The game of `script` under `play`.
    pub fn new(script: &'a Script, play: Play) -> ScriptGame<'a> {
        ScriptGame { script, play }
    }
}

impl Game for ScriptGame<'_> {
    type Position = Vec<u64>;

    fn play(&self) -> Play {
        self.play
    }

    fn options(&self, position: &Vec<u64>, sink: &mut dyn OptionSink<Vec<u64>>) -> ControlFlow<()> {
        match self.script.moves(position) {
            Ok(options) => {
                sink.expect(options.len() as u128)?;
                options.iter().try_for_each(|option| sink.option(option))
            }
            Err(error) if error.out_of_time => sink.fail(OracleError::TimeExceeded),
            Err(error) => sink.fail(OracleError::Rules(error.to_string())),
        }
    }

    fn describe(&self, position: &Vec<u64>) -> String {
        show_brief(position)
    }
}

/// Kayles on heaps (remove 1 or 2 adjacent pins, maybe splitting the row: octal 0.77) as a
/// script, for the tests of the script modules.
#[cfg(test)]
pub(crate) const KAYLES_FOR_TESTS: &str = "fn moves(p) { let out = []; for i in 0..p.len() { let x = p[i]; \
     for t in [1, 2] { for a in 0..=(x - t) { if x >= t { let q = p; q.remove(i); \
     if a > 0 { q.push(a); } if x - t - a > 0 { q.push(x - t - a); } q.sort(); out.push(q); } } } } out } \
     fn split(p) { p.map(|x| [x]) }";

#[cfg(test)]
mod tests {
    use super::*;

    const SUBTRACTION: &str =
        "fn moves(p) { let out = []; for t in [1, 2] { if p[0] >= t { out.push([p[0] - t]); } } out }";

    #[test]
    fn a_script_lists_moves_and_its_errors_say_where() {
        let script = Script::compile("s.rhai", SUBTRACTION).unwrap();
        assert_eq!(script.moves(&[3]).unwrap(), vec![vec![2], vec![1]]);
        assert_eq!(script.split(&[3, 4]).unwrap(), vec![vec![3, 4]]);
        let error = script.moves(&[1 << 63]).unwrap_err().to_string();
        assert!(error.contains("past a script's integers"), "{error}");
        let error = Script::compile("s.rhai", "fn moves(p) {\n  p +* 1\n}").unwrap_err().to_string();
        assert!(error.starts_with("s.rhai: line 2, column"), "{error}");
        let error = Script::compile("s.rhai", "fn moves(p) {\n  let m = #{a: 1}; []\n}").unwrap_err().to_string();
        assert_eq!(
            error,
            "s.rhai: line 2, column 11: '#{' is a reserved symbol: scripts and formulas have no maps \
             (a map's size escapes --max-memory); use arrays"
        );
        let error = Script::compile("s.rhai", "fn split(p) { [p] }").unwrap_err().to_string();
        assert!(error.contains("defines `fn moves(p)`"), "{error}");
        let error = Script::compile("s.rhai", "fn moves(p, q) { [] }").unwrap_err().to_string();
        assert!(error.contains("`moves` takes 1 parameter, not 2"), "{error}");
        let cases = [
            ("fn moves(p) { throw \"no\"; }", "moves([3]) failed"),
            ("fn moves(p) { loop { } }", "took more than"),
            ("fn moves(p) { 5 }", "returned an integer, not an array"),
            ("fn moves(p) { [[-1]] }", "holding -1"),
            ("fn moves(p) { [1] }", "where a position"),
            ("fn moves(p) { [[\"a\"]] }", "holding a string"),
        ];
        for (text, wanted) in cases {
            let error = Script::compile("s.rhai", text).unwrap().moves(&[3]).unwrap_err().to_string();
            assert!(error.contains(wanted) && error.starts_with("s.rhai: moves([3])"), "{text}: {error}");
            assert!(!error.contains('\n'), "{error}");
        }
    }

    #[test]
    fn random_and_positions_return_positions_the_game_accepts_or_name_the_call() {
        // Seeds are below 2^31: a script may multiply one by 2^32 without overflow.
        let script =
            Script::compile("r.rhai", "fn moves(p) { [] } fn random(seed, size) { [(seed * 4294967296) % 7] }")
                .unwrap();
        for seed in [0, 1, u64::MAX, 1 << 31, (1 << 31) - 1] {
            assert!(script.random(seed, 5).unwrap()[0] < 7, "seed {seed}");
        }
        let moves = "fn moves(p) { if p.len() == 0 { throw \"no heap\"; } [] }";
        let cases = [
            ("fn random(seed, size) { throw \"no\"; }", "random(2147483647, 3)", "failed: Runtime error: no"),
            (
                "fn random(seed, size) { \"abc\" }",
                "random(",
                "returned a string where a position (an array of integers) belongs: \"abc\"",
            ),
            ("fn random(seed, size) { [-1] }", "random(", "holding -1"),
            ("fn random(seed, size) { [] }", "random(", "returned [], which is not a position of this game: moves([])"),
            ("fn positions(size) { [[1], []] }", "positions(3)", "returned [], which is not a position"),
            ("fn positions(size) { 4 }", "positions(3)", "returned an integer, not an array of positions: 4"),
        ];
        for (text, call, wanted) in cases {
            let script = Script::compile("r.rhai", &format!("{moves} {text}")).unwrap();
            let error = match script.has_random() {
                true => script.random(u64::MAX, 3).unwrap_err(),
                false => script.positions(3).unwrap_err(),
            }
            .to_string();
            assert!(error.starts_with(&format!("r.rhai: {call}")), "{text}: {error}");
            assert!(error.contains(wanted) && !error.contains('\n'), "{text}: {error}");
        }
    }
}
