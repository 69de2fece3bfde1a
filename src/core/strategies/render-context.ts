import { codeFence } from '../report/code-fence.js';
import type { Context, ErrorSite, Snippet } from './context.js';

const lang = (file: string): string =>
  /\.([cm]?[jt]sx?)$/.exec(file)?.[1]?.replace(/^[cm]/, '') ?? /\.(\w+)$/.exec(file)?.[1] ?? '';

/** A snippet with its line numbers, so a reader can find the place in the file. */
function numbered(s: Snippet): string {
  const width = String(s.endLine).length;
  return s.text
    .split('\n')
    .map((line, i) => `${String(s.startLine + i).padStart(width)}| ${line}`)
    .join('\n');
}

function renderSite(site: ErrorSite, index: number): string[] {
  const out = [
    `## ${index + 1}. ${site.file}:${site.line}${site.column === null ? '' : `:${site.column}`}`,
    '',
  ];
  if (site.message !== null) out.push(`> ${site.message}`, '');
  if (site.window === null) out.push('_The file could not be read._', '');
  else
    out.push(
      `Lines ${site.window.startLine}–${site.window.endLine}:`,
      '',
      codeFence(numbered(site.window), lang(site.file)),
      '',
    );
  for (const d of site.declarations) {
    out.push(`Declaration of \`${d.name}\` in ${d.file}:${d.line}:`, '', codeFence(d.text, lang(d.file)), '');
  }
  if (site.imports.length > 0) out.push(`Imports: ${site.imports.join(', ')}`, '');
  if (site.dependents.length > 0) out.push(`Imported by: ${site.dependents.join(', ')}`, '');
  return out;
}

/** The readable `.closed-loop/context-<task>.md`. */
export function renderContextMarkdown(ctx: Context): string {
  const out = [`# Context for ${ctx.task_id} (${ctx.strategy})`, '', ctx.summary, ''];
  if (ctx.guidance !== null)
    out.push(`## Guidance from @${ctx.guidance.by}`, '', codeFence(ctx.guidance.text), '');
  if (ctx.check !== null)
    out.push(`Failing check: **${ctx.check.name}** (${ctx.check.type}): \`${ctx.check.command}\``, '');
  if (ctx.failure !== null) out.push('## The failing assertion', '', codeFence(ctx.failure), '');
  if (ctx.evidence !== null) {
    out.push(
      `## Evidence (log lines ${ctx.evidence.startLine}–${ctx.evidence.endLine})`,
      '',
      codeFence(ctx.evidence.text),
      '',
    );
  }
  for (const u of ctx.under_test) {
    out.push(
      `## Under test: \`${u.name}\`, defined in ${u.file}:${u.line}`,
      '',
      ...(u.via.length > 0 ? [`The test imports it through ${u.via.join(' → ')}.`, ''] : []),
      codeFence(u.text, lang(u.file)),
      '',
    );
  }
  if (ctx.diff_under_test !== null)
    out.push(
      "## The branch's changes to the failing tests and the code they test",
      '',
      codeFence(ctx.diff_under_test, 'diff'),
      '',
    );
  ctx.sites.forEach((site, i) => out.push(...renderSite(site, i)));
  if (ctx.sites_omitted > 0) out.push(`_${ctx.sites_omitted} more error locations were not gathered._`, '');
  for (const m of ctx.modules) {
    out.push(
      `## Source of ${m.file} (imported by the failing code; lines ${m.startLine}–${m.endLine})`,
      '',
      codeFence(numbered(m), lang(m.file)),
      '',
    );
  }
  if (ctx.diff !== null) out.push("## The branch's changes", '', codeFence(ctx.diff, 'diff'), '');
  return `${out.join('\n').trimEnd()}\n`;
}
