//! Every flag of `gen` and `validate`, at the extremes its own range checks allow, in every
//! format: no invocation may use more than ~512 MB or take more than a minute of processor time. One past an
//! extreme is refused with a usage error. `validate` runs here at its largest too: at the
//! default depth and at each depth flag's least and most, with the most seeds its caps allow
//! (`seedfeast::cli::validate_cap`: seeds, and seeds × depth), and one seed more is refused;
//! bigger sweeps are `lab sweep`'s (timed by `scripts/lab.sh`).

#![cfg(unix)]

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use seedfeast::cli::{Target, validate_cap, validate_depth};
use seedfeast_procgen::generator::{Opt, OptionSpec, Request};

/// The most memory one command may hold at once.
const MEMORY_LIMIT_KB: i64 = 512 * 1024;
/// The most processor time one command may take (user and system). Processor time, not the
/// clock's: on a loaded machine a command waits for a core, and that wait is not its cost (a
/// limit on the clock failed here under load, issue #44).
const CPU_LIMIT: Duration = Duration::from_secs(60);
/// A command still running after this long is stuck, not slow: killed, and the test fails.
const STUCK_AFTER: Duration = Duration::from_secs(600);

/// What one finished child cost: its exit code, its processor time and its peak resident memory
/// in KB (Linux reports kilobytes). Its own figures (wait4), never those of other children the
/// test binary waited for: the game's tests share one process.
fn reap(pid: libc::pid_t) -> Option<(Option<i32>, Duration, i64)> {
    let mut status = 0;
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: wait4 writes a whole rusage into the pointer it is given, and an int into status.
    let (reaped, usage) = unsafe {
        let reaped = libc::wait4(pid, &mut status, libc::WNOHANG, usage.as_mut_ptr());
        (reaped, usage.assume_init())
    };
    assert!(reaped >= 0, "wait4 failed: {}", std::io::Error::last_os_error());
    if reaped == 0 {
        return None;
    }
    let time = |t: libc::timeval| Duration::from_secs(t.tv_sec as u64) + Duration::from_micros(t.tv_usec as u64);
    let code = libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status));
    Some((code, time(usage.ru_utime) + time(usage.ru_stime), usage.ru_maxrss))
}

/// Runs the binary with `args` to its end; returns its exit code, its processor time (asserted
/// within the limit) and its peak memory.
#[expect(clippy::zombie_processes, reason = "reaped by wait4 in reap(), which reads the child's own usage")]
fn bounded(args: &[String]) -> (Option<i32>, Duration, i64) {
    let started = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_seedfeast"))
        .args(args)
        .env_remove("SEEDFEAST_ASSETS")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary runs");
    let pid = child.id() as libc::pid_t;
    loop {
        if let Some((code, cpu, peak)) = reap(pid) {
            assert!(cpu <= CPU_LIMIT, "{args:?} took {cpu:?} of processor time, over {CPU_LIMIT:?}");
            return (code, cpu, peak);
        }
        if started.elapsed() > STUCK_AFTER {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{args:?} was still running after {STUCK_AFTER:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A value for an option (a zone list of that many zones, a program of that many bytes).
fn set(args: &mut Vec<String>, spec: &OptionSpec, value: u32, scratch: &std::path::Path) {
    args.push(format!("--{}", spec.option.flag()));
    match spec.option {
        // Zones of the most rooms a zone may hold.
        Opt::Zones => {
            args.push(vec![seedfeast_procgen::dungeon::tuning::MAX_ZONE_ROOMS.to_string(); value as usize].join(","))
        }
        Opt::Code => {
            // A valid program padded with a comment to the length asked for.
            let mut code = String::from("door1.open();\n//");
            code.push_str(&"x".repeat((value as usize).saturating_sub(code.len())));
            let file = scratch.join(format!("code-{value}.txt"));
            std::fs::write(&file, code).unwrap();
            args.push(file.display().to_string());
        }
        _ => args.push(value.to_string()),
    }
}

#[test]
fn every_flag_at_its_extremes_stays_within_memory_and_time() {
    let scratch = std::env::temp_dir().join(format!("seedfeast-bounds-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let mut report = Vec::new();
    for target in Target::all() {
        for spec in target.generator.options() {
            for value in [spec.min, spec.max] {
                for format in ["json", "ascii", "png"] {
                    let output = scratch.join("out").display().to_string();
                    let mut args: Vec<String> =
                        ["gen", target.key, "--seed", "bounds", "--format", format, "--out", &output]
                            .map(String::from)
                            .to_vec();
                    set(&mut args, spec, value, &scratch);
                    let (code, took, peak) = bounded(&args);
                    // A refusal is fine (a picture too large to draw says so); a crash is not.
                    assert!(matches!(code, Some(0..=2)), "{args:?} exited with {code:?}");
                    assert!(peak <= MEMORY_LIMIT_KB, "{args:?}: {peak} KB at peak");
                    report.push(format!("{took:>10.2?} {:>7} KB  {}", peak, args[1..].join(" ")));
                }
            }
            // One past the range is a usage error, at once.
            if spec.max < u32::MAX && !matches!(spec.option, Opt::Zones | Opt::Code) {
                let mut args: Vec<String> = ["gen", target.key, "--seed", "x"].map(String::from).to_vec();
                set(&mut args, spec, spec.max + 1, &scratch);
                assert_eq!(bounded(&args).0, Some(2), "{args:?} is refused");
            }
        }
        // Every flag at its largest at once (a 4001 × 4001 maze on floor 1000, say).
        for format in ["json", "ascii", "png"] {
            let output = scratch.join("out").display().to_string();
            let mut args: Vec<String> = ["gen", target.key, "--seed", "bounds", "--format", format, "--out", &output]
                .map(String::from)
                .to_vec();
            for spec in target.generator.options().iter().filter(|s| s.option != Opt::Code) {
                set(&mut args, spec, spec.max, &scratch);
            }
            let (code, took, peak) = bounded(&args);
            assert!(matches!(code, Some(0..=2)), "{args:?} exited with {code:?}");
            assert!(peak <= MEMORY_LIMIT_KB, "{args:?}: {peak} KB at peak");
            report.push(format!("{took:>10.2?} {:>7} KB  {}", peak, args[1..].join(" ")));
        }
        // Validate: the default depth, then each depth flag at its least and its most.
        let depths = std::iter::once(None).chain(
            target.generator.sweep_options().iter().flat_map(|spec| [(spec, spec.min), (spec, spec.max)].map(Some)),
        );
        let mut default_most = None;
        for depth in depths {
            let mut request = Request::default();
            if let Some((spec, value)) = depth {
                request.set(spec.option, value);
            }
            let (per_seed, _) = validate_depth(&target, &request);
            // The most seeds allowed at this depth, then one more.
            let cap = validate_cap(target.generator.key());
            let most = (cap.work / per_seed).min(cap.seeds);
            assert!(most >= 1, "validate {} at {depth:?}: every depth the flags allow runs", target.key);
            // A flag's least that allows no more seeds than the default depth is a smaller run of
            // those seeds (the arena's waves): only its refusal is checked.
            let dominated = depth.is_some_and(|(spec, value)| value == spec.min) && Some(most) == default_most;
            default_most = default_most.or(Some(most));
            let runs = if dominated { vec![(most + 1, Some(2))] } else { vec![(most, Some(0)), (most + 1, Some(2))] };
            for (seeds, expected) in runs {
                let mut args: Vec<String> =
                    ["validate", target.key, "--seeds", &seeds.to_string()].map(String::from).to_vec();
                if let Some((spec, value)) = depth {
                    set(&mut args, spec, value, &scratch);
                }
                let (code, took, peak) = bounded(&args);
                assert_eq!(code, expected, "{args:?}");
                assert!(peak <= MEMORY_LIMIT_KB, "{args:?}: {peak} KB at peak");
                report.push(format!("{took:>10.2?} {:>7} KB  {}", peak, args.join(" ")));
            }
        }
    }
    eprintln!("{}", report.join("\n"));
    let _ = std::fs::remove_dir_all(&scratch);
}
