// The Action's job summary for an escalated type error, as GitHub shows it: the Markdown renderJobSummary
// writes, rendered by `marked` (GitHub-flavoured) in a GitHub-like stylesheet. Used by
// scripts/screenshot-job-summary.ts (docs/images/job-summary.png) and its test.
import { marked } from 'marked';
import type { LoopResult } from '../src/core/loop-result.js';
import { renderJobSummary } from '../src/core/pull-request/render-job-summary.js';

const HEAD = '3f1c2a9d8e7b6a5f4e3d2c1b0a9f8e7d6c5b4a39';
const TSC = [
  '> tiny-invariant@1.3.3 typecheck',
  '> tsc --noEmit',
  '',
  'src/tiny-invariant.ts(41,11): error TS2349: This expression is not callable.',
  "  Type 'String' has no call signatures.",
  '',
  'Found 1 error in src/tiny-invariant.ts:41',
].join('\n');

/** An escalated type error, as the Action's result.json has it (the loop tried, then stopped on it). */
export function typeErrorResult(): LoopResult {
  const attempt = (n: number, strategy: 'auto_fix' | 'context_expand') => ({
    attempt: n,
    timestamp: `2026-11-24T16:5${n}:00Z`,
    action: `${strategy} for type-error in src/tiny-invariant.ts`,
    result: 'typecheck still fails',
    error: TSC,
    pattern_matched: 'type-error',
    strategy_used: strategy,
    duration_ms: 4200,
    files_modified: [],
    signature: 'type-error:ts:5d1e0c77',
  });
  return {
    version: 1,
    task_id: 'pr-7',
    status: 'escalated',
    reason: 'Same type-error pattern failed twice: a person has to look at it.',
    attempts: 2,
    pattern: 'type-error',
    category: 'type',
    signature: 'type-error:ts:5d1e0c77',
    strategies: ['context_expand'],
    checks: [
      { name: 'lint', passed: true, timed_out: false, duration_ms: 2100 },
      { name: 'typecheck', passed: false, timed_out: false, duration_ms: 3900 },
      { name: 'test', passed: true, timed_out: false, duration_ms: 5200 },
    ],
    failing_checks: [
      {
        name: 'typecheck',
        pattern: 'type-error',
        timed_out: false,
        strategy: 'context_expand',
        done: 'worked on: escalated after 2 attempts',
      },
    ],
    diagnosis: {
      pattern: 'type-error',
      category: 'type',
      confidence: 0.9,
      strategy: 'context_expand',
      retryable: true,
      locations: [{ file: 'src/tiny-invariant.ts', line: 41, column: 11 }],
      messages: ["error TS2349: This expression is not callable. Type 'String' has no call signatures."],
      signature: 'type-error:ts:5d1e0c77',
      evidence: { startLine: 1, endLine: 7, text: TSC },
      alternatives: [],
    },
    fix_commits: [],
    head: { start: HEAD, end: HEAD },
    files_modified: [],
    reports: { dead_letter: null, escalation: null },
    history: [attempt(1, 'context_expand'), attempt(2, 'context_expand')],
    started_at: '2026-11-24T16:50:00Z',
    finished_at: '2026-11-24T16:52:10Z',
    duration_ms: 130_000,
  };
}

const STYLE = `body{font:14px/1.5 -apple-system,"Segoe UI",Helvetica,Arial,sans-serif;color:#1f2328;margin:0;padding:24px;background:#f6f8fa}
.summary{background:#fff;border:1px solid #d1d9e0;border-radius:6px;max-width:900px;padding:8px 24px 16px}
h2{font-size:1.5em;border-bottom:1px solid #d1d9e0;padding-bottom:.3em}h3{font-size:1.25em;margin:24px 0 16px}
a{color:#0969da;text-decoration:none}a:hover{text-decoration:underline}
table{border-collapse:collapse;margin:0 0 16px}td,th{border:1px solid #d1d9e0;padding:6px 13px}tr:nth-child(2n){background:#f6f8fa}
code{background:#eff1f3;border-radius:6px;padding:.2em .4em;font-size:85%;font-family:ui-monospace,SFMono-Regular,Menlo,monospace}
pre{background:#f6f8fa;border-radius:6px;padding:16px;overflow:auto}pre code{background:none;padding:0}
blockquote{color:#59636e;border-left:.25em solid #d1d9e0;margin:0;padding:0 1em}details{margin-bottom:16px}`;

/** The job summary of `result` as an HTML page (a run on github.com/acme/tiny-invariant at `HEAD`). */
export function jobSummaryHtml(result: LoopResult = typeErrorResult()): string {
  const markdown = renderJobSummary(result, {
    runUrl: 'https://github.com/acme/tiny-invariant/actions/runs/1204',
    blobBase: { serverUrl: 'https://github.com', repository: 'acme/tiny-invariant', sha: HEAD },
  });
  const body = marked.parse(markdown, { gfm: true, async: false });
  return `<!doctype html><html><head><meta charset="utf-8"><style>${STYLE}</style></head><body><div class="summary">${body}</div></body></html>`;
}
