import type { LineText } from './evidence-window.js';

/**
 * The last `size` lines fed, with their line numbers, in a ring: a log's every line passes through it, so
 * it allocates nothing per line.
 */
export class RecentLines {
  private readonly numbers: number[];
  private readonly texts: (LineText | undefined)[];
  private next = 0;
  private count = 0;

  constructor(private readonly size: number) {
    this.numbers = new Array<number>(size).fill(0);
    this.texts = new Array<LineText | undefined>(size).fill(undefined);
  }

  push(lineNo: number, text: LineText): void {
    this.numbers[this.next] = lineNo;
    this.texts[this.next] = text;
    this.next = (this.next + 1) % this.size;
    if (this.count < this.size) this.count++;
  }

  clear(): void {
    this.count = 0;
    this.texts.fill(undefined);
  }

  get length(): number {
    return this.count;
  }

  /** The line number of the oldest line kept (undefined when none is). */
  firstLine(): number | undefined {
    return this.count === 0 ? undefined : this.numbers[this.at(0)];
  }

  /** The lines kept, oldest first. */
  lines(): LineText[] {
    return Array.from({ length: this.count }, (_, k) => this.texts[this.at(k)]!);
  }

  private at(k: number): number {
    return (this.next - this.count + k + this.size) % this.size;
  }
}
