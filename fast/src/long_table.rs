//! Long tables of octal games with no known period, the research frontier: up to 4·10^9 heaps by
//! the sparse-space method ([`crate::sparse`]) in a byte and a bit a heap ([`Values`]), grown
//! in segments so that a caller can show progress, stop on a budget and write checkpoints, and
//! read as a [`Summary`] rather than heap by heap.
//!
//! A period is looked for while the table is short (at [`PERIOD_LOOKS`]): once the Guy–Smith
//! theorem proves one, the rest of the table follows from it and the summary is counted from the
//! period.
//!
//! **Bounded memory.** A bounded table ([`LongTable::bounded`]) keeps only what the method reads
//! (the first heaps, a ring of the newest, the rare heaps and their values: see
//! [`crate::sparse`]) and the summary, counted as the heaps go by, so that its memory does not
//! grow with its length: past 2^32 heaps as well. Its ring holds more heaps than the longest
//! prefix a period is looked for in, so that it looks where a whole table does.

use std::io::{BufRead, Read, Write};

use crate::Unsupported;
use crate::octal::{self, Period};
use crate::sparse::{self, Effort, Sparse, Stopped};
use crate::values::{HEAD, Values};

/// Heaps computed by definition before the sparse-space method takes over.
const START: usize = 1000;

/// Table lengths at which a period is looked for (the table is read into 32 bits there).
pub const PERIOD_LOOKS: [usize; 5] = [1 << 16, 1 << 18, 1 << 20, 1 << 22, 1 << 24];

/// The ring of newest heaps a bounded table keeps by default (36 MB): more than
/// [`PERIOD_LOOKS`]' longest prefix, and far more than the reach Officers needs.
pub const RING: usize = 1 << 25;

/// The first heaps a bounded table keeps by default (4.5 MB): the searches for rare values of
/// Officers read past the first 2^16 (at heap 17,672,855 the small part 65,536).
pub const FIRST: usize = 1 << 22;

/// A table being computed.
#[derive(Debug)]
pub struct LongTable {
    digits: Vec<u8>,
    values: Values,
    sparse: Sparse,
    /// A proven period, once found.
    period: Option<Period>,
    /// The longest prefix a period was looked for in.
    looked_to: usize,
    /// A bounded table's summary of the heaps it has passed (a whole table is summed when asked).
    counted: Option<Counted>,
}

/// The summary of heaps `0..summary.computed_to + 1`, and their hash.
#[derive(Debug, Clone)]
struct Counted {
    summary: Summary,
    hash: Hash,
    /// How many heaps are counted.
    heaps: u64,
}

/// What a table holds, for reading at a glance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    /// The last heap.
    pub computed_to: u64,
    /// `counts[v]`: how many heaps have value `v`.
    pub counts: Vec<u64>,
    /// `first[v]`: the first heap with value `v` (meaningless where `counts[v]` is 0).
    pub first: Vec<u64>,
    /// `last[v]`: the last heap with value `v`.
    pub last: Vec<u64>,
    /// The sparse-space mask the rare values are rare under.
    pub mask: u32,
    /// A proven period: (pre-period, period).
    pub period: Option<(u64, u64)>,
    /// The table's [`Hash`]: equal tables, equal checksums.
    pub checksum: u64,
}

impl Summary {
    /// The summary of `values` (heap 0 first), with `mask` saying which values are rare.
    pub fn of(values: impl IntoIterator<Item = u32>, mask: u32, period: Option<Period>) -> Summary {
        let mut summary = Summary::empty(mask, period);
        let (mut heap, mut hash) = (0u64, Hash::EMPTY);
        for value in values {
            summary.count(heap, value, 1);
            hash.push(value);
            heap += 1;
        }
        summary.computed_to = heap.saturating_sub(1);
        summary.checksum = hash.h;
        summary
    }

    fn empty(mask: u32, period: Option<Period>) -> Summary {
        Summary {
            computed_to: 0,
            counts: Vec::new(),
            first: Vec::new(),
            last: Vec::new(),
            mask,
            period: period.map(|p| (p.preperiod as u64, p.period as u64)),
            checksum: 0,
        }
    }

    /// Counts `times` heaps of value `value`, the first at `heap` and the last `heap` if one.
    fn count(&mut self, heap: u64, value: u32, times: u64) {
        let v = value as usize;
        if self.counts.len() <= v {
            self.counts.resize(v + 1, 0);
            self.first.resize(v + 1, 0);
            self.last.resize(v + 1, 0);
        }
        if self.counts[v] == 0 {
            self.first[v] = heap;
        }
        self.counts[v] += times;
        self.last[v] = self.last[v].max(heap);
    }

    /// The largest value and the first heap that has it.
    pub fn largest(&self) -> (u32, u64) {
        let v = self.counts.iter().rposition(|&c| c > 0).unwrap_or(0);
        (v as u32, self.first.get(v).copied().unwrap_or(0))
    }

    /// The value that appeared last, and where.
    pub fn last_new(&self) -> (u32, u64) {
        (0..self.counts.len())
            .filter(|&v| self.counts[v] > 0)
            .max_by_key(|&v| self.first[v])
            .map_or((0, 0), |v| (v as u32, self.first[v]))
    }

    /// Whether `value` is rare under the mask.
    pub fn is_rare(&self, value: u32) -> bool {
        (value & self.mask).count_ones().is_multiple_of(2)
    }

    /// The heaps with rare values (heap 0 excluded), and the last of them.
    pub fn rare_heaps(&self) -> (u64, u64) {
        let values = (0..self.counts.len()).filter(|&v| self.counts[v] > 0 && self.is_rare(v as u32));
        let count: u64 = values.clone().map(|v| self.counts[v]).sum::<u64>() - u64::from(self.is_rare(0));
        // Heap 0 has value 0: when 0 is rare, its last heap may be 0 itself.
        (count, values.map(|v| self.last[v]).max().unwrap_or(0))
    }
}

/// A polynomial hash of a sequence of values: `h = h·MUL + value + 1` from 0, modulo 2^64, with
/// `power = MUL^len`, so that the hash of a concatenation, and of a block repeated `k` times, is
/// had from its parts (a table with a proven period is hashed to any length at once).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hash {
    /// The hash.
    pub h: u64,
    /// `MUL^len`.
    pub power: u64,
}

impl Hash {
    /// The multiplier (odd, so that powers never vanish modulo 2^64).
    pub const MUL: u64 = 0x0000_0100_0000_01b3;
    /// The hash of nothing.
    pub const EMPTY: Hash = Hash { h: 0, power: 1 };

    /// Appends a value.
    pub fn push(&mut self, value: u32) {
        self.h = self.h.wrapping_mul(Hash::MUL).wrapping_add(u64::from(value) + 1);
        self.power = self.power.wrapping_mul(Hash::MUL);
    }

    /// The hash of `self` followed by `next`.
    pub fn then(self, next: Hash) -> Hash {
        Hash { h: self.h.wrapping_mul(next.power).wrapping_add(next.h), power: self.power.wrapping_mul(next.power) }
    }

    /// The hash of `self` repeated `times` times.
    pub fn times(self, mut times: u64) -> Hash {
        let (mut result, mut square) = (Hash::EMPTY, self);
        while times > 0 {
            if times & 1 == 1 {
                result = result.then(square);
            }
            square = square.then(square);
            times >>= 1;
        }
        result
    }
}

/// FNV-1a over bytes (the checkpoint's checksum).
fn fnv_bytes(mut hash: u64, bytes: &[u8]) -> u64 {
    for &byte in bytes {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// FNV-1a's starting value.
const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// Why a checkpoint cannot be resumed.
#[derive(Debug, thiserror::Error)]
pub enum CheckpointError {
    /// Reading or writing the file failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// Not a checkpoint, or a damaged one.
    #[error("{0}")]
    Malformed(String),
    /// A checkpoint of another game.
    #[error("it is a checkpoint of {found}, not of {wanted}")]
    OtherGame {
        /// The game in the file.
        found: String,
        /// The game asked for.
        wanted: String,
    },
}

/// The first line of a checkpoint of a whole table.
const MAGIC: &str = "grundy-checkpoint/1";

/// The first line of a checkpoint of a bounded table.
const MAGIC_BOUNDED: &str = "grundy-checkpoint/2";

/// Heaps a bounded checkpoint's values are written and read in at a time.
const BLOCK_HEAPS: usize = 1 << 16;

impl LongTable {
    /// Starts a bounded table of the octal game `digits`, keeping the `first` heaps and the
    /// newest `ring` (a power of two, at least [`PERIOD_LOOKS`]' last, but for tests).
    pub fn bounded(digits: &[u8], first: usize, ring: usize) -> Result<LongTable, Unsupported> {
        let whole = LongTable::start(digits)?;
        let mut values = Values::bounded(first, ring);
        values.make_room(whole.values.len(), whole.values.bits());
        (0..whole.values.len()).for_each(|heap| values.set(heap, whole.values.get(heap)));
        let mask = whole.sparse.mask();
        let counted = Counted { summary: Summary::empty(mask, None), hash: Hash::EMPTY, heaps: 0 };
        let mut table = LongTable { values, counted: Some(counted), ..whole };
        table.count();
        Ok(table)
    }

    /// How many of the first heaps are kept (`usize::MAX` for a whole table).
    pub fn first_kept(&self) -> usize {
        self.values.first()
    }

    /// Whether only the newest heaps are kept, and how many.
    pub fn ring(&self) -> Option<usize> {
        self.values.ring()
    }

    /// The most heaps an [`LongTable::extend`] may go and still keep every heap it computed
    /// (to read them with [`LongTable::value`] before the next one).
    pub fn longest_step(&self) -> u64 {
        self.values.ring().map_or(u64::MAX, |ring| (ring / 2) as u64)
    }

    /// Counts the heaps a bounded table has not counted yet (all of them kept).
    fn count(&mut self) {
        let Some(counted) = &mut self.counted else { return };
        for heap in counted.heaps as usize..self.values.len() {
            let value = self.values.get(heap);
            counted.summary.count(heap as u64, value, 1);
            counted.hash.push(value);
        }
        counted.heaps = self.values.len() as u64;
        counted.summary.mask = self.sparse.mask();
    }

    /// Starts the table of the octal game `digits` (two-heap splits, no bit 8).
    pub fn start(digits: &[u8]) -> Result<LongTable, Unsupported> {
        if digits.iter().any(|&d| d & 8 != 0) || digits.iter().all(|&d| d & 4 == 0) {
            return Err(Unsupported::NoTheory(format!(
                "long tables are for octal games that split heaps in two (no digit 8 or above): 0.{} does not",
                code(digits)
            )));
        }
        // Any mask gives the right values; the best one for the table so far is chosen again as
        // the table grows (a game whose rare values are not rare is only slow).
        let start = octal::table(digits, START);
        let (mask, _) = Sparse::best_mask(start.iter().copied());
        let values = Values::from_values(&start, 8);
        let sparse = Sparse::new(&values, mask);
        let mut table =
            LongTable { digits: digits.to_vec(), values, sparse, period: None, looked_to: 0, counted: None };
        table.look_for_period();
        Ok(table)
    }

    /// The code, `0.d1d2…`.
    pub fn game(&self) -> String {
        format!("0.{}", code(&self.digits))
    }

    /// The last heap computed.
    pub fn computed_to(&self) -> u64 {
        self.values.len() as u64 - 1
    }

    /// A proven period, if one was found.
    pub fn period(&self) -> Option<Period> {
        self.period
    }

    /// The longest prefix a period was looked for in.
    pub fn looked_to(&self) -> usize {
        self.looked_to
    }

    /// Bytes the table takes (a byte a heap, and a bit a heap for each plane).
    pub fn bytes(&self) -> usize {
        self.values.bytes()
    }

    /// The rare heaps so far, and the mask.
    pub fn rare(&self) -> (usize, u32) {
        (self.sparse.rare_count(), self.sparse.mask())
    }

    /// Room for `n + 1` heaps at once (no growing by doubling on a long run).
    pub fn reserve(&mut self, n: u64) {
        self.values.reserve(n as usize + 1);
    }

    /// Extends the table to heap `upto` (nothing when a period is proven: the period gives the
    /// rest), on `effort.threads` threads; past `effort.deadline` it stops with
    /// [`Unsupported::OutOfTime`], the table kept as far as it got (every heap of it finished).
    pub fn extend(&mut self, upto: u64, effort: Effort) -> Result<(), Unsupported> {
        if self.period.is_some() || upto <= self.computed_to() {
            return Ok(());
        }
        let wanted = upto;
        let upto = usize::try_from(upto).unwrap_or(usize::MAX);
        // Stop at the next length a period is looked for (and, bounded, while every heap computed
        // is kept, to be counted).
        let stop = PERIOD_LOOKS.iter().copied().find(|&l| l > self.values.len()).map_or(upto, |l| upto.min(l - 1));
        let stop =
            stop.min((self.values.len() - 1).saturating_add(self.longest_step().min(usize::MAX as u64) as usize));
        let extended = self.sparse.extend_with(&self.digits, &mut self.values, stop, effort);
        self.count();
        self.look_for_period();
        match extended {
            Ok(()) if stop < upto => self.extend(wanted, effort),
            Ok(()) => Ok(()),
            Err(Stopped::OutOfTime) => Err(Unsupported::OutOfTime { reached: self.computed_to(), wanted, next: None }),
            Err(stopped) => Err(Unsupported::NoTheory(format!("{}: {stopped}", self.game()))),
        }
    }

    /// Looks for a proven period when the table is one of [`PERIOD_LOOKS`] long.
    fn look_for_period(&mut self) {
        let len = self.values.len();
        let due = PERIOD_LOOKS.contains(&len) || len == START + 1;
        // A bounded table keeps that prefix whole when its ring is longer.
        let whole = self.values.ring().is_none_or(|ring| len <= self.values.first() + ring);
        if self.period.is_some() || !due || !whole {
            return;
        }
        self.period = prove_period(&self.values, len, octal::last_digit(&self.digits));
        self.looked_to = len - 1;
    }

    /// Whether [`LongTable::summary`] can be taken to `upto`: a bounded table has counted every
    /// heap it computed and no longer holds them to count fewer, unless a period gives them.
    pub fn can_sum_to(&self, upto: u64) -> bool {
        self.counted.is_none() || self.period.is_some() || upto >= self.computed_to()
    }

    /// The summary of heaps `0..=upto` (at most the table's, or any with a proven period; of a
    /// bounded table, all its heaps or those a period gives: see [`LongTable::can_sum_to`]).
    pub fn summary(&self, upto: u64) -> Summary {
        let mask = self.sparse.mask();
        if let (Some(counted), None) = (&self.counted, self.period) {
            assert!(self.can_sum_to(upto), "a bounded table is summed to its end");
            let mut summary = counted.summary.clone();
            (summary.computed_to, summary.mask) = (self.computed_to(), mask);
            summary.checksum = counted.hash.h;
            return summary;
        }
        let Some(period) = self.period else {
            let upto = upto.min(self.computed_to()) as usize;
            return Summary::of((0..=upto).map(|heap| self.values.get(heap)), mask, None);
        };
        // The pre-period heaps one by one, then each heap of the period as often as it recurs.
        let value = |heap: u64| self.values.get(heap as usize);
        let (start, p) = (period.preperiod as u64, period.period as u64);
        let mut summary = Summary::of((0..start.min(upto + 1)).map(value), mask, Some(period));
        if upto >= start {
            for offset in 0..p.min(upto - start + 1) {
                let first = start + offset;
                let times = (upto - first) / p + 1;
                summary.count(first, value(first), times);
                summary.last[value(first) as usize] = summary.last[value(first) as usize].max(first + (times - 1) * p);
            }
            // The checksum: the pre-period, whole periods, then the start of one more.
            let hash_of = |heaps: std::ops::Range<u64>| {
                let mut hash = Hash::EMPTY;
                heaps.for_each(|heap| hash.push(value(heap)));
                hash
            };
            let (whole, part) = ((upto + 1 - start) / p, (upto + 1 - start) % p);
            let hash =
                hash_of(0..start).then(hash_of(start..start + p).times(whole)).then(hash_of(start..start + part));
            summary.checksum = hash.h;
        }
        summary.computed_to = upto;
        summary
    }

    /// The value of `heap` (at most the table's, or any with a proven period).
    pub fn value(&self, heap: u64) -> u32 {
        match self.period {
            Some(period) if heap > self.computed_to() => {
                let (start, p) = (period.preperiod as u64, period.period as u64);
                self.values.get((start + (heap - start) % p) as usize)
            }
            _ => {
                assert!(self.values.keeps(heap as usize), "a bounded table no longer keeps heap {heap}");
                self.values.get(heap as usize)
            }
        }
    }

    /// Writes the table to `out`: a line `grundy-checkpoint/1 GAME HEAPS BITS`, the values
    /// ([`Values::write_to`]), and a line with their FNV-1a checksum.
    pub fn write_checkpoint(&self, out: &mut impl Write) -> std::io::Result<()> {
        if self.counted.is_some() {
            return self.write_bounded(out);
        }
        writeln!(out, "{MAGIC} {} {} {}", self.game(), self.values.len(), self.values.bits())?;
        let mut hashing = Hashing { out, hash: FNV_OFFSET };
        self.values.write_to(&mut hashing)?;
        let hash = hashing.hash;
        writeln!(out, "\nchecksum {hash:016x}")
    }

    /// Writes a checkpoint to `path`, streamed (never whole in memory) into a file beside it, which
    /// is synced and renamed once complete, so that a stop while writing leaves the last
    /// checkpoint whole.
    pub fn save(&self, path: &std::path::Path) -> std::io::Result<()> {
        let mut partial = path.as_os_str().to_owned();
        partial.push(".partial");
        let partial = std::path::PathBuf::from(partial);
        let mut out = std::io::BufWriter::new(std::fs::File::create(&partial)?);
        self.write_checkpoint(&mut out)?;
        out.into_inner().map_err(|error| error.into_error())?.sync_all()?;
        std::fs::rename(&partial, path)?;
        // The rename itself is made durable with its directory.
        let directory = path.parent().filter(|dir| !dir.as_os_str().is_empty()).unwrap_or(std::path::Path::new("."));
        std::fs::File::open(directory)?.sync_all()
    }

    /// The table a checkpoint holds, which must be of the octal game `digits`.
    pub fn read_checkpoint(input: &mut impl BufRead, digits: &[u8]) -> Result<LongTable, CheckpointError> {
        let malformed = |what: &str| CheckpointError::Malformed(what.to_string());
        let mut header = String::new();
        input.by_ref().take(200).read_line(&mut header)?;
        let fields: Vec<&str> = header.trim_end().split(' ').collect();
        let Some(version) = fields[0].strip_prefix("grundy-checkpoint/") else {
            return Err(malformed(
                "it is not a grundy checkpoint: its first line does not start with `grundy-checkpoint/`",
            ));
        };
        if version != "1" {
            if fields[0] != MAGIC_BOUNDED {
                return Err(malformed(&format!(
                    "it is a checkpoint of version {version}; this grundy reads versions 1 and 2"
                )));
            }
            return LongTable::read_bounded(&fields, input, digits);
        }
        let [magic, game, heaps, bits] = fields[..] else {
            return Err(malformed("its first line is not `grundy-checkpoint/1 GAME HEAPS BITS`"));
        };
        if magic != MAGIC {
            return Err(malformed(&format!("it does not start with `{MAGIC}`")));
        }
        let wanted = format!("0.{}", code(digits));
        if game != wanted {
            return Err(CheckpointError::OtherGame { found: game.to_string(), wanted });
        }
        let heaps: usize = heaps.parse().map_err(|_| malformed(&format!("heap count `{heaps}` is not a number")))?;
        let bits: u32 = bits.parse().map_err(|_| malformed(&format!("bit count `{bits}` is not a number")))?;
        if !(START + 1..=sparse::LARGEST_HEAP).contains(&heaps) || !(8..=16).contains(&bits) {
            return Err(malformed(&format!("{heaps} heaps of {bits} bits is out of range")));
        }
        let mut hashing = HashingReader { input: &mut *input, hash: FNV_OFFSET };
        let values = Values::read_from(&mut hashing, heaps, bits).map_err(|error| match error.kind() {
            std::io::ErrorKind::UnexpectedEof => malformed(&format!("it ends before the {heaps} heaps it announces")),
            _ => CheckpointError::Io(error),
        })?;
        let hash = hashing.hash;
        let mut trailer = String::new();
        input.take(100).read_to_string(&mut trailer).map_err(|_| malformed("its checksum line is not text"))?;
        let expected = format!("\nchecksum {hash:016x}\n");
        if trailer != expected {
            return Err(malformed("its checksum does not match its values (the file is damaged)"));
        }
        // The values must be those of the game where the definition is cheap.
        let plain = octal::table(digits, START);
        if let Some(heap) = (0..=START).find(|&heap| values.get(heap) != plain[heap]) {
            return Err(malformed(&format!("heap {heap} does not have the game's value")));
        }
        let all = (0..values.len()).map(|heap| values.get(heap));
        let (mask, _) = Sparse::best_mask(all);
        let sparse = Sparse::new(&values, mask);
        let mut table =
            LongTable { digits: digits.to_vec(), values, sparse, period: None, looked_to: 0, counted: None };
        // A period is looked for again where the uninterrupted run would have looked.
        if let Some(&len) = PERIOD_LOOKS.iter().rev().find(|&&l| l <= table.values.len()) {
            table.period = prove_period(&table.values, len, octal::last_digit(digits));
            table.looked_to = len - 1;
            if let Some(period) = table.period {
                let keep = (2 * period.preperiod + 2 * period.period + octal::last_digit(digits)).max(START + 1);
                table.values.truncate(keep.min(table.values.len()));
                table.sparse = Sparse::new(&table.values, mask);
            }
        }
        Ok(table)
    }
}

impl LongTable {
    /// A bounded table's checkpoint: a line `grundy-checkpoint/2 GAME HEAPS BITS FIRST RING`, then
    /// (little-endian) the kept values in 16 bits (the first heaps, then the newest), the mask,
    /// where it was chosen, the rare heaps (64 bits) and their values, the summary so far
    /// (for each value its count, first and last heap; the hash), the period looked for, and a
    /// line with the FNV-1a checksum of it all.
    fn write_bounded(&self, out: &mut impl Write) -> std::io::Result<()> {
        let (Some(counted), Some(ring)) = (&self.counted, self.values.ring()) else {
            unreachable!("a bounded table counts as it goes")
        };
        let len = self.values.len();
        let first = self.values.first();
        writeln!(out, "{MAGIC_BOUNDED} {} {len} {} {first} {ring}", self.game(), self.values.bits())?;
        // Streamed through the hash a block at a time: the file is never whole in memory.
        let mut body = Hashing { out, hash: FNV_OFFSET };
        let mut block = Vec::with_capacity(2 * BLOCK_HEAPS);
        let kept = (0..len.min(first)).chain(len.saturating_sub(ring).max(first)..len);
        for heap in kept {
            block.extend((self.values.get(heap) as u16).to_le_bytes());
            if block.len() == 2 * BLOCK_HEAPS {
                body.write_all(&block)?;
                block.clear();
            }
        }
        body.write_all(&block)?;
        let (rare_heaps, rare_values, chosen_at) = self.sparse.rare_parts();
        body.write_all(&self.sparse.mask().to_le_bytes())?;
        body.write_all(&(chosen_at as u64).to_le_bytes())?;
        body.write_all(&(rare_heaps.len() as u64).to_le_bytes())?;
        rare_heaps.iter().try_for_each(|heap| body.write_all(&heap.to_le_bytes()))?;
        rare_values.iter().try_for_each(|value| body.write_all(&value.to_le_bytes()))?;
        let summary = &counted.summary;
        body.write_all(&(summary.counts.len() as u64).to_le_bytes())?;
        for v in 0..summary.counts.len() {
            [summary.counts[v], summary.first[v], summary.last[v]]
                .iter()
                .try_for_each(|n| body.write_all(&n.to_le_bytes()))?;
        }
        let period = self.period.map_or([0, 0], |p| [p.preperiod as u64 + 1, p.period as u64]);
        [counted.hash.h, counted.hash.power, self.looked_to as u64, period[0], period[1]]
            .iter()
            .try_for_each(|n| body.write_all(&n.to_le_bytes()))?;
        let hash = body.hash;
        writeln!(out, "\nchecksum {hash:016x}")
    }

    /// The bounded table of a checkpoint whose first line is `fields`.
    fn read_bounded(fields: &[&str], input: &mut impl BufRead, digits: &[u8]) -> Result<LongTable, CheckpointError> {
        let malformed = |what: &str| CheckpointError::Malformed(what.to_string());
        let [_, game, heaps, bits, first, ring] = fields[..] else {
            return Err(malformed("its first line is not `grundy-checkpoint/2 GAME HEAPS BITS FIRST RING`"));
        };
        let wanted = format!("0.{}", code(digits));
        if game != wanted {
            return Err(CheckpointError::OtherGame { found: game.to_string(), wanted });
        }
        let number = |field: &str, what: &str| {
            field.parse::<usize>().map_err(|_| malformed(&format!("{what} `{field}` is not a number")))
        };
        let (len, bits) = (number(heaps, "heap count")?, number(bits, "bit count")?);
        let (first, ring) = (number(first, "first heaps")?, number(ring, "ring")?);
        let sizes = (HEAD..=1 << 40).contains(&first) && ring.is_power_of_two() && ring <= 1 << 40;
        if !(START + 1..=sparse::LARGEST_HEAP).contains(&len) || !(8..=16).contains(&bits) || !sizes {
            return Err(malformed(&format!(
                "{len} heaps of {bits} bits, {first} first and a ring of {ring}, is out of range"
            )));
        }
        let cut = || malformed(&format!("it ends before the {len} heaps it announces"));
        // Read as it streams by, through the hash (the file is never whole in memory); the
        // checksum is checked before anything read is trusted.
        let mut body = HashingReader { input: &mut *input, hash: FNV_OFFSET };
        let mut values = Values::bounded(first, ring);
        values.make_room(len, bits as u32);
        let mut block = vec![0u8; 2 * BLOCK_HEAPS];
        let mut kept = (0..len.min(first)).chain(len.saturating_sub(ring).max(first)..len).peekable();
        // A value wider than the table's bits is cut to them, and refused once the checksum holds.
        let (fits, mut wide) = ((1u32 << bits) - 1, false);
        while kept.peek().is_some() {
            let heaps: Vec<usize> = kept.by_ref().take(BLOCK_HEAPS).collect();
            let bytes = &mut block[..2 * heaps.len()];
            body.read_exact(bytes).map_err(|error| match error.kind() {
                std::io::ErrorKind::UnexpectedEof => cut(),
                _ => CheckpointError::Io(error),
            })?;
            for (&heap, pair) in heaps.iter().zip(bytes.chunks_exact(2)) {
                let value = u32::from(u16::from_le_bytes([pair[0], pair[1]]));
                wide |= value > fits;
                values.set(heap, value & fits);
            }
        }
        let damaged = || malformed("its state after the values is cut or out of range");
        let mut reader = Fields { input: &mut body };
        let mask = reader.u32().ok_or_else(damaged)?;
        let chosen_at = reader.u64().ok_or_else(damaged)? as usize;
        let rare = reader.u64().filter(|&rare| rare <= len as u64).ok_or_else(damaged)? as usize;
        let rare_heaps: Vec<u64> = (0..rare).map(|_| reader.u64()).collect::<Option<_>>().ok_or_else(damaged)?;
        let rare_values: Vec<u16> = (0..rare).map(|_| reader.u16()).collect::<Option<_>>().ok_or_else(damaged)?;
        let distinct = reader.u64().filter(|&v| v <= 1 << 16).ok_or_else(damaged)? as usize;
        let mut summary = Summary::empty(mask, None);
        for _ in 0..distinct {
            summary.counts.push(reader.u64().ok_or_else(damaged)?);
            summary.first.push(reader.u64().ok_or_else(damaged)?);
            summary.last.push(reader.u64().ok_or_else(damaged)?);
        }
        let hash = Hash { h: reader.u64().ok_or_else(damaged)?, power: reader.u64().ok_or_else(damaged)? };
        let looked_to = reader.u64().ok_or_else(damaged)? as usize;
        let (preperiod, period) = (reader.u64().ok_or_else(damaged)?, reader.u64().ok_or_else(damaged)?);
        let period = (preperiod > 0).then(|| Period { preperiod: preperiod as usize - 1, period: period as usize });
        let checksum = body.hash;
        let mut trailer = Vec::new();
        input.take(100).read_to_end(&mut trailer)?;
        if trailer != format!("\nchecksum {checksum:016x}\n").as_bytes() {
            return Err(if trailer.starts_with(b"\nchecksum ") {
                malformed("its checksum does not match its values (the file is damaged)")
            } else {
                damaged()
            });
        }
        let plain = octal::table(digits, START);
        if let Some(heap) = (0..=START).find(|&heap| values.get(heap) != plain[heap]) {
            return Err(malformed(&format!("heap {heap} does not have the game's value")));
        }
        if wide || summary.counts.iter().sum::<u64>() != len as u64 {
            return Err(damaged());
        }
        let bound = summary.largest().0;
        let sparse = Sparse::from_rare(mask, rare_heaps, rare_values, len, bound, chosen_at);
        let counted = Counted { summary, hash, heaps: len as u64 };
        Ok(LongTable { digits: digits.to_vec(), values, sparse, period, looked_to, counted: Some(counted) })
    }
}

/// Little-endian numbers read one after another.
struct Fields<'a, R> {
    input: &'a mut R,
}

impl<R: Read> Fields<'_, R> {
    fn take<const N: usize>(&mut self) -> Option<[u8; N]> {
        let mut bytes = [0; N];
        self.input.read_exact(&mut bytes).ok()?;
        Some(bytes)
    }

    fn u16(&mut self) -> Option<u16> {
        self.take().map(u16::from_le_bytes)
    }

    fn u32(&mut self) -> Option<u32> {
        self.take().map(u32::from_le_bytes)
    }

    fn u64(&mut self) -> Option<u64> {
        self.take().map(u64::from_le_bytes)
    }
}

/// The period the first `len` heaps prove by the Guy–Smith theorem ([`octal::prove_period`], read
/// from the compact table).
fn prove_period(values: &Values, len: usize, t: usize) -> Option<Period> {
    (1..len).find_map(|period| {
        let preperiod = (0..len - period).rev().find(|&n| values.get(n + period) != values.get(n)).map_or(0, |n| n + 1);
        (2 * preperiod + 2 * period + t <= len).then_some(Period { preperiod, period })
    })
}

/// The digits after `0.`.
pub fn code(digits: &[u8]) -> String {
    digits.iter().skip(1).map(|d| char::from_digit(u32::from(*d), 16).unwrap_or('?')).collect()
}

/// A writer that hashes what passes.
struct Hashing<'a, W> {
    out: &'a mut W,
    hash: u64,
}

impl<W: Write> Write for Hashing<'_, W> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let written = self.out.write(bytes)?;
        self.hash = fnv_bytes(self.hash, &bytes[..written]);
        Ok(written)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

/// A reader that hashes what passes.
struct HashingReader<'a, R> {
    input: &'a mut R,
    hash: u64,
}

impl<R: Read> Read for HashingReader<'_, R> {
    fn read(&mut self, bytes: &mut [u8]) -> std::io::Result<usize> {
        let read = self.input.read(bytes)?;
        self.hash = fnv_bytes(self.hash, &bytes[..read]);
        Ok(read)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `is_rare` and `rare_heaps` are the definition (#57): a value is rare when `value & mask`
    /// has an even number of ones; the rare heaps are the heaps past 0 with a rare value, counted,
    /// and the last of them. On random masks and random tables (heap 0 of value 0), read off the
    /// values one by one.
    #[test]
    fn rare_values_and_heaps_are_the_definition() {
        let mut next = crate::test_numbers();
        for round in 0..200 {
            let mask = (next() as u32) & [0x3f, 0xff, 0xffff, u32::MAX][round % 4];
            // Heap 0 has value 0, as in every table.
            let values: Vec<u32> = std::iter::once(0).chain((0..next() % 300).map(|_| (next() % 80) as u32)).collect();
            let summary = Summary::of(values.iter().copied(), mask, None);
            let rare = |value: u32| (0..32).filter(|&bit| (value >> bit) & (mask >> bit) & 1 == 1).count() % 2 == 0;
            for value in 0..100 {
                assert_eq!(summary.is_rare(value), rare(value), "value {value}, mask {mask:#x}");
            }
            let heaps: Vec<u64> = (1..values.len()).filter(|&heap| rare(values[heap])).map(|h| h as u64).collect();
            let expected = (heaps.len() as u64, heaps.last().copied().unwrap_or(0));
            assert_eq!(summary.rare_heaps(), expected, "mask {mask:#x}, values {values:?}");
        }
    }

    /// Values equal the definition, and the summary of the long table is the summary of the
    /// definition's table.
    #[test]
    fn long_tables_are_tables_by_definition() {
        for digits in [&[0u8, 6][..], &[0, 1, 4], &[0, 3, 6], &[0, 4, 5, 6]] {
            let plain = octal::table(digits, 10_000);
            let mut table = LongTable::start(digits).unwrap();
            table.extend(10_000, Effort::every_core()).unwrap();
            let values: Vec<u32> = (0..=10_000).map(|heap| table.value(heap)).collect();
            assert!(values == plain, "{digits:?}");
            let summary = table.summary(10_000);
            assert_eq!(summary, Summary::of(plain.iter().copied(), table.rare().1, table.period()), "{digits:?}");
            // The largest value and the last new one, where they first appear, read off the values.
            let largest = *plain.iter().max().unwrap();
            let first = |v: u32| plain.iter().position(|&w| w == v).unwrap() as u64;
            assert_eq!(summary.largest(), (largest, first(largest)), "{digits:?}");
            let newest = (0..=largest).filter(|&v| plain.contains(&v)).max_by_key(|&v| first(v)).unwrap();
            assert_eq!(summary.last_new(), (newest, first(newest)), "{digits:?}");
        }
    }

    /// A game whose period is proven early (Dawson's Kayles, 0.07, period 34) is summed from
    /// its period to any length.
    #[test]
    fn a_proven_period_gives_the_summary_of_any_length() {
        let digits = [0u8, 0, 7];
        let mut table = LongTable::start(&digits).unwrap();
        table.extend(1 << 17, Effort::every_core()).unwrap();
        let Some(period) = table.period() else { panic!("0.07 proves no period") };
        assert_eq!(period.period, 34);
        assert!(table.computed_to() < 1 << 17, "the period stops the table");
        let plain = octal::table(&digits, period.preperiod + 3 * period.period);
        // Within the pre-period, within the first period, and far past it.
        let start = period.preperiod as u64;
        for upto in [start - 3, start, start + 5, start + period.period as u64 + 2, 200_000] {
            let expected = (0..=upto).map(|heap| table.value(heap));
            assert_eq!(table.summary(upto), Summary::of(expected, table.rare().1, Some(period)), "to {upto}");
        }
        assert!((0..plain.len() as u64).all(|heap| table.value(heap) == plain[heap as usize]));
    }

    #[test]
    fn a_checkpoint_resumes_where_it_stopped() {
        let digits = [0u8, 6];
        let mut straight = LongTable::start(&digits).unwrap();
        straight.extend(30_000, Effort::every_core()).unwrap();
        let mut half = LongTable::start(&digits).unwrap();
        half.extend(12_345, Effort::every_core()).unwrap();
        let mut bytes = Vec::new();
        half.write_checkpoint(&mut bytes).unwrap();
        let mut resumed = LongTable::read_checkpoint(&mut bytes.as_slice(), &digits).unwrap();
        assert_eq!(resumed.computed_to(), 12_345);
        resumed.extend(30_000, Effort::every_core()).unwrap();
        assert_eq!(resumed.summary(30_000), straight.summary(30_000));
        // Another game, a damaged byte, a cut file: one line each.
        let other = LongTable::read_checkpoint(&mut bytes.as_slice(), &[0, 1, 4]).unwrap_err();
        assert_eq!(other.to_string(), "it is a checkpoint of 0.6, not of 0.14");
        damaged_and_cut_checkpoints_fail(&bytes, &digits);
        let error = LongTable::read_checkpoint(&mut &b"hello\n"[..], &digits).unwrap_err().to_string();
        assert!(error.contains("is not a grundy checkpoint"), "{error}");
        let error =
            LongTable::read_checkpoint(&mut &b"grundy-checkpoint/1 0.6\n"[..], &digits).unwrap_err().to_string();
        assert!(error.contains("first line is not `grundy-checkpoint/1 GAME HEAPS BITS`"), "{error}");
        // Past the first length a period is looked for at, a resumed table says it looked where
        // the uninterrupted one did.
        let mut past = LongTable::start(&[0, 3, 6]).unwrap();
        past.extend(PERIOD_LOOKS[0] as u64 + 10, Effort::every_core()).unwrap();
        let mut bytes = Vec::new();
        past.write_checkpoint(&mut bytes).unwrap();
        let resumed = LongTable::read_checkpoint(&mut bytes.as_slice(), &[0, 3, 6]).unwrap();
        assert_eq!((resumed.looked_to(), resumed.period()), (past.looked_to(), past.period()));
        assert_eq!(past.looked_to(), PERIOD_LOOKS[0] - 1);
    }

    /// A checkpoint with a damaged byte, and one cut short, are refused in one line each.
    fn damaged_and_cut_checkpoints_fail(bytes: &[u8], digits: &[u8]) {
        let mut damaged = bytes.to_vec();
        damaged[5000] ^= 4;
        let error = LongTable::read_checkpoint(&mut damaged.as_slice(), digits).unwrap_err().to_string();
        assert!(error.contains("checksum does not match"), "{error}");
        let error = LongTable::read_checkpoint(&mut &bytes[..8000], digits).unwrap_err().to_string();
        assert!(error.contains("ends before"), "{error}");
    }

    /// A bounded table (a ring of 2^15 newest heaps, wrapped) has the summary and the newest
    /// values of the whole table, and goes on from its checkpoint, taken past the wrap, to them.
    #[test]
    fn bounded_tables_are_whole_tables_in_bounded_memory() {
        let n = (HEAD + (1 << 15) + 3000) as u64;
        for digits in [&[0u8, 6][..], &[0, 4, 5, 6], &[0, 0, 7]] {
            let mut whole = LongTable::start(digits).unwrap();
            whole.extend(n, Effort::every_core()).unwrap();
            let mut bounded = LongTable::bounded(digits, HEAD, 1 << 15).unwrap();
            assert_eq!(bounded.ring(), Some(1 << 15));
            bounded.extend(n, Effort { threads: 2, deadline: None }).unwrap();
            assert_eq!(bounded.summary(n), whole.summary(n), "{digits:?}");
            assert_eq!(bounded.period(), whole.period(), "{digits:?}");
            // It counted every heap it computed: fewer only where a period gives them.
            assert!(bounded.can_sum_to(n) && whole.can_sum_to(n - 1), "{digits:?}");
            assert_eq!(bounded.can_sum_to(n - 1), bounded.period().is_some(), "{digits:?}");
            assert!(bounded.bytes() < 2 * (HEAD + (1 << 15)), "{digits:?}: {} bytes", bounded.bytes());
            if whole.period().is_none() {
                assert!((n - 100..=n).all(|heap| bounded.value(heap) == whole.value(heap)), "{digits:?}");
            }
        }
        let digits = [0u8, 6];
        let mut half = LongTable::bounded(&digits, HEAD, 1 << 15).unwrap();
        half.extend(n - 1234, Effort { threads: 1, deadline: None }).unwrap();
        let mut bytes = Vec::new();
        half.write_checkpoint(&mut bytes).unwrap();
        assert!(bytes.starts_with(b"grundy-checkpoint/2 0.6 "));
        let mut resumed = LongTable::read_checkpoint(&mut bytes.as_slice(), &digits).unwrap();
        assert_eq!((resumed.computed_to(), resumed.ring()), (n - 1234, Some(1 << 15)));
        resumed.extend(n, Effort { threads: 2, deadline: None }).unwrap();
        let mut whole = LongTable::start(&digits).unwrap();
        whole.extend(n, Effort::every_core()).unwrap();
        assert_eq!(resumed.summary(n), whole.summary(n));
        // A damaged byte, a cut file, a version it does not know: one line each.
        damaged_and_cut_checkpoints_fail(&bytes, &digits);
        let mut later = b"grundy-checkpoint/3".to_vec();
        later.extend(&bytes[19..]);
        let error = LongTable::read_checkpoint(&mut later.as_slice(), &digits).unwrap_err().to_string();
        assert_eq!(error, "it is a checkpoint of version 3; this grundy reads versions 1 and 2");
    }

    /// The bounded table `table` (its ring wrapped, its rare heaps among the first heaps) with
    /// `by` heaps more before its newest ones: the first heaps, the rare heaps and the newest
    /// values are the same, the newest `by` heaps further on (the heaps skipped are counted as
    /// value 2). Not a table of the game, but one the method goes on from as from the game's,
    /// to the same values `by` heaps further on, as long as it reads only what a bounded table
    /// keeps: heaps past 2^32 without computing 2^32 of them.
    fn shifted(table: &LongTable, by: usize) -> LongTable {
        let (ring, len) = (table.ring().unwrap(), table.values.len());
        assert!(len > HEAD + ring, "the ring has wrapped");
        let mut values = Values::bounded(HEAD, ring);
        values.make_room(len + by, table.values.bits());
        (0..HEAD).for_each(|heap| values.set(heap, table.values.get(heap)));
        (len - ring..len).for_each(|heap| values.set(heap + by, table.values.get(heap)));
        let (rare_heaps, rare_values, chosen_at) = table.sparse.rare_parts();
        assert!(rare_heaps.iter().all(|&heap| heap < HEAD as u64));
        let mut counted = table.counted.clone().unwrap();
        counted.summary.counts[2] += by as u64;
        counted.heaps += by as u64;
        let bound = counted.summary.largest().0;
        let sparse = Sparse::from_rare(
            table.sparse.mask(),
            rare_heaps.to_vec(),
            rare_values.to_vec(),
            len + by,
            bound,
            chosen_at,
        );
        LongTable {
            digits: table.digits.clone(),
            values,
            sparse,
            period: None,
            looked_to: table.looked_to,
            counted: Some(counted),
        }
    }

    /// Across 2^32 heaps (a bounded table moved to just below, with a ring of 2^15): the values are those
    /// of the table it was moved from, on one thread or two, and from a checkpoint taken past 2^32.
    #[test]
    fn a_bounded_table_goes_on_past_2_to_the_32_heaps_and_from_its_checkpoint_there() {
        let digits = [0u8, 6];
        let ring = 1 << 15;
        let start = (HEAD + ring + 1000) as u64;
        let mut table = LongTable::bounded(&digits, HEAD, ring).unwrap();
        table.extend(start, Effort { threads: 2, deadline: None }).unwrap();
        let by = (1u64 << 32) - start - 3000;
        let mut unmoved = LongTable::bounded(&digits, HEAD, ring).unwrap();
        unmoved.extend(start + 6000, Effort { threads: 2, deadline: None }).unwrap();
        let mut summaries = Vec::new();
        for threads in [1, 2] {
            let mut moved = shifted(&table, by as usize);
            assert_eq!(moved.computed_to(), start + by);
            moved.extend(start + by + 6000, Effort { threads, deadline: None }).unwrap();
            assert!((start + 1..=start + 6000).all(|heap| moved.value(heap + by) == unmoved.value(heap)), "{threads}");
            summaries.push(moved.summary(start + by + 6000));
        }
        let mut half = shifted(&table, by as usize);
        half.extend((1 << 32) + 1000, Effort { threads: 2, deadline: None }).unwrap();
        let mut bytes = Vec::new();
        half.write_checkpoint(&mut bytes).unwrap();
        let header = String::from_utf8_lossy(&bytes[..60]).to_string();
        assert!(header.starts_with(&format!("grundy-checkpoint/2 0.6 {} ", (1u64 << 32) + 1001)), "{header}");
        let mut resumed = LongTable::read_checkpoint(&mut bytes.as_slice(), &digits).unwrap();
        resumed.extend(start + by + 6000, Effort { threads: 2, deadline: None }).unwrap();
        summaries.push(resumed.summary(start + by + 6000));
        assert!(summaries.iter().all(|summary| *summary == summaries[0]));
        assert_eq!(summaries[0].computed_to, (1 << 32) + 3000);
    }

    #[test]
    fn hashes_of_parts_and_repeats_are_hashes_of_the_whole() {
        let values: Vec<u32> = (0..100u32).map(|v| v * v % 37).collect();
        let hash = |values: &[u32]| {
            let mut hash = Hash::EMPTY;
            values.iter().for_each(|&v| hash.push(v));
            hash
        };
        assert_eq!(hash(&values[..30]).then(hash(&values[30..])), hash(&values));
        let repeated: Vec<u32> = values[..7].iter().copied().cycle().take(7 * 13).collect();
        assert_eq!(hash(&values[..7]).times(13), hash(&repeated));
        assert_eq!(hash(&values[..7]).times(0), Hash::EMPTY);
    }

    #[test]
    fn games_without_a_sparse_space_are_refused() {
        assert!(LongTable::start(&[0, 0, 0, 8]).is_err());
        assert!(LongTable::start(&[0, 3, 3]).is_err(), "0.33 never splits a heap");
    }
}
