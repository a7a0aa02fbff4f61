//! Converts site hand-history files and prints, per file, the hands converted
//! and each problem (`SHOW=1` also prints the PHH): `cargo run --release -p
//! holecards-core --example site_check -- FILES...`.
use holecards_core::site::{convert, decode};
fn main() {
    for path in std::env::args().skip(1) {
        let bytes = match std::fs::read(&path) {
            Ok(b) => b,
            Err(e) => {
                println!("{path}: cannot read it: {e}");
                continue;
            }
        };
        let text = decode(&bytes);
        match convert(&text, &path, None, None) {
            Ok(c) => {
                println!(
                    "{path}: {} converted, {} problems",
                    c.hands.len(),
                    c.problems.len()
                );
                for p in &c.problems {
                    println!(
                        "   line {} {:?} {}: {}",
                        p.line,
                        p.at_line,
                        p.kind.name(),
                        p.why
                    );
                }
                if std::env::var("SHOW").is_ok() {
                    for (_, h) in &c.hands {
                        println!("{}", h.to_text());
                    }
                    for p in &c.problems {
                        if let Some(h) = &p.history {
                            println!("{}", h.to_text());
                        }
                    }
                }
            }
            Err(e) => println!("{path}: ERROR {e}"),
        }
    }
}
