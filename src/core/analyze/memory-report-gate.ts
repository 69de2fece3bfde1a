import type { FoundPlace } from './failure-places.js';

/**
 * A sanitizer's, valgrind's or Go's race detector's report: its first stack's first frame of the project's
 * code is where the
 * memory was misused; the frames under it are callers, the stacks after it (where the block was
 * allocated or freed) context, the `SUMMARY:` line a repeat.
 */
const MEMORY_REPORT =
  /==\d+==ERROR: \w*Sanitizer: |^WARNING: ThreadSanitizer: |^WARNING: DATA RACE$|^==\d+== (?:Invalid (?:read|write|free)|Conditional jump|Use of uninitialised|Mismatched free|Syscall param|\d[\d,]* bytes in [\d,]+ blocks are definitely lost)/;
const MEMORY_FRAME =
  /^\s+#\d+ 0x[0-9a-f]+ |^==\d+==\s+(?:at|by) 0x[0-9A-F]+: |^\s+\S+\.go:\d+(?: \+0x[0-9a-f]+)?$/;

/**
 * Follows memory reports line by line: for a line inside one, the places it keeps (its first stack's first
 * project frame) or none; null for a line the report does not own, which other rules then read.
 */
export interface MemoryReportGate {
  (text: string, found: FoundPlace[]): FoundPlace[] | null;
  busy(): boolean;
}

export function createMemoryReportGate(): MemoryReportGate {
  /** Inside a report: before (`open`) or after (`done`) its first frame of the project's code. */
  let trace: 'open' | 'done' | null = null;
  const gate = (text: string, found: FoundPlace[]): FoundPlace[] | null => {
    // Every report's first line holds `==` (ASan, valgrind) or starts `WARNING: ` (TSan, Go): most lines skip
    // the regex.
    if ((text.includes('==') || text.startsWith('WARNING: ')) && MEMORY_REPORT.test(text)) {
      trace = 'open';
      return null;
    }
    if (trace === null) return null;
    if (MEMORY_FRAME.test(text)) {
      if (trace === 'open' && found.length > 0) {
        trace = 'done';
        return found;
      }
      return [];
    }
    // ASan ends its report with `SUMMARY:`, valgrind each record with a bare `==PID==`, Go's race detector
    // with a rule.
    if (
      text.startsWith('SUMMARY: ') ||
      (trace === 'done' && /^==\d+==\s*$/.test(text)) ||
      /^={10,}$/.test(text)
    ) {
      trace = null;
      return [];
    }
    return null;
  };
  return Object.assign(gate, { busy: () => trace !== null });
}

/** The literals of the lines that open or close a report (inside one every line is read). */
export const MEMORY_REPORT_LITERALS: readonly string[] = [
  'sanitizer',
  '== invalid ',
  '== conditional jump',
  '== use of uninitialised',
  '== mismatched free',
  '== syscall param',
  'definitely lost',
  'summary: ',
  'data race',
  '==========',
];
