// Python's textwrap.dedent(text).lstrip('\n'): how the tables' indented file contents are written.
// Lines start after a \n only (not after a \r, as JavaScript's multiline ^ would have it).
const START = String.raw`(?:(?<=\n)|(?<![\s\S]))`;
const WHITESPACE_ONLY = new RegExp(String.raw`${START}[ \t]+(?=\n|(?![\s\S]))`, 'g');
const LEADING = new RegExp(String.raw`${START}([ \t]*)[^ \t\n]`, 'g');

export function dedent(text: string): string {
  const t = text.replace(WHITESPACE_ONLY, '');
  let margin: string | null = null;
  for (const m of t.matchAll(LEADING)) {
    const indent = m[1]!;
    if (margin === null || margin.startsWith(indent)) margin = indent;
    else if (!indent.startsWith(margin)) {
      let i = 0;
      while (margin[i] === indent[i]) i++;
      margin = margin.slice(0, i);
    }
  }
  const out = margin ? t.replace(new RegExp(START + margin, 'g'), '') : t;
  return out.replace(/^\n+/, '');
}
