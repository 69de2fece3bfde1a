import type { Gate } from '../vocabulary.js';
import { inlineCode, plural, shortSha, tableCell } from '../report/markdown-text.js';
import { maskSecrets } from '../report/mask-secrets.js';
import { describeFixes } from '../validate/fix-commit-message.js';
import { formatElapsed, formatStamp } from './elapsed.js';

/** Everything the handoff says, gathered when the pull request merged. */
export interface HandoffFacts {
  number: number;
  /** Who merged it, when known. */
  mergedBy: string | null;
  openedAt: string;
  mergedAt: string;
  /** When the App first saw every check pass; null when it never did (or was installed later). */
  greenAt: string | null;
  headSha: string;
  /**
   * The loop's fix commits on the branch, oldest first: each with the fixes it carries (`also`: the earlier
   * ones of a commit that carries several) and, when `/close-loop undo` reverted it, who did and with which
   * commit.
   */
  fixes: readonly {
    sha: string;
    attempt: number;
    strategy: string | null;
    pattern: string | null;
    also?: readonly { strategy: string | null; pattern: string | null }[];
    undone?: { by: string; revert: string };
  }[];
  /** Failed jobs the App re-ran that then passed (flaky), by workflow; `queue`: in the merge queue. */
  reruns: readonly { workflow: string; jobs: readonly string[]; pattern: string | null; queue?: boolean }[];
  /** The human gates this change needed, with who decided them; a pending gate was merged past. */
  gates: readonly {
    gate: Gate;
    status: 'approved' | 'skipped' | 'pending';
    by?: string;
    via?: 'label' | 'command';
    reason?: string;
  }[];
  /** The last verification against the acceptance criteria; null when the pull request has none. */
  criteria: {
    headSha: string;
    verdict: 'complete' | 'returned' | 'blocked';
    items: readonly { id: string; text: string; status: 'pass' | 'fail' | 'partial' }[];
  } | null;
  /** The files the criteria name, for whoever builds on this change. */
  artifacts: readonly string[];
  /** Literal values to mask besides the token shapes. */
  secrets?: readonly string[];
}

const VERDICT = { complete: 'Complete', returned: 'Returned', blocked: 'Blocked' } as const;
const STATUS = { pass: '✅ pass', fail: '❌ fail', partial: '🟡 partial' } as const;

/**
 * The handoff comment of a merged pull request (the seed's COMPLETE: "create handoff"): what the loop
 * fixed and how, which gates were approved and by whom, the acceptance criteria with their last
 * verdicts, the artifacts for downstream, and the telemetry (Started, Completed, Duration, time to green).
 */
export function renderHandoff(f: HandoffFacts): string {
  const secrets = f.secrets ?? [];
  const cell = (text: string, max = 200) => tableCell(maskSecrets(text, secrets), max);
  const by = f.mergedBy ? ` by @${cell(f.mergedBy, 40)}` : '';
  const kept = f.fixes.filter((c) => c.undone === undefined);
  const undone = f.fixes.filter((c) => c.undone !== undefined);
  const out = [
    `### closed-loop · COMPLETE: handoff of #${f.number}`,
    '',
    `Merged${by} at ${inlineCode(shortSha(f.headSha))}. What the loop did on this pull request, for whoever picks it up next.`,
    '',
    '| | |',
    '| --- | --- |',
    `| Started | ${formatStamp(f.openedAt)} (opened) |`,
    `| Completed | ${formatStamp(f.mergedAt)} (merged) |`,
    `| Duration | ${formatElapsed(f.openedAt, f.mergedAt) ?? '–'} |`,
    `| Time to green | ${f.greenAt === null ? 'not seen: the App never saw every check pass' : (formatElapsed(f.openedAt, f.greenAt) ?? '–')} |`,
    '',
    `**What the loop fixed** (${plural(kept.length, 'commit')})`,
    '',
    ...(kept.length > 0
      ? kept.map((c) => `- ${fixLine(c, cell)}`)
      : [
          undone.length > 0
            ? '- nothing kept: its fixes were undone before the merge (below)'
            : "- nothing: every fix on this branch was a person's",
        ]),
    '',
    ...(undone.length > 0
      ? [
          `**Undone before the merge** (${plural(undone.length, 'commit')}, not in what merged)`,
          '',
          ...undone.map(
            (c) =>
              `- ${fixLine(c, cell)}: undone by @${cell(c.undone?.by ?? '?', 40)} (\`/close-loop undo\`, revert ${inlineCode(shortSha(c.undone?.revert ?? ''))})`,
          ),
          '',
        ]
      : []),
    `**Strategies that worked**: ${strategies({ ...f, fixes: kept }, cell) ?? (undone.length > 0 ? 'none: the fixes were undone' : 'none were needed')}`,
    '',
    '**Human gates**',
    '',
    ...gates(f, cell),
    '',
    ...criteria(f, cell),
    ...(f.artifacts.length > 0
      ? ['**Artifacts for downstream**', '', ...f.artifacts.map((p) => `- ${inlineCode(p, 200)}`), '']
      : []),
    '<sub>Written once by closed-loop when the pull request merged.</sub>',
    '',
  ];
  return maskSecrets(out.join('\n'), secrets);
}

/** Every fix a commit carries, oldest first. */
const carried = (c: HandoffFacts['fixes'][number]) => [...(c.also ?? []), c];

/** `a1b2c3d auto_fix for lint-error and format-error (attempt 3)`. */
function fixLine(c: HandoffFacts['fixes'][number], cell: (t: string, max?: number) => string): string {
  const named = describeFixes(
    carried(c).map((x) => ({ strategy: x.strategy ?? 'a fix', pattern: x.pattern })),
  );
  return `${inlineCode(shortSha(c.sha))} ${cell(named, 300)} (attempt ${c.attempt})`;
}

function strategies(f: HandoffFacts, cell: (t: string, max?: number) => string): string | null {
  const counts = new Map<string, number>();
  for (const c of f.fixes)
    for (const x of carried(c)) {
      const name = `${x.strategy ?? 'a fix'}${x.pattern ? ` (${x.pattern})` : ''}`;
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
  for (const r of f.reruns) {
    const name = `re-run of a flaky failure${r.queue ? ' in the merge queue' : ''}${r.pattern ? ` (${r.pattern})` : ''}`;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  if (counts.size === 0) return null;
  return [...counts].map(([name, n]) => cell(n > 1 ? `${name} ×${n}` : name, 120)).join(' · ');
}

function gates(f: HandoffFacts, cell: (t: string, max?: number) => string): string[] {
  if (f.gates.length === 0) return ['No human gate applied to this change.'];
  const rows = f.gates.map((g) => {
    const who = g.by ? `@${cell(g.by, 40)}` : 'someone';
    const decision =
      g.status === 'approved'
        ? `✅ approved by ${who}${g.via ? ` (${g.via === 'label' ? 'label' : '`/close-loop approve`'})` : ''}`
        : g.status === 'skipped'
          ? `⏭️ skipped by ${who}: "${quiet(cell(g.reason ?? '', 200))}"`
          : '⚠️ merged without its approval';
    return `| ${g.gate} | ${decision} |`;
  });
  return ['| Gate | Decision |', '| --- | --- |', ...rows];
}

function criteria(f: HandoffFacts, cell: (t: string, max?: number) => string): string[] {
  if (f.criteria === null) return ['**Acceptance criteria**: none on this pull request.', ''];
  const c = f.criteria;
  const rows = c.items.map(
    (i) => `| ${cell(i.id, 20)} | ${STATUS[i.status]} | ${quiet(cell(i.text, 200))} |`,
  );
  return [
    `**Acceptance criteria** (last verdict on ${inlineCode(shortSha(c.headSha))}: ${VERDICT[c.verdict]})`,
    '',
    ...(rows.length > 0 ? ['| # | Verdict | Criterion |', '| --- | --- | --- |', ...rows] : ['None found.']),
    '',
  ];
}

/** `@name` in a person's words notifies nobody from the bot's comment: a zero-width space follows the `@`. */
function quiet(text: string): string {
  return text.replace(/@(?=[A-Za-z0-9])/g, '@\u200B');
}
