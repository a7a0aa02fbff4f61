//! Times reading and replaying the PHH corpus: `cargo run --release --example phh_timing -- DIR`.
use std::time::Instant;
fn walk(d: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(d).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() { walk(&p, out) } else if p.extension().is_some_and(|x| x == "phh" || x == "phhs") { out.push(p) }
    }
}
fn main() {
    let dir = std::env::args().nth(1).unwrap_or("../shared/phh/corpus".into());
    let mut paths = Vec::new();
    walk(std::path::Path::new(&dir), &mut paths);
    let t = Instant::now();
    let texts: Vec<String> = paths.iter().map(|p| std::fs::read_to_string(p).unwrap()).collect();
    let tr = t.elapsed();
    println!("read {:.2} us/file", tr.as_secs_f64() * 1e6 / paths.len() as f64);
    let t = Instant::now();
    let mut hs = Vec::new();
    for (p, s) in paths.iter().zip(&texts) { hs.extend(holecards_core::phh::parse(s, &p.display().to_string()).unwrap()); }
    let t1 = t.elapsed();
    let t = Instant::now();
    let ok = hs.iter().filter(|h| holecards_core::phh::replay(h).is_ok()).count();
    let t2 = t.elapsed();
    let t = Instant::now();
    let mut lexed = 0;
    for s in &texts { lexed += toml_parser::Source::new(s).lex().into_vec().len(); }
    let t3 = t.elapsed();
    println!("{} hands: parse {:.2} us/hand, replay {:.2} us/hand ({ok} ok), lex only {:.2} us/hand ({lexed})", hs.len(), t1.as_secs_f64() * 1e6 / hs.len() as f64, t2.as_secs_f64() * 1e6 / hs.len() as f64, t3.as_secs_f64()*1e6/hs.len() as f64);
}
