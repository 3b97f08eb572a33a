//! Certificates of proven periods (`grundy table --period --certificate`) and their checker,
//! `scripts/check-certificate`, which shares no code with grundy: right ones pass, tampered ones
//! are rejected naming what is wrong.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("the binary runs")
}

fn check(path: &Path) -> Output {
    check_with(&[], path)
}

fn check_with(options: &[&str], path: &Path) -> Output {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/check-certificate");
    // A checker that cannot run is a failure, not a pass.
    Command::new(script).args(options).arg(path).output().expect("scripts/check-certificate runs (python3 on the PATH)")
}

fn text(output: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-certificates-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Writes the certificate of `game`'s period; its JSON.
fn certify(game: &str, file: &str) -> (PathBuf, serde_json::Value) {
    let path = scratch(file);
    let output = grundy(&["table", game, "--period", "--certificate", path.to_str().unwrap()]);
    assert!(output.status.success(), "{game}: {}", text(&output));
    assert!(text(&output).contains("certificate: "), "{}", text(&output));
    let document = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    (path, document)
}

fn rejected(path: &Path, document: &serde_json::Value, expected: &str) {
    std::fs::write(path, document.to_string()).unwrap();
    let output = check(path);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output));
    assert!(text(&output).contains(expected), "{}", text(&output));
}

#[test]
fn certificates_of_known_periods_are_accepted() {
    for (game, preperiod, period) in [
        ("octal:0.07", 53, 34),
        ("octal:0.77", 71, 12),
        ("octal:0.137", 52, 34),
        ("sub:2,3,7", 0, 5),
        ("sub:1,2,3", 0, 4),
        ("octal:4.7", 0, 0),
    ] {
        let (path, document) = certify(game, &format!("{}.json", game.replace([':', ',', '.'], "_")));
        if period > 0 {
            assert_eq!((document["preperiod"].as_u64(), document["period"].as_u64()), (Some(preperiod), Some(period)));
        }
        let output = check(&path);
        assert!(output.status.success(), "{game}: {}", text(&output));
        assert!(text(&output).contains("proven"), "{}", text(&output));
    }
}

#[test]
fn a_tampered_certificate_is_rejected_naming_what_is_wrong() {
    let (path, original) = certify("octal:0.07", "dawson.json");
    // One value changed: the heap is named.
    let mut document = original.clone();
    let v = document["values"][100].as_u64().unwrap();
    document["values"][100] = (v + 1).into();
    rejected(&path, &document, "heap 100: the certificate says");
    // The certificate with one field replaced.
    let with = |field: &str, value: serde_json::Value| {
        let mut document = original.clone();
        document[field] = value;
        document
    };
    // The period changed (values recomputed would not be periodic, and there are too few).
    rejected(&path, &with("period", 33.into()), "not periodic");
    rejected(&path, &with("period", 68.into()), "the theorem needs");
    // The pre-period moved either way.
    rejected(&path, &with("preperiod", 52.into()), "not periodic");
    // A later pre-period holds too (so the claim is not the one proven), given the values it needs.
    let mut document = with("preperiod", 54.into());
    let mut dawson =
        grundy_definition::Definition::new(&"octal:0.07".parse().unwrap(), grundy_rules::Play::Normal).unwrap();
    dawson.extend_to(177, None).unwrap();
    document["values"] = dawson.values().into();
    rejected(&path, &document, "the pre-period is not 54");
    // Another game under the same values.
    rejected(&path, &with("code", "0.17".into()), "the certificate says");
    // t that does not match the code.
    rejected(&path, &with("t", 1.into()), "last non-zero digit");
    // Values cut short.
    let mut document = original.clone();
    document["values"].as_array_mut().unwrap().truncate(150);
    rejected(&path, &document, "the theorem needs");
}

#[test]
fn a_tampered_value_at_a_late_heap_is_rejected_naming_that_heap() {
    // 0.156 has a sparse space (15 of its 7659 heaps are rare), so the checker settles most heaps
    // from a few splits instead of all of them: a wrong value must still be caught wherever it is,
    // larger or smaller than the right one, common or rare, as when every option is computed.
    let (path, original) = certify("octal:0.156", "0156.json");
    let output = check(&path);
    assert!(output.status.success() && text(&output).contains("proven"), "{}", text(&output));
    let last = original["values"].as_array().unwrap().len() - 1;
    for heap in [5000, last] {
        let right = original["values"][heap].as_u64().unwrap();
        for claim in [right + 1, right - 1, 0, 1, 31] {
            if claim == right {
                continue;
            }
            let mut document = original.clone();
            document["values"][heap] = claim.into();
            let expected = format!("heap {heap}: the certificate says {claim}, the definition gives {right}");
            rejected(&path, &document, &expected);
            if heap == 5000 && claim == right + 1 {
                let slow = check_with(&["--slow"], &path);
                assert_eq!((slow.status.code(), text(&slow)), (Some(1), text(&check(&path))));
            }
        }
    }
}

#[test]
fn a_file_that_is_no_certificate_is_one_line_exit_2() {
    let path = scratch("broken.json");
    for (content, expected) in [
        ("{", "not JSON"),
        ("[1, 2]", "JSON object"),
        (r#"{"format": "other"}"#, "format"),
        (r#"{"format": "grundy-certificate/1", "code": "0.07"}"#, "missing"),
        (
            r#"{"format": "grundy-certificate/1", "code": "0.9", "play": "normal", "theorem": "guy-smith", "t": 1, "preperiod": 0, "period": 1, "values": []}"#,
            "digits 0-7",
        ),
    ] {
        std::fs::write(&path, content).unwrap();
        let output = check(&path);
        assert_eq!(output.status.code(), Some(2), "{content}: {}", text(&output));
        assert_eq!(String::from_utf8_lossy(&output.stderr).lines().count(), 1, "{}", text(&output));
        assert!(text(&output).contains(expected), "{content}: {}", text(&output));
    }
}

#[test]
fn games_without_a_certifiable_period_are_refused_in_one_line() {
    let path = scratch("refused.json");
    for (game, expected) in
        [("nim", "not an octal game"), ("octal:0.8", "hexadecimal"), ("octal:0.6", "no proven period")]
    {
        let output = grundy(&["table", game, "--period", "--upto", "2000", "--certificate", path.to_str().unwrap()]);
        assert_eq!(output.status.code(), Some(2), "{game}: {}", text(&output));
        let message = String::from_utf8_lossy(&output.stderr).into_owned();
        assert_eq!(message.lines().count(), 1, "{message}");
        assert!(message.contains(expected), "{game}: {message}");
    }
    let output = grundy(&["table", "octal:0.07", "--period", "--misere", "--certificate", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2), "{}", text(&output));
}
