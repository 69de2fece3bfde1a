const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const CHUNK = 0x8000;

/**
 * `value` as JSON, UTF-8, base64: a payload that holds no `<`, `>` or `-`, so it cannot end an HTML comment.
 */
export function encodeBase64Json(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK)
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
}

/**
 * The value `encodeBase64Json` wrote, or undefined for anything else (bad base64, bad UTF-8, bad JSON). Never
 * throws.
 */
export function decodeBase64Json(text: string): unknown {
  if (text.length % 4 !== 0 || !BASE64.test(text)) return undefined;
  try {
    const binary = atob(text);
    const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as unknown;
  } catch {
    return undefined;
  }
}
