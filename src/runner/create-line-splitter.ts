/** A line longer than this is cut: a log of one 100 MB line must not become one 100 MB string. */
export const MAX_BUFFERED_LINE = 64 * 1024;

const HALF = MAX_BUFFERED_LINE / 2;

export interface LineSplitter {
  /** Takes the next piece of text; calls onLine for each line it completes. */
  push(text: string): void;
  /** Emits the last line when it had no newline. */
  end(): void;
}

/**
 * forEachLine's line rules for text that arrives in pieces from a running process (which is no stream
 * to iterate): \n and \r\n, and a line over MAX_BUFFERED_LINE keeps its first and last halves, so a
 * tool printing one endless line (a progress bar, a minified bundle) cannot fill memory.
 */
export function createLineSplitter(onLine: (line: string) => void): LineSplitter {
  let partial = '';
  let tail: string | null = null; // set while inside an over-long line: its most recent characters
  const emit = (line: string): void => onLine(line.endsWith('\r') ? line.slice(0, -1) : line);
  const push = (text: string): void => {
    let start = 0;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
      const piece = text.slice(start, nl);
      emit(tail === null ? partial + piece : `${partial} … ${(tail + piece).slice(-HALF)}`);
      partial = '';
      tail = null;
      start = nl + 1;
    }
    const rest = text.slice(start);
    if (tail !== null) {
      tail = (tail + rest).slice(-HALF);
    } else if (partial.length + rest.length > MAX_BUFFERED_LINE) {
      const whole = partial + rest;
      partial = whole.slice(0, HALF);
      tail = whole.slice(-HALF);
    } else {
      partial += rest;
    }
  };
  const end = (): void => {
    if (partial !== '' || tail !== null) emit(tail === null ? partial : `${partial} … ${tail}`);
    partial = '';
    tail = null;
  };
  return { push, end };
}
