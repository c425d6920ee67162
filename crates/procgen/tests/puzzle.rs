//! Code puzzle generation: smoke.

use seedfeast_procgen::Seed;
use seedfeast_procgen::puzzle::{GenOptions, draw_ascii, generate, run};

#[test]
fn smoke() {
    let codes = [
        "block1.move(\"left\");",
        "door1.open();",
        "gate1.stop();",
        "statue1.rotate(\"right\");",
        "block1.rotate(\"right\");",
        "lever1.rotate(\"left\");",
        "for (i = 0; i < 3; i++) { block1.move(\"up\"); }\ndoor1.open();",
        "statue1.move(\"right\"); statue1.move(\"right\"); block1.move(\"up\");",
    ];
    let mut fails = 0;
    for code in codes {
        for s in 0..40 {
            match generate(code, Seed(s), &GenOptions::default()) {
                Ok(level) => {
                    if s < 2 {
                        println!("{code}\n{}\n{:?}", draw_ascii(&level), level.report);
                    }
                    let r = run(&level, code).unwrap();
                    assert!(r.solved, "{code} seed {s}\n{}", draw_ascii(&level));
                }
                Err(e) => {
                    fails += 1;
                    println!("{code} seed {s}: {e}");
                }
            }
        }
    }
    assert_eq!(fails, 0);
}
