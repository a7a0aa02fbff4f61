//! Times reading, parsing and replaying a PHH corpus in Rust alone:
//! `cargo run --release -p holecards-core --example phh_timing -- DIR`.
use std::path::{Path, PathBuf};
use std::time::Instant;

type Res<T> = Result<T, Box<dyn std::error::Error>>;

fn walk(d: &Path, out: &mut Vec<PathBuf>) -> Res<()> {
    for e in std::fs::read_dir(d)? {
        let p = e?.path();
        if p.is_dir() {
            walk(&p, out)?;
        } else if p.extension().is_some_and(|x| x == "phh" || x == "phhs") {
            out.push(p);
        }
    }
    Ok(())
}

fn main() -> Res<()> {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or("../shared/phh/corpus".into());
    let mut paths = Vec::new();
    walk(Path::new(&dir), &mut paths)?;
    // Best of five passes (a shared machine's timings move a lot).
    let (mut per_file, mut parse, mut replay, mut ok, mut n) = (f64::MAX, f64::MAX, f64::MAX, 0, 0);
    for _ in 0..5 {
        let t = Instant::now();
        let texts = paths
            .iter()
            .map(std::fs::read_to_string)
            .collect::<Result<Vec<String>, _>>()?;
        per_file = per_file.min(t.elapsed().as_secs_f64() * 1e6 / paths.len().max(1) as f64);
        let t = Instant::now();
        let mut hs = Vec::new();
        for (p, s) in paths.iter().zip(&texts) {
            hs.extend(holecards_core::phh::parse(s, &p.display().to_string())?);
        }
        parse = parse.min(t.elapsed().as_secs_f64() * 1e6 / hs.len().max(1) as f64);
        let t = Instant::now();
        ok = hs
            .iter()
            .filter(|h| holecards_core::phh::replay(h).is_ok())
            .count();
        replay = replay.min(t.elapsed().as_secs_f64() * 1e6 / hs.len().max(1) as f64);
        n = hs.len();
    }
    let hs = vec![(); n];
    println!("{} hands: read {per_file:.2} us/file, parse {parse:.2} us/hand, replay {replay:.2} us/hand ({ok} replayed)", hs.len());
    Ok(())
}
