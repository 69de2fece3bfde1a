import type { Attempt } from '../attempt.js';
import type { Diagnosis } from '../diagnosis.js';
import type { LoopResult } from '../loop-result.js';
import { codeFence } from './code-fence.js';
import { errorHeadline } from './error-headline.js';
import { maskSecrets } from './mask-secrets.js';
import { clipLine, uniqueInOrder } from './truncate-text.js';
import { toolFor } from './tool-for.js';

/** What failed, as a reviewer reads it first: the check, the tool, the places with the tool's message. */
export interface FailureLead {
  check: string | null;
  tool: string | null;
  places: { file: string; line: number; message: string }[];
  /** A few lines of the log chunk the diagnosis was read from. */
  excerpt: string | null;
}

/** Where `file:line` links to: the blob at the pull request's head on the server. Plain text without it. */
export interface BlobBase {
  serverUrl: string;
  /** `owner/repo`. */
  repository: string;
  sha: string;
}

const MAX_PLACES = 3;
const EXCERPT_LINES = 8;

/**
 * The failure a finished run stopped on: the check the loop worked on (else the first failing one), the
 * diagnosis's places with the tool's own message for each, and the evidence's first lines. Null after a
 * success or when nothing is known of the failure.
 */
export function failureLead(result: LoopResult): FailureLead | null {
  if (result.status === 'success') return null;
  const failing = result.failing_checks ?? [];
  const focus = failing.find((c) => /^(?:worked on|being worked on)/.test(c.done)) ?? failing[0];
  return leadOf({
    check: focus?.name ?? result.checks.find((c) => !c.passed)?.name ?? null,
    diagnosis: result.diagnosis,
    pattern: result.pattern,
    attempts: result.history,
  });
}

/** The same from a run's parts (the escalation report has no LoopResult yet). */
export function leadOf(input: {
  check: string | null;
  diagnosis: Diagnosis | null;
  pattern?: string | null;
  attempts: readonly Attempt[];
}): FailureLead | null {
  const d = input.diagnosis;
  const lastError = [...input.attempts].reverse().find((a) => a.error !== null)?.error ?? '';
  const excerptText = (d?.evidence?.text ?? lastError).replace(/\r\n?/g, '\n').trim();
  const places = (d?.locations ?? []).slice(0, MAX_PLACES).map((l, i) => ({
    file: l.file,
    line: l.line,
    message: (d?.messages?.[i] ?? '').trim(),
  }));
  if (input.check === null && places.length === 0 && excerptText === '') return null;
  return {
    check: input.check,
    tool: toolFor(d?.pattern ?? input.pattern ?? null, `${excerptText}\n${lastError}`),
    places,
    excerpt: excerptText === '' ? null : excerptText.split('\n').slice(0, EXCERPT_LINES).join('\n'),
  };
}

/** `https://github.com/o/r/blob/<sha>/src/a.ts#L41`, each path segment encoded. */
function blobUrl(base: BlobBase, file: string, line: number): string {
  const path = file.replace(/^\.\//, '').split('/').map(encodeURIComponent).join('/');
  return `${base.serverUrl.replace(/\/+$/, '')}/${base.repository}/blob/${base.sha}/${path}#L${line}`;
}

const code = (text: string): string => `\`${text.replace(/`/g, "'")}\``;

/**
 * The first lines of every report: `### ❌ What failed: check \`typecheck\` (tsc (TypeScript))`, one line per
 * place — `file:line` linked to the blob when `base` is given — with the tool's message, and the log's first
 * lines in a fence. Masked.
 */
export function renderFailureLead(
  lead: FailureLead,
  opts: { base?: BlobBase | null; secrets?: readonly string[]; heading?: string } = {},
): string {
  const secrets = opts.secrets ?? [];
  const what = [lead.check === null ? null : `check ${code(lead.check)}`, lead.tool]
    .filter((s): s is string => s !== null)
    .join(', ');
  const heading = `${opts.heading ?? '###'} ❌ What failed${what === '' ? '' : `: ${what}`}`;
  const headline = clipLine(errorHeadline(lead.excerpt), 300);
  const places = lead.places.map((p) => {
    const where = code(`${p.file}:${p.line}`);
    const linked = opts.base ? `[${where}](${blobUrl(opts.base, p.file, p.line)})` : where;
    const message = clipLine(p.message || (lead.places.length === 1 ? headline : ''), 300);
    return `- ${linked}${message === '' ? '' : ` — ${message.replace(/[<>]/g, (c) => (c === '<' ? '&lt;' : '&gt;'))}`}`;
  });
  const lines = [heading, ''];
  if (places.length > 0) lines.push(...uniqueInOrder(places), '');
  else if (headline !== '') lines.push(`No file or line was located; the tool said: ${code(headline)}`, '');
  if (lead.excerpt !== null) lines.push(codeFence(lead.excerpt, 'text'), '');
  return maskSecrets(lines.join('\n').trimEnd(), secrets);
}
