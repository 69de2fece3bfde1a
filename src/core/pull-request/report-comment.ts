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
