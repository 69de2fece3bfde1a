import ret, {
  type reconstruct as Reconstruct,
  type SetTokens,
  type Token,
  type tokenizer as Tokenizer,
  type types as Types,
} from 'ret';

// ret is CommonJS whose module.exports is the tokenizer itself, carrying `types` and `reconstruct`.
const { types, reconstruct } = ret as unknown as { types: typeof Types; reconstruct: typeof Reconstruct };
const tokenizer = ret as unknown as typeof Tokenizer;

/**
 * A character class as a predicate over code points: enough to ask whether two alternatives can
 * start with the same character.
 */
type First = (code: number) => boolean;

const NONE: First = () => false;
const union =
  (a: First, b: First): First =>
  (c) =>
    a(c) || b(c);
/** Every code point below 0x250 (Latin, punctuation, digits) plus a few beyond: where real logs live. */
const ALPHABET = [...Array.from({ length: 0x250 }, (_, i) => i), 0x3b1, 0x430, 0x4e00, 0xff0e, 0x1f600];
const swapCase = (c: number): number => {
  const s = String.fromCodePoint(c);
  return (s.toLowerCase() === s ? s.toUpperCase() : s.toLowerCase()).codePointAt(0) ?? c;
};

interface Facts {
  first: First;
  nullable: boolean;
}

function setPredicate(set: SetTokens, not: boolean): First {
  const items = set.map((item): First => {
    if (item.type === types.CHAR) return (c) => c === item.value;
    if (item.type === types.RANGE) return (c) => c >= item.from && c <= item.to;
    return setPredicate(item.set, item.not);
  });
  return (c) => items.some((f) => f(c)) !== not;
}

function sequence(stack: readonly Token[]): Facts {
  let first = NONE;
  for (const token of stack) {
    const facts = token_(token);
    first = union(first, facts.first);
    if (!facts.nullable) return { first, nullable: false };
  }
  return { first, nullable: true };
}

function alternatives(options: readonly Token[][]): Facts {
  const all = options.map(sequence);
  return { first: all.reduce((f, a) => union(f, a.first), NONE), nullable: all.some((a) => a.nullable) };
}

function token_(token: Token): Facts {
  switch (token.type) {
    case types.CHAR:
      return { first: (c) => c === token.value, nullable: false };
    case types.SET:
      return { first: setPredicate(token.set, token.not), nullable: false };
    case types.POSITION:
      return { first: NONE, nullable: true };
    // A backreference may repeat anything the group matched.
    case types.REFERENCE:
      return { first: () => true, nullable: true };
    case types.REPETITION: {
      const inner = token_(token.value);
      return { first: inner.first, nullable: token.min === 0 || inner.nullable };
    }
    case types.GROUP: {
      if (token.followedBy || token.notFollowedBy) return { first: NONE, nullable: true };
      return token.options ? alternatives(token.options) : sequence(token.stack ?? []);
    }
  }
}

const overlaps = (a: First, b: First, fold: boolean): boolean =>
  ALPHABET.some((c) => (a(c) && b(c)) || (fold && a(c) && b(swapCase(c))));

/**
 * The first alternation under a repetition whose alternatives can start with the same character, or
 * match nothing (`(a|a)*`, `(a|aa)+`, `(\w|\d)+`, `(a|)*`): a backtracking engine tries every way to
 * split a line between them, which takes exponential time on a line that almost matches. Returns the
 * offending group's text, or null when there is none.
 */
export function findAmbiguousRepeat(source: string, flags = ''): string | null {
  const fold = flags.includes('i');
  let found: string | null = null;
  const visit = (tokens: readonly Token[], repeated: boolean): void => {
    for (const token of tokens) {
      if (found !== null) return;
      if (token.type === types.REPETITION) {
        const many = token.max > 1;
        visit([token.value], repeated || many);
      } else if (token.type === types.GROUP) {
        if (token.options && repeated && isAmbiguous(token.options, fold)) found = describe(token.options);
        for (const option of token.options ?? [token.stack ?? []]) visit(option, repeated);
      }
    }
  };
  const root = tokenizer(source);
  visit(
    root.options ? [{ type: types.GROUP, remember: false, options: root.options }] : (root.stack ?? []),
    false,
  );
  return found;
}

function isAmbiguous(options: readonly Token[][], fold: boolean): boolean {
  const facts = options.map(sequence);
  if (facts.some((f) => f.nullable)) return true;
  return facts.some((a, i) => facts.slice(i + 1).some((b) => overlaps(a.first, b.first, fold)));
}

function describe(options: readonly Token[][]): string {
  return options.map((option) => option.map((t) => reconstruct(t)).join('')).join('|');
}
