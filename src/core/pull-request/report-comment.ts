import { MAX_COMMENT_BODY } from '../plan/plan-schema.js';
import { maskSecrets } from '../report/mask-secrets.js';
import { truncateText } from '../report/truncate-text.js';

/**
 * The blocked / dead-letter report as a PR comment. A dead letter starts with the seed's YAML front
 * matter, which GitHub would render as one run-on paragraph under a rule; on the PR it goes into a
 * collapsed `yaml` block under a heading, and the markdown body follows as it is. reportFromComment
 * gives the report back exactly (for the search for similar earlier dead letters).
 */
const FRONT_MATTER = /^---\n([\s\S]*?)\n---\n/;
const OPEN = "<details><summary>The dead letter's record</summary>\n\n```yaml\n";
const CLOSE = '\n```\n\n</details>\n';

export function renderReportComment(report: string): string {
  const text = report.replace(/\r\n?/g, '\n');
  const match = FRONT_MATTER.exec(text);
  if (match === null) return text;
  return `### closed-loop · dead letter\n\nThe loop gave up on this head; what it tried and what a person can do next are below.\n\n${OPEN}---\n${match[1]}\n---${CLOSE}\n${text.slice(match[0].length)}`;
}

/**
 * The report in a comment written by renderReportComment (after any hidden lines), or null when it holds
 * none.
 */
export function reportFromComment(body: string): string | null {
  const text = body.replace(/\r\n?/g, '\n');
  const open = text.indexOf(OPEN);
  if (open < 0) return null;
  const close = text.indexOf(CLOSE, open + OPEN.length);
  if (close < 0) return null;
  const rest = text.slice(close + CLOSE.length).replace(/^\n/, '');
  return `${text.slice(open + OPEN.length, close)}\n${rest}`;
}

/**
 * The blocked or dead-letter report of a loop run as the pull request shows it, whichever driver
 * writes it: the report (renderReportComment), smart suggestions when the driver found similar dead
 * letters, and one footer naming the run and the head it judged — with `/close-loop resume` where the
 * App answers commands. Masked and kept under GitHub's limit. Null when the run needs no report.
 */
export function loopReport(input: {
  status: 'success' | 'failed' | 'escalated' | 'interrupted';
  reports: { escalation: string | null; dead_letter: string | null };
  run: { id: number | null; url: string | null };
  headSha: string;
  /** The App answers `/close-loop` commands; the Action alone does not. */
  commands: boolean;
  suggestions?: string;
  secrets?: readonly string[];
  /** What failed, linked to the code (renderFailureLead): the comment's first lines, before the report's. */
  lead?: string | null;
}): string | null {
  const report = input.reports.escalation ?? input.reports.dead_letter;
  if (report === null || input.status === 'success' || input.status === 'interrupted') return null;
  const secrets = input.secrets ?? [];
  const name = input.run.id === null ? 'this run' : `run ${input.run.id}`;
  const run = input.run.url ? `[${name}](${encodeURI(input.run.url)})` : name;
  const next = input.commands
    ? ' Comment `/close-loop resume` once a person has fixed it.'
    : ' Push a fix: the loop runs again on the new head.';
  const body = renderReportComment(maskSecrets(report, secrets));
  const text = `${input.lead ? withLead(body, input.lead) : body}${input.suggestions ?? ''}\n\n<sub>From ${run} on ${input.headSha.slice(0, 7)}.${next}</sub>`;
  return truncateText(maskSecrets(text, secrets), MAX_COMMENT_BODY - 200);
}

/**
 * The report comment with `lead` under its heading; the report's own unlinked "What failed" section (an
 * escalation's) gives way to it.
 */
function withLead(body: string, lead: string): string {
  const own = body.replace(/^### ❌ What failed[^\n]*\n[\s\S]*?(?=^### Why the loop stopped)/m, '');
  const end = own.indexOf('\n\n');
  return end < 0 ? `${lead}\n\n${own}` : `${own.slice(0, end)}\n\n${lead.trim()}${own.slice(end)}`;
}
