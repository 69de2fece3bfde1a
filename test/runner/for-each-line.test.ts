import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { forEachLine, MAX_BUFFERED_LINE } from '../../src/runner/for-each-line.js';

const linesOf = async (chunks: (string | Buffer)[]): Promise<string[]> => {
  const out: string[] = [];
  await forEachLine(Readable.from(chunks), (l) => out.push(l));
  return out;
};

describe('forEachLine', () => {
  it('splits on \\n and \\r\\n, across chunk boundaries, and keeps a last line without a newline', async () => {
    expect(await linesOf(['a\r\nb', 'c\n', '\nlast'])).toEqual(['a', 'bc', '', 'last']);
  });

  it('does not break a multi-byte character split between two chunks', async () => {
    const bytes = Buffer.from('✓ ok\n× failed\n');
    expect(await linesOf([bytes.subarray(0, 1), bytes.subarray(1, 8), bytes.subarray(8)])).toEqual([
      '✓ ok',
      '× failed',
    ]);
  });

  it('cuts a line longer than the cap to its head and tail, and carries on after it', async () => {
    const giant = `start${'x'.repeat(MAX_BUFFERED_LINE * 3)}\rnpm error code ECONNREFUSED`;
    const lines = await linesOf([
      giant.slice(0, MAX_BUFFERED_LINE),
      giant.slice(MAX_BUFFERED_LINE, MAX_BUFFERED_LINE * 2),
      `${giant.slice(MAX_BUFFERED_LINE * 2)}\nerror TS2322: next\n`,
    ]);
    expect(lines).toHaveLength(2);
    expect(lines[0]!.length).toBeLessThanOrEqual(MAX_BUFFERED_LINE + 3);
    expect(lines[0]).toMatch(/^startx+ … x+\rnpm error code ECONNREFUSED$/);
    expect(lines[1]).toBe('error TS2322: next');
  });

  it('reads UTF-16 logs with a byte-order mark, and drops a UTF-8 one', async () => {
    expect(await linesOf([Buffer.from('\ufeffa\r\nb\n', 'utf16le')])).toEqual(['a', 'b']);
    expect(await linesOf([Buffer.from('\ufeffa\nb', 'utf8')])).toEqual(['a', 'b']);
  });

  it('refuses binary input, saying what it is', async () => {
    await expect(
      forEachLine(Readable.from([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0])]), () => {}, 'logs.zip'),
    ).rejects.toThrow(/^logs\.zip is a zip archive/);
  });

  it('reports nothing for an empty stream', async () => {
    expect(await linesOf([])).toEqual([]);
  });
});
