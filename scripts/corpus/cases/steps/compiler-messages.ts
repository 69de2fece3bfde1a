// The multi-step dev probes (read and tune on them freely): one file per probe, in the order written.
import type { CorpusCase } from '../../generator/corpus-case.js';
import { GO } from './shared.js';

// A sixth probe (same session): one compiler error per message across javac, go, rustc and gcc, each
// in a GitHub Actions step, labelled before the analyzer ran (type or syntax; javac's missing return is
// build, as go's is in this corpus). The analyzer missed 22 of 37 before the catalogue learnt these words.
type Lang = 'java' | 'go' | 'rust' | 'c';
const COMPILER_ERRORS: [id: string, lang: Lang, category: 'type' | 'syntax' | 'build', src: string][] = [
  // (id, lang, expected, source)
  ['j-bad-operand', 'java', 'type', 'class A { boolean f(String s, int i) { return s - i > 0; } }'],
  [
    'j-no-suitable',
    'java',
    'type',
    'import java.util.*; class A { void f() { List<String> l = new ArrayList<>(); l.add(1, 2, 3); } }',
  ],
  ['j-missing-return', 'java', 'build', 'class A { int f(int x) { if (x > 0) return 1; } }'],
  ['j-void-return', 'java', 'type', 'class A { void f() { return 1; } }'],
  ['j-not-abstract', 'java', 'type', 'interface I { void m(); } class A implements I { }'],
  ['j-incomparable', 'java', 'type', 'class A { boolean f(String s) { return s == 1; } }'],
  ['j-deref', 'java', 'type', 'class A { int f(int x) { return x.length(); } }'],
  ['j-array-required', 'java', 'type', 'class A { int f(int x) { return x[0]; } }'],
  ['j-static-ctx', 'java', 'type', 'class A { int m() { return 1; } static int f() { return m(); } }'],
  ['j-illegal-start', 'java', 'syntax', 'class A { int f() { return ); } }'],
  ['j-ident-expected', 'java', 'syntax', 'class A { void f(int) { } }'],
  ['j-eof', 'java', 'syntax', 'class A { void f() { }'],
  ['j-not-stmt', 'java', 'syntax', 'class A { void f() { 1 + 2; } }'],
  ['j-else-without-if', 'java', 'syntax', 'class A { void f(int x) { else { x = 1; } } }'],
  ['j-unclosed-str', 'java', 'syntax', 'class A { String s = "abc; }'],
  [
    'g-impossible-assert',
    'go',
    'type',
    'package main\ntype S struct{}\nfunc (s *S) M() {}\ntype I interface{ M() }\nfunc main() { var i I = &S{}; _ = i.(S) }\n',
  ],
  ['g-non-bool', 'go', 'type', 'package main\nfunc main() { x := 1; if x { } }\n'],
  ['g-append', 'go', 'type', 'package main\nfunc main() { x := 1; x = append(x, 2); _ = x }\n'],
  ['g-range', 'go', 'type', 'package main\nfunc main() { for i := range 5.5 { _ = i } }\n'],
  ['g-call-nonfunc', 'go', 'type', 'package main\nfunc main() { x := 1; x() }\n'],
  ['g-not-expr', 'go', 'type', 'package main\ntype T int\nfunc main() { _ = T }\n'],
  ['g-expected-package', 'go', 'syntax', 'pakage main\nfunc main() {}\n'],
  ['g-non-decl', 'go', 'syntax', 'package main\nx := 1\nfunc main() {}\n'],
  ['r-e0107', 'rust', 'type', 'struct W<T>(T);\nfn f(_: W<i32, i32>) {}\nfn main() {}\n'],
  [
    'r-e0053',
    'rust',
    'type',
    'trait T { fn m(&self, x: i32); }\nstruct S;\nimpl T for S { fn m(&self, x: u32) {} }\nfn main() {}\n',
  ],
  [
    'r-e0505-borrow',
    'rust',
    'type',
    'fn main() { let s = String::new(); let r = &s; drop(s); println!("{}", r); }\n',
  ],
  ['r-e0597', 'rust', 'type', 'fn main() { let r; { let x = 5; r = &x; } println!("{}", r); }\n'],
  [
    'r-e0609',
    'rust',
    'type',
    'struct P { x: i32 }\nfn main() { let p = P { x: 1 }; println!("{}", p.y); }\n',
  ],
  ['r-e0608', 'rust', 'type', 'fn main() { let x = 5; let _ = x[0]; }\n'],
  ['r-e0605', 'rust', 'type', 'fn main() { let s = "a"; let _ = s as i32; }\n'],
  ['r-e0600', 'rust', 'type', 'fn main() { let s = "a"; let _ = -s; }\n'],
  ['r-unclosed', 'rust', 'syntax', 'fn main() {\n    let x = (1 + 2;\n}\n'],
  ['r-unexpected-close', 'rust', 'syntax', 'fn main() {\n    let x = 1;\n}}\n'],
  ['c-stray', 'c', 'syntax', 'int main(void) { int x = 1 “; return x; }\n'],
  ['c-expected-ident', 'c', 'syntax', 'int main(void) { int = 3; return 0; }\n'],
  ['c-unterminated', 'c', 'syntax', 'int main(void) { const char *s = "abc; return 0; }\n'],
  ['c-expected-semicolon', 'c', 'syntax', 'int main(void) { int x = 1\n return x; }\n'],
];
const BUILD: Record<Lang, [file: string, cmd: string, loc: RegExp]> = {
  java: ['A.java', 'javac -d /tmp/s-jout A.java', /^(?<f>A\.java):(?<l>\d+): error/],
  go: ['main.go', 'go build ./...', /^(?:\.\/)?(?<f>main\.go):(?<l>\d+):(?<c>\d+): /],
  rust: [
    'main.rs',
    'rustc --edition 2021 -o /tmp/s-rbin main.rs',
    /^error(?:\[E\d+\])?: .*\n\s*--> (?<f>main\.rs):(?<l>\d+):(?<c>\d+)/,
  ],
  c: ['main.c', 'gcc -c main.c -o /tmp/s-c.o', /^(?<f>main\.c):(?<l>\d+):(?<c>\d+): error/],
};
const COMPILER_ECO: Record<Lang, string> = { java: 'jvm', go: 'go', rust: 'rust', c: 'c-cpp' };
const COMPILER_TOOL: Record<Lang, string> = {
  java: 'javac 17',
  go: 'go 1.19',
  rust: 'rustc 1.95',
  c: 'gcc 12',
};
const PATTERN_OF = { type: 'type-error', syntax: 'syntax-error', build: 'build-error' };
export const CASES: CorpusCase[] = [];
for (const [id, lang, category, src] of COMPILER_ERRORS) {
  const [file, cmd, loc] = BUILD[lang];
  const files: Record<string, string> = { [file]: src + (src.endsWith('\n') ? '' : '\n') };
  if (lang === 'go') files['go.mod'] = 'module example.com/p\n\ngo 1.19\n';
  CASES.push({
    id: `steps/compiler-${id}`,
    tool: COMPILER_TOOL[lang],
    cmd,
    eco: COMPILER_ECO[lang],
    wrapper: 'github-actions',
    env: lang === 'go' ? GO : { CARGO_TERM_COLOR: 'never' },
    files,
    pattern: PATTERN_OF[category],
    category,
    ev: /error|\.go:\d+:\d+: /,
    locre: loc,
  });
}
