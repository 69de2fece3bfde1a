import { describe, expect, it } from 'vitest';
import { renderJobSummary } from '../../../src/core/pull-request/render-job-summary.js';
import { loopReport } from '../../../src/core/pull-request/report-comment.js';
import { failureLead, renderFailureLead } from '../../../src/core/report/failure-lead.js';
import { renderEscalation } from '../../../src/core/report/render-escalation.js';
import { CATALOGUE } from '../dead-letter/builders.js';
import { aDeadLetterResult, aDiagnosis, HEAD } from './builders.js';

const BASE = { serverUrl: 'https://github.com', repository: 'acme/tiny', sha: HEAD };
const LINK = `[\`src/tiny-invariant.ts:41\`](https://github.com/acme/tiny/blob/${HEAD}/src/tiny-invariant.ts#L41)`;
const MESSAGE = 'error TS2349: This expression is not callable.';
const LOG = `> tsc --noEmit\n\nsrc/tiny-invariant.ts(41,5): ${MESSAGE}\n  Type 'String' has no call signatures.`;

/** The run of the issue: a type error the loop escalated, its report naming the runner's context file. */
const typeError = () =>
  aDeadLetterResult({
    status: 'escalated',
    reason: 'Same type-error pattern with context_expand strategy failed twice.',
    failing_checks: [
      {
        name: 'typecheck',
        pattern: 'type-error',
        timed_out: false,
        strategy: 'context_expand',
        done: 'worked on: context_expand tried',
      },
    ],
    diagnosis: aDiagnosis({
      locations: [{ file: 'src/tiny-invariant.ts', line: 41, column: 5 }],
      messages: [MESSAGE],
      evidence: { startLine: 3, endLine: 4, text: LOG },
    }),
    reports: {
      dead_letter: null,
      escalation:
        '## Escalation: pr-7\n\nSet `agent.command` in .github/closed-loop.yml; context in .git/closed-loop/context-pr-7.md\n',
    },
  });

/** The lines before the verdict: what a reviewer reads first. */
const firstScreen = (md: string) => md.slice(0, md.indexOf('**⚠️ Escalated**'));

describe('the job summary leads with the failure', () => {
  it('names the check, the tool, file:line linked to the head, the message and the log, before anything else', () => {
    const md = renderJobSummary(typeError(), { blobBase: BASE });
    const first = firstScreen(md);
    expect(first).toContain('### ❌ What failed: check `typecheck`, tsc (TypeScript)');
    expect(first).toContain(`- ${LINK} — ${MESSAGE}`);
    expect(first).toContain("Type 'String' has no call signatures.");
    // The agent advice and the runner's path come after, folded in the report.
    expect(first).not.toContain('agent.command');
    expect(first).not.toContain('.git/closed-loop');
    expect(md.indexOf('.git/closed-loop/context-pr-7.md')).toBeGreaterThan(md.indexOf('### Checks'));
  });

  it('then what the loop did, in words, and what a person must do', () => {
    const md = renderJobSummary(typeError(), { blobBase: BASE });
    expect(md).toContain(
      '| typecheck | ❌ failed | type error | had the agent fix it, with the definitions the code depends on; then had the agent fix it at the failing line; still failing | 4.2s |',
    );
    expect(md).not.toContain('context_expand (not run)');
    expect(md).toContain('**Next:** a person fixes it at `src/tiny-invariant.ts:41` and pushes');
    expect(md.indexOf('**Next:**')).toBeLessThan(md.indexOf('### Checks'));
  });

  it('says file:line unlinked when the head is not known', () => {
    const md = renderJobSummary(typeError());
    expect(firstScreen(md)).toContain(`- \`src/tiny-invariant.ts:41\` — ${MESSAGE}`);
    expect(md).not.toContain('/blob/');
  });

  it('has no failure to lead with after a success', () => {
    expect(failureLead({ ...typeError(), status: 'success' })).toBeNull();
  });

  it('falls back to the log headline where the tool gave no message per place', () => {
    const lead = failureLead({
      ...typeError(),
      diagnosis: { ...typeError().diagnosis!, messages: undefined },
    });
    expect(renderFailureLead(lead!, { base: BASE })).toContain(
      `${LINK} — src/tiny-invariant.ts(41,5): ${MESSAGE}`,
    );
  });
});

describe('the escalation report and its comment lead with the failure', () => {
  const escalation = () =>
    renderEscalation({
      taskId: 'pr-7',
      reason: 'Same type-error pattern with context_expand strategy failed twice.',
      attempts: typeError().history,
      finalDiagnosis: typeError().diagnosis!,
      patterns: CATALOGUE,
      check: 'typecheck',
    });

  it('the report says what failed first, then why it stopped, then the advice', () => {
    const text = escalation();
    const lines = text.split('\n');
    expect(lines[0]).toBe('## Escalation: pr-7');
    expect(lines[2]).toBe('### ❌ What failed: check `typecheck`, tsc (TypeScript)');
    expect(lines[4]).toBe(`- \`src/tiny-invariant.ts:41\` — ${MESSAGE}`);
    expect(text.indexOf('### Why the loop stopped')).toBeGreaterThan(text.indexOf(MESSAGE));
    expect(text.indexOf('agent.command')).toBeGreaterThan(text.indexOf('### Why the loop stopped'));
  });

  it('the comment links the place at the head in its first lines, once', () => {
    const result = typeError();
    const lead = renderFailureLead(failureLead(result)!, { base: BASE });
    const body = loopReport({
      status: 'escalated',
      reports: { escalation: escalation(), dead_letter: null },
      run: { id: 9, url: null },
      headSha: HEAD,
      commands: false,
      lead,
    })!;
    const first = body.split('\n').slice(0, 6).join('\n');
    expect(first).toContain('## Escalation: pr-7');
    expect(first).toContain(`- ${LINK} — ${MESSAGE}`);
    expect(body.split('What failed').length).toBe(2);
  });
});
