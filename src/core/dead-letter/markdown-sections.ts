/** A `## heading` section of a markdown body: its title and lines (fenced blocks kept whole). */
export interface MarkdownSection {
  title: string;
  lines: string[];
}

const FENCE_OPEN = /^\s*(`{3,}|~{3,})/;

/**
 * Splits a markdown body at `## ` headings that are outside fenced code blocks, so an error log
 * that prints "## Something" cannot start a section. Text before the first heading is dropped.
 */
export function splitSections(body: string, level = 2): MarkdownSection[] {
  const heading = new RegExp(`^#{${level}}\\s+(.*?)\\s*#*\\s*$`);
  const sections: MarkdownSection[] = [];
  let fence: string | null = null;
  for (const line of body.replace(/\r\n?/g, '\n').split('\n')) {
    if (fence === null) {
      const open = FENCE_OPEN.exec(line);
      if (open?.[1] !== undefined) fence = open[1];
      else {
        const match = heading.exec(line);
        if (match !== null) {
          sections.push({ title: match[1] ?? '', lines: [] });
          continue;
        }
      }
    } else if (new RegExp(`^\\s*${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`).test(line)) {
      fence = null;
    }
    sections.at(-1)?.lines.push(line);
  }
  return sections;
}

/** The first fenced block in `lines`, without its fences and common indentation; null when none. */
export function firstFencedBlock(lines: readonly string[]): string | null {
  const start = lines.findIndex((l) => FENCE_OPEN.test(l));
  if (start < 0) return null;
  const open = FENCE_OPEN.exec(lines[start] ?? '')?.[1] ?? '```';
  const indent = /^\s*/.exec(lines[start] ?? '')?.[0].length ?? 0;
  const close = new RegExp(`^\\s*${open[0] === '`' ? '`' : '~'}{${open.length},}\\s*$`);
  const body: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (close.test(line)) break;
    body.push(line.slice(Math.min(indent, /^\s*/.exec(line)?.[0].length ?? 0)));
  }
  return body.join('\n');
}
