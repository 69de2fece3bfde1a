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

export const REGEX_WEIGHT = 0.5;
export const LITERAL_WEIGHT = 0.4;

const REGEX_FORM = /^\/(.+)\/([dgimsuvy]*)$/s;

export class SignalError extends Error {}

export function compileSignal(source: string): CompiledSignal {
  const form = REGEX_FORM.exec(source);
  if (form) {
    let regex: RegExp;
    try {
      // 'g' and 'y' make RegExp.test stateful; a signal must answer the same for the same line.
      regex = new RegExp(form[1] as string, (form[2] ?? '').replace(/[gy]/g, ''));
    } catch (err) {
      throw new SignalError(`invalid regular expression ${source}: ${(err as Error).message}`);
    }
    return { source, isRegex: true, regex, weight: REGEX_WEIGHT, test: (text) => regex.test(text) };
  }
  const needle = source.toLowerCase();
  return { source, isRegex: false, weight: LITERAL_WEIGHT, test: (_text, lower) => lower.includes(needle) };
}

/** Noisy-OR of the matched signals' weights: each independent signal removes part of the doubt. */
export function confidenceOf(matched: Iterable<CompiledSignal>): number {
  let doubt = 1;
  for (const signal of matched) doubt *= 1 - signal.weight;
  return Math.round((1 - doubt) * 1000) / 1000;
}
