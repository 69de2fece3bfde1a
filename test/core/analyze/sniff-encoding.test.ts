import { describe, expect, it } from 'vitest';
import { describeBinary } from '../../../src/core/analyze/sniff-encoding.js';

describe('describeBinary', () => {
  it.each([
    ['a zip of GitHub logs', [0x50, 0x4b, 0x03, 0x04, 0x14], /zip archive.*unzip/],
    ['a gzip', [0x1f, 0x8b, 0x08, 0x00], /gunzip -c/],
    ['an executable', [0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x00, 0x00], /binary, not a log/],
    ['UTF-16 big-endian', [0xfe, 0xff, 0x00, 0x61], /UTF-16 big-endian.*iconv/],
  ])('refuses %s with a reason', (_name, bytes, reason) => {
    expect(describeBinary(Uint8Array.from(bytes))).toMatch(reason);
  });

  it.each([
    ['UTF-8 text', Buffer.from('npm error code E401\n✓ ok\n')],
    ['UTF-16 little-endian with a BOM', Buffer.from('\ufeffok', 'utf16le')],
    ['an empty file', Buffer.alloc(0)],
  ])('accepts %s', (_name, bytes) => {
    expect(describeBinary(bytes)).toBeNull();
  });
});
