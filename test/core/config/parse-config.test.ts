import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatConfigError, parseConfig } from '../../../src/core/config/parse-config.js';
import { defaultConfig } from '../../../src/core/config/schema.js';

const FILE = '.github/closed-loop.yml';
const lines = (...l: string[]) => `${l.join('\n')}\n`;
const read = (rel: string) => readFileSync(new URL(`../../../${rel}`, import.meta.url), 'utf8');

function errorLine(text: string): string {
  const result = parseConfig(text, FILE);
  if (result.ok) throw new Error('expected the config to be invalid');
  return formatConfigError(result.error);
}

describe('parseConfig: valid files', () => {
  it.each([
    ['an empty file', ''],
    ['only whitespace', '  \n\n'],
    ['only comments', '# closed-loop: defaults for now\n'],
    ['just the version', 'version: 1\n'],
  ])('%s gives the defaults', (_name, text) => {
    expect(parseConfig(text, FILE)).toEqual({ ok: true, config: defaultConfig() });
  });

  it('fills the defaults the seeds and the docs promise', () => {
    const config = defaultConfig();
    expect(config.retry).toEqual({
      max_retries: 3,
      same_error_retries: 2,
      max_total_failures: 10,
      backoff: { initial_seconds: 5, factor: 2, max_seconds: 300 },
    });
    expect(config.regression).toEqual({
      enabled_for_complexity: ['medium', 'high'],
      search_depth: 2,
      exclude_patterns: ['**/*.test.ts', '**/*.spec.ts', '**/mocks/**'],
    });
    expect(config.gates.database.paths).toContain('**/migrations/**');
    expect(config.gates.deploy).toMatchObject({
      approvers: { min_permission: 'maintain', teams: [], users: [] },
      allow_author: false,
      invalidate_on_push: true,
    });
    expect(config.task_types.feature.map((c) => c.name)).toEqual([
      'feature_works',
      'tests_pass',
      'lint_clean',
      'no_regressions',
    ]);
    expect(config.task_types.security[2]).toEqual({
      name: 'ciso_review',
      type: 'approval',
      description: 'CISO review passed',
      gate: 'security',
    });
    expect(config.agent).toEqual({ timeout: 900, env: [], max_runs: { per_task: 5, per_pull_request: 20 } });
  });

  it('gives a fresh default object each time', () => {
    const first = defaultConfig();
    first.task_types.bug_fix[0]!.name = 'changed';
    first.gates.security.paths.push('changed/**');
    expect(defaultConfig().task_types.bug_fix[0]!.name).toBe('error_resolved');
    expect(defaultConfig().gates.security.paths).not.toContain('changed/**');
  });

  it('reads a full file and keeps what it does not mention at the defaults', () => {
    const result = parseConfig(
      lines(
        'version: 1',
        '_extends: my-org/.github',
        'checks:',
        '  - { name: lint, type: lint, command: npm run lint, fix_command: npm run lint -- --fix }',
        '  - { name: test, type: test, command: npm test, timeout: 1200 }',
        'patterns:',
        '  add:',
        '    - { id: flaky-db, category: network, signals: [ECONNRESET], strategy: retry_with_backoff }',
        '  override: { type-error: { max_auto_retries: 1 } }',
        '  disable: [format-error]',
        'retry: { max_retries: 5, backoff: { factor: 3 } }',
        'gates: { database: { paths: ["db/**"], approvers: { teams: [dba] } } }',
        'regression: { enabled_for_complexity: [high] }',
        'task_types: { config_change: [{ name: loads, type: command, command: "node cli.js --help" }] }',
        'agent: { command: claude -p }',
      ),
      FILE,
    );
    if (!result.ok) throw new Error(formatConfigError(result.error));
    const { config } = result;
    expect(config.checks[0]).toEqual({
      name: 'lint',
      type: 'lint',
      command: 'npm run lint',
      fix_command: 'npm run lint -- --fix',
      timeout: 600,
    });
    expect(config.checks[1]!.timeout).toBe(1200);
    expect(config.patterns.add[0]).toMatchObject({ id: 'flaky-db', alternatives: [], retryable: true });
    expect(config.patterns.override).toEqual({ 'type-error': { max_auto_retries: 1 } });
    expect(config.retry).toEqual({
      ...defaultConfig().retry,
      max_retries: 5,
      backoff: { initial_seconds: 5, factor: 3, max_seconds: 300 },
    });
    expect(config.gates.database).toEqual({
      paths: ['db/**'],
      approvers: { min_permission: 'maintain', teams: ['dba'], users: [] },
      allow_author: false,
      invalidate_on_push: true,
    });
    expect(config.gates.security).toEqual(defaultConfig().gates.security);
    expect(config.regression.search_depth).toBe(2);
    expect(config.task_types.config_change).toEqual([
      { name: 'loads', type: 'command', command: 'node cli.js --help' },
    ]);
    expect(config.task_types.bug_fix).toEqual(defaultConfig().task_types.bug_fix);
    expect(config.agent).toEqual({
      command: 'claude -p',
      timeout: 900,
      env: [],
      max_runs: { per_task: 5, per_pull_request: 20 },
    });
    expect(config._extends).toBe('my-org/.github');
  });

  it.each([['examples/closed-loop.yml'], ['docs/config.md']])('%s validates', (rel) => {
    const text = read(rel);
    const blocks = rel.endsWith('.md')
      ? [...text.matchAll(/```yaml\n(version: 1[\s\S]*?)```/g)].map((m) => m[1]!)
      : [text];
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) {
      const result = parseConfig(block, rel);
      expect(result.ok ? 'valid' : formatConfigError(result.error)).toBe('valid');
    }
  });

  it('docs/config.md shows the default success criteria as they are', () => {
    const block = read('docs/config.md').match(/```yaml\n(version: 1\ntask_types:[\s\S]*?)```/)?.[1] ?? '';
    const result = parseConfig(block, 'docs/config.md');
    expect(result.ok && result.config.task_types).toEqual(defaultConfig().task_types);
  });
});

describe('parseConfig: the one line a user reads', () => {
  it.each([
    [
      'a YAML syntax error',
      lines('version: 1', 'retry:', '  max_retries: 3', ' backoff: 2'),
      '.github/closed-loop.yml:4:1: invalid YAML: all mapping items must start at the same column',
    ],
    [
      'a duplicate key',
      lines('version: 1', 'retry: {}', 'retry: {}'),
      '.github/closed-loop.yml:3:1: invalid YAML: map keys must be unique',
    ],
    [
      'a tab in the indentation',
      'version: 1\nagent:\n\ttimeout: 5\n',
      '.github/closed-loop.yml:3:1: invalid YAML: tabs are not allowed as indentation',
    ],
    [
      'an alias without an anchor',
      lines('version: 1', 'agent: *defaults'),
      '.github/closed-loop.yml:2:8: invalid YAML: unresolved alias (the anchor must be set before the alias): defaults',
    ],
    [
      'a missing version',
      lines('# our config', 'retry:', '  max_retries: 3'),
      '.github/closed-loop.yml:2:1: version: missing; add `version: 1` as the first line of the file',
    ],
    ['another version', lines('version: 2'), '.github/closed-loop.yml:1:10: version: expected 1, found 2'],
    [
      'a list instead of a mapping',
      lines('- version: 1'),
      '.github/closed-loop.yml:1:1: expected a mapping of keys such as `version: 1`, found a list',
    ],
    [
      'a wrong type',
      lines('version: 1', 'retry:', '  max_retries: three'),
      '.github/closed-loop.yml:3:16: retry.max_retries: expected a number, found "three"',
    ],
    [
      'a fraction where a whole number belongs',
      lines('version: 1', 'agent:', '  timeout: 1.5'),
      '.github/closed-loop.yml:3:12: agent.timeout: expected a whole number, found 1.5',
    ],
    [
      'a number out of range',
      lines('version: 1', 'retry:', '  max_retries: -1'),
      '.github/closed-loop.yml:3:16: retry.max_retries: expected a number >= 0, found -1',
    ],
    [
      'a bad enum value',
      lines('version: 1', 'checks:', '  - name: lint', '    type: lnt', '    command: npm run lint'),
      '.github/closed-loop.yml:4:11: checks[0].type: expected lint, type, test, build or custom, found "lnt"; did you mean "lint"?',
    ],
    [
      'a bad permission, nothing close',
      lines('version: 1', 'gates:', '  deploy:', '    approvers:', '      min_permission: owner'),
      '.github/closed-loop.yml:5:23: gates.deploy.approvers.min_permission: expected read, triage, write, maintain or admin, found "owner"',
    ],
    [
      'an unknown key with a near miss',
      lines('version: 1', 'retry:', '  max_retries: 3', '  max_retry: 3'),
      '.github/closed-loop.yml:4:3: retry.max_retry: unknown key; did you mean "max_retries"?',
    ],
    [
      'an unknown key in an !!omap (the parser gives a Map, in which no key was checked)',
      lines('version: 1', 'retry: !!omap', '  - max_retries: 3', '  - max_retry: 3'),
      // Located at the key holding the !!omap: the pairs of an omap are not located one by one.
      '.github/closed-loop.yml:2:1: retry.max_retry: unknown key; did you mean "max_retries"?',
    ],
    [
      'a camelCase key',
      lines('version: 1', 'agent:', '  Timeout: 5', 'retry:', '  maxRetries: 3'),
      '.github/closed-loop.yml:3:3: agent.Timeout: unknown key; did you mean "timeout"?',
    ],
    [
      'a misspelt gate',
      lines('version: 1', 'gates:', '  secruity:', '    paths: []'),
      '.github/closed-loop.yml:3:3: gates.secruity: unknown key; did you mean "security"?',
    ],
    [
      'an unknown key, nothing close',
      lines('version: 1', 'agent:', '  model: opus'),
      '.github/closed-loop.yml:3:3: agent.model: unknown key; expected command, timeout, env, max_runs, max_files or max_lines',
    ],
    [
      'a misspelt pattern field in an override',
      lines('version: 1', 'patterns:', '  override:', '    type-error:', '      stratgy: escalate'),
      '.github/closed-loop.yml:5:7: patterns.override.type-error.stratgy: unknown key; did you mean "strategy"?',
    ],
    [
      'a pattern id that is not kebab-case',
      lines('version: 1', 'patterns:', '  disable: [type-error, My_Pattern]'),
      '.github/closed-loop.yml:3:25: patterns.disable[1]: pattern ids are kebab-case, e.g. my-tool-error; found "My_Pattern"',
    ],
    [
      'a missing required key',
      lines('version: 1', 'checks:', '  - name: lint', '    type: lint'),
      '.github/closed-loop.yml:3:5: checks[0].command: missing required key (expected a string)',
    ],
    [
      'an empty value',
      lines('version: 1', 'checks:', '  - name:', '    type: lint', '    command: eslint .'),
      '.github/closed-loop.yml:3:5: checks[0].name: expected a string, found an empty value',
    ],
    [
      'an empty list where one item is needed',
      lines(
        'version: 1',
        'patterns:',
        '  add:',
        '    - id: my-tool',
        '      category: lint',
        '      signals: []',
        '      strategy: auto_fix',
      ),
      '.github/closed-loop.yml:6:16: patterns.add[0].signals: expected at least 1 item, found 0 items',
    ],
    [
      'duplicate check names',
      lines(
        'version: 1',
        'checks:',
        '  - { name: lint, type: lint, command: eslint . }',
        '  - { name: lint, type: type, command: tsc }',
      ),
      '.github/closed-loop.yml:4:13: checks[1].name: duplicate check name "lint"; it is already used by item 0, and check names must be unique',
    ],
    [
      'two mistakes: the first in the file wins',
      lines('version: 1', 'agent:', '  timeout: soon', 'retry:', '  max_retries: many'),
      '.github/closed-loop.yml:3:12: agent.timeout: expected a number, found "soon"',
    ],
  ])('%s', (_name, text, expected) => {
    expect(errorLine(text)).toBe(expected);
  });

  it('returns the error as data, with the hint apart', () => {
    expect(parseConfig(lines('version: 1', 'retry:', '  max_retry: 3'), FILE)).toEqual({
      ok: false,
      error: {
        file: FILE,
        line: 3,
        column: 3,
        path: 'retry.max_retry',
        message: 'unknown key',
        hint: 'did you mean "max_retries"?',
      },
    });
  });

  it.each([
    ['\u0000\u0001'],
    ['a: b: c: ['],
    ['&a [*a]'],
    ['version: 1\n'.repeat(2)],
    ['---\nversion: 1\n---\nversion: 1\n'],
  ])('never throws (%j)', (text) => {
    expect(() => parseConfig(text, FILE)).not.toThrow();
  });
});

describe('parseConfig: pattern mistakes are located like any other', () => {
  it.each([
    [
      'a regex that does not compile',
      lines(
        'version: 1',
        'patterns:',
        '  add:',
        '    - id: mine',
        '      category: build',
        '      strategy: escalate',
        "      signals: ['ok', '/foo(/']",
      ),
      /^\.github\/closed-loop\.yml:7:23: patterns\.add\[0\]\.signals\[1\]: invalid regular expression: unterminated group$/,
    ],
    [
      'a regex that can take exponential time',
      lines(
        'version: 1',
        'patterns:',
        '  add:',
        '    - id: mine',
        '      category: build',
        '      strategy: escalate',
        "      signals: ['/(a+)+$/']",
      ),
      /:7:17: patterns\.add\[0\]\.signals\[0\]: nested quantifiers .* flatten them/,
    ],
    [
      'unknown regex flags',
      lines('version: 1', 'patterns:', '  override:', '    lint-error:', "      signals: ['/x/zz']"),
      /:5:17: patterns\.override\.lint-error\.signals\[0\]: unknown regular-expression flags "zz"/,
    ],
    [
      'an empty regex',
      lines('version: 1', 'patterns:', '  override:', '    lint-error:', "      signals: ['//']"),
      /:5:17: .*an empty regular expression matches every line/,
    ],
    [
      'a misspelt id to disable',
      lines('version: 1', 'patterns:', '  disable: [rate-limted]'),
      /:3:13: patterns\.disable\[0\]: no built-in pattern "rate-limted" .*; did you mean "rate-limited"\?$/,
    ],
    [
      'a misspelt id to override',
      lines('version: 1', 'patterns:', '  override:', '    lint-eror: { strategy: escalate }'),
      /:4:5: patterns\.override\.lint-eror: no built-in pattern "lint-eror" .*; did you mean "lint-error"\?$/,
    ],
    [
      'an added id that is built in',
      lines(
        'version: 1',
        'patterns:',
        '  add:',
        '    - id: lint-error',
        '      category: lint',
        '      strategy: escalate',
        "      signals: ['x']",
      ),
      /:4:11: patterns\.add\[0\]\.id: "lint-error" is a built-in pattern; change it under patterns\.override\.lint-error instead$/,
    ],
  ])('%s', (_name, text, expected) => {
    expect(errorLine(text)).toMatch(expected);
  });
});

describe('parseConfig: a misspelt required key', () => {
  it('is reported as the misspelling, not as the key it left missing', () => {
    expect(
      errorLine(
        lines('version: 1', 'checks:', '  - name: lint', '    type: lint', '    comand: npm run lint'),
      ),
    ).toBe('.github/closed-loop.yml:5:5: checks[0].comand: unknown key; did you mean "command"?');
  });
});
