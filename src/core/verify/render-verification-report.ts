import { maskSecrets } from '../report/mask-secrets.js';
import { uniqueInOrder } from '../report/truncate-text.js';
import { inlineCode, plural, shortSha, tableCell } from '../report/markdown-text.js';
import { pathsInText } from './referenced-paths.js';
import type { JudgedCriterion, VerificationReport } from './verification-report.js';

/**
 * GitHub caps a check run's summary and a comment at 65,535 characters; this leaves room for a caller's
 * lines.
 */
const MAX_REPORT_CHARS = 60_000;

type Secrets = readonly string[];

const VERDICT_WORDS = { complete: 'Complete', returned: 'Returned', blocked: 'Blocked' } as const;
const CUT_NOTE =
  '\n\n_The report was cut here to stay under 60,000 characters; the criteria are in the PR description._\n';

/**
 * The verification report as Markdown, for the `/close-loop verify` reply and the check run's output:
 * the verdict line first, then what blocks it, the criteria table, the automated checks (or their
 * absence), the gates, the errors with their resolution, the To do list and, when complete, the
 * artifacts for downstream. Untrusted text is masked, kept to one line or table cell, cannot open an
 * HTML tag or comment, and cannot @-mention anyone; the whole stays under 60,000 characters (cells are
 * shortened first, then the end is cut).
 */
export function renderVerificationReport(
  report: VerificationReport,
  opts: { secrets?: Secrets; title?: string } = {},
): string {
  const secrets = opts.secrets ?? [];
  let text = '';
  for (const [criterionMax, evidenceMax] of [
    [200, 400],
    [80, 120],
  ] as const) {
    text = maskSecrets(
      sections(report, secrets, opts.title, criterionMax, evidenceMax).join('\n\n') + '\n',
      secrets,
    );
    if (text.length <= MAX_REPORT_CHARS) return text;
  }
  const cut = text.slice(0, MAX_REPORT_CHARS - CUT_NOTE.length);
  return cut.slice(0, cut.lastIndexOf('\n')) + CUT_NOTE;
}

function sections(
  report: VerificationReport,
  secrets: Secrets,
  title: string | undefined,
  criterionMax: number,
  evidenceMax: number,
): string[] {
  const safe = (t: string) => quiet(maskSecrets(t, secrets));
  const line = (t: string) => safe(t).replace(/\s+/g, ' ').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const list = (items: readonly string[], numbered = false) =>
    items.map((t, i) => `${numbered ? `${i + 1}.` : '-'} ${line(t)}`).join('\n');
  const out: string[] = [];
  if (title !== undefined) out.push(`### ${line(title)}`);
  out.push(verdictLine(report));
  if (report.blockers.length > 0) out.push('#### Blocked by', list(report.blockers));
  out.push('#### Acceptance criteria', criteriaTable(report.criteria, safe, criterionMax, evidenceMax));
  out.push('#### Automated checks', checksPart(report, safe));
  out.push('#### Human gates', gatesPart(report, safe));
  if (report.errors.length > 0)
    out.push(
      '#### Errors',
      list(report.errors.map((e) => `**${e.code}**: ${e.message} Resolution: ${e.resolution}`)),
    );
  if (report.todo.length > 0) out.push('#### To do', list(report.todo, true));
  const handoff =
    report.verdict === 'complete' ? uniqueInOrder(report.criteria.flatMap((c) => pathsInText(c.text))) : [];
  if (handoff.length > 0) out.push('#### Artifacts for downstream', list(handoff.map((p) => `\`${p}\``)));
  if (report.notes.length > 0) out.push('#### Notes', list(report.notes));
  return out;
}

function verdictLine(report: VerificationReport): string {
  const { criteria, checks } = report;
  const count = (s: JudgedCriterion['status']) => criteria.filter((c) => c.status === s).length;
  const at = `on ${inlineCode(shortSha(report.headSha))}`;
  const word = `**Verdict: ${VERDICT_WORDS[report.verdict]}**`;
  const all =
    criteria.length === 1
      ? 'the 1 acceptance criterion passes'
      : `all ${criteria.length} acceptance criteria pass`;
  if (report.verdict === 'complete') return `${word} — ${all} ${at}, and no check failed.`;
  const tally =
    criteria.length === 0
      ? `no acceptance criteria were found ${at}`
      : `${count('pass')} of ${criteria.length} criteria pass ${at} (${count('fail')} fail, ${count('partial')} partial)`;
  const failedChecks = checks.failed.length > 0 ? `; ${plural(checks.failed.length, 'check')} failed` : '';
  const pending = checks.pending.length > 0 ? `; ${checks.pending.length} still running` : '';
  const next =
    report.verdict === 'blocked'
      ? 'A person must act first: see Blocked by.'
      : 'Returned to the author: the To do list says what to change.';
  return `${word} — ${tally}${failedChecks}${pending}. ${next}`;
}

function criteriaTable(
  criteria: readonly JudgedCriterion[],
  safe: (t: string) => string,
  criterionMax: number,
  evidenceMax: number,
): string {
  if (criteria.length === 0) return '_No acceptance criteria to judge._';
  const rows = criteria.map((c) => {
    const where = c.source === 'pr-body' ? `PR body, line ${c.line}` : `task spec, line ${c.line}`;
    const evidence = [...c.evidence, ...(c.missing === null ? [] : [`**To pass:** ${c.missing}`])].join(
      ' · ',
    );
    return `| ${c.id} | ${c.status} | ${tableCell(safe(c.text), criterionMax)} (${where}) | ${tableCell(safe(evidence), evidenceMax)} |`;
  });
  return ['| # | Status | Criterion | Evidence |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

function checksPart(report: VerificationReport, safe: (t: string) => string): string {
  if (report.checks.none)
    return `No automated checks reported on ${inlineCode(shortSha(report.headSha))} — their absence is noted.`;
  const rows = report.checks.runs.map((r) => {
    const result = r.status === 'completed' ? (r.conclusion ?? 'completed') : r.status.replace('_', ' ');
    const link = r.url?.startsWith('https://') ? `[details](${encodeURI(r.url)})` : '–';
    return `| ${tableCell(safe(r.name), 80)} | ${tableCell(result, 40)} | ${link} |`;
  });
  return ['| Check | Result | Log |', '| --- | --- | --- |', ...rows].join('\n');
}

function gatesPart(report: VerificationReport, safe: (t: string) => string): string {
  if (report.gates.length === 0) return 'No human gate applies to this pull request.';
  const rows = report.gates.map((g) => {
    const detail = [g.by === undefined ? '' : `by ${g.by}`, g.reason ?? '']
      .filter((s) => s !== '')
      .join('; ');
    return `| ${tableCell(safe(g.gate), 40)} | ${g.status} | ${tableCell(safe(detail), 200)} |`;
  });
  return ['| Gate | Status | Detail |', '| --- | --- | --- |', ...rows].join('\n');
}

/** `@name` cannot notify anyone from a bot's report: a zero-width space follows the `@`. */
function quiet(text: string): string {
  return text.replace(/@(?=[A-Za-z0-9])/g, '@\u200B');
}
