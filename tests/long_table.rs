//! Long tables read as summaries (`grundy table CODE --upto N --summary`): the summary is the
//! summary of the full table, a run stopped midway goes on from its checkpoint to the same
//! table, and wrong checkpoints are refused in one line. Runs to 10^6 are opt-in
//! (`GRUNDY_LONG=1`).

use std::path::PathBuf;
use std::process::{Command, Output};

use serde_json::Value;

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("the binary runs")
}

fn text(output: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}

fn json(output: &Output) -> Value {
    assert!(output.status.success(), "{}", text(output));
    serde_json::from_slice(&output.stdout).expect("JSON on stdout")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-long-tables-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// The summary, counted here from every value `grundy table` prints.
fn counted(game: &str, upto: u64) -> (Vec<u64>, Vec<u64>, Vec<u64>, String) {
    let table = json(&grundy(&["table", game, "--upto", &upto.to_string(), "--json", "--time", "600"]));
    let values: Vec<u64> = table["values"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
    assert_eq!(values.len() as u64, upto + 1);
    let largest = *values.iter().max().unwrap() as usize;
    let (mut counts, mut first, mut last) = (vec![0u64; largest + 1], vec![0u64; largest + 1], vec![0u64; largest + 1]);
    // The summary's checksum: h = h·MUL + value + 1 modulo 2^64, from 0.
    let mut hash: u64 = 0;
    for (heap, &value) in values.iter().enumerate() {
        let v = value as usize;
        if counts[v] == 0 {
            first[v] = heap as u64;
        }
        counts[v] += 1;
        last[v] = heap as u64;
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3).wrapping_add(value + 1);
    }
    (counts, first, last, format!("{hash:016x}"))
}

fn agree(game: &str, upto: u64) {
    let summary = json(&grundy(&["table", game, "--upto", &upto.to_string(), "--summary", "--json", "--time", "600"]));
    let (counts, first, last, checksum) = counted(game, upto);
    assert_eq!(summary["checksum"], checksum, "{game}");
    assert_eq!(summary["computed_to"], upto);
    let rows = summary["values"].as_array().unwrap();
    assert_eq!(rows.len(), counts.iter().filter(|&&c| c > 0).count(), "{game}");
    for row in rows {
        let v = row["value"].as_u64().unwrap() as usize;
        assert_eq!(
            (row["heaps"].as_u64(), row["first"].as_u64(), row["last"].as_u64()),
            (Some(counts[v]), Some(first[v]), Some(last[v])),
            "{game}: value {v}"
        );
    }
    let largest = counts.len() - 1;
    assert_eq!(summary["largest"], serde_json::json!({"value": largest, "first": first[largest]}), "{game}");
}

#[test]
fn a_summary_is_the_summary_of_the_printed_table() {
    for game in ["octal:0.6", "octal:0.14", "octal:0.36"] {
        agree(game, 60_000);
    }
}

/// Any number of threads gives the same summary, more threads than cores too; a number of
/// threads that is none is one line, exit 2.
#[test]
fn a_summary_is_the_same_on_any_number_of_threads() {
    let summary = |threads: &str| {
        json(&grundy(&[
            "table",
            "octal:0.6",
            "--upto",
            "80000",
            "--summary",
            "--json",
            "--time",
            "600",
            "--threads",
            threads,
        ]))
    };
    let one = summary("1");
    for threads in ["2", "3", "8"] {
        assert_eq!(summary(threads), one, "{threads} threads");
    }
    for threads in ["0", "x", "100000"] {
        let output = grundy(&["table", "octal:0.6", "--upto", "1000", "--summary", "--threads", threads]);
        assert_eq!(output.status.code(), Some(2), "{threads}: {}", text(&output));
        assert!(text(&output).contains("--threads takes"), "{}", text(&output));
        assert_eq!(text(&output).trim_end().lines().count(), 1, "{}", text(&output));
    }
}

/// `--values FILE` writes every value, one a line, as `table --json` prints them: from a table
/// computed to the end, and from one a proven period ends early (0.07, period 34).
#[test]
fn values_are_written_as_the_table_prints_them() {
    for (game, upto) in [("octal:0.6", 70_000u64), ("octal:0.07", 3000)] {
        let path = scratch(&format!("values-{}.txt", &game[6..]));
        let upto_text = upto.to_string();
        let output = grundy(&[
            "table",
            game,
            "--upto",
            &upto_text,
            "--summary",
            "--time",
            "600",
            "--values",
            path.to_str().unwrap(),
        ]);
        assert!(output.status.success(), "{}", text(&output));
        let table = json(&grundy(&["table", game, "--upto", &upto_text, "--json", "--time", "600"]));
        let expected: Vec<String> = table["values"].as_array().unwrap().iter().map(|v| v.to_string()).collect();
        let written = std::fs::read_to_string(&path).unwrap();
        assert_eq!(written.lines().collect::<Vec<_>>(), expected, "{game}");
    }
    let output = grundy(&["table", "octal:0.6", "--upto", "100", "--summary", "--values", "/nonexistent/v.txt"]);
    assert_eq!(output.status.code(), Some(2), "{}", text(&output));
    assert_eq!(text(&output).trim_end().lines().count(), 1, "{}", text(&output));
}

/// To 10^6, with Officers' published G(10^6) = 180 (opt-in: `GRUNDY_LONG=1`).
#[test]
fn a_summary_to_a_million_is_the_summary_of_the_printed_table() {
    if std::env::var_os("GRUNDY_LONG").is_none() {
        eprintln!("skipped: set GRUNDY_LONG=1 to run the summaries to 10^6");
        return;
    }
    for game in ["octal:0.6", "octal:0.14", "octal:0.36"] {
        agree(game, 1_000_000);
    }
    let summary = json(&grundy(&["table", "octal:0.6", "--upto", "1000000", "--summary", "--json", "--time", "600"]));
    assert_eq!(summary["last_value"], 180);
}

#[test]
fn a_stopped_run_goes_on_from_its_checkpoint_to_the_same_table() {
    let path = scratch("officers.ckpt");
    let path_text = path.to_str().unwrap();
    let upto = "250000";
    // A budget far too short stops the run at once, writing the checkpoint.
    let stopped =
        grundy(&["table", "octal:0.6", "--upto", upto, "--summary", "--time", "0.02", "--checkpoint", path_text]);
    assert_eq!(stopped.status.code(), Some(2), "{}", text(&stopped));
    let line = String::from_utf8_lossy(&stopped.stderr).to_string();
    assert_eq!(line.trim_end().lines().count(), 1, "{line}");
    assert!(line.contains("time budget ran out at heap") && line.contains("--resume"), "{line}");
    let resumed = json(&grundy(&[
        "table",
        "octal:0.6",
        "--upto",
        upto,
        "--summary",
        "--json",
        "--time",
        "600",
        "--resume",
        path_text,
    ]));
    let straight = json(&grundy(&["table", "octal:0.6", "--upto", upto, "--summary", "--json", "--time", "600"]));
    assert_eq!(resumed, straight);
    // Another game's checkpoint, a damaged one, one of a later version, and no file: one line
    // naming what is wrong each, exit 2.
    let refused = |code: &str, checkpoint: &str, says: &str| {
        let output = grundy(&["table", code, "--upto", upto, "--summary", "--resume", checkpoint]);
        assert_eq!(output.status.code(), Some(2), "{}", text(&output));
        assert!(text(&output).contains(says), "{}", text(&output));
        assert_eq!(text(&output).trim_end().lines().count(), 1, "{}", text(&output));
    };
    refused("octal:0.14", path_text, "is a checkpoint of 0.6, not of 0.14");
    let altered = |name: &str, alter: &dyn Fn(&mut Vec<u8>)| {
        let mut bytes = std::fs::read(&path).unwrap();
        alter(&mut bytes);
        let altered = scratch(name);
        std::fs::write(&altered, &bytes).unwrap();
        altered.to_str().unwrap().to_string()
    };
    refused(
        "octal:0.6",
        &altered("damaged.ckpt", &|bytes| {
            let middle = bytes.len() / 2;
            bytes[middle] ^= 1
        }),
        "checksum does not match",
    );
    refused("octal:0.6", "/nonexistent/x.ckpt", "/nonexistent/x.ckpt");
    // A checkpoint of a version this grundy does not know names it.
    refused(
        "octal:0.6",
        &altered("later.ckpt", &|bytes| bytes[18] = b'7'),
        "version 7; this grundy reads versions 1 and 2",
    );
}

/// A whole table (`--whole-table`) writes checkpoints of version 1, as before the bounded tables
/// came: they still go on, to the summary a bounded run gives.
#[test]
fn a_whole_table_checkpoint_goes_on_to_the_bounded_summary() {
    let path = scratch("officers-whole.ckpt");
    let path_text = path.to_str().unwrap();
    let upto = "120000";
    let first = ["table", "octal:0.6", "--upto", "70000", "--summary", "--whole-table", "--checkpoint", path_text];
    assert!(grundy(&first).status.success());
    assert!(std::fs::read(&path).unwrap().starts_with(b"grundy-checkpoint/1 0.6 "));
    let summary = |extra: &[&str]| {
        let mut args = vec!["table", "octal:0.6", "--upto", upto, "--summary", "--json", "--time", "600"];
        args.extend(extra);
        json(&grundy(&args))
    };
    assert_eq!(summary(&["--resume", path_text]), summary(&[]));
    assert_eq!(summary(&["--whole-table"]), summary(&[]));
}

/// A bounded table's checkpoint, written and read a block at a time, taken after its ring has
/// wrapped (a small table kept by the hidden `--first-heaps` and `--ring`, over several blocks
/// and a part of one), goes on to the summary of the whole table.
#[test]
fn a_wrapped_bounded_checkpoint_goes_on_to_the_summary_of_the_whole_table() {
    let path = scratch("officers-wrapped.ckpt");
    let path_text = path.to_str().unwrap();
    let small = ["--first-heaps", "70000", "--ring", "65536"];
    let mut first = vec!["table", "octal:0.6", "--upto", "150000", "--summary", "--checkpoint", path_text];
    first.extend(small);
    let output = grundy(&first);
    assert!(output.status.success(), "{}", text(&output));
    assert!(std::fs::read(&path).unwrap().starts_with(b"grundy-checkpoint/2 0.6 150001 9 70000 65536\n"));
    let summary = |extra: &[&str]| {
        let mut args = vec!["table", "octal:0.6", "--upto", "200000", "--summary", "--json", "--time", "600"];
        args.extend(extra);
        json(&grundy(&args))
    };
    assert_eq!(summary(&["--resume", path_text]), summary(&["--whole-table"]));
    // It counted all its 150,001 heaps and no longer holds them to count fewer: one line, exit 2.
    let fewer = grundy(&["table", "octal:0.6", "--upto", "100000", "--summary", "--resume", path_text]);
    assert_eq!(fewer.status.code(), Some(2), "{}", text(&fewer));
    assert!(text(&fewer).contains("holds heaps to 150000, past --upto 100000"), "{}", text(&fewer));
    assert_eq!(text(&fewer).trim_end().lines().count(), 1, "{}", text(&fewer));
}

/// A bounded table that no longer keeps a heap the method reads (Officers' rare heaps reach
/// 20,627 heaps back; here a ring of 4096 kept by the hidden `--ring`) stops there in one line,
/// exit 2, saying that `--whole-table` keeps every heap.
#[test]
fn a_bounded_table_that_no_longer_keeps_what_it_reads_stops_in_one_line() {
    let args = ["table", "octal:0.6", "--upto", "200000", "--summary", "--first-heaps", "65536", "--ring", "4096"];
    let output = grundy(&args);
    assert_eq!(output.status.code(), Some(2), "{}", text(&output));
    assert!(output.stdout.is_empty(), "{}", text(&output));
    let line = String::from_utf8_lossy(&output.stderr).to_string();
    assert_eq!(line.trim_end().lines().count(), 1, "{line}");
    assert!(line.contains("needs the whole table") && line.contains("--whole-table keeps every heap"), "{line}");
    assert!(!line.contains("no theorem"), "a bounded table's reach is no missing theorem: {line}");
    // Sizes the bounded table cannot take: one line each, exit 2.
    for (flag, heaps) in [("--ring", "5000"), ("--ring", "1024"), ("--first-heaps", "1000")] {
        let output = grundy(&["table", "octal:0.6", "--upto", "1000", "--summary", flag, heaps]);
        assert_eq!(output.status.code(), Some(2), "{flag} {heaps}: {}", text(&output));
        assert!(text(&output).contains(flag), "{flag} {heaps}: {}", text(&output));
        assert_eq!(text(&output).trim_end().lines().count(), 1, "{flag} {heaps}: {}", text(&output));
    }
}

#[test]
fn summaries_are_for_octal_games_in_normal_play() {
    for args in [
        &["table", "sub:1,2", "--upto", "100", "--summary"][..],
        &["table", "octal:0.6", "--upto", "100", "--summary", "--misere"],
        &["table", "octal:0.6", "--upto", "100000000000", "--summary", "--max-memory", "1M"],
    ] {
        let output = grundy(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {}", text(&output));
        assert_eq!(text(&output).trim_end().lines().count(), 1, "{args:?}: {}", text(&output));
    }
    // A proven period gives the summary of any length at once (0.07, period 34).
    let summary = json(&grundy(&["table", "octal:0.07", "--upto", "1000000000", "--summary", "--json"]));
    assert_eq!(summary["period"]["period"], 34);
    assert_eq!(summary["computed_to"], 1_000_000_000u64);
}

/// `bench --octal` says when ogsolve is not on the PATH, and with an ogsolve on the PATH (here a
/// stand-in script that prints what ogsolve prints) gives the ratio of their times, ogsolve's CPU
/// time its own, and says so when the two disagree on the last heap.
#[test]
fn bench_times_ogsolve_side_by_side_where_it_is_on_the_path() {
    let bench = |path: &str, value: u32| {
        let dir = scratch(&format!("path-{value}"));
        std::fs::create_dir_all(&dir).unwrap();
        if value > 0 {
            let script = dir.join("ogsolve");
            // ogsolve 0.6 -m rc2 -n N prints, among other lines, `nimber of N: V ...`.
            let text = format!(
                "#!/bin/sh\necho \"Solving $1 with $3:\"\necho \" nimber of $5: {value}  losing positions: 0.00%\"\n"
            );
            std::fs::write(&script, text).unwrap();
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
        let path = format!("{}:{path}", dir.display());
        let output = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(["bench", "--octal", "0.6", "--upto", "20000"])
            .env("PATH", path)
            .output()
            .unwrap();
        assert!(output.status.success(), "{}", text(&output));
        text(&output)
    };
    // G(20000) of Officers, by the definition the unit tests check the table against.
    let expected = {
        let summary = json(&grundy(&["table", "octal:0.6", "--upto", "20000", "--summary", "--json"]));
        summary["last_value"].as_u64().unwrap() as u32
    };
    let absent = bench("/nonexistent", 0);
    assert!(absent.contains("ogsolve is not on the PATH"), "{absent}");
    let agreeing = bench("/nonexistent", expected);
    assert!(
        agreeing.contains("× ogsolve's speed by wall time (ogsolve ") && !agreeing.contains("disagree"),
        "{agreeing}"
    );
    // ogsolve's own CPU time is measured (the system's account of the child), not its wall time.
    assert!(agreeing.lines().any(|line| line.contains("ogsolve") && line.contains(" s CPU; G(20000)")), "{agreeing}");
    let disagreeing = bench("/nonexistent", expected + 1);
    assert!(disagreeing.contains("the two disagree on G(20000)"), "{disagreeing}");
}
