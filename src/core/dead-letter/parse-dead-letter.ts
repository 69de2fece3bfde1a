import { splitFrontMatter } from '../report/front-matter.js';
import { CATEGORIES, STRATEGIES, type Category, type Strategy } from '../vocabulary.js';
import { DeadLetterSummarySchema, type DeadLetterSummary } from './dead-letter.js';
import { extensionOf } from './describe-failure.js';
import { extractErrorCode } from './extract-error-code.js';
import { guessCategory } from './guess-category.js';
import { firstFencedBlock, splitSections, type MarkdownSection } from './markdown-sections.js';

const text = (value: unknown, fallback = ''): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'number'
      ? String(value)
      : value instanceof Date
        ? value.toISOString()
        : fallback;

const count = (value: unknown): number => {
  const n = typeof value === 'number' ? value : Number(text(value, 'NaN'));
  return Number.isInteger(n) && n >= 0 ? n : 0;
};

const list = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.map((v) => text(v)).filter((v) => v !== '')
    : typeof value === 'string'
      ? value.split(/[,\s]+/).filter((v) => v !== '')
      : [];

function finalError(chain: MarkdownSection | undefined): { line: string; full: string } {
  const attempts = splitSections((chain?.lines ?? []).join('\n'), 3).filter((s) =>
    /^Attempt\b/i.test(s.title),
  );
  const last = attempts.at(-1)?.lines ?? [];
  const at = last.findIndex((l) => /^\s*[-*]\s+\*\*Error:\*\*/.test(l));
  if (at < 0) return { line: '', full: '' };
  const line = (last[at] ?? '').replace(/^\s*[-*]\s+\*\*Error:\*\*\s*/, '').trim();
  if (/^none \(/.test(line)) return { line: '', full: '' };
  const next = last.slice(at + 1).findIndex((l) => l.trim() !== '');
  const block =
    next >= 0 && /^\s*(`{3,}|~{3,})/.test(last[at + 1 + next] ?? '')
      ? firstFencedBlock(last.slice(at + 1))
      : null;
  return { line, full: block ?? line };
}

function files(section: MarkdownSection | undefined): string[] {
  return (section?.lines ?? [])
    .map((l) => /^\s*[-*]\s+(.+?)\s*$/.exec(l)?.[1] ?? '')
    .map((f) =>
      f
        .replace(/\s+\((?:created|modified|deleted|renamed)\)$/i, '')
        .replace(/^`(.*)`$/, '$1')
        .trim(),
    )
    .filter((f) => f !== '' && f !== '(none)');
}

/**
 * Reads an earlier dead letter back: its front matter, the first line (and code) of the final
 * error, and the files modified. Hand-edited files are read leniently; anything that is not a
 * dead letter (no front matter, other category, no task id, garbage) gives null. Never throws.
 */
export function parseDeadLetter(markdown: string): DeadLetterSummary | null {
  try {
    const split = splitFrontMatter(markdown);
    if (split === null) return null;
    const { data, body } = split;
    const isDeadLetter =
      data.category === 'dead-letter' || text(data.entity_name).startsWith('session.current.dead-letter.');
    const taskId = text(data.task_id).trim();
    if (!isDeadLetter || taskId === '') return null;
    const sections = splitSections(body);
    const find = (title: string): MarkdownSection | undefined =>
      sections.find((s) => s.title.toLowerCase() === title);
    const error = finalError(find('error chain'));
    const finalPattern = text(data.final_pattern, 'unknown').trim() || 'unknown';
    const signature = text(data.error_signature);
    const fileList = files(find('files modified'));
    const fromFile = /\.([A-Za-z0-9]+)$/.exec(fileList[0] ?? '')?.[1]?.toLowerCase();
    const tags = list(data.tags);
    const category =
      (tags.find((t) => (CATEGORIES as readonly string[]).includes(t)) as Category | undefined) ??
      guessCategory(finalPattern);
    const summary = DeadLetterSummarySchema.safeParse({
      task_id: taskId,
      original_task: text(data.original_task),
      total_attempts: count(data.total_attempts),
      final_pattern: finalPattern,
      category,
      strategies_exhausted: list(data.strategies_exhausted).filter((s): s is Strategy =>
        (STRATEGIES as readonly string[]).includes(s),
      ),
      blocked_at: text(data.blocked_at),
      blocked_reason: text(data.blocked_reason),
      similar_failures: count(data.similar_failures),
      error_signature: signature,
      extension: signature.split(':').length >= 3 ? extensionOf(signature) : (fromFile ?? 'none'),
      first_error_line: error.line,
      error_code: extractErrorCode(error.full),
      final_error: error.full,
      files: fileList,
    });
    return summary.success ? summary.data : null;
  } catch {
    return null;
  }
}
