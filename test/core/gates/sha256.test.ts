import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../../src/core/gates/sha256.js';

const reference = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('sha256Hex', () => {
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    [
      'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    ],
  ])('hashes %j to the published test vector', (text, digest) => {
    expect(sha256Hex(text)).toBe(digest);
  });

  it('agrees with node:crypto at every padding boundary and on non-ASCII text', () => {
    for (let n = 0; n < 200; n++) expect(sha256Hex('x'.repeat(n))).toBe(reference('x'.repeat(n)));
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 300 }),
        (text) => sha256Hex(text) === reference(text),
      ),
    );
  });
});
