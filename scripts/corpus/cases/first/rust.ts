// The first batch's rust cases (dev; those with `held: true` are held out: never tune on them).
import type { CorpusCase } from '../../generator/corpus-case.js';

type Files = Record<string, string>;

const CT = {
  'Cargo.toml': '[package]\nname = "shop"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\n',
};
const RLOC = /^\s*--> (?<f>[\w/.-]+\.rs):(?<l>\d+):(?<c>\d+)/;
const ENV = { CARGO_NET_OFFLINE: 'true', CARGO_TARGET_DIR: '/tmp/c/.rust-target', CARGO_TERM_COLOR: 'never' };

function r(
  id: string,
  files: Files,
  cmd: string,
  pattern: string | null,
  category: string,
  {
    ev = [/^error/, /^error: could not compile|^\s+\|\s*\^|^error/],
    locre = RLOC,
    ...kw
  }: Partial<CorpusCase> = {},
): CorpusCase {
  return {
    id,
    tool: 'cargo/rustc 1.95.0',
    cmd,
    files: { ...CT, ...files },
    pattern,
    category,
    ev,
    env: ENV,
    locre,
    ...kw,
  };
}

export const CASES: CorpusCase[] = [
  r(
    'rust/e0425-unresolved-name',
    { 'src/lib.rs': 'pub fn total(v: &[i32]) -> i32 {\n    v.iter().sum::<i32>() + offset\n}\n' },
    'cargo build',
    'build-error',
    'build',
    {
      ev: [/^error\[E0425\]/, /^\s+\|\s+\^/],
      wrapper: 'ci',
      note: 'rustc E0425 cannot find value: build, not type',
    },
  ),
  r(
    'rust/e0599-no-method',
    { 'src/lib.rs': 'pub fn f(v: Vec<i32>) -> usize {\n    v.length()\n}\n' },
    'cargo build',
    'type-error',
    'type',
    { ev: [/^error\[E0599\]/, /^\s+\|\s+\^/], wrapper: 'raw' },
  ),
  r(
    'rust/e0382-borrow-moved',
    {
      'src/lib.rs':
        'pub fn f() -> usize {\n    let s = String::from("a");\n    let t = s;\n    s.len() + t.len()\n}\n',
    },
    'cargo build',
    'type-error',
    'type',
    {
      ev: [/^error\[E0382\]/, /value borrowed here after move/],
      wrapper: 'ci',
      note: 'borrow checker; type is the closest category',
    },
  ),
  r(
    'rust/e0433-missing-crate',
    { 'src/lib.rs': 'pub fn f() -> String {\n    regex::Regex::new("a").unwrap().to_string()\n}\n' },
    'cargo build',
    'import-not-found',
    'dependency',
    { ev: [/^error\[E0433\]/, /^\s+\|\s+\^/], wrapper: 'ci' },
  ),
  r(
    'rust/syntax-unclosed',
    { 'src/lib.rs': 'pub fn f() -> i32 {\n    let x = (1 + 2;\n    x\n}\n' },
    'cargo build',
    'syntax-error',
    'syntax',
    { ev: [/^error/, /^error: could not compile/], wrapper: 'raw', held: true },
  ),
  r(
    'rust/test-panic-unwrap',
    {
      'src/lib.rs':
        'pub fn parse(s: &str) -> u16 {\n    s.parse().unwrap()\n}\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn parses_port() {\n        assert_eq!(super::parse("80a"), 80);\n    }\n    #[test]\n    fn tls_connect_ok() {}\n}\n',
    },
    'cargo test',
    'test-failure',
    'test',
    {
      ev: [/^---- tests::parses_port/, /^test result: FAILED/],
      locre: /panicked at (?<f>src\/\S+\.rs):(?<l>\d+):(?<c>\d+)/,
      wrapper: 'ci',
      note: 'trap: a passing test named tls_connect_ok',
    },
  ),
  r(
    'rust/clippy-needless-return',
    { 'src/lib.rs': 'pub fn f(x: i32) -> i32 {\n    return x + 1;\n}\n' },
    'cargo clippy -- -D warnings',
    'lint-error',
    'lint',
    { ev: [/^error: unneeded/, /^error: could not compile/], wrapper: 'ci' },
  ),
  r(
    'rust/fmt-check-diff',
    { 'src/lib.rs': 'pub fn f(x:i32)->i32{x+1}\n' },
    'cargo fmt --check',
    'format-error',
    'format',
    { ev: /^Diff in|^[-+]/, locre: null, wrapper: 'ci' },
  ),
  r(
    'rust/cargo-toml-invalid',
    {
      'Cargo.toml':
        '[package]\nname = "shop"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nserde = { version = "1.0" features = ["derive"] }\n',
      'src/lib.rs': '',
    },
    'cargo build',
    'config-error',
    'config',
    {
      ev: [/^error: missing comma/, /^\s+\|\s+\^/],
      locre: /--> (?<f>Cargo\.toml):(?<l>\d+):(?<c>\d+)/,
      wrapper: 'raw',
    },
  ),
  r(
    'rust/dependency-offline',
    { 'Cargo.toml': CT['Cargo.toml']! + 'serde = "1.0"\n', 'src/lib.rs': '' },
    'cargo build',
    'import-not-found',
    'dependency',
    {
      ev: /^error: no matching package|location searched|required by|offline mode/,
      locre: null,
      wrapper: 'ci',
      note: 'cargo in offline mode has no crates.io index: the dependency cannot be found; network is arguable, the log says offline resolution',
    },
  ),
  r(
    'rust/e0277-trait-bound',
    { 'src/lib.rs': 'struct P;\npub fn f() -> String {\n    format!("{}", P)\n}\n' },
    'cargo build',
    'type-error',
    'type',
    { ev: [/^error\[E0277\]/, /^\s+\|\s+\^/], wrapper: 'ci', held: true },
  ),
  r(
    'rust/test-should-panic',
    {
      'src/lib.rs':
        '#[cfg(test)]\nmod tests {\n    #[test]\n    #[should_panic]\n    fn rejects_empty() {\n        let v: Vec<i32> = vec![1];\n        let _ = v[0];\n    }\n}\n',
    },
    'cargo test',
    'test-failure',
    'test',
    { ev: [/^---- tests::rejects_empty/, /^test result: FAILED/], locre: null, wrapper: 'raw' },
  ),
];
