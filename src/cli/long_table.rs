//! `grundy table CODE --upto N --summary`: long tables of octal games, read as a summary, with
//! progress on a terminal, a time budget, and checkpoints to go on from.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context;
use grundy_fast::Unsupported;
use grundy_fast::long_table::{LongTable, Summary};
use grundy_fast::sparse::Effort;
use serde_json::json;

/// What `--summary` was asked.
pub struct Request<'a> {
    pub game: &'a str,
    pub digits: &'a [u8],
    pub upto: u64,
    pub json: bool,
    pub seconds: f64,
    pub checkpoint: Option<&'a Path>,
    /// Where to write every value as it is computed.
    pub values: Option<&'a Path>,
    pub every: f64,
    pub resume: Option<&'a Path>,
    /// The memory budget (`--max-memory`).
    pub max_bytes: usize,
    /// Worker threads.
    pub threads: usize,
    /// Every heap kept (`--whole-table`), not only those the method reads.
    pub whole: bool,
    /// A bounded table's first heaps kept, and its ring of newest heaps.
    pub first: usize,
    pub ring: usize,
}

/// The first segment's heaps; later ones are sized to take about [`SEGMENT`].
const FIRST_SEGMENT: u64 = 1 << 16;

/// About how long a segment takes: the budget, progress and checkpoints are looked at between.
const SEGMENT: Duration = Duration::from_secs(1);

pub fn run(request: Request) -> anyhow::Result<ExitCode> {
    let started = Instant::now();
    let deadline = started + Duration::from_secs_f64(request.seconds);
    let mut table = match request.resume {
        Some(path) => {
            let file = std::fs::File::open(path).with_context(|| format!("opening checkpoint {}", path.display()))?;
            LongTable::read_checkpoint(&mut std::io::BufReader::new(file), request.digits)
                .map_err(|error| anyhow::anyhow!("checkpoint {}: {error}", path.display()))?
        }
        None if request.whole => LongTable::start(request.digits)?,
        None => LongTable::bounded(request.digits, request.first, request.ring)?,
    };
    if let (Some(path), false) = (request.resume, table.can_sum_to(request.upto)) {
        anyhow::bail!(
            "checkpoint {} holds heaps to {}, past --upto {}: its table counted them all and no longer keeps them \
             to count fewer; resume with --upto {} or more, or start afresh",
            path.display(),
            table.computed_to(),
            request.upto,
            table.computed_to()
        );
    }
    // A byte a heap, and a bit for each bit past eight the values take so far (a bounded table,
    // for the heaps it keeps).
    let per_heap = table.bytes() as f64 / (table.computed_to() + 1) as f64;
    let kept = table.ring().map_or(request.upto + 1, |ring| (request.upto + 1).min((table.first_kept() + ring) as u64));
    let needed = (per_heap * kept as f64) as u64;
    let budget = request.max_bytes as u64;
    if table.period().is_none() && needed > budget {
        anyhow::bail!(
            "a table of {} heaps takes about {} and --max-memory allows {}",
            request.upto + 1,
            grundy_oracle::engine::human_bytes(needed as usize),
            grundy_oracle::engine::human_bytes(budget as usize)
        );
    }
    table.reserve(request.upto);
    let from = table.computed_to();
    let mut values = match request.values {
        Some(path) => Some(ValuesFile::create(path)?),
        None => None,
    };
    let progress = Progress::new(request.upto, from);
    let (mut segment, mut saved) = (FIRST_SEGMENT, Instant::now());
    // The workers stop at the deadline themselves, with every heap before it kept.
    let effort = Effort { threads: request.threads, deadline: Some(deadline) };
    while table.computed_to() < request.upto && table.period().is_none() {
        let (before, began) = (table.computed_to(), Instant::now());
        // A bounded table's values are written before its ring passes them.
        let extended = table.extend(request.upto.min(before + segment.min(table.longest_step())), effort);
        if let Some(values) = &mut values {
            values.write_to(&table, table.computed_to())?;
        }
        match extended {
            Ok(()) => {}
            Err(Unsupported::OutOfTime { .. }) => {
                drop(progress);
                let kept = match request.checkpoint {
                    Some(path) => {
                        save(&table, path)?;
                        format!(
                            "; checkpoint {} holds it: --resume {} goes on from there",
                            path.display(),
                            grundy::shell_quote(&path.display().to_string())
                        )
                    }
                    None => " (--checkpoint FILE keeps a run to go on from)".to_string(),
                };
                anyhow::bail!(
                    "the time budget ran out at heap {} of {} after {:.0} s{kept}; give it more with --time",
                    table.computed_to(),
                    request.upto,
                    started.elapsed().as_secs_f64()
                );
            }
            // A bounded table past its reach: no theorem is missing, the kept heaps are.
            Err(Unsupported::NoTheory(reason)) if table.ring().is_some() => {
                anyhow::bail!(
                    "{reason} (the table kept its first and newest heaps only: --whole-table keeps every heap)"
                )
            }
            Err(other) if table.ring().is_some() => {
                anyhow::bail!(
                    "{other} (the table kept its first and newest heaps only: --whole-table keeps every heap)"
                )
            }
            Err(other) => return Err(other.into()),
        }
        let took = began.elapsed();
        progress.show(table.computed_to(), started, from);
        // The next segment takes about SEGMENT at this rate.
        let rate = (table.computed_to() - before) as f64 / took.as_secs_f64().max(1e-3);
        segment = ((rate * SEGMENT.as_secs_f64()) as u64).clamp(1 << 12, 1 << 26);
        if let Some(path) = request.checkpoint
            && saved.elapsed().as_secs_f64() >= request.every
        {
            save(&table, path)?;
            saved = Instant::now();
        }
    }
    drop(progress);
    if let Some(values) = &mut values {
        // A proven period gives the rest.
        values.write_to(&table, request.upto)?;
    }
    if let Some(path) = request.checkpoint {
        save(&table, path)?;
    }
    let summary = table.summary(request.upto);
    let text = if request.json { json_text(&request, &table, &summary)? } else { text(&request, &table, &summary) };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    out.write_all(text.as_bytes()).context("writing standard output")?;
    out.flush().context("writing standard output")?;
    Ok(ExitCode::SUCCESS)
}

/// `--values FILE`: every value, one a line from heap 0, written as the table grows.
struct ValuesFile<'a> {
    path: &'a Path,
    out: std::io::BufWriter<std::fs::File>,
    /// The next heap to write.
    next: u64,
}

impl<'a> ValuesFile<'a> {
    fn create(path: &'a Path) -> anyhow::Result<ValuesFile<'a>> {
        let file = std::fs::File::create(path).with_context(|| format!("writing {}", path.display()))?;
        Ok(ValuesFile { path, out: std::io::BufWriter::with_capacity(1 << 20, file), next: 0 })
    }

    /// Writes the values of the heaps from the next one to `upto`.
    fn write_to(&mut self, table: &LongTable, upto: u64) -> anyhow::Result<()> {
        let mut line = itoa_line::Line::default();
        for heap in self.next..=upto {
            self.out
                .write_all(line.of(table.value(heap)))
                .with_context(|| format!("writing {}", self.path.display()))?;
        }
        self.next = self.next.max(upto + 1);
        self.out.flush().with_context(|| format!("writing {}", self.path.display()))
    }
}

/// A value and a newline, as bytes, without a formatter.
mod itoa_line {
    #[derive(Default)]
    pub struct Line([u8; 12]);

    impl Line {
        pub fn of(&mut self, mut value: u32) -> &[u8] {
            let mut at = self.0.len() - 1;
            self.0[at] = b'\n';
            loop {
                at -= 1;
                self.0[at] = b'0' + (value % 10) as u8;
                value /= 10;
                if value == 0 {
                    return &self.0[at..];
                }
            }
        }
    }
}

fn save(table: &LongTable, path: &Path) -> anyhow::Result<()> {
    // The watchdog of --time lets a save under way finish: cutting it would lose the work since
    // the last checkpoint.
    super::saving(|| table.save(path)).with_context(|| format!("writing checkpoint {}", path.display()))
}

/// Progress on stderr while a terminal shows it.
struct Progress(Option<indicatif::ProgressBar>);

impl Progress {
    fn new(upto: u64, from: u64) -> Progress {
        use std::io::IsTerminal;
        if !std::io::stderr().is_terminal() {
            return Progress(None);
        }
        let bar = indicatif::ProgressBar::new(upto);
        if let Ok(style) = indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} heaps {msg} (eta {eta})") {
            bar.set_style(style);
        }
        bar.set_position(from);
        Progress(Some(bar))
    }

    fn show(&self, heap: u64, started: Instant, from: u64) {
        if let Some(bar) = &self.0 {
            let rate = (heap - from) as f64 / started.elapsed().as_secs_f64().max(1e-3);
            bar.set_message(format!("{:.0}k heaps/s", rate / 1e3));
            bar.set_position(heap);
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}

fn period_text(table: &LongTable) -> String {
    match table.period() {
        Some(p) => format!(
            "pre-period {}, period {} (proven by the Guy–Smith theorem from the first {} heaps; later heaps follow it)",
            p.preperiod,
            p.period,
            table.computed_to() + 1
        ),
        None => format!("none proven (looked for in heaps 0..={})", table.looked_to()),
    }
}

fn text(request: &Request, table: &LongTable, summary: &Summary) -> String {
    let (rare_heaps, last_rare) = summary.rare_heaps();
    let (largest, largest_at) = summary.largest();
    let (newest, newest_at) = summary.last_new();
    let mut out = format!(
        "game: {} (normal play)\ncomputed to: {}\nvalue of heap {}: {}\nperiod: {}\nlargest value: {largest}, first at heap {largest_at}\n\
         last new value: {newest}, first at heap {newest_at}\n\
         rare values (popcount(value & {}) even; the sparse-space mask): {rare_heaps} heaps, the last at heap {last_rare}\n\
         checksum: {:016x} (h = h·0x100000001b3 + value + 1 mod 2^64 over every value from heap 0)\n\
         values (value: heaps with it, first heap, last heap):\n",
        request.game,
        summary.computed_to,
        summary.computed_to,
        table.value(summary.computed_to),
        period_text(table),
        summary.mask,
        summary.checksum
    );
    for v in (0..summary.counts.len()).filter(|&v| summary.counts[v] > 0) {
        let rare = if summary.is_rare(v as u32) { "  rare" } else { "" };
        out.push_str(&format!(
            "{v:>8}: {:>12} {:>12} {:>12}{rare}\n",
            summary.counts[v], summary.first[v], summary.last[v]
        ));
    }
    out
}

fn json_text(request: &Request, table: &LongTable, summary: &Summary) -> anyhow::Result<String> {
    let (rare_heaps, last_rare) = summary.rare_heaps();
    let (largest, largest_at) = summary.largest();
    let (newest, newest_at) = summary.last_new();
    let values: Vec<serde_json::Value> = (0..summary.counts.len())
        .filter(|&v| summary.counts[v] > 0)
        .map(|v| {
            json!({"value": v, "heaps": summary.counts[v], "first": summary.first[v], "last": summary.last[v],
                   "rare": summary.is_rare(v as u32)})
        })
        .collect();
    let period = table.period().map(|p| json!({"preperiod": p.preperiod, "period": p.period}));
    let document = json!({
        "game": request.game,
        "play": "normal",
        "computed_to": summary.computed_to,
        "last_value": table.value(summary.computed_to),
        "period": period,
        "looked_for_period_to": table.looked_to(),
        "largest": {"value": largest, "first": largest_at},
        "last_new": {"value": newest, "first": newest_at},
        "mask": summary.mask,
        "rare_heaps": rare_heaps,
        "last_rare_heap": last_rare,
        "checksum": format!("{:016x}", summary.checksum),
        "values": values,
    });
    Ok(serde_json::to_string(&document)? + "\n")
}
