//! The command line's parsing and dispatch, without a process: what each command accepts and
//! refuses, that every argument explains itself in `--help`, and the checks made before work.

use clap::{CommandFactory, Parser};

use super::*;

fn parse(args: &[&str]) -> Result<Cli, clap::Error> {
    Cli::try_parse_from(std::iter::once("seedfeast").chain(args.iter().copied()))
}

#[test]
fn commands_parse_their_flags_and_refuse_others() {
    let cli = parse(&["gen", "food-tunnel", "--seed", "pizza party", "--gates", "30", "--out", "f.json"]).unwrap();
    let Some(Command::Gen { level: LevelArgs { mode, gates, .. }, out, .. }) = cli.command else { panic!("gen") };
    assert_eq!((mode.key, mode.variant, gates), ("food-tunnel", Some("squeeze"), Some(30)));
    // `explain` reads the same level flags as `gen`, and its own format and output.
    let cli = parse(&["explain", "dungeon", "--seed", "7", "--zones", "4,6", "--format", "json"]).unwrap();
    let Some(Command::Explain { level, format, out: to, .. }) = cli.command else { panic!("explain") };
    assert_eq!((level.mode.key, level.zones, format, to), ("dungeon", Some(vec![4, 6]), StoryFormat::Json, None));
    assert!(parse(&["explain", "runner", "--seed", "x", "--format", "png", "--frames", "40"]).is_ok());
    assert!(parse(&["explain", "runner", "--seed", "x", "--format", "gif"]).is_err(), "text, JSON or PNG");
    for frames in ["1", "301", "-3", "many"] {
        assert!(
            parse(&["explain", "runner", "--seed", "x", "--format", "png", "--frames", frames]).is_err(),
            "{frames}"
        );
    }
    assert!(parse(&["explain", "runner"]).is_err(), "explain needs a seed");
    assert_eq!(out.as_deref(), Some(std::path::Path::new("f.json")));
    // `--output`, as older scripts wrote it, still works.
    assert!(parse(&["gen", "runner", "--seed", "x", "--output", "f.json"]).is_ok());
    assert!(parse(&["gen", "tetris", "--seed", "x"]).is_err(), "a mode the table lacks");
    assert!(parse(&["gen", "runner"]).is_err(), "gen needs a seed");
    assert!(parse(&["replay", "record", "--mode", "runner", "--seed", "x"]).is_err(), "record needs --bot");
    assert!(parse(&["validate", "maze", "--seeds", "10001"]).is_err(), "validate's seed cap");
    let cli = parse(&["play", "--seed", "Seed: 324MP-ANQ6H", "--mode", "maze"]).unwrap();
    let Some(Command::Play { seed: Some(seed), mode: Some(mode), .. }) = cli.command else { panic!("play") };
    assert_eq!((seed.seed(), mode.key()), (Seed::from_text("pizza party"), "maze"));
    assert!(parse(&[]).unwrap().command.is_none(), "no command plays");
}

#[test]
fn every_argument_says_what_it_is_for() {
    fn check(command: &clap::Command, path: &str, missing: &mut Vec<String>) {
        for arg in command.get_arguments() {
            let id = arg.get_id().as_str();
            if ["help", "version"].contains(&id) || arg.is_hide_set() {
                continue;
            }
            if arg.get_help().is_none() && arg.get_long_help().is_none() {
                missing.push(format!("{path} --{id}"));
            }
        }
        for sub in command.get_subcommands() {
            if sub.get_about().is_none() && sub.get_long_about().is_none() && sub.get_name() != "help" {
                missing.push(format!("{path} {} (no description)", sub.get_name()));
            }
            check(sub, &format!("{path} {}", sub.get_name()), missing);
        }
    }
    let mut missing = Vec::new();
    check(&Cli::command(), "seedfeast", &mut missing);
    assert!(missing.is_empty(), "arguments without help text: {missing:#?}");
    Cli::command().debug_assert();
}

#[test]
fn help_documents_the_exit_codes_and_the_environment() {
    let help = Cli::command().render_long_help().to_string();
    for needle in ["Exit codes:", "SEEDFEAST_ASSETS", "SEEDFEAST_DATA", "SEEDFEAST_BOT", "Player commands"] {
        assert!(help.contains(needle), "--help lacks {needle}");
    }
}

#[test]
fn play_is_not_a_command_line_subcommand_to_run() {
    let Some(command) = parse(&["play"]).unwrap().command else { panic!() };
    assert_eq!(format!("{:?}", run(command)), format!("{:?}", ExitCode::from(2)));
}

#[test]
fn checks_made_before_a_recording_is_played() {
    let arena = modes::by_key("arena").unwrap();
    assert_eq!(recording_steps(arena, 120), Ok(7_200));
    assert_eq!(recording_steps(arena, 600), Ok(36_000));
    let error = recording_steps(arena, 601).unwrap_err();
    assert!(error.contains("longer than an Arena run can last (600 seconds)"), "{error}");
    let maze = recording_steps(modes::by_key("maze").unwrap(), 601).unwrap_err();
    assert!(maze.contains("longer than a Maze"), "{maze}");
    assert_eq!(recording_steps(modes::by_key("dungeon").unwrap(), 1_200), Ok(72_000));
    let folder = std::env::temp_dir();
    let check = |path: &std::path::Path| seedfeast_lab::output::check(path).map_err(|e| e.to_string());
    assert!(check(&folder).unwrap_err().contains("is a folder"));
    assert!(check(&folder.join("no-such-folder-here/x.txt")).unwrap_err().contains("doesn't exist"));
    assert_eq!(check(&folder.join("replay.txt")), Ok(()));
    assert_eq!(check(std::path::Path::new("replay.txt")), Ok(()));
}
