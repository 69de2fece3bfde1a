import type { EvaluatedGate } from '../../core/gates/evaluate-gates.js';
import {
  extractCriteria,
  findTaskSpecPath,
  referencedPaths,
  renderVerificationReport,
  verifyPullRequest,
} from '../../core/verify/index.js';
import type { VerificationReport, VerifyFacts } from '../../core/verify/index.js';
import { pathsInText } from '../../core/verify/referenced-paths.js';
import { uniqueInOrder } from '../../core/report/truncate-text.js';
import { readFileAt } from '../../github/read-file-at.js';
import type { AppEnv } from '../app-env.js';
import type { LoopStanding, VerificationMemory } from '../app-state.js';
import type { PrSnapshot } from '../gather-pr.js';

const LOOP: Record<LoopStanding, VerifyFacts['loop']['status']> = {
  none: 'none',
  blocked: 'blocked',
  resumed: 'none',
  failed: 'failed',
  success: 'success',
  interrupted: 'interrupted',
};

export interface Verified {
  /** The report as Markdown. */
  text: string;
  report: VerificationReport;
  /** What the App remembers of it (the handoff's last verdicts, and once per head). */
  memory: VerificationMemory;
}

/**
 * The seed's close-loop verification of the head (`/close-loop verify`, and on its own when a pull
 * request leaves draft or goes green). Criteria from the PR body's checklist and the linked task spec
 * (read at the head), the files they name read at the head as the artifacts, judged with the head's
 * check runs, the changed files, the gates and the loop's standing.
 */
export async function runVerify(
  env: AppEnv,
  snapshot: PrSnapshot,
  evaluated: readonly EvaluatedGate[],
  standing: LoopStanding,
  opts: { title?: string; green?: boolean } = {},
): Promise<Verified> {
  const green = opts.green ?? false;
  const { pr } = snapshot;
  const at = { owner: pr.owner, repo: pr.repo, ref: pr.headSha };
  const specPath = findTaskSpecPath(pr.body, `${pr.serverUrl}/${pr.owner}/${pr.repo}`);
  const spec = specPath === null ? null : await readFileAt(env.octokit, { ...at, path: specPath });
  const criteria = extractCriteria(
    pr.body,
    specPath !== null && spec !== null && spec.text !== null ? { path: specPath, text: spec.text } : null,
  );
  const artifacts = await Promise.all(
    referencedPaths(criteria).map(async (path) => ({
      path,
      size: (await readFileAt(env.octokit, { ...at, path }))?.size ?? null,
    })),
  );
  const facts: VerifyFacts = {
    headSha: pr.headSha,
    taskSpec: specPath === null ? null : { path: specPath, text: spec?.text ?? null },
    checks: snapshot.checks,
    changedFiles: snapshot.files.map((f) => ({
      path: f.path,
      status: f.status,
      additions: f.additions,
      deletions: f.deletions,
    })),
    artifacts,
    gates: evaluated.map((g) => ({
      gate: g.gate,
      status: g.status,
      ...(g.by ? { by: g.by } : {}),
      ...(g.reason ? { reason: g.reason } : {}),
    })),
    loop: { status: LOOP[standing] },
  };
  const report = verifyPullRequest(pr.body, facts, criteria);
  return {
    text: renderVerificationReport(report, opts.title === undefined ? {} : { title: opts.title }),
    report,
    memory: {
      head_sha: pr.headSha,
      verdict: report.verdict,
      criteria: report.criteria.slice(0, 50).map((c) => ({
        id: c.id.slice(0, 20),
        text: c.text.slice(0, 300),
        status: c.status,
      })),
      artifacts: uniqueInOrder(report.criteria.flatMap((c) => pathsInText(c.text)))
        .filter((p) => p.length <= 300)
        .slice(0, 20),
      on_green: green,
    },
  };
}
