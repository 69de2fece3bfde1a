/**
 * Literals a regular expression cannot match without: a set of alternatives, one of which is in every
 * line it matches (`/error TS\d{4}:/` → ["error ts"]; `/(×|✗) .+/` → ["×", "✗"]), lower-cased for a
 * case-insensitive search. Null when no such set exists (`/^\s*\d+:\d+$/` has only ":", which it
 * returns; `/^.*$/` has none). The byte scanner uses them to skip the lines no signal can match.
 *
 * A literal is a run of plain characters: ASCII, or characters that have no case (✖, ●), since the scan
 * folds ASCII only. Anything else (classes, `.`, escapes such as \d, anchors, lookarounds, optional
 * parts) ends a run; that only makes the set weaker, never wrong.
 */
export function requiredLiterals(regex: RegExp): string[] | null {
  const parser = new Parser(
    regex.source,
    regex.flags.includes('i') && (regex.flags.includes('u') || regex.flags.includes('v')),
  );
  const result = parser.alternation();
  return result && result.every((l) => l.length > 0) ? [...new Set(result)] : null;
}

type Req = string[] | null;

/**
 * How rarely a literal occurs in logs, roughly: its length, where a symbol beyond ASCII counts most, digits
 * more and spaces and punctuation less (`✖` is rarer than `:3`, which every timestamp holds; `429` than
 * `code`, `.kt` than `e: `).
 */
function rarity(literal: string): number {
  let n = 0;
  for (let i = 0; i < literal.length; i++) {
    const c = literal.charCodeAt(i);
    n += c > 0x7f ? 3 : c >= 0x30 && c <= 0x39 ? 1.5 : c >= 0x61 && c <= 0x7a ? 1 : c === 0x20 ? 0.5 : 0.8;
  }
  return n;
}

/** The stronger of two requirements: the one whose commonest literal is rarest (fewer false hits). */
function better(a: Req, b: Req): Req {
  if (!a) return b;
  if (!b) return a;
  const score = (r: string[]): number => Math.min(...r.map(rarity)) - r.length / 1000;
  return score(b) > score(a) ? b : a;
}

const DIGITS = '0123456789'.split('');
const CLASS_ESCAPES = new Set('dDwWsSbBpPkcu0123456789'.split(''));

class Parser {
  private i = 0;
  constructor(
    private readonly src: string,
    private readonly unicodeFold: boolean,
  ) {}

  alternation(): Req {
    let all: string[] | null = [];
    for (;;) {
      const branch = this.sequence();
      all = all && branch ? [...all, ...branch] : null;
      if (this.src[this.i] !== '|') return all;
      this.i++;
    }
  }

  private sequence(): Req {
    let best: Req = null;
    let run = '';
    /** The run follows a digit (`:\d+: `): a digit before it makes ten literals of one more character. */
    let afterDigit = false;
    const endRun = (): void => {
      if (run) best = better(best, [run]);
      if (run && afterDigit)
        best = better(
          best,
          DIGITS.map((d) => d + run),
        );
      run = '';
      afterDigit = false;
    };
    while (this.i < this.src.length && this.src[this.i] !== '|' && this.src[this.i] !== ')') {
      const atom = this.atom();
      const min = this.quantifier();
      if (atom.kind === 'char' && atom.char !== null) {
        if (min >= 1) run += atom.char.repeat(min);
        if (min === 0 || this.repeats) endRun();
        continue;
      }
      // `SC\d{4}` says more than `SC`: a digit after a run makes ten literals of one more character.
      if (atom.kind === 'digit' && min >= 1 && run)
        best = better(
          best,
          DIGITS.map((d) => run + d),
        );
      endRun();
      afterDigit = atom.kind === 'digit' && min >= 1;
      if (atom.kind === 'group' && min >= 1) best = better(best, atom.req);
    }
    endRun();
    return best;
  }

  /** Set by quantifier(): the atom may repeat, so text after it is not adjacent to its first copy. */
  private repeats = false;

  private atom():
    { kind: 'char'; char: string | null } | { kind: 'group'; req: Req } | { kind: 'digit' | 'other' } {
    const c = this.src[this.i++] as string;
    if (c === '(') {
      let lookaround = false;
      if (this.src.startsWith('?:', this.i)) this.i += 2;
      else if (/^\?<?[=!]/.test(this.src.slice(this.i, this.i + 3))) {
        lookaround = true;
        this.i += this.src[this.i + 1] === '<' ? 3 : 2;
      } else if (this.src.startsWith('?<', this.i)) this.i = this.src.indexOf('>', this.i) + 1;
      const req = this.alternation();
      this.i++; // ')'
      return lookaround ? { kind: 'other' } : { kind: 'group', req };
    }
    if (c === '[') {
      while (this.i < this.src.length && this.src[this.i] !== ']')
        this.i += this.src[this.i] === '\\' ? 2 : 1;
      this.i++;
      return { kind: 'other' };
    }
    if (c === '\\') {
      const e = this.src[this.i++] as string;
      if (e === 'x' && /^[0-9a-fA-F]{2}$/.test(this.src.slice(this.i, this.i + 2))) {
        this.i += 2;
        return this.char(String.fromCharCode(parseInt(this.src.slice(this.i - 2, this.i), 16)));
      }
      if (e === 'u') {
        const hex = /^(?:\{([0-9a-fA-F]+)\}|([0-9a-fA-F]{4}))/.exec(this.src.slice(this.i));
        if (!hex) return { kind: 'other' };
        this.i += hex[0].length;
        return this.char(String.fromCodePoint(parseInt((hex[1] ?? hex[2]) as string, 16)));
      }
      if ((e === 'p' || e === 'P' || e === 'k') && /[{<]/.test(this.src[this.i] ?? ''))
        this.i = this.src.indexOf(this.src[this.i] === '{' ? '}' : '>', this.i) + 1;
      if (e === 'c') this.i++;
      if (e === 'd') return { kind: 'digit' };
      if (CLASS_ESCAPES.has(e) || e === 'x') return { kind: 'other' };
      if (e === 't') return this.char('\t');
      if (/[a-zA-Z]/.test(e)) return { kind: 'other' }; // \n, \f, \v: never inside one line worth a literal
      return this.char(e);
    }
    if (c === '.' || c === '^' || c === '$') return { kind: 'other' };
    return this.char(c);
  }

  private char(c: string): { kind: 'char'; char: string | null } {
    const code = c.charCodeAt(0);
    // Folding is ASCII-only in the scan: a cased non-ASCII letter (É) may appear as either case. Under
    // the i and u flags, k and s also match the Kelvin and long-s signs.
    const caseless =
      code < 0x80 || (c.toLowerCase() === c && c.toUpperCase() === c && (code < 0xd800 || code > 0xdfff));
    if (!caseless || (this.unicodeFold && /[ks]/i.test(c))) return { kind: 'char', char: null };
    return { kind: 'char', char: c.toLowerCase() };
  }

  /** Reads a quantifier after an atom; returns its minimum count (1 when there is none). */
  private quantifier(): number {
    const rest = this.src.slice(this.i);
    const m = /^(?:[*+?]|\{(\d+)(?:,\d*)?\})\??/.exec(rest);
    this.repeats = m !== null && m[0][0] !== '?';
    if (!m) return 1;
    this.i += m[0].length;
    if (m[0][0] === '+') return 1;
    if (m[0][0] === '{') return Math.min(Number(m[1]), 16);
    return 0;
  }
}
