/**
 * What one raw log line means once the CI wrapping is taken off. GitHub's raw logs prefix every line
 * with a timestamp and mark steps with `##[group]`/`##[error]`; tools colour their output with ANSI.
 */
export interface CleanLine {
  text: string;
  /** `group` starts a step, `endgroup` ends one, `command` is a workflow command, `error` is `##[error]`. */
  kind: 'text' | 'group' | 'endgroup' | 'error' | 'command';
}

// CSI sequences (colours, cursor moves), OSC sequences (hyperlinks, titles), and lone escapes.
// eslint-disable-next-line no-control-regex -- ANSI escapes are exactly what is stripped here
const ANSI = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b[\]_][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]/g;
const TIMESTAMP = /^\uFEFF?\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z ?/;
// eslint-disable-next-line no-control-regex -- the BEL that ends the stamp, when a log keeps it
const BUILDKITE_STAMP = /^_bk;t=\d+\x07?/;
const GH_MARKER = /^##\[(group|endgroup|error|warning|notice|debug|command|section)\]/;

export function stripAnsi(text: string): string {
  return text.includes('\x1b') ? text.replace(ANSI, '') : text;
}

export function cleanLine(raw: string): CleanLine {
  let text = stripAnsi(raw.endsWith('\r') ? raw.slice(0, -1) : raw);
  // Progress bars rewrite the line with carriage returns: only the last state was visible.
  if (text.includes('\r')) text = text.slice(text.lastIndexOf('\r') + 1);
  // Most lines hold neither a timestamp nor a marker: their first character says so, before any expression.
  const first = text.charCodeAt(0);
  if ((first >= 0x30 && first <= 0x39) || first === 0xfeff) text = text.replace(TIMESTAMP, '');
  // Buildkite stamps each line with an APC sequence `\x1b_bk;t=1700000000000\x07`; some exports keep its
  // text.
  if (text.startsWith('_bk;t=')) text = text.replace(BUILDKITE_STAMP, '');
  return cleanMarker(text);
}

/**
 * cleanLine's last step, for text already free of escapes, carriage returns and stamps (the byte scanner
 * takes those out itself): a GitHub marker or a workflow command says what kind of line it is.
 */
export function cleanMarker(text: string): CleanLine {
  const marker = text.startsWith('##[') ? GH_MARKER.exec(text) : null;
  if (marker) {
    const rest = text.slice(marker[0].length);
    const name = marker[1];
    if (name === 'group') return { text: rest, kind: 'group' };
    if (name === 'endgroup') return { text: rest, kind: 'endgroup' };
    if (name === 'error') return { text: rest, kind: 'error' };
    return { text: rest, kind: 'command' };
  }
  if (text.startsWith('::') && /^::[a-z-]+( [^:]*)?::/.test(text)) return { text, kind: 'command' };
  return { text, kind: 'text' };
}

/**
 * Lines that report a PASSING check. Test names often say "error" or "ECONNREFUSED" ("✓ retries on
 * ECONNREFUSED"); such a line is evidence of nothing.
 */
export function isPassingLine(text: string): boolean {
  // TAP names a test before its result (`# Subtest: handles ECONNREFUSED`): a name, not evidence.
  if (/^\s*# Subtest: /.test(text)) return true;
  return (
    /^\s*(✓|✔|√|PASS\s|ok \d+ |--- PASS:|PASSED\b|\[\s*OK\s*\]|ok\s+\S+\s+[\d.]+s)/.test(text) ||
    ((text.includes('...') || text.includes('::')) &&
      /^\s*(test \S+ \.\.\. ok|\S+::\S+ PASSED)/.test(text)) ||
    // unittest, node's own test runner and others: `test-tls-connect ... ok`, `test_x (m.T) ... ok`.
    (text.includes('...') && /\s\.\.\.\s*(ok|passed|skipped)$/i.test(text))
  );
}

/**
 * The literals of the lines cleaning changes (the byte scanner, which cleans the rest itself, reads every
 * line with one of them): progress-bar carriage returns, workflow commands and markers, Buildkite stamps,
 * and the only non-ASCII characters whose lower case is ASCII (İ → i̇, the Kelvin sign → k) or that /iu
 * folds (ſ). feedBytes takes ANSI escapes out and skips, as cleanLine does, what comes before the last
 * carriage return, timestamps, Buildkite stamps and plain `##[endgroup]`-like markers (so that these
 * literals, at the start of a line, are not seen there).
 */
export const CLEAN_LINE_LITERALS: readonly string[] = [
  '\r',
  '##[',
  '::',
  '_bk;t=',
  '\u0130',
  '\u212a',
  '\u017f',
];
