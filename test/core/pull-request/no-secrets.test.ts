import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { annotationsFor } from '../../../src/core/pull-request/annotations-for.js';
import { mergeMemory } from '../../../src/core/pull-request/merge-memory.js';
import { renderJobSummary } from '../../../src/core/pull-request/render-job-summary.js';
import { renderLoopComment } from '../../../src/core/pull-request/render-loop-comment.js';
import { defaultConfig } from '../../../src/core/config/schema.js';
import { emptyFlakyRecord } from '../../../src/core/pull-request/ci-state.js';
import { decideRedRun } from '../../../src/core/pull-request/decide-red-run.js';
import {
  redRunAnnotations,
  renderCiBlockedReport,
  renderCiRun,
} from '../../../src/core/pull-request/render-red-run.js';
import { TOKEN_SHAPES } from '../report/token-shapes.js';
import { maskSecretsDeep } from '../../../src/core/report/mask-secrets-deep.js';
import { aDeadLetterResult, aDiagnosis, anAttempt, HEAD } from './builders.js';

const tokens = fc.oneof(...TOKEN_SHAPES.map(([, shape]) => fc.stringMatching(shape)));
const extra = fc.stringMatching(/^[A-Za-z0-9]{6,20}$/);

describe('no GitHub renderer writes a secret', () => {
  it('a token or an extra secret in any free text survives in no summary, annotation, comment or state', () => {
    fc.assert(
      fc.property(tokens, extra, (token, secret) => {
        const leak = `${token} ${secret}`;
        const attempts = [1, 2].map((n) =>
          anAttempt({
            attempt: n,
            timestamp: `2026-04-04T10:0${n}:00Z`,
            action: `push ${leak}`,
            result: `failed ${leak}`,
            error: `src/a.ts:${n}:1 error ${leak}`,
            files_modified: [`src/${secret}.ts`],
          }),
        );
        const diagnosis = aDiagnosis({
          locations: [{ file: `src/${secret}.ts`, line: 3, column: null }],
          evidence: { startLine: 1, endLine: 1, text: `src/${secret}.ts:3 ${leak}` },
        });
        const result = aDeadLetterResult({
          reason: `stopped: ${leak}`,
          history: attempts,
          diagnosis,
          reports: { dead_letter: `report ${leak}`, escalation: `esc ${leak}` },
        });
        const secrets = [secret];
        const comment = renderLoopComment({
          memory: mergeMemory(null, result, HEAD),
          secrets,
          gates: [{ gate: 'security', state: 'approved', by: leak }],
        });
        const state = /v1 ([A-Za-z0-9+/=]+) -->/.exec(comment)?.[1] ?? '';
        const outputs = [
          renderJobSummary(result, { secrets, notes: [leak], patch: `+${leak}\n` }),
          JSON.stringify(annotationsFor(result, secrets)),
          comment,
          new TextDecoder().decode(Uint8Array.from(atob(state), (c) => c.charCodeAt(0))),
        ];
        for (const out of outputs) {
          expect(out).not.toContain(token);
          expect(out).not.toContain(secret);
        }
      }),
      { numRuns: 40 },
    );
  });

  it("a token in a red run's log, masked where the App reads it, survives in none of the check's text, annotations, the blocked report or the kept CI state", () => {
    fc.assert(
      fc.property(tokens, (token) => {
        const diagnosis = aDiagnosis({
          locations: [{ file: 'src/a.ts', line: 3, column: null }],
          evidence: { startLine: 1, endLine: 2, text: `src/a.ts:3 error ${token}\nnpm error ${token}` },
        });
        // As the App's diagnoseFailedJobs hands them on: masked by value where the log entered.
        const jobs = [
          maskSecretsDeep({
            name: 'build',
            url: '',
            failedSteps: ['Run npm ci'],
            diagnosis,
            refused: null,
            capped: false,
            tests: [],
          }),
        ];
        const { entry } = decideRedRun({
          run: { id: 1, attempt: 1, head: HEAD, workflow: 'CI', url: '' },
          jobs,
          more: 0,
          state: { runs: [] },
          record: emptyFlakyRecord(),
          ci: defaultConfig().ci,
          budgets: {},
        });
        const view = renderCiRun(entry);
        for (const out of [
          view.section,
          view.text,
          view.title,
          renderCiBlockedReport(entry, ''),
          JSON.stringify(redRunAnnotations(jobs)),
          JSON.stringify(entry),
        ]) {
          expect(out).not.toContain(token);
        }
      }),
      { numRuns: 40 },
    );
  });
});
