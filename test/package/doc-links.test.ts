import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/temp-repo.js';

const pages = [
  'README.md',
  'CHANGELOG.md',
  ...readdirSync(join(REPO_ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, duplicates numbered. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  let fence = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fence = !fence;
    const m = fence ? null : /^#{1,6} (.+)$/.exec(line);
    if (!m) continue;
    const base = (m[1] ?? '')
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** Every relative link and image target in a page, outside code: `[text](target)`. */
function links(markdown: string): string[] {
  const prose = markdown.replace(/```[^]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((m) => m[1] ?? '')
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target)); // http:, https:, mailto:
}

// A page split out of the README, moved or renamed must not leave a link behind: every relative link
// of the README, the changelog and docs/*.md names a file of the repository, and an anchor names a
// heading of its page.
describe('the docs’ links', () => {
  it.each(pages)('%s: every relative link resolves', (page) => {
    const text = readFileSync(join(REPO_ROOT, page), 'utf8');
    const broken: string[] = [];
    for (const target of links(text)) {
      const [path = '', anchor] = target.split('#');
      const file = path === '' ? join(REPO_ROOT, page) : join(REPO_ROOT, dirname(page), decodeURI(path));
      if (!existsSync(file) || !relative(REPO_ROOT, file) || relative(REPO_ROOT, file).startsWith('..')) {
        broken.push(`${target}: no such file in the repository`);
        continue;
      }
      if (anchor !== undefined && statSync(file).isFile() && file.endsWith('.md')) {
        if (!anchors(readFileSync(file, 'utf8')).has(anchor)) broken.push(`${target}: no such heading`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('the README stays a front page: under 20 KB, the two set-up commands at the top', () => {
    const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    expect(Buffer.byteLength(readme)).toBeLessThan(20 * 1024);
    const setup = readme.indexOf('## Set-up: two commands');
    expect(setup).toBeGreaterThan(0);
    expect(readme.indexOf('## ')).toBe(setup); // the first section
    expect(readme).toContain('npm ci && npm run example');
    expect(readme).toContain('npm ci && npm run all');
    const scripts = (
      JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    expect(Object.keys(scripts)).toEqual(expect.arrayContaining(['example', 'all']));
  });

  it('docs/README.md lists every page of docs/', () => {
    const index = readFileSync(join(REPO_ROOT, 'docs/README.md'), 'utf8');
    const listed = new Set(links(index).map((l) => l.split('#')[0]));
    for (const page of pages.filter((p) => p.startsWith('docs/') && p !== 'docs/README.md'))
      expect(listed, page).toContain(page.slice('docs/'.length));
  });
});
