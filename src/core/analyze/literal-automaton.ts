/**
 * Two sets of literals searched at once in raw UTF-8 bytes, ASCII letters in either case
 * (Aho–Corasick): `scan` finds a literal of either set, and names the marked set's; `flagged` lists say,
 * as bits of one number, which of them had a literal in the last scan (the machinery a line concerns).
 */
export interface LiteralAutomaton {
  /**
   * One pass over bytes[start, end): true when a literal of either set occurs there. The marked literals
   * that occur (their indices, maybe repeated) are appended to `marked`, which the caller empties and reuses.
   */
  scan(bytes: Uint8Array, start: number, end: number, marked: number[]): boolean;
  /** Bit k set when the last scan found a literal of `flagged[k]`. */
  flags(): number;
}

/** A custom catalogue of thousands of signals is scanned line by line instead. */
const MAX_STATES = 0xffff;
const MAX_LITERAL_BYTES = 12;

/**
 * Compiles the literals into one table of transitions (a deterministic automaton over bytes): the
 * search reads each byte once, whatever the number of literals. Bytes that occur in no literal share
 * one column, so the table stays small. Literals are lower-cased by the caller. Null when the literals
 * need more states than the table holds.
 */
export function createLiteralAutomaton(
  marked: readonly string[],
  others: readonly string[],
  flagged: readonly (readonly string[])[] = [],
): LiteralAutomaton | null {
  const encoder = new TextEncoder();
  // A literal's first bytes are as required as the whole: longer literals only add states.
  const encode = (l: string): Uint8Array => encoder.encode(l).subarray(0, MAX_LITERAL_BYTES);
  const literals = [
    ...marked.map((l, i) => ({ bytes: encode(l), marked: 1, index: i })),
    ...others.map((l) => ({ bytes: encode(l), marked: 0, index: -1, flag: 0 })),
    ...flagged.flatMap((list, k) =>
      list.map((l) => ({ bytes: encode(l), marked: 0, index: -1, flag: 1 << k })),
    ),
  ].map((l) => ({ flag: 0, ...l }));
  if (flagged.length > 30) throw new Error('literal automaton: at most 30 flagged lists');
  if (literals.some((l) => l.bytes.length === 0))
    throw new Error('literal automaton: an empty literal matches every line');
  const capacity = 1 + literals.reduce((n, l) => n + l.bytes.length, 0);
  if (capacity >= MAX_STATES) return null;
  // Columns: one per byte a literal holds (upper-case letters share their lower case's), 0 for the rest.
  const column = new Uint8Array(256);
  let columns = 1;
  for (const { bytes } of literals) for (const b of bytes) if (column[b] === 0) column[b] = columns++;
  for (let upper = 0x41; upper <= 0x5a; upper++) column[upper] = column[upper | 0x20]!;
  const shift = columns <= 64 ? 6 : columns <= 128 ? 7 : 8;
  const width = 1 << shift;

  // The trie (0: no edge, as the root is nobody's child), then each state's fallback: its longest proper
  // suffix that is also a prefix, found breadth-first along the trie's edges only.
  const trie = new Uint16Array(capacity * width);
  const accepts = new Uint8Array(capacity); // 1: a literal ends here, 3: a marked one does
  let states = 1;
  const children: number[][] = [[]];
  /** The marked literals that end in each state, itself or through its fallbacks. */
  const ends: number[][] = [[]];
  const flagOf: number[] = [0];
  for (const { bytes, marked: m, index, flag } of literals) {
    let state = 0;
    for (const b of bytes) {
      const at = (state << shift) | column[b]!;
      if (trie[at] === 0) {
        children[state]!.push(column[b]!);
        children.push([]);
        ends.push([]);
        flagOf.push(0);
        trie[at] = states++;
      }
      state = trie[at]!;
    }
    accepts[state]! |= 1 | (m << 1);
    flagOf[state]! |= flag;
    if (m === 1) ends[state]!.push(index);
  }
  const failure = new Uint16Array(states);
  const order = new Uint16Array(states);
  let tail = 1;
  for (let head = 0; head < tail; head++) {
    const state = order[head]!;
    accepts[state]! |= accepts[failure[state]!]!;
    flagOf[state]! |= flagOf[failure[state]!]!;
    if (state !== 0 && ends[failure[state]!]!.length > 0)
      ends[state] = [...ends[state]!, ...ends[failure[state]!]!];
    for (const c of children[state]!) {
      const child = trie[(state << shift) | c]!;
      let f = failure[state]!;
      while (state !== 0 && f !== 0 && trie[(f << shift) | c] === 0) f = failure[f]!;
      failure[child] = state === 0 || trie[(f << shift) | c] === 0 ? 0 : trie[(f << shift) | c]!;
      order[tail++] = child;
    }
  }
  // Renumbered so that accepting states come last, marked ones at the very end (a search ends on one
  // comparison per byte), and filled in breadth-first order: a missing edge goes where the fallback's does.
  const rank = new Uint16Array(states);
  let next = 0;
  for (const kind of [0, 1, 3]) for (let s = 0; s < states; s++) if (accepts[s] === kind) rank[s] = next++;
  const anyFrom = rank.reduce((n, r, s) => (accepts[s] !== 0 ? Math.min(n, r) : n), states);
  const markedFrom = rank.reduce((n, r, s) => (accepts[s] === 3 ? Math.min(n, r) : n), states);
  const final = new Uint16Array(states << shift);
  for (let head = 0; head < states; head++) {
    const s = order[head]!;
    const row = rank[s]! << shift;
    const fallback = rank[failure[s]!]! << shift;
    for (let c = 0; c < width; c++) {
      const child = trie[(s << shift) | c]!;
      final[row | c] = child !== 0 ? rank[child]! : s === 0 ? rank[0]! : final[fallback | c]!;
    }
  }
  const start = rank[0]!;
  const endsByRank: number[][] = [];
  const flagsByRank = new Int32Array(states);
  for (let s = 0; s < states; s++) flagsByRank[rank[s]!] = flagOf[s]!;
  let lastFlags = 0;
  for (let s = 0; s < states; s++) endsByRank[rank[s]!] = ends[s]!;
  return {
    scan(bytes, begin, end, marked) {
      let any = false;
      let flags = 0;
      let state = start;
      for (let i = begin; i < end; i++) {
        state = final[(state << shift) | column[bytes[i]!]!]!;
        if (state < anyFrom) continue;
        any = true;
        flags |= flagsByRank[state]!;
        if (state < markedFrom) continue;
        const ends = endsByRank[state]!;
        for (let k = 0; k < ends.length; k++) marked.push(ends[k]!);
      }
      lastFlags = flags;
      return any;
    },
    flags: () => lastFlags,
  };
}
