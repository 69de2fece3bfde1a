import type { Diagnosis } from '../diagnosis.js';
import type { Pattern } from '../patterns/pattern.js';
import { ROOT_CAUSE_HINTS } from './category-hints.js';
import { extractFileMentions } from './file-mentions.js';
import { uniqueInOrder } from './truncate-text.js';

export interface ManualStepsInput {
  diagnosis: Pick<Diagnosis, 'category' | 'locations'>;
  /** The catalogue entry of the final pattern, when one matched. */
  pattern?: Pick<Pattern, 'suggestion'> | undefined;
  /** The final error text, searched for file mentions when the diagnosis located none. */
  finalError?: string | null | undefined;
}

const MAX_LOCATIONS = 3;

/**
 * The seed's "Suggested Manual Steps": the final pattern's suggestion (or the category's root-cause
 * hint), then the files the error points at, then re-running the check. Plain text, not yet masked.
 */
export function suggestManualSteps({ diagnosis, pattern, finalError }: ManualStepsInput): string[] {
  const steps: string[] = [];
  const suggestion = pattern?.suggestion.trim() ?? '';
  steps.push(
    suggestion !== ''
      ? suggestion
      : `Look for the likely cause: ${ROOT_CAUSE_HINTS[diagnosis.category].toLowerCase()}`,
  );
  const located = diagnosis.locations.map((l) => `${l.file}:${l.line}`);
  const mentioned = extractFileMentions(finalError ?? '').map((m) =>
    m.line === null ? m.file : `${m.file}:${m.line}`,
  );
  const places = uniqueInOrder(located.length > 0 ? located : mentioned).slice(0, MAX_LOCATIONS);
  for (const place of places) steps.push(`Open \`${place}\` and check the code the error points at`);
  steps.push('Re-run the failing check locally to see the full error context');
  return steps;
}
