// HELD OUT (set `fresh2`): do not read these cases or their logs when changing the analyzer.
import type { CorpusCase } from '../../generator/corpus-case.js';

// fresh2 rust: cargo build/test/clippy/fmt, Cargo.toml, offline dependency.
const RENV = { CARGO_NET_OFFLINE: 'true', CARGO_TARGET_DIR: null, CARGO_TERM_COLOR: 'never' };
const VER = 'cargo -V && rustc -V';

function toml(name: string, { deps = '' }: { deps?: string } = {}): string {
  return `[package]\nname = "${name}"\nversion = "0.3.1"\nedition = "2021"\n\n[dependencies]\n${deps}`;
}

export const CASES: CorpusCase[] = [
  {
    id: 'rust/fresh2-cargo-build-mismatched-types',
    tool: 'cargo/rustc 1.95.0',
    cmd: 'cargo build --locked',
    pattern: null,
    category: 'type',
    wrapper: 'github-actions',
    steps: [VER, 'cargo generate-lockfile --offline'],
    env: RENV,
    files: {
      'Cargo.toml': toml('tally'),
      'src/main.rs': `
                use std::collections::HashMap;

                fn count_words(text: &str) -> HashMap<String, usize> {
                    let mut m = HashMap::new();
                    for w in text.split_whitespace() {
                        *m.entry(w.to_lowercase()).or_insert(0) += 1;
                    }
                    m
                }

                fn most_common(m: &HashMap<String, usize>) -> Option<&str> {
                    m.iter().max_by_key(|(_, n)| **n).map(|(w, _)| w)
                }

                fn main() {
                    let m = count_words("a b a");
                    let top: String = most_common(&m);
                    println!("{top}");
                }
                `,
    },
    ev: [/^error\[E0308\]/, /^error: could not compile/],
    locre: /^\s+--> (?<f>src\/\S+\.rs):(?<l>\d+):(?<c>\d+)/,
    note: 'Two E0308 errors in one file; rustc also prints help/notes between them.',
  },
  {
    id: 'rust/fresh2-cargo-test-panic',
    tool: 'cargo test 1.95.0',
    cmd: 'cargo test --quiet',
    pattern: null,
    category: 'test',
    wrapper: 'travis',
    steps: [VER, 'cargo build --quiet'],
    env: RENV,
    files: {
      'Cargo.toml': toml('semver_lite'),
      'src/lib.rs': `
                #[derive(Debug, PartialEq)]
                pub struct Version {
                    pub major: u32,
                    pub minor: u32,
                    pub patch: u32,
                }

                pub fn parse(s: &str) -> Result<Version, String> {
                    let parts: Vec<&str> = s.trim_start_matches('v').split('.').collect();
                    if parts.len() != 3 {
                        return Err(format!("error: expected 3 parts in {s}"));
                    }
                    let n = |i: usize| parts[i].parse::<u32>().map_err(|e| e.to_string());
                    Ok(Version { major: n(0)?, minor: n(1)?, patch: n(2)? })
                }

                #[cfg(test)]
                mod tests {
                    use super::*;

                    #[test]
                    fn parses_plain() {
                        assert_eq!(parse("1.2.3").unwrap(), Version { major: 1, minor: 2, patch: 3 });
                    }

                    #[test]
                    fn error_on_two_parts() {
                        assert!(parse("1.2").is_err());
                    }

                    #[test]
                    fn parses_prerelease() {
                        let v = parse("2.0.0-rc.1").unwrap();
                        assert_eq!(v.major, 2);
                    }
                }
                `,
    },
    ev: [/^---- tests::parses_prerelease stdout ----/, /called `Result::unwrap\(\)` on an `Err` value/],
    locre: /panicked at (?<f>src\/\S+\.rs):(?<l>\d+):(?<c>\d+)/,
    note: 'A passing test is named error_on_two_parts and the error string starts with "error:"; the failure is the unwrap panic in parses_prerelease.',
  },
  {
    id: 'rust/fresh2-clippy-deny-warnings',
    tool: 'clippy 0.1.95',
    cmd: 'cargo clippy --all-targets -- -D warnings',
    pattern: null,
    category: 'lint',
    wrapper: 'gitlab',
    steps: [VER, 'cargo build'],
    env: RENV,
    files: {
      'Cargo.toml': toml('pathutil'),
      'src/lib.rs': `
                pub fn join(parts: &Vec<String>) -> String {
                    let mut out = String::new();
                    for i in 0..parts.len() {
                        if out.len() > 0 {
                            out.push('/');
                        }
                        out.push_str(&parts[i]);
                    }
                    return out;
                }
                `,
    },
    ev: [/^error: /, /^error: could not compile/],
    locre: /^\s+--> (?<f>src\/\S+\.rs):(?<l>\d+):(?<c>\d+)/,
    note: 'cargo build passes first; clippy with -D warnings turns its lints into errors.',
  },
  {
    id: 'rust/fresh2-rustfmt-check',
    tool: 'rustfmt 1.9.0 (cargo fmt)',
    cmd: 'cargo fmt --all -- --check',
    pattern: null,
    category: 'format',
    wrapper: 'circleci',
    steps: [VER, 'cargo fmt --version'],
    env: RENV,
    files: {
      'Cargo.toml': toml('fmtcheck'),
      'src/main.rs':
        'fn main() {\n    let xs = vec![1,2,3];\n    println!("{}", xs.iter().sum::<i32>());\n}\n',
      'src/util.rs': 'pub fn double(x: i32) -> i32 { x*2 }\n',
    },
    ev: /^Diff in|^[-+]/,
    locre: /^Diff in \/\S*\/(?<f>src\/\S+\.rs):(?<l>\d+):/,
    note: 'util.rs is not a module of main.rs, so only main.rs is checked.',
  },
  {
    id: 'rust/fresh2-cargo-toml-bad-key',
    tool: 'cargo 1.95.0',
    cmd: 'cargo build',
    pattern: null,
    category: 'config',
    wrapper: 'jenkins',
    steps: [VER],
    env: RENV,
    files: {
      'Cargo.toml':
        '[package]\nname = "ingest"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nserde = { version = "1", features = ["derive"] \n\n[profile.release]\nlto = true\n',
      'src/main.rs': 'fn main() {}\n',
    },
    ev: [/^error: /, /^\s+\|\s+\^/],
    locre: /--> (?<f>Cargo\.toml):(?<l>\d+):(?<c>\d+)/,
    note: 'An inline table left open in Cargo.toml: cargo cannot parse the manifest (config).',
  },
  {
    id: 'rust/fresh2-cargo-offline-missing-crate',
    tool: 'cargo 1.95.0',
    cmd: 'cargo build --offline',
    pattern: null,
    category: 'dependency',
    wrapper: 'azure',
    steps: [VER],
    env: RENV,
    files: {
      'Cargo.toml': toml('fetcher', { deps: 'ureq-lite-http = "2.4"\n' }),
      'src/main.rs': 'fn main() {}\n',
    },
    ev: /^error: |no matching package|offline/,
    note: 'A crate that is not in the local registry cache, with the network off: dependency (cargo says so and suggests dropping --offline). No source location.',
  },
  {
    id: 'rust/fresh2-borrow-checker',
    tool: 'cargo/rustc 1.95.0',
    cmd: 'cargo check',
    pattern: null,
    category: 'type',
    wrapper: 'buildkite',
    steps: [VER],
    env: RENV,
    files: {
      'Cargo.toml': toml('inbox'),
      'src/main.rs': `
                struct Inbox {
                    messages: Vec<String>,
                }

                impl Inbox {
                    fn first_unread(&mut self) -> &String {
                        &self.messages[0]
                    }
                }

                fn main() {
                    let mut inbox = Inbox { messages: vec!["hi".into()] };
                    let first = inbox.first_unread();
                    inbox.messages.push("another".into());
                    println!("{first}");
                }
                `,
    },
    ev: [/^error\[E0499\]/, /^error: could not compile/],
    locre: /^\s+--> (?<f>src\/\S+\.rs):(?<l>\d+):(?<c>\d+)/,
    note: 'E0499 (a second mutable borrow while the first is alive): a borrow-checker compile error, labelled type.',
  },
  {
    id: 'rust/fresh2-green-should-panic-nocapture',
    tool: 'cargo test 1.95.0',
    cmd: 'cargo test -- --nocapture',
    pattern: null,
    category: 'unknown',
    wrapper: 'jenkins',
    steps: [VER, 'cargo build'],
    env: { ...RENV, RUST_BACKTRACE: '0' },
    files: {
      'Cargo.toml': toml('ratio'),
      'src/lib.rs':
        'pub fn ratio(a: u32, b: u32) -> u32 {\n    let unused_guard = 0;\n    if b == 0 {\n        panic!("error: division by zero");\n    }\n    a / b\n}\n\n#[cfg(test)]\nmod tests {\n    use super::*;\n\n    #[test]\n    fn halves() {\n        assert_eq!(ratio(4, 2), 2);\n    }\n\n    #[test]\n    #[should_panic(expected = "division by zero")]\n    fn panics_on_zero() {\n        ratio(1, 0);\n    }\n}\n',
    },
    note: 'Green: cargo build warns about an unused variable; with --nocapture the should_panic test prints "thread ... panicked at src/lib.rs:4:9: error: division by zero" and still passes.',
  },
];
