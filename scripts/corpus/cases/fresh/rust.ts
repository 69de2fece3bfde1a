// HELD OUT (set `fresh`): do not read these cases or their logs when changing the analyzer.
import type { CorpusCase } from '../../generator/corpus-case.js';

const ENV = { CARGO_NET_OFFLINE: 'true', CARGO_TERM_COLOR: 'never', CARGO_TARGET_DIR: '/tmp/fr/rust-target' };
const TOML = '[package]\nname = "csvsum"\nversion = "0.3.1"\nedition = "2021"\n\n[dependencies]\n';
const LIB = `
//! Sums numeric columns of simple CSV text.

#[derive(Debug, PartialEq)]
pub struct Summary {
    pub rows: usize,
    pub total: f64,
}

pub fn parse_line(line: &str, column: usize) -> Option<f64> {
    line.split(',').nth(column)?.trim().parse().ok()
}

pub fn summarize(text: &str, column: usize) -> Summary {
    let mut rows = 0;
    let mut total = 0.0;
    for line in text.lines().skip(1) {
        if let Some(v) = parse_line(line, column) {
            rows += 1;
            total += v;
        }
    }
    Summary { rows, total }
}

pub fn mean(s: &Summary) -> Option<f64> {
    if s.rows == 0 {
        None
    } else {
        Some(s.total / s.rows as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DATA: &str = "name,qty,price\\na,2,1.5\\nb,3,2.5\\nc,x,1.0\\n";

    #[test]
    fn parses_a_cell() {
        assert_eq!(parse_line("a,2,1.5", 2), Some(1.5));
    }

    #[test]
    fn skips_bad_cells() {
        assert_eq!(summarize(DATA, 1), Summary { rows: 2, total: 5.0 });
    }

    #[test]
    fn mean_of_prices() {
        assert_eq!(mean(&summarize(DATA, 2)), Some(5.0 / 3.0));
    }
}
`;
const MAIN =
  'use std::io::Read;\n\nfn main() {\n    let col: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(1);\n    let mut text = String::new();\n    std::io::stdin().read_to_string(&mut text).unwrap();\n    let s = csvsum::summarize(&text, col);\n    println!("{} rows, total {}", s.rows, s.total);\n}\n';
const BASE = { 'Cargo.toml': TOML, 'src/lib.rs': LIB, 'src/main.rs': MAIN };
const PANIC = /panicked at (?<f>src\/\S+\.rs):(?<l>\d+):(?<c>\d+)/;
const RSLOC = /^\s+--> (?<f>\S+?\.rs):(?<l>\d+):(?<c>\d+)/;

export const CASES: CorpusCase[] = [
  {
    id: 'rust/fresh-test-float-eq',
    tool: 'cargo test 1.95',
    cmd: 'cargo test',
    env: ENV,
    steps: ['@cargo', 'cargo build'],
    files: {
      ...BASE,
      'src/lib.rs': LIB.replaceAll(
        'let mut rows = 0;',
        'let mut rows = 0;\n    let header_seen = false;',
      ).replaceAll('.skip(1)', '.skip(2)'),
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/^---- tests::/, /^test result: FAILED/],
    locre: PANIC,
    wrapper: 'travis',
    note: 'summarize skips the first data row as well as the header: two tests fail; an unused-variable warning precedes',
  },
  {
    id: 'rust/fresh-clippy-deny',
    tool: 'cargo clippy 1.95',
    cmd: 'cargo clippy --all-targets -- -D warnings',
    env: ENV,
    steps: ['@cargo', 'rustup component list --installed'],
    files: {
      ...BASE,
      'src/lib.rs': LIB.replaceAll(
        '    if s.rows == 0 {\n        None\n    } else {\n        Some(s.total / s.rows as f64)\n    }',
        '    if s.rows.len_check() { return None; }\n    return Some(s.total / s.rows as f64);',
      ).replaceAll(
        'pub fn mean',
        'trait LenCheck { fn len_check(&self) -> bool; }\nimpl LenCheck for usize { fn len_check(&self) -> bool { *self == 0 } }\n\npub fn mean',
      ),
    },
    pattern: 'lint-error',
    category: 'lint',
    ev: [/^error: /, /could not compile/],
    locre: RSLOC,
    wrapper: 'github-actions',
  },
  {
    id: 'rust/fresh-e0502-borrow',
    tool: 'cargo build 1.95',
    cmd: 'cargo build --locked',
    env: ENV,
    files: {
      ...BASE,
      'src/main.rs':
        'fn dedupe(v: &mut Vec<String>) {\n    for s in v.iter() {\n        if s.is_empty() {\n            v.retain(|x| !x.is_empty());\n        }\n    }\n}\n\nfn main() {\n    let mut v = vec!["a".to_string(), String::new()];\n    dedupe(&mut v);\n    println!("{:?}", v);\n}\n',
    },
    pre: 'cargo generate-lockfile --offline',
    pattern: 'type-error',
    category: 'type',
    ev: [/^error\[E0502\]/, /could not compile/],
    locre: RSLOC,
    wrapper: 'jenkins',
    note: 'borrow checker E0502: a compile-time ownership error, labelled type as the dev batch labels E0382',
  },
  {
    id: 'rust/fresh-fmt-check',
    tool: 'cargo fmt 1.95',
    cmd: 'cargo fmt --all -- --check --color never',
    env: ENV,
    files: {
      ...BASE,
      'src/main.rs': MAIN.replaceAll(
        'let col: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(1);',
        'let col: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(1) ;',
      ),
    },
    pattern: 'format-error',
    category: 'format',
    ev: [/^Diff in/, /^\+/],
    locre: /^Diff in (?<f>\S+?\.rs):(?<l>\d+):/,
    wrapper: 'travis',
  },
  {
    id: 'rust/fresh-e0061-args',
    tool: 'cargo build 1.95',
    cmd: 'cargo build',
    env: ENV,
    steps: ['cargo -V'],
    files: {
      ...BASE,
      'src/main.rs': MAIN.replaceAll('csvsum::summarize(&text, col)', 'csvsum::summarize(&text)'),
    },
    pattern: 'type-error',
    category: 'type',
    ev: [/^error\[E0061\]/, /could not compile/],
    locs: [['src/main.rs', 7, 13]],
    wrapper: 'github-actions',
    note: 'the --> src/lib.rs:13:8 under note: function defined here is context, not an error location',
  },
  {
    id: 'rust/fresh-test-overflow-panic',
    tool: 'cargo test 1.95',
    cmd: 'cargo test --lib',
    env: ENV,
    files: {
      ...BASE,
      'src/lib.rs': LIB.replaceAll(
        'pub fn mean',
        'pub fn spread(a: usize, b: usize) -> usize {\n    a - b\n}\n\npub fn mean',
      ).replaceAll(
        '    #[test]\n    fn parses_a_cell',
        '    #[test]\n    fn spread_is_absolute() {\n        assert_eq!(spread(2, 5), 3);\n    }\n\n    #[test]\n    fn parses_a_cell',
      ),
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/^---- tests::/, /test result: FAILED/],
    locre: PANIC,
    wrapper: 'circleci',
    note: 'attempt to subtract with overflow inside the code under test (debug build): the test panics; location where it panicked',
  },
  {
    id: 'rust/fresh-test-green-warnings',
    tool: 'cargo test 1.95',
    cmd: 'cargo test',
    env: ENV,
    steps: ['@cargo'],
    files: {
      ...BASE,
      'src/lib.rs': LIB.replaceAll('let mut rows = 0;', 'let mut rows = 0;\n    let unused_error_count = 0;'),
    },
    pattern: null,
    category: 'unknown',
    wrapper: 'github-actions',
    note: 'green with a compiler warning about an unused variable named error',
  },
];
