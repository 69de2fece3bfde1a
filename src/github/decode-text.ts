/**
 * Strict UTF-8 text from untrusted bytes: null for invalid UTF-8 or a NUL byte (binary). A BOM is
 * kept as it is, so a file written back keeps it and JSON.parse refuses it rather than it vanishing.
 */
export function decodeText(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}
