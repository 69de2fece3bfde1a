import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanLine } from '../../../src/core/analyze/clean-line.js';
import { stripAnsiBytes, timestampLength } from '../../../src/core/analyze/clean-line-bytes.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
/** What cleanLine takes off the start of an ASCII line: GitHub's timestamp, when it has one. */
const stampOf = (text: string): number => text.length - cleanLine(text).text.length;

describe('timestampLength', () => {
  it('measures the timestamp cleanLine takes off, and nothing on other lines', () => {
    for (const line of [
      '2024-01-02T03:04:05.1234567Z Run npm test',
      '2024-01-02T03:04:05Z x',
      '2024-01-02T03:04:05.1Z',
      '2024-01-02T03:04:05.Z x',
      '2024-01-02T03:04:05 x',
      '2024-01-02 03:04:05.123Z x',
      '20240102T03:04:05.1Z x',
      'Run npm test',
      '12:00:00 done',
    ])
      expect(timestampLength(bytes(line), 0, line.length), line).toBe(stampOf(line));
  });

  it('agrees with cleanLine on lines made of timestamp pieces', () => {
    const piece = fc.constantFrom('2024', '-', '01', 'T', ':', '05', '.', '123', 'Z', ' ', 'x', '9');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 14 }), (ps) => {
        const line = ps.join('');
        expect(timestampLength(bytes(line), 0, line.length)).toBe(stampOf(line));
      }),
    );
  });

  it('reads no byte past the end it is given', () => {
    const b = bytes('2024-01-02T03:04:05.12Z x');
    expect(timestampLength(b, 0, 21)).toBe(0); // `…05.1`: the fraction and Z lie past the end
    expect(timestampLength(b, 0, 23)).toBe(23);
  });
});

describe('stripAnsiBytes noting a cut character', () => {
  const esc = [...bytes('\x1b[0m')];
  const at = (...parts: ArrayLike<number>[]): Uint8Array =>
    Uint8Array.from(parts.flatMap((p) => Array.from(p)));
  /** Strips b[s, e) and says whether an escape taken out cut a character. */
  const cut = (b: Uint8Array, s = 0, e = b.length): boolean => {
    const stripped = { cutCharacter: false };
    stripAnsiBytes(b, s, e, new Uint8Array(e - s), stripped);
    return stripped.cutCharacter;
  };

  it('is false when ASCII or a whole character comes before each escape', () => {
    expect(cut(at(bytes('ok '), esc, bytes('x')))).toBe(false);
    expect(cut(at([0xe2, 0x9c, 0x93], esc, [0xac]))).toBe(false); // ✓ ESC[0m
    expect(cut(at([0xf0, 0x9f, 0x98, 0x80], esc))).toBe(false); // 😀 ESC[0m
    expect(cut(at(esc, [0xac]))).toBe(false);
    expect(cut(at([0xe2, 0x82], [0x1b]))).toBe(false); // a lone ESC at the end stays: nothing joins
  });

  it('is true when an escape cuts a character, which decoding without it would join', () => {
    expect(cut(at([0xe2, 0x82], esc, [0xac]))).toBe(true); // € cut by a colour: two U+FFFD, not €
    expect(cut(at([0xe2, 0x82], esc, esc, [0xac]))).toBe(true);
    expect(cut(at([0xf0, 0x9f, 0x98], esc, [0x80]))).toBe(true);
    expect(cut(at([0xc3], esc, [0xa9]))).toBe(true);
  });

  it('answers for the last line stripped only', () => {
    const b = at([0xe2, 0x82], esc, [0x0a], bytes('x'), esc);
    expect(cut(b, 0, 7)).toBe(true);
    expect(cut(b, 7, b.length)).toBe(false);
  });
});
