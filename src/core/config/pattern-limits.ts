import {
  MAX_ADDED_PATTERNS,
  MAX_CONFIG_SIGNAL_CHARACTERS,
  MAX_CONFIG_SIGNALS,
  MAX_SIGNAL_LENGTH,
  MAX_SIGNALS_PER_PATTERN,
} from '../limits.js';
import type { IssueDescription } from './describe-issue.js';

const fieldOf = (value: unknown, key: string): unknown =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)[key]
    : undefined;

/**
 * The first of the catalogue's limits (limits.ts) that the config's `patterns` section passes, or null:
 * checked on the parsed YAML before the schema validates (and compiles) any signal, so an oversized
 * section costs nothing and its message quotes none of it.
 */
export function patternLimitIssue(raw: unknown): IssueDescription | null {
  const patterns = fieldOf(raw, 'patterns');
  const add = fieldOf(patterns, 'add');
  const override = fieldOf(patterns, 'override');
  if (Array.isArray(add) && add.length > MAX_ADDED_PATTERNS)
    return {
      path: ['patterns', 'add'],
      target: 'key',
      message: `${add.length} patterns; at most ${MAX_ADDED_PATTERNS} can be added`,
      hint: 'a pattern is a kind of failure: give one pattern the signals of several tools',
    };
  const lists: [PropertyKey[], unknown][] = [
    ...(Array.isArray(add) ? add : []).map((p, i): [PropertyKey[], unknown] => [
      ['patterns', 'add', i, 'signals'],
      fieldOf(p, 'signals'),
    ]),
    ...Object.entries(override !== null && typeof override === 'object' ? override : {}).map(
      ([id, p]): [PropertyKey[], unknown] => [['patterns', 'override', id, 'signals'], fieldOf(p, 'signals')],
    ),
  ];
  let total = 0;
  let characters = 0;
  for (const [path, signals] of lists) {
    if (!Array.isArray(signals)) continue;
    if (signals.length > MAX_SIGNALS_PER_PATTERN)
      return {
        path,
        target: 'key',
        message: `${signals.length} signals; a pattern has at most ${MAX_SIGNALS_PER_PATTERN}`,
      };
    const long = signals.findIndex((s) => typeof s === 'string' && s.length > MAX_SIGNAL_LENGTH);
    if (long !== -1)
      return {
        path: [...path, long],
        target: 'value',
        message: `a signal of ${(signals[long] as string).length} characters; the limit is ${MAX_SIGNAL_LENGTH}`,
        hint: 'match the words that tell this failure apart, not the whole line',
      };
    total += signals.length;
    for (const s of signals) if (typeof s === 'string') characters += s.length;
  }
  if (total > MAX_CONFIG_SIGNALS)
    return {
      path: ['patterns'],
      target: 'key',
      message: `${total} signals in added and overridden patterns; the limit is ${MAX_CONFIG_SIGNALS}`,
    };
  if (characters > MAX_CONFIG_SIGNAL_CHARACTERS)
    return {
      path: ['patterns'],
      target: 'key',
      message: `${characters} characters of signals in added and overridden patterns; the limit is ${MAX_CONFIG_SIGNAL_CHARACTERS}`,
    };
  return null;
}
