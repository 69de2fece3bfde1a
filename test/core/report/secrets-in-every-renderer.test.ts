import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildDeadLetter } from '../../../src/core/dead-letter/build-dead-letter.js';
import { parseDeadLetter } from '../../../src/core/dead-letter/parse-dead-letter.js';
import { renderCandidatePattern } from '../../../src/core/dead-letter/render-candidate-pattern.js';
import { renderDeadLetter } from '../../../src/core/dead-letter/render-dead-letter.js';
import { renderAttemptsFile } from '../../../src/core/report/render-attempts-file.js';
import { renderEscalation } from '../../../src/core/report/render-escalation.js';
import { renderExecutionFailed } from '../../../src/core/report/render-execution-failed.js';
import { CATALOGUE, aDiagnosis, anAttempt, anInput } from '../dead-letter/builders.js';
import { TOKEN_SHAPES } from './token-shapes.js';

const tokens = fc.oneof(...TOKEN_SHAPES.map(([, shape]) => fc.stringMatching(shape)));
const extra = fc.stringMatching(/^[A-Za-z0-9]{6,20}$/);

/** Every renderer, fed a failure whose free text carries `token` and the extra secret `secret` everywhere. */
function renderAll(token: string, secret: string): string[] {
  const leak = `${token} ${secret}`;
  const attempts = [1, 2, 3].map((n) =>
    anAttempt({
      attempt: n,
      pattern_matched: null,
      strategy_used: 'analyze_then_fix',
      action: `push with ${leak}`,
      result: `failed ${leak}`,
      error: `sync stalled for upstream mirror: ${leak}\nAuthorization: Bearer ${token}\n${leak}`,
      files_modified: [`src/${secret}.ts`],
    }),
  );
  const diagnosis = aDiagnosis({
    pattern: null,
    category: 'unknown',
    confidence: 0.1,
    signature: 'unknown:ts:01234567',
    locations: [{ file: `src/${secret}.ts`, line: 1, column: null }],
  });
  const secrets = [secret];
  const earlier = (id: string) =>
    parseDeadLetter(
      renderDeadLetter(
        buildDeadLetter(anInput({ taskId: id, attempts, finalDiagnosis: diagnosis, secrets })),
        secrets,
      ),
    );
  const similar = ['e1', 'e2', 'e3'].map(earlier).filter((s) => s !== null);
  const entry = buildDeadLetter(
    anInput({ originalTask: `deploy ${leak}`, attempts, finalDiagnosis: diagnosis, similar, secrets }),
  );
  const input = { taskId: 'task-1', attempts, finalDiagnosis: diagnosis, patterns: CATALOGUE, secrets };
  return [
    renderDeadLetter(entry, secrets),
    renderAttemptsFile('task-1', attempts, 'failed', '2026-04-04T10:00:00Z', '2026-04-04T10:30:00Z', secrets),
    renderExecutionFailed({ ...input, blockedReason: 'retry_budget_exhausted' }),
    renderEscalation({ ...input, reason: `stopped: ${leak}` }),
    ...(entry.candidate === null ? [] : [renderCandidatePattern(entry.candidate, secrets)]),
  ];
}

describe('no renderer writes a secret', () => {
  it('a generated token or extra secret never survives in any report', () => {
    fc.assert(
      fc.property(tokens, extra, (token, secret) => {
        const reports = renderAll(token, secret);
        expect(reports).toHaveLength(5);
        for (const report of reports) {
          expect(report).not.toContain(token);
          expect(report).not.toContain(secret);
          expect(report.toLowerCase()).not.toContain(secret.toLowerCase());
        }
      }),
      { numRuns: 40 },
    );
  });
});
