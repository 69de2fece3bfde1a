import { ROOT_CAUSE_HINTS, STRATEGY_HINTS } from '../report/category-hints.js';
import { calendarDate } from '../report/clock-time.js';
import { extractFileMentions, extractSymbols } from '../report/file-mentions.js';
import { clampWords, clipLine } from '../report/truncate-text.js';
import { STRATEGIES, UNIVERSAL_FALLBACKS, type Category, type Strategy } from '../vocabulary.js';
import type { DeadLetterSummary, SmartSuggestions } from './dead-letter.js';

const TS_EXT = new Set(['ts', 'tsx', 'mts', 'cts']);
const ITEM_WORDS = 40;
const MAX_LISTED = 5;

/** The value counted most often (one count per failure), ties going to the first seen; null when none. */
function mostFrequent(perFailure: readonly (readonly string[])[]): { value: string; count: number } | null {
  const counts = new Map<string, number>();
  for (const values of perFailure) for (const v of new Set(values)) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: { value: string; count: number } | null = null;
  for (const [value, count] of counts) if (best === null || count > best.count) best = { value, count };
  return best;
}

const allSame = <T>(values: readonly T[]): T | undefined =>
  values.length > 0 && values.every((v) => v === values[0]) ? values[0] : undefined;

/**
 * Strategies worth suggesting per category, most fitting first (the universal fallbacks close every list).
 */
const FITTING: Readonly<Partial<Record<Category, readonly Strategy[]>>> = {
  lint: ['auto_fix'],
  format: ['auto_fix'],
  dependency: ['dependency_check'],
  lockfile: ['dependency_check'],
  build: ['dependency_check'],
  network: ['retry_with_backoff'],
  timeout: ['retry_with_backoff'],
  resource: ['retry_with_backoff'],
};

function investigationTarget(all: readonly DeadLetterSummary[]): { text: string; file: string | null } {
  const mentions = all.map((f) => extractFileMentions(`${f.final_error}\n${f.first_error_line}`));
  // Per failure: an edited file scores 1, a file the error names scores 2 (it says more).
  const scores = new Map<string, number>();
  all.forEach((f, i) => {
    const named = new Set((mentions[i] ?? []).map((m) => m.file));
    for (const file of new Set([...f.files, ...named]))
      scores.set(file, (scores.get(file) ?? 0) + (named.has(file) ? 2 : 1));
  });
  let file: string | null = null;
  for (const [candidate, score] of scores)
    if (file === null || score > (scores.get(file) ?? 0)) file = candidate;
  const symbol = mostFrequent(all.map((f) => extractSymbols(f.final_error || f.first_error_line)));
  const around = symbol !== null && symbol.count >= 2 ? `, around \`${symbol.value}\`` : '';
  if (file === null)
    return { text: `no file recurs; start from the final error's first line${around}`, file: null };
  const lines = mentions
    .flat()
    .filter((m) => m.file === file && m.line !== null)
    .map((m) => m.line as number);
  const range =
    lines.length === 0
      ? ''
      : Math.min(...lines) === Math.max(...lines)
        ? `, line ${lines[0]}`
        : `, lines ${Math.min(...lines)}–${Math.max(...lines)}`;
  const seen = all.filter(
    (f, i) => f.files.includes(file) || (mentions[i] ?? []).some((m) => m.file === file),
  ).length;
  return { text: `\`${file}\` (in ${seen} of ${all.length} failures)${range}${around}`, file };
}

function rootCause(
  current: DeadLetterSummary,
  all: readonly DeadLetterSummary[],
  file: string | null,
): string {
  const pattern = allSame(all.map((f) => f.final_pattern));
  const ext = allSame(all.map((f) => f.extension));
  const code = allSame(all.map((f) => f.error_code));
  const suffix = code !== undefined && code !== null ? ` (all share \`${code}\`)` : '';
  const category = current.category;
  const isTest = category === 'test' || /test/.test(pattern ?? '');
  const inAll = file !== null && all.every((f) => f.files.includes(file) || f.final_error.includes(file));
  if (pattern !== undefined && ext !== undefined) {
    if ((category === 'type' || /type/.test(pattern)) && TS_EXT.has(ext))
      return `Type system constraints${suffix}: the types involved reject the change; decide whether the value at the error or the type it must satisfy is wrong`;
    if ((category === 'dependency' || /import|module/.test(pattern)) && ext === 'py')
      return `Python path/module resolution${suffix}: the package layout, \`PYTHONPATH\` or a missing \`__init__.py\``;
    if (isTest && inAll)
      return `Test environment or fixture issue in \`${file}\`${suffix}: the same test file fails however the code changes`;
  }
  return `${ROOT_CAUSE_HINTS[category]}${suffix}`;
}

/**
 * The seed's smart suggestions for a failure and the earlier dead letters similar to it: the common
 * thread, a root-cause hypothesis, where to look (the most frequent file, line range and symbol) and
 * an alternative (the strategies no failure tried). Each item is kept under about 40 words.
 */
export function smartSuggestions(
  current: DeadLetterSummary,
  similar: readonly DeadLetterSummary[],
): SmartSuggestions {
  const all = [current, ...similar];
  const target = investigationTarget(all);
  const patterns = [...new Set(all.map((f) => f.final_pattern))];
  const exts = [...new Set(all.map((f) => f.extension))];
  const everywhere = STRATEGIES.filter((s) => all.every((f) => f.strategies_exhausted.includes(s)));
  const anywhere = new Set(all.flatMap((f) => f.strategies_exhausted));
  const fitting = [...(FITTING[current.category] ?? []), ...UNIVERSAL_FALLBACKS];
  const untried = STRATEGIES.filter((s) => fitting.includes(s) && !anywhere.has(s)).sort(
    (a, b) => fitting.indexOf(a) - fitting.indexOf(b),
  );
  const code = allSame(all.map((f) => f.error_code));
  const thread = [
    patterns.length === 1
      ? `All ${all.length} failures matched \`${patterns[0]}\``
      : `Patterns seen: ${patterns.map((p) => `\`${p}\``).join(', ')}`,
    exts.length === 1
      ? exts[0] === 'none'
        ? 'with no located file'
        : `on \`.${exts[0]}\` files`
      : `on ${exts.map((e) => `.${e}`).join(', ')} files`,
    code !== undefined && code !== null ? `with error \`${code}\`` : '',
  ]
    .filter((s) => s !== '')
    .join(' ');
  const exhausted =
    everywhere.length > 0
      ? `; strategies exhausted in every one: ${everywhere.join(', ')}`
      : '; no strategy was tried in all of them';
  const alternative =
    untried.length > 0
      ? `Try \`${untried[0]}\`: ${STRATEGY_HINTS[untried[0] as Strategy]}; none of the ${all.length} failures tried it`
      : `Every fitting automatic strategy has been tried; simplify the change so it avoids ${target.file === null ? 'the failing area' : `\`${target.file}\``}, or split the task into smaller steps`;
  return {
    based_on: similar.length,
    root_cause: clampWords(rootCause(current, all, target.file), ITEM_WORDS),
    investigate: clampWords(target.text, ITEM_WORDS),
    alternative: clampWords(alternative, ITEM_WORDS),
    common_thread: clampWords(`${thread}${exhausted}.`, ITEM_WORDS),
    similar: similar.slice(0, MAX_LISTED).map((f) => ({
      task_id: f.task_id,
      description: clipLine(f.first_error_line || f.original_task, 80),
      date: calendarDate(f.blocked_at),
    })),
  };
}
