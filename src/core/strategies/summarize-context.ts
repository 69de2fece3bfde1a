import { clipLine, truncateText } from '../report/truncate-text.js';
import type { Context, ErrorSite } from './context.js';
import { errorHeadline } from '../report/error-headline.js';

/** ~500 tokens at ~4 characters a token (the seed's "<500 tokens"). */
export const MAX_SUMMARY_CHARS = 2000;

const where = (s: Pick<ErrorSite, 'file' | 'line' | 'column'>): string =>
  `${s.file}:${s.line}${s.column === null ? '' : `:${s.column}`}`;

function describeSite(site: ErrorSite): string {
  const parts = [`- ${where(site)}${site.message === null ? '' : ` — ${clipLine(site.message, 160)}`}`];
  if (site.window !== null) parts.push(`  read lines ${site.window.startLine}–${site.window.endLine}`);
  if (site.declarations.length > 0) {
    parts.push(
      `  declarations: ${site.declarations.map((d) => `${d.name} (${d.file}:${d.line})`).join(', ')}`,
    );
  }
  if (site.imports.length > 0) parts.push(`  imports: ${site.imports.slice(0, 8).join(', ')}`);
  if (site.dependents.length > 0) parts.push(`  imported by: ${site.dependents.slice(0, 8).join(', ')}`);
  return parts.join('\n');
}

/** The seed's expanded-context summary: what failed, where, and what to read — under ~500 tokens. */
export function summarizeContext(
  ctx: Omit<
    Context,
    'summary' | 'failure' | 'modules' | 'diff' | 'guidance' | 'under_test' | 'diff_under_test'
  > & {
    failure?: string | null;
    under_test?: Context['under_test'];
  },
): string {
  const what =
    ctx.pattern === null ? `an unrecognised failure (${ctx.category})` : `${ctx.pattern} (${ctx.category})`;
  const check =
    ctx.check === null ? '' : ` in check "${ctx.check.name}" (\`${clipLine(ctx.check.command, 120)}\`)`;
  const lines = [`${what}${check}.`];
  // A failing test's headline is its assertion, which the evidence window may have cut off.
  const headline = errorHeadline(ctx.failure ?? ctx.evidence?.text);
  if (headline !== '') lines.push(`Error: ${clipLine(headline, 240)}`);
  if (ctx.identifiers.length > 0) lines.push(`Names in the error: ${ctx.identifiers.join(', ')}`);
  for (const u of ctx.under_test ?? [])
    lines.push(
      `Under test: ${u.name}, defined in ${u.file}:${u.line}${u.via.length > 0 ? ` (imported through ${u.via.join(' → ')})` : ''}`,
    );
  if (ctx.sites.length === 0)
    lines.push('No file location was found in the output: start from the evidence.');
  else
    lines.push(
      `Error sites (${ctx.sites.length}${ctx.sites_omitted > 0 ? ` of ${ctx.sites.length + ctx.sites_omitted}` : ''}):`,
      ...ctx.sites.map(describeSite),
    );
  return truncateText(lines.join('\n'), MAX_SUMMARY_CHARS);
}
