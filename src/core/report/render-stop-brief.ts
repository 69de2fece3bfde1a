import type { Diagnosis } from '../diagnosis.js';
import type { Pattern } from '../patterns/pattern.js';
import type { Strategy } from '../vocabulary.js';
import { errorHeadline } from './error-headline.js';
import { maskSecrets } from './mask-secrets.js';
import { suggestManualSteps } from './suggest-manual-steps.js';
import { clipLine, uniqueInOrder } from './truncate-text.js';

export interface StopBriefInput {
  /** The check the loop stopped on (the first failing one), or what else failed (`the fix (validation)`). */
  failed: string | null;
  diagnosis: Diagnosis;
  /** The last attempt's error text: its headline is the line shown. */
  lastError: string | null;
  /** The catalogue entry of the final pattern, when one matched. */
  pattern?: Pick<Pattern, 'suggestion'> | undefined;
  strategies: readonly Strategy[];
  /** Other checks that failed and were not worked on, by name. */
  othersFailing?: readonly string[];
  secrets?: readonly string[];
}

const WIDTH = 160;

/**
 * A stopped run on a terminal, in a few lines, for the person who must act: what failed and where, the
 * error's own line, what the loop tried, the first thing to do. The whole report is a file; the caller
 * prints its path after these lines. Confidence is left out: the loop does not act on it, so it helps
 * no decision here.
 */
export function renderStopBrief(input: StopBriefInput): string[] {
  const d = input.diagnosis;
  const where = d.locations[0] ? ` at ${d.locations[0].file}:${d.locations[0].line}` : '';
  const what = d.pattern ?? (d.category === 'unknown' ? 'no known pattern' : `${d.category} failure`);
  const lines = [`  failed      ${input.failed ? `${input.failed}: ` : ''}${what}${where}`];
  const headline = errorHeadline(input.lastError ?? d.evidence?.text ?? '');
  if (headline !== '') lines.push(`              ${clipLine(headline, WIDTH)}`);
  const tried = uniqueInOrder(input.strategies);
  if (tried.length > 0) lines.push(`  tried       ${tried.join(', ')}`);
  if (input.othersFailing && input.othersFailing.length > 0)
    lines.push(`  also failed ${input.othersFailing.join(', ')} (not worked on; in the report)`);
  const [step] = suggestManualSteps({ diagnosis: d, pattern: input.pattern, finalError: input.lastError });
  if (step) lines.push(`  next step   ${clipLine(step, WIDTH)}`);
  return lines.map((line) => maskSecrets(line, input.secrets ?? []));
}
