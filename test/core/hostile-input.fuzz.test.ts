import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../src/core/analyze/create-analyzer.js';
import { parseConfig } from '../../src/core/config/parse-config.js';
import { MAX_NAME_LENGTH } from '../../src/core/limits.js';
import { LoopResultSchema } from '../../src/core/loop-result.js';
import { effectiveCatalogue } from '../../src/core/patterns/effective-catalogue.js';
import { maskSecrets } from '../../src/core/report/mask-secrets.js';
import { taskIdProblem, toTaskId } from '../../src/core/task-id.js';
import { comparablePath } from '../../src/core/validate/comparable-path.js';
import { validatePatch } from '../../src/core/validate/validate-patch.js';

/** Fixed seed, few runs: the same cases in CI every time, the whole file in a few seconds. */
const opts = (numRuns: number) => ({ seed: 20261124, numRuns });
const catalogue = effectiveCatalogue({ add: [], override: {}, disable: [] });

const result = (name: string) => ({
  version: 1,
  task_id: 't',
  status: 'failed',
  reason: null,
  attempts: 1,
  pattern: null,
  category: null,
  signature: null,
  strategies: [],
  checks: [{ name, passed: false, timed_out: false, duration_ms: 1 }],
  diagnosis: null,
  fix_commits: [],
  head: { start: null, end: null },
  files_modified: [],
  reports: { dead_letter: null, escalation: null },
  history: [],
  started_at: 'a',
  finished_at: 'b',
  duration_ms: 1,
});

describe('fuzz: hostile configs, logs, patches and secrets', () => {
  it('configs: parseConfig never throws; an accepted check name is one the LoopResult accepts', () => {
    const name = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.constant('x'.repeat(MAX_NAME_LENGTH + 1)),
      fc.constant('x'.repeat(MAX_NAME_LENGTH)),
    );
    const signal = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.constantFrom('/(a|a)*$/', '/(a|aa)+$/', '/(\\w|\\d)+$/', '/(a+)+$/', '/x[/', '/ok/'),
    );
    const text = fc
      .tuple(name, signal, fc.string({ maxLength: 40 }))
      .map(
        ([n, s, junk]) =>
          `version: 1\nchecks:\n  - name: ${JSON.stringify(n)}\n    type: lint\n    command: "true"\npatterns:\n  add:\n    - id: my-x\n      category: lint\n      strategy: escalate\n      signals: [${JSON.stringify(s)}]\n${junk}`,
      );
    fc.assert(
      fc.property(text, (t) => {
        const parsed = parseConfig(t, 'c.yml');
        if (!parsed.ok) {
          expect(parsed.error.line).toBeGreaterThanOrEqual(1);
          return;
        }
        for (const check of parsed.config.checks)
          expect(LoopResultSchema.safeParse(result(check.name)).success).toBe(true);
      }),
      opts(150),
    );
  });

  it('logs: the analyzer never throws and stays fast on hostile lines', () => {
    const line = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.constantFrom(
        '[warn] --plugin=./evil.cjs',
        `${'a'.repeat(5000)}!`,
        '::add-mask::x',
        '\u0000\u001b[31merror\u001b[0m',
      ),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const started = Date.now();
        const d = analyzeText(catalogue, lines.join('\n'));
        expect(d.confidence).toBeGreaterThanOrEqual(0);
        expect(Date.now() - started).toBeLessThan(2000);
      }),
      opts(100),
    );
  });

  it('patches: no spelling of .git or .github is written, however it is dressed', () => {
    const dress = fc
      .tuple(
        fc.constantFrom(
          '.git',
          '.github',
          '.GIT',
          '.GitHub',
          '\uFF0Egit',
          '\uFF0Egithub',
          'git~1',
          'GITHUB~1',
        ),
        fc.constantFrom('', '.', ' ', '. ', '..', ':$DATA', '\u200B'),
        fc.constantFrom('hooks/x', 'workflows/ci.yml', 'config'),
      )
      .map(([base, suffix, rest]) => `${base}${suffix}/${rest}`);
    fc.assert(
      fc.property(dress, (path) => {
        const patch = `diff --git a/${path} b/${path}\n--- a/${path}\n+++ b/${path}\n@@ -1 +1 @@\n-a\n+b\n`;
        expect(validatePatch(patch, { maxBytes: 1 << 20, maxFiles: 50 }).ok).toBe(false);
      }),
      opts(200),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (path) => {
        expect(() => comparablePath(path)).not.toThrow();
      }),
      opts(100),
    );
  });

  it('secrets and task ids: a registered secret never survives masking; a made task id is always valid', () => {
    const secret = fc
      .string({ minLength: 4, maxLength: 40 })
      .filter((s) => s.trim().length >= 4 && !s.includes('*'));
    fc.assert(
      fc.property(secret, fc.string({ maxLength: 40 }), fc.string({ maxLength: 40 }), (s, before, after) => {
        expect(maskSecrets(`${before}${s}${after}`, [s])).not.toContain(s);
      }),
      opts(200),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        expect(taskIdProblem(toTaskId(text))).toBeNull();
      }),
      opts(200),
    );
  });
});
