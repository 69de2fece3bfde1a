import type { SmartSuggestions } from './dead-letter.js';

/**
 * "## Smart Suggestions" in the seed's format: the three numbered items, then "### Similar Failures"
 * (at most five listed) and "### Common Thread". Not masked here: the dead-letter renderer masks.
 */
export function renderSmartSuggestions(s: SmartSuggestions): string {
  const more = s.based_on - s.similar.length;
  return [
    '## Smart Suggestions',
    '',
    `Based on ${s.based_on} similar failure${s.based_on === 1 ? '' : 's'}:`,
    '',
    `1. **Most likely root cause:** ${s.root_cause}`,
    `2. **Specific area to investigate:** ${s.investigate}`,
    `3. **Alternative approach:** ${s.alternative}`,
    '',
    '### Similar Failures',
    '',
    ...s.similar.map((f) => `- ${f.task_id}: ${f.description} (${f.date})`),
    ...(more > 0 ? [`- … and ${more} more`] : []),
    '',
    '### Common Thread',
    '',
    s.common_thread,
  ].join('\n');
}
