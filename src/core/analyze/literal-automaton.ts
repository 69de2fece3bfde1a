/** A set of literals searched at once in raw UTF-8 bytes, ASCII letters in either case (Aho–Corasick). */
export interface LiteralAutomaton {
  /** True when one of the literals occurs in bytes[start, end). */
  test(bytes: Uint8Array, start: number, end: number): boolean;
}

const MATCH = 0xffff;
const ALPHABET = 256;
const fold = (b: number): number => (b >= 0x41 && b <= 0x5a ? b | 0x20 : b);

/**
 * Compiles the literals into one table of transitions (a deterministic automaton over bytes): the
 * search reads each byte once, whatever the number of literals. Literals are lower-cased by the caller.
 */
export function createLiteralAutomaton(literals: readonly string[]): LiteralAutomaton {
  const encoder = new TextEncoder();
  const goto: Map<number, number>[] = [new Map()];
  const accepts: boolean[] = [false];
  for (const literal of literals) {
    const bytes = encoder.encode(literal);
    if (bytes.length === 0) throw new Error('literal automaton: an empty literal matches every line');
    let state = 0;
    for (const raw of bytes) {
      const b = fold(raw);
      let next = goto[state]!.get(b);
      if (next === undefined) {
        next = goto.length;
        goto.push(new Map());
        accepts.push(false);
        goto[state]!.set(b, next);
      }
      state = next;
    }
    accepts[state] = true;
  }
  if (goto.length >= MATCH) throw new Error('literal automaton: too many literals');
  // Breadth-first: each state's fallback (the longest proper suffix that is a prefix) is known before
  // its children's, so the full transition table fills in one pass.
  const table = new Uint16Array(goto.length * ALPHABET);
  const failure = new Int32Array(goto.length);
  const queue: number[] = [0];
  for (let q = 0; q < queue.length; q++) {
    const state = queue[q]!;
    if (accepts[failure[state]!]) accepts[state] = true;
    for (let b = 0; b < ALPHABET; b++) {
      const next = goto[state]!.get(b);
      if (next !== undefined) {
        failure[next] = state === 0 ? 0 : table[failure[state]! * ALPHABET + b]!;
        queue.push(next);
        table[state * ALPHABET + b] = next;
      } else table[state * ALPHABET + b] = state === 0 ? 0 : table[failure[state]! * ALPHABET + b]!;
    }
  }
  // Any transition into an accepting state ends the search: "is there one?" is all the scan asks.
  for (let i = 0; i < table.length; i++) if (accepts[table[i]!]) table[i] = MATCH;
  for (let upper = 0x41; upper <= 0x5a; upper++) {
    for (let state = 0; state < goto.length; state++) table[state * ALPHABET + upper] = table[state * ALPHABET + (upper | 0x20)]!;
  }
  return {
    test(bytes, start, end) {
      let state = 0;
      for (let i = start; i < end; i++) {
        state = table[(state << 8) | bytes[i]!]!;
        if (state === MATCH) return true;
      }
      return false;
    },
  };
}
