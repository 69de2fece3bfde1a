import type { Location } from '../diagnosis.js';
import { GRADLE_TEST, GRADLE_TEST_AT, jvmFramePath, jvmSourcePath } from './jvm-source-path.js';

const EXT = String.raw`\.[A-Za-z][A-Za-z0-9]{0,5}`;
const PATH = String.raw`(?:[A-Za-z]:\\|\.{0,2}/)?[\w@$+\-./\\]*?[\w@$+\-]` + EXT;
/**
 * `file:line[:col]` as eslint (unix), mypy, go, ruff, flake8, rustc (-->), vitest (❯), jest stacks, javac
 * print it.
 */
const COLON_FORM = new RegExp(String.raw`(?:^|[\s(\['"❯>])(${PATH}):(\d+)(?::(\d+))?(?=$|[\s:)\],'"-])`, 'g');
/** tsc: `src/a.ts(3,7): error TS2322`. */
const PAREN_FORM = new RegExp(String.raw`(?:^|\s)(${PATH})\((\d+),(\d+)\):`, 'g');
/** Maven: `[ERROR] /src/Foo.java:[10,5] cannot find symbol`. */
const BRACKET_FORM = new RegExp(String.raw`(${PATH}):\[(\d+)(?:,(\d+))?\]`, 'g');
/** Python tracebacks: `File "app/x.py", line 12, in f`. */
const PY_TRACE = /File "([^"]+)", line (\d+)/g;
/** webpack: `ERROR in ./src/index.js 3:0-20`. */
const WEBPACK = new RegExp(String.raw`^ERROR in (${PATH}) (\d+):(\d+)`);
/** GitHub workflow command: `::error file=a.ts,line=3,col=5::msg`. */
const WORKFLOW = /^::(?:error|warning)\s+([^:]*)::/;
/** eslint stylish: a path alone on its line, then indented `line:col  error  message  rule` rows. */
const STYLISH_HEADER = new RegExp(String.raw`^(${PATH})$`);
const STYLISH_ROW = /^\s+(\d+):(\d+)\s+error\s/;
/**
 * Reports that name a file once, then list its errors: phpcs's full report (`FILE: /abs/A.php`, then
 * ` 12 | ERROR | …`), rubocop's simple format (`== a.rb ==`, then `C:  3:  5: …`), checkstyle XML
 * (`<file name='a.sh'>`, then `<error line='2' column='6' …`). A blank line ends a section.
 */
const SECTIONS: readonly { literal: string; header: RegExp; row: RegExp }[] = [
  { literal: 'FILE: ', header: /^FILE: (\S+)\s*$/, row: /^\s*(\d+) \| ERROR \| / },
  { literal: '== ', header: new RegExp(String.raw`^== (${PATH}) ==$`), row: /^[CWEF]:\s*(\d+):\s*(\d+): / },
  {
    literal: '<file name=',
    header: /^\s*<file name=['"]([^'"]+)['"]/,
    row: /^\s*<error line=['"](\d+)['"] column=['"](\d+)['"]/,
  },
  // Maven's model problems: `The project a:b:1 (/abs/pom.xml) has 1 error`, then `Unknown packaging: jarr @
  // line 1, column 163`.
  // (A parent or dependency that cannot be downloaded is no fault of that line.)
  {
    literal: ') has ',
    header: /The project \S+ \((\S*pom\.xml)\) has \d+ errors?/,
    row: /^(?!.*Non-resolvable).* @ line (\d+), column (\d+)/,
  },
  // composer (seld/jsonlint): `"./composer.json" does not contain valid JSON`, then `Parse error on line 4:`.
  {
    literal: 'does not contain valid JSON',
    header: /^\s*"([^"]+)" does not contain valid JSON/,
    row: /^\s*Parse error on line (\d+):/,
  },
];
/**
 * Tools that name a whole file, not a line: formatters (prettier --check, black, ruff format, isort),
 * git's conflicted files, npm's package.json. They are reported at line 1, where an annotation can sit.
 */
const FILE_LEVEL: readonly [string, RegExp][] = [
  ['[warn] ', new RegExp(String.raw`^\[warn\] (${PATH})$`)],
  ['would reformat', new RegExp(String.raw`^(?:would reformat|Would reformat:) (${PATH})$`)],
  [
    'Imports are incorrectly sorted',
    new RegExp(String.raw`^ERROR: (${PATH}) Imports are incorrectly sorted`),
  ],
  ['Merge conflict in ', new RegExp(String.raw`^CONFLICT \([\w/ -]+\): Merge conflict in (${PATH})$`)],
  ['EJSONPARSE', /(?:^|\s)(package\.json)\b/],
  ['Invalid package.json', /(?:^|\s)Invalid (package\.json)\b/],
  ['Missing script', /^npm (?:ERR!|error) [Mm]issing script: .()/],
  ['formatted', new RegExp(String.raw`^(${PATH}) (?:is not|was not) (?:properly )?formatted`)],
  // gofmt -d, diff -u: `diff main.go.orig main.go`.
  ['.orig ', new RegExp(String.raw`^diff (?:-u )?\S+\.orig (${PATH})$`)],
  ['expected JSON schema', /"(?:\.\/)?(composer\.json)" does not match the expected JSON schema/],
];
/**
 * Tools that say "line N" in words (php, shellcheck's tty format, bats, bash, terraform, gradle), or
 * put the place after the file in their own way (dash, prettier, black, kotlinc); groups: file, line, column.
 */
const WORDED: readonly [string, RegExp][] = [
  [' line ', new RegExp(String.raw`^\s+on (${PATH}) line (\d+)`)],
  ["ile '", new RegExp(String.raw`[Bb]uild file '(${PATH})'(?: line: |: )(\d+)`)],
  ['.sh: ', new RegExp(String.raw`^(${PATH}): (\d+): `)],
  ['[error] ', new RegExp(String.raw`^\[error\] (${PATH}): \w*Error: .* \((\d+):(\d+)\)$`)],
  ['Cannot parse: ', new RegExp(String.raw`^error: cannot format (${PATH}): Cannot parse: (\d+):(\d+)`)],
  [' on line ', new RegExp(String.raw`\sin (${PATH}) on line (\d+)`)],
  // shellcheck's tty format; Symfony console (composer) prints its own `In AuthHelper.php line 197:`.
  [' line ', new RegExp(String.raw`^In (${PATH}(?<!\.php)) line (\d+):$`)],
  ['in test file ', new RegExp(String.raw`\(in test file (${PATH}), line (\d+)\)`)],
  // babel (jest's transform): `SyntaxError: src/a.test.ts: Missing initializer in const declaration. (1:7)`.
  ['SyntaxError: ', new RegExp(String.raw`SyntaxError: (${PATH}): .* \((\d+):(\d+)\)$`)],
  // Maven: `Non-parseable POM /abs/pom.xml: end tag name </versio> must match … @ line 5, column 26`.
  [' POM ', new RegExp(String.raw`Non-(?:parseable|readable) POM (${PATH}): .* @ line (\d+), column (\d+)`)],
  [': line ', new RegExp(String.raw`^(${PATH}): line (\d+): `)],
  // kotlinc under gradle and maven (1.3 to 1.7): `e: /abs/src/A.kt: (4, 12): Type mismatch: …`, `w: …` for a
  // warning; gradle 4's plain console glues the first to the task's name (`:compileKotline: /abs/A.kt: …`).
  [': (', new RegExp(String.raw`^[ew]: (${PATH}): \((\d+), (\d+)\): `)],
];
/** pip: `(from -r requirements.txt (line 3))`, `(from line 3 of requirements.txt)`. */
const PIP_REQUIREMENT = /\(from -r (\S+) \(line (\d+)\)\)|\(from line (\d+) of (\S+)\)/;
/** Commands whose output on failure is a bare list of files to reformat: `gofmt -l .`, `prettier -l .`. */
export const LISTS_FILES =
  /\b(?:gofmt|goimports|gofumpt)\b.*\s-l\b|\bprettier\b.*\s(?:-l|--list-different)\b|\bterraform fmt\b|\brustfmt\b.*\s-l\b/;
const HAS_LOCATION = /[:(,]\d|:\[\d|line \d/;
/**
 * Surefire's summary names a test as `CartTest.totals:6` — a class, a method and a line, not a file.
 * A bare `Capitalised.lowercase` name is only a file when its extension is a known one.
 */
const CLASS_DOT_METHOD = /^(?:[a-z_]\w*\.)*[A-Z]\w*\.([a-z_]\w*)$/;
const KNOWN_EXTENSIONS = new Set(
  (
    'java kt kts scala groovy gradle js jsx mjs cjs ts tsx mts cts py pyi rb rake erb go rs c h cc cpp cxx hh hpp ' +
    'cs fs vb php ex exs erl swift m mm sh bash bats zsh yml yaml json toml xml md tf hcl lua pl pm dart vue svelte sql proto html css ' +
    'scss less txt cfg ini lock mod sum gemspec jl zig nim clj cljs hs ml mli elm coffee properties'
  ).split(' '),
);

const NOT_USER_CODE =
  /(^|[\\/])node_modules[\\/]|^node:|^internal\/(modules|process|main|bootstrap|timers|streams|fs|url|errors|util)\/|^\/(usr|opt|rustc|nix)\/|\.cargo[\\/]registry|[\\/]go[\\/]pkg[\\/]mod[\\/]|hostedtoolcache|(?:^|\/)_temp\/|site-packages|^<|\/lib\/python\d/;
const WORKSPACE = [
  /^\/home\/runner\/work\/[^/]+\/[^/]+\//,
  /^\/github\/workspace\//,
  // GitLab, Travis, CircleCI, Jenkins, Buildkite, Azure Pipelines checkouts.
  /^\/builds\/[^/]+\/[^/]+\//,
  /^\/home\/travis\/build\/[^/]+\/[^/]+\//,
  /^(?:\/home\/circleci|~)\/project\//,
  /^\/var\/lib\/jenkins\/workspace\/[^/]+\//,
  /^\/var\/lib\/buildkite-agent\/builds\/[^/]+\/[^/]+\/[^/]+\//,
  /^\/home\/vsts\/work\/\d+\/s\//,
  /^[A-Za-z]:\\a\\\d+\\s\\/,
  /^[A-Za-z]:\\a\\[^\\]+\\[^\\]+\\/,
  /^\.\//,
];

const GRADLE_GLUED_TASK = /^:[\w:-]+?(?=\/|[ew]: \/)/;
/** mix format --check-formatted: `  * lib/a.ex` under "The following files are not formatted:". */
const UNFORMATTED_ROW = new RegExp(String.raw`^\s+\* (${PATH})$`);
/**
 * The paths a command names (`kotlinc -script scripts/release.kts`): a trace's bare `release.kts` is that
 * file.
 */
const pathsOf = (command: string | null | undefined): string[] =>
  (command ?? '')
    .split(/\s+/)
    .map((t) => t.replace(/^['"]|['"]$/g, '').replace(/^\.\//, ''))
    .filter((t) => t.includes('/') && !t.includes('*'));

/**
 * g++'s `t.cpp:7:14:   required from here`: the project line a template error in a library header comes from.
 */
const REQUIRED_FROM_HERE = new RegExp(String.raw`^(${PATH}):(\d+):(\d+):\s+required from here`);

export interface LocationExtractor {
  /** The located errors this cleaned line reports (usually none). */
  push(text: string): Location[];
  /** True inside a report that names a file once (eslint stylish, phpcs): any line can be one of its rows. */
  busy(): boolean;
  /** The command whose output follows (a CI step's), when the log names it: `gofmt -l` lists files. */
  setCommand(command: string | null): void;
}

export function createLocationExtractor(root?: string, command?: string): LocationExtractor {
  const roots = root ? [root.endsWith('/') ? root : `${root}/`] : [];
  let listsFiles = command !== undefined && LISTS_FILES.test(command);
  let stylishFile: string | null = null;
  let section: { file: string; row: RegExp } | null = null;
  /** The project line of the template instantiation under way, until its error line. */
  let instantiatedAt: Location | null = null;
  /** Under `mix format --check-formatted`'s "The following files are not formatted:" list. */
  let unformatted = false;
  let commandPaths = pathsOf(command);
  /** The test class of Gradle's last `Class > test FAILED` line. */
  let gradleTest: { pkg: string; cls: string } | null = null;

  const located = (file: string, line: string | undefined, column: string | undefined): Location | null => {
    let rel = file.replace(/\\/g, '/');
    if (rel.includes('://')) return null;
    for (const r of roots) if (rel.startsWith(r)) rel = rel.slice(r.length);
    for (const w of WORKSPACE) rel = rel.replace(w, '');
    if (!rel.includes('/')) rel = commandPaths.find((p) => p.endsWith(`/${rel}`)) ?? rel;
    const n = Number(line);
    if (!rel || NOT_USER_CODE.test(rel) || !Number.isInteger(n) || n < 1) return null;
    const method = CLASS_DOT_METHOD.exec(rel)?.[1];
    if (method !== undefined && !KNOWN_EXTENSIONS.has(method)) return null;
    const col = column === undefined ? null : Number(column);
    return { file: rel, line: n, column: col !== null && col >= 1 ? col : null };
  };

  const collect = (text: string, regex: RegExp, out: Location[]): void => {
    regex.lastIndex = 0;
    for (const m of text.matchAll(regex)) {
      const loc = located(m[1] as string, m[2], m[3]);
      if (loc) out.push(loc);
    }
  };

  return {
    busy: () => stylishFile !== null || section !== null || unformatted,
    setCommand(next) {
      listsFiles = LISTS_FILES.test(next ?? command ?? '');
      commandPaths = pathsOf(next ?? command);
    },
    push(line) {
      const out: Location[] = [];
      // Stack traces of ES modules print file:///abs/path.js:1:2; the path is what matters. Gradle's
      // plain console glues the task's name to the compiler's first line: `:compileJava/abs/App.java:4:
      // error: …` (javac), `:compileKotline: /abs/A.kt: (4, 12): …` (kotlinc).
      let text = line.includes('file://') ? line.replace(/file:\/\//g, '') : line;
      if (text.startsWith(':')) text = text.replace(GRADLE_GLUED_TASK, '');
      const testClass = text.endsWith(' FAILED') ? GRADLE_TEST.exec(text) : null;
      if (testClass) gradleTest = { pkg: testClass[1] as string, cls: testClass[2] as string };
      for (const s of SECTIONS) {
        const header = text.includes(s.literal) ? s.header.exec(text) : null;
        if (header) section = { file: header[1] as string, row: s.row };
      }
      if (section !== null) {
        const row = section.row.exec(text);
        if (row) {
          const loc = located(section.file, row[1], row[2]);
          return loc ? [loc] : [];
        }
        if (text.trim() === '') section = null;
      }
      if (stylishFile !== null) {
        const row = STYLISH_ROW.exec(text);
        if (row) {
          const loc = located(stylishFile, row[1], row[2]);
          return loc ? [loc] : [];
        }
        if (!/^\s+\d+:\d+\s/.test(text)) stylishFile = null;
      }
      const header = STYLISH_HEADER.exec(text.trim());
      if (header && !text.startsWith(' ')) {
        stylishFile = header[1] as string;
        const loc = listsFiles ? located(stylishFile, '1', undefined) : null;
        return loc ? [loc] : out;
      }
      if (text === 'The following files are not formatted:') unformatted = true;
      else if (unformatted && text.trim() !== '') {
        const listed = UNFORMATTED_ROW.exec(text);
        const loc = listed ? located(listed[1] as string, '1', undefined) : null;
        if (loc) return [loc];
        unformatted = false;
      }
      for (const [literal, shape] of FILE_LEVEL) {
        if (!text.includes(literal)) continue;
        const m = shape.exec(text);
        const loc = m ? located(m[1] || 'package.json', '1', undefined) : null;
        if (loc) return [loc];
      }
      for (const [literal, shape] of WORDED) {
        if (!text.includes(literal)) continue;
        const m = shape.exec(text);
        const loc = m ? located(m[1] as string, m[2], m[3]) : null;
        if (loc) return [loc];
      }
      if (text.includes('(from ') && /error/i.test(text)) {
        const pip = PIP_REQUIREMENT.exec(text);
        const loc = pip ? located((pip[1] ?? pip[4]) as string, pip[2] ?? pip[3], undefined) : null;
        if (loc) return [loc];
      }
      const workflow = WORKFLOW.exec(text);
      if (workflow) {
        const props = Object.fromEntries(
          (workflow[1] as string).split(',').map((kv) => kv.split('=', 2) as [string, string]),
        );
        const loc = props.file ? located(props.file, props.line, props.col) : null;
        return loc ? [loc] : [];
      }
      const webpack = WEBPACK.exec(text);
      if (webpack) {
        const loc = located(webpack[1] as string, webpack[2], String(Number(webpack[3]) + 1));
        return loc ? [loc] : [];
      }
      // gcc/clang context lines point at declarations and includes, not at errors.
      // pytest prints `tests/t.py:9: ` (no message) for the frames it passes through, the error's own line
      // last.
      if (text.endsWith(': ') && /^\S+\.py:\d+: $/.test(text)) return out;
      // Python's warnings (`x.py:4: DeprecationWarning: …`, pytest's warnings summary) did not fail the run.
      if (text.includes('Warning: ') && /\.py:\d+: [A-Z]\w*Warning: /.test(text)) return out;
      if (
        (text.includes(': note: ') && !/\[SC\d+\]$/.test(text)) ||
        text.includes(': *** [') ||
        text.startsWith('In file included from') ||
        /^\s+from \S+:\d+[,:]$/.test(text)
      )
        return out;
      // g++ walks a template error back through its instantiations: `t.cpp:6:17:   required from here`.
      // That line is the error's place only when the error itself is inside a library's header.
      if (text.includes('   required ') && /:\d+:\d+:\s+required (?:from|by)\b/.test(text)) {
        const here = REQUIRED_FROM_HERE.exec(text);
        if (here) instantiatedAt = located(here[1] as string, here[2], here[3]);
        return out;
      }
      // ant's and Gradle's summary points back at the compiler's errors, which are the places.
      if (text.includes('see the compiler error output')) return out;
      // Cheap substring gates first: most log lines hold no location at all.
      if (!HAS_LOCATION.test(text)) return out;
      if (text.includes('(')) collect(text, PAREN_FORM, out);
      if (text.includes(':[')) collect(text, BRACKET_FORM, out);
      if (out.length === 0) collect(text, COLON_FORM, out);
      if (text.includes('File "')) collect(text, PY_TRACE, out);
      if (instantiatedAt !== null && text.includes(': error: ')) {
        if (out.length === 0) out.push(instantiatedAt);
        instantiatedAt = null;
      }
      if (out.length === 1 && text.includes('at ')) {
        const at = gradleTest === null ? null : GRADLE_TEST_AT.exec(text);
        const path = at
          ? jvmSourcePath(gradleTest!.pkg, gradleTest!.cls, at[1] as string, at[2] as string)
          : jvmFramePath(text);
        if (path !== null) out[0] = { ...out[0]!, file: path };
      }
      return out;
    },
  };
}
