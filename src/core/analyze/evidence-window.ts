import type { Evidence } from '../diagnosis.js';

export const EVIDENCE_BEFORE = 3;

/** A line's cleaned text, or how to get it: the byte scanner decodes a skipped line only when it is shown. */
export type LineText = string | { text(): string };
export const textOf = (t: LineText): string => (typeof t === 'string' ? t : t.text());
const EVIDENCE_AFTER = 10;
const EVIDENCE_MAX_CHARS = 2000;

/** A bounded excerpt around a pattern's first hit: a few lines before, the hit, and what follows. */
export class EvidenceWindow {
  readonly lines: string[];
  private remaining: number;
  constructor(
    readonly startLine: number,
    before: readonly string[],
    hit: string,
    after = EVIDENCE_AFTER,
  ) {
    this.lines = [...before, hit];
    this.remaining = after;
  }
  /** Feeds the next line; returns false once the window is full. */
  extend(text: string): boolean {
    if (this.remaining <= 0) return false;
    this.lines.push(text);
    this.remaining--;
    return true;
  }
  close(): void {
    this.remaining = 0;
  }
  get open(): boolean {
    return this.remaining > 0;
  }
  toEvidence(): Evidence {
    let lines = [...this.lines];
    while (lines.length > 1 && (lines.at(-1) as string).trim() === '') lines = lines.slice(0, -1);
    let text = lines.join('\n');
    if (text.length > EVIDENCE_MAX_CHARS) text = `${text.slice(0, EVIDENCE_MAX_CHARS - 1)}…`;
    return { startLine: this.startLine, endLine: this.startLine + lines.length - 1, text };
  }
}
