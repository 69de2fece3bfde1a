import type { Category } from '../vocabulary.js';
import type { CleanLine } from './clean-line.js';

/**
 * The structure of a log, before any words: where a CI step (a command) starts, and which lines say
 * that something failed — the CI's own "exited with N" and the build tool's failure summary. The
 * diagnosis is anchored on the step that failed, so setup noise in green steps explains nothing.
 *
 * Each shape is gated by a literal substring first (cheap, and ready for a byte-level prefilter).
 */

/** A line saying the run or a tool failed; `command` is what failed when the line names it. */
export interface FailureMark {
  /** `ci` marks close a step (GitHub `##[error]`, Travis `exited with`); `tool` marks are summaries. */
  level: 'ci' | 'tool';
  command: string | null;
  /** The category the failing goal, task or script implies, when it does. */
  category: Category | null;
}

const BUILDKITE_HEADER = /^(?:\+\+\+|---) (?::[\w-]+: ?|[A-Z][a-z]+ )[^\t/]*$/;

/** The command a new CI step runs, or null when the line starts no step. */
export function stepStart(line: CleanLine): string | null {
  const { text, kind } = line;
  if (kind === 'group') return text.startsWith('Run ') ? text.slice(4) : null;
  // Azure Pipelines: `##[section]Starting: npm test` (cleanLine calls it a command).
  if (kind === 'command' && text.startsWith('Starting: ')) return text.slice(10);
  // GitLab: `section_start:1700000000:step_script\r` then the echoed `$ command` (below).
  // Jenkins: `[Pipeline] { (Test)` opens a stage.
  if (text.startsWith('[Pipeline] { (')) return text.slice(14, -1);
  if (text.startsWith('section_start:')) return text.replace(/^section_start:\d+:/, '');
  // Travis, GitLab and CircleCI echo each command as `$ command`; Buildkite marks sections with `--- `/`+++
  // `.
  if (text.startsWith('$ ') && text.length > 2) return text.slice(2);
  // A diff's `+++ b/file` or `+++ /path\t(date)` is no section: a header is words, not a path.
  if (
    text.startsWith('~~~ ') ||
    ((text.startsWith('+++ ') || text.startsWith('--- ')) && BUILDKITE_HEADER.test(text))
  )
    return text.slice(4);
  return null;
}

const ci = (command: string | null = null): FailureMark => ({
  level: 'ci',
  command,
  category: command ? categoryOfCommand(command) : null,
});
const tool = (
  command: string | null,
  category: Category | null = command ? categoryOfCommand(command) : null,
): FailureMark => ({ level: 'tool', command, category });

/** What this line says failed, or null. */
export function failureMark(line: CleanLine): FailureMark | null {
  const { text, kind } = line;
  if (kind === 'error') {
    // GitHub `##[error]Process completed with exit code 1.`; Azure `##[error]Bash exited with code '1'.`
    return /exit(?:ed with)? code '?[1-9]/.test(text) || text.includes('exited with code')
      ? ci()
      : tool(null, null);
  }
  if (text.includes('exited with ')) {
    // Travis: `The command "npm test" exited with 1.`, and in install phases `… failed and exited with 1
    // during .`
    const travis = /^The command "(.+)" (?:failed and )?exited with ([1-9]\d*)(?:\.| during .*)$/.exec(text);
    if (travis) return ci(travis[1] as string);
  }
  if (text.startsWith('ERROR: Job failed') || text.startsWith('Finished: FAILURE')) return ci(); // GitLab, Jenkins
  if (text.includes('Exited with code') && /^Exited with code (?:exit status )?[1-9]/.test(text)) return ci(); // CircleCI
  if (text.includes('script returned exit code') && /ERROR: script returned exit code [1-9]/.test(text))
    return ci(); // Jenkins
  if (
    text.includes('The command exited with status') &&
    /Error: The command exited with status [1-9]/.test(text)
  )
    return ci(); // Buildkite
  return toolMark(text);
}

function toolMark(text: string): FailureMark | null {
  // npm: `npm error Lifecycle script `test` failed`, npm 6-8: `npm ERR! app@1.0.0 test: `jest``.
  if (text.includes('Lifecycle script')) {
    const m = /Lifecycle script [`"']?([\w:.-]+)[`"']? failed/.exec(text);
    if (m) return tool(m[1] as string);
  }
  if (text.startsWith('npm ERR!') && / \S+@\S+ [\w:.-]+: `/.test(text))
    return tool(/ \S+@\S+ ([\w:.-]+): `/.exec(text)![1] as string);
  if (text.includes('ELIFECYCLE') || text.includes('Command failed with exit code')) return tool(null); // pnpm, yarn
  if (
    text.includes('*** [') &&
    /^(?:g?make|mingw32-make)(?:\[\d+\])?: \*\*\* \[.*\] (?:Error \d+|Segmentation fault)/.test(text)
  ) {
    const target = /\*\*\* \[(?:[^\]]*:\d+: )?([^\]]+)\]/.exec(text)?.[1] ?? '';
    return tool('make', categoryOfCommand(target.replace(/[_-]/g, ' ')) ?? 'build');
  }
  if (text.includes('Failed to execute goal')) {
    const goal = /Failed to execute goal (\S+)/.exec(text);
    return tool(goal ? (goal[1] as string) : 'mvn', goal ? mavenGoalCategory(goal[1] as string, text) : null);
  }
  if (text.includes('BUILD FAILURE') || text.startsWith('BUILD FAILED') || text.includes('Build FAILED.'))
    return tool(null, null);
  if (text.includes('Execution failed for task')) {
    const task = /Execution failed for task '([^']+)'/.exec(text);
    return tool(task ? (task[1] as string) : 'gradle', task ? gradleTaskCategory(task[1] as string) : null);
  }
  if (text.includes('could not compile') && /^error: could not compile `/.test(text))
    return tool('cargo build', 'build');
  if (text.includes('test failed, to rerun pass') || text.startsWith('error: test failed'))
    return tool('cargo test', 'test');
  if (text.startsWith('The following tests FAILED') || text.startsWith('Errors while running CTest'))
    return tool('ctest', 'test');
  if (text.includes('commands failed') && /^(?:ERROR: +)?\S+: commands failed/.test(text))
    return tool('tox', null);
  if (text.includes(': FAIL code ') || (text.includes('Session ') && / Session \S+ failed\.$/.test(text)))
    return tool('tox', null);
  if (text.startsWith('[error]') && /^\[error\] \(.+\) /.test(text))
    return tool(/^\[error\] \((.+?)\)/.exec(text)![1] as string); // sbt
  if (text.startsWith('FAILED (') && /^FAILED \((?:failures|errors)=\d+/.test(text))
    return tool('unittest', 'test');
  if (text.startsWith('FAIL') && /^FAIL\s+\S+\s+[\d.]+s$/.test(text)) return tool('go test', 'test');
  return null;
}

function mavenGoalCategory(goal: string, text: string): Category | null {
  if (/Could not resolve dependencies|Failed to collect dependencies|Non-resolvable/.test(text))
    return 'dependency';
  if (/surefire|failsafe/.test(goal)) return 'test';
  if (/checkstyle|pmd|spotbugs|findbugs|spotless:check|ktlint|detekt/.test(goal))
    return /spotless/.test(goal) ? 'format' : 'lint';
  if (/compiler|scala-maven|kotlin-maven|gmavenplus/.test(goal)) return 'build';
  if (/enforcer/.test(goal)) return 'config';
  return 'build';
}

function gradleTaskCategory(task: string): Category | null {
  const name = task.slice(task.lastIndexOf(':') + 1);
  if (/^(test|check|integrationTest|\w*Test)$/.test(name)) return 'test';
  if (/^(checkstyle|pmd|spotbugs|ktlint|detekt|lint)\w*$/i.test(name)) return 'lint';
  if (/^spotless\w*Check$/.test(name)) return 'format';
  if (/^compile\w*/.test(name)) return 'build';
  return 'build';
}

const COMMAND_CATEGORIES: readonly [RegExp, Category][] = [
  [
    /\b(prettier|black|isort|gofmt|rustfmt|cargo fmt|fmt --check|format|ktlint --format|clang-format|swiftformat|dotnet format|mix format|terraform fmt)\b/,
    'format',
  ],
  [
    /\b(eslint|lint|flake8|pyflakes|pylint|ruff|rubocop|golangci|go vet|clippy|shellcheck|phpcs|credo|swiftlint|checkstyle|pmd|spotbugs|hadolint|yamllint|markdownlint|biome)\b/,
    'lint',
  ],
  [/\b(tsc|mypy|pyright|phpstan|psalm|typecheck|type-check|types)\b/, 'type'],
  // `make check`, `./gradlew check`: the conventional target that runs the test suite.
  [/\b(?:make|gradlew?|ninja|meson)\b.*\bcheck\b/, 'test'],
  [
    /\b(test|tests|pytest|jest|vitest|mocha|rspec|phpunit|ctest|tox|nox|unittest|nosetests|minitest|bats|xctest|spec|prove)\b/,
    'test',
  ],
  // A download that fails without saying why (curl -f, wget -q) is most likely the network.
  [/\b(curl|wget)\b/, 'network'],
  // `bundle exec rake`, `poetry run …` run a task; `bundle install`, `poetry install` install.
  // `npm ci`, not a script that lives in a `ci/` folder.
  [
    /\b(install|(?:npm|pnpm) ci|clean-install|bundle(?! exec)|pip|poetry(?! run)|composer|restore|dependencies|deps|go mod|npm i|yarn$)\b/,
    'dependency',
  ],
  [/\b(rake|invoke|just|task)\b/, 'test'],
  [
    /\b(build|make|cmake|compile|gcc|clang|javac|mvn|gradle|gradlew|ant|sbt|cargo|go build|dotnet|msbuild|xcodebuild|swift|docker|webpack|vite|esbuild|tsup|rollup|package|assemble)\b/,
    'build',
  ],
];

/** What kind of check a command line runs, from the tool it names: `npm run lint` → lint. */
export function categoryOfCommand(command: string): Category | null {
  const cmd = command.toLowerCase();
  for (const [shape, category] of COMMAND_CATEGORIES) if (shape.test(cmd)) return category;
  return null;
}
