import { isMap, isScalar, isSeq, type Document, type LineCounter, type Node } from 'yaml';

export interface SourcePosition {
  line: number;
  column: number;
}

/**
 * What to point at: `key` — the key of the last path segment (unknown keys); `value` — the value
 * there, or its key when the value is empty; `parent` — the map that lacks the last segment
 * (missing keys), pointed at through its own key when it has one.
 */
export type LocateTarget = 'key' | 'value' | 'parent';

const keyOf = (key: unknown): string | undefined => (isScalar(key) ? String(key.value) : undefined);
const isEmpty = (node: unknown): boolean =>
  node == null || (isScalar(node) && node.value === null && (node.source ?? '') === '');

/** Maps a path into the parsed value back to a 1-based line and column in the YAML source. */
export function locateNode(
  doc: Document,
  lineCounter: LineCounter,
  path: readonly PropertyKey[],
  target: LocateTarget,
): SourcePosition {
  const steps = target === 'parent' ? path.slice(0, -1) : path;
  let node: unknown = doc.contents;
  let key: unknown;
  for (const segment of steps) {
    let next: { key: unknown; value: unknown } | undefined;
    if (isMap(node)) next = node.items.find((pair) => keyOf(pair.key) === String(segment));
    else if (isSeq(node) && typeof segment === 'number' && node.items[segment] !== undefined) {
      next = { key: undefined, value: node.items[segment] };
    }
    if (next === undefined) break; // the path goes on beyond the document: point at the deepest node found
    ({ key, value: node } = next);
  }
  const chosen = target === 'key' || target === 'parent' || isEmpty(node) ? (key ?? node) : node;
  return position(chosen, lineCounter);
}

/** The start of a node, or 1:1 when it has no range (e.g. the empty document). */
export function position(node: unknown, lineCounter: LineCounter): SourcePosition {
  const range = (node as Node | null | undefined)?.range;
  if (range === undefined || range === null) return { line: 1, column: 1 };
  const { line, col } = lineCounter.linePos(range[0]);
  return { line, column: col };
}
