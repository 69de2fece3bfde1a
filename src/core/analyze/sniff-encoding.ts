const SNIFF_BYTES = 8192;

/**
 * What a log file's first bytes say it really is, when it is not text: null for text (UTF-8, or UTF-16
 * with a byte-order mark), otherwise a phrase saying what it looks like and what to do.
 */
export function describeBinary(bytes: Uint8Array): string | null {
  const at = (i: number): number | undefined => bytes[i];
  if (at(0) === 0x50 && at(1) === 0x4b && at(2) === 0x03 && at(3) === 0x04) {
    return 'is a zip archive (GitHub\'s "Download log archive"?): unzip it and pass the .txt files, e.g. closed-loop analyze logs/*.txt';
  }
  if (at(0) === 0x1f && at(1) === 0x8b) return 'is gzip-compressed: pass it through gunzip -c first';
  if ((at(0) === 0xff && at(1) === 0xfe) || (at(0) === 0xfe && at(1) === 0xff)) {
    return at(0) === 0xfe
      ? 'is UTF-16 big-endian: convert it to UTF-8 first (iconv -f UTF-16BE -t UTF-8)'
      : null;
  }
  const end = Math.min(bytes.length, SNIFF_BYTES);
  for (let i = 0; i < end; i++) if (bytes[i] === 0) return 'is binary, not a log (it contains NUL bytes)';
  return null;
}
