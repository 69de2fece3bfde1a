import isSafeRegex from 'safe-regex2';
import { findAmbiguousRepeat } from './find-ambiguous-repeat.js';

/** A signal ready to test against one cleaned log line. */
export interface CompiledSignal {
  source: string;
  isRegex: boolean;
  /** The compiled expression of a regex signal (for combined prefilters). */
  regex?: RegExp;
  /** How much one match of this signal removes of the remaining doubt (see confidenceOf). */
  weight: number;
  /** `lower` is `text.toLowerCase()`, computed once per line by the caller. */
  test(text: string, lower: string): boolean;
}

const REGEX_WEIGHT = 0.5;
const LITERAL_WEIGHT = 0.4;

const REGEX_FORM = /^\/(.+)\/([dgimsuvy]*)$/s;
const WORD = /^[A-Za-z0-9_]+$/;

export class SignalError extends Error {}

/**
 * What is wrong with a signal a person wrote, or null. Catches what would otherwise fail silently or
 * hang a CI job: bad syntax, invalid flags (which would make it a literal), an empty regex (matches
 * every line), and nested quantifiers that can take exponential time on one unlucky line.
 */
export function checkSignal(source: string): string | null {
  if (source.trim() === '') return 'a signal must not be blank';
  const intended = /^\/(.*)\/([a-zA-Z]*)$/s.exec(source);
  if (!intended) return null;
  if (intended[1] === '')
    return 'an empty regular expression matches every line; write what the failure prints';
  if (!/^[dimsuv]*$/.test(intended[2] as string))
    return `unknown regular-expression flags "${intended[2]}"; use i, m, s, u or none`;
  try {
    const compiled = compileSignal(source);
    if (compiled.regex && !isSafeRegex(compiled.regex)) {
      return 'nested quantifiers (like (a+)+ or \\d+(,\\d+)?) can take exponential time on some lines; flatten them, e.g. [\\d,]+';
    }
    const ambiguous = compiled.regex
      ? findAmbiguousRepeat(compiled.regex.source, compiled.regex.flags)
      : null;
    if (ambiguous !== null) {
      return `the repeated alternatives ${ambiguous} can match the same text (or nothing), which takes exponential time on some lines; make them exclusive, e.g. (a|b)+ as [ab]+`;
    }
  } catch (err) {
    return (err as Error).message;
  }
  return null;
}

export function compileSignal(source: string): CompiledSignal {
  const form = REGEX_FORM.exec(source);
  if (form) {
    let regex: RegExp;
    try {
      // 'g' and 'y' make RegExp.test stateful; a signal must answer the same for the same line.
      regex = new RegExp(form[1] as string, (form[2] ?? '').replace(/[gy]/g, ''));
    } catch (err) {
      const reason = (err as Error).message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /, '');
      throw new SignalError(
        `invalid regular expression: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`,
      );
    }
    return { source, isRegex: true, regex, weight: REGEX_WEIGHT, test: (text) => regex.test(text) };
  }
  const needle = source.toLowerCase();
  if (WORD.test(source)) {
    // A one-word literal (an error code such as ENOTFOUND, a name such as SyntaxError) must stand as a
    // word: ENOTFOUND is not in FileNotFoundError, ERESOLVE is not in packageResolve.
    const word = new RegExp(`(?<![A-Za-z0-9_])${needle}(?![A-Za-z0-9_])`);
    return {
      source,
      isRegex: false,
      weight: LITERAL_WEIGHT,
      test: (_text, lower) => lower.includes(needle) && word.test(lower),
    };
  }
  return { source, isRegex: false, weight: LITERAL_WEIGHT, test: (_text, lower) => lower.includes(needle) };
}

/** Noisy-OR of the matched signals' weights: each independent signal removes part of the doubt. */
export function confidenceOf(matched: Iterable<CompiledSignal>): number {
  let doubt = 1;
  for (const signal of matched) doubt *= 1 - signal.weight;
  return Math.round((1 - doubt) * 1000) / 1000;
}
