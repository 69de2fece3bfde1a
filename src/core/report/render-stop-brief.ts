import type { Diagnosis } from '../diagnosis.js';
import type { Pattern } from '../patterns/pattern.js';
import type { Strategy } from '../vocabulary.js';
import { errorHeadline } from './error-headline.js';
import { maskSecrets } from './mask-secrets.js';
import { suggestManualSteps } from './suggest-manual-steps.js';
import { clipLine, uniqueInOrder } from './truncate-text.js';
import type { RefusedChange } from './worked-on.js';

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
  /** The fix's change the safety check refused, when the loop stopped right after refusing it. */
  refused?: RefusedChange | null;
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
  const refused = input.refused ?? null;
  if (refused !== null) lines.push(`  refused     ${clipLine(describeRefusal(refused), WIDTH)}`);
  const tried = uniqueInOrder(input.strategies);
  if (tried.length > 0) lines.push(`  tried       ${tried.join(', ')}`);
  if (input.othersFailing && input.othersFailing.length > 0)
    lines.push(`  also failed ${input.othersFailing.join(', ')} (not worked on; in the report)`);
  const [step] =
    refused !== null && refused.violations.some((v) => v.type === 'secrets')
      ? [secretStep(refused, input.failed)]
      : suggestManualSteps({ diagnosis: d, pattern: input.pattern, finalError: input.lastError });
  if (step) lines.push(`  next step   ${clipLine(step, WIDTH)}`);
  return lines.map((line) => maskSecrets(line, input.secrets ?? []));
}

const whose = (refused: RefusedChange): string =>
  refused.strategy === null ? 'the change' : `${refused.strategy}'s change`;

/** `auto_fix's change, rolled back by the safety check (secrets): src/a.js: adds what looks like …` */
function describeRefusal(refused: RefusedChange): string {
  const gates = uniqueInOrder(refused.violations.map((v) => v.type));
  const why = refused.violations.map((v) => `${v.file ? `${v.file}: ` : ''}${v.message}`).join('; ');
  return `${whose(refused)}, rolled back by the safety check (${gates.join(', ')}): ${why}`;
}

/** A secret in a fix's change: the fixer that wrote it is what to look at, not the failure it fixed. */
function secretStep(refused: RefusedChange, check: string | null): string {
  const files = uniqueInOrder(
    refused.violations.filter((v) => v.type === 'secrets').flatMap((v) => (v.file ? [v.file] : [])),
  );
  const into = files.length > 0 ? ` into ${files.join(', ')}` : '';
  return `Find why ${whose(refused)} wrote a secret${into} (the fix_command, a script it runs, the agent) and stop it; then fix ${check ?? 'the failing check'} yourself.`;
}
