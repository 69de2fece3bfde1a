import { inflateRawSync } from 'node:zlib';

export interface ZipLimits {
  /** The most entries the archive may list. */
  maxEntries: number;
  /** The entries to extract, each with the most bytes it may inflate to; other entries are skipped. */
  wanted: Record<string, number>;
}

export type ZipEntries = { ok: true; entries: Map<string, Uint8Array> } | { ok: false; why: string };

interface DirectoryEntry {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** The end-of-central-directory record: at the end, after a comment of up to 64 KiB. */
function findEnd(view: DataView): number {
  for (let i = view.byteLength - 22; i >= Math.max(0, view.byteLength - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === EOCD) return i;
  }
  return -1;
}

function readDirectory(bytes: Uint8Array, view: DataView, maxEntries: number): DirectoryEntry[] | string {
  const end = findEnd(view);
  if (end < 0) return 'it is not a zip archive';
  const count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  if (count === 0xffff || offset === 0xffffffff)
    return 'it is a zip64 archive, which an artifact this small never needs';
  if (count > maxEntries) return `it lists ${count} entries; at most ${maxEntries} are allowed`;
  const entries: DirectoryEntry[] = [];
  const decoder = new TextDecoder();
  for (let i = 0; i < count; i++) {
    if (view.getUint32(offset, true) !== CENTRAL) return 'its central directory is corrupt';
    const nameLength = view.getUint16(offset + 28, true);
    entries.push({
      name: decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength)),
      flags: view.getUint16(offset + 8, true),
      method: view.getUint16(offset + 10, true),
      compressedSize: view.getUint32(offset + 20, true),
      size: view.getUint32(offset + 24, true),
      localOffset: view.getUint32(offset + 42, true),
    });
    offset += 46 + nameLength + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
  }
  return entries;
}

/**
 * Inflates one entry, stopping one byte past what it declares: an entry that inflates to more than it
 * declared (a zip bomb hiding behind a small declared size) is caught there, after inflating at most
 * its (capped) declared size, so a 1 MB archive that expands to 1 GB costs milliseconds, not seconds
 * of a blocked event loop.
 */
function extract(bytes: Uint8Array, view: DataView, entry: DirectoryEntry): Uint8Array | string {
  if (entry.flags & 1) return `${entry.name} is encrypted`;
  if (view.getUint32(entry.localOffset, true) !== LOCAL)
    return `the local header of ${entry.name} is corrupt`;
  const start =
    entry.localOffset +
    30 +
    view.getUint16(entry.localOffset + 26, true) +
    view.getUint16(entry.localOffset + 28, true);
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (data.length !== entry.compressedSize) return `${entry.name} is cut short`;
  let out: Uint8Array;
  if (entry.method === 0) out = data;
  else if (entry.method === 8) {
    try {
      out = inflateRawSync(data, { maxOutputLength: entry.size + 1 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
        return `${entry.name} declares ${entry.size} bytes but holds more`;
      throw error;
    }
  } else
    return `${entry.name} uses compression method ${entry.method}; only stored and deflated entries are read`;
  if (out.length !== entry.size)
    return `${entry.name} declares ${entry.size} bytes but holds ${out.length === entry.size + 1 ? 'more' : out.length}`;
  return out;
}

/**
 * Reads the wanted entries of an untrusted zip archive (a CI artifact). Every cap is checked on the
 * declared sizes before anything is inflated, and again on the real sizes while inflating. A name
 * listed twice is refused: which copy counts would be a guess.
 */
export function readZipEntries(bytes: Uint8Array, limits: ZipLimits): ZipEntries {
  const refuse = (why: string): ZipEntries => ({ ok: false, why: `the artifact is refused: ${why}` });
  try {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const directory = readDirectory(bytes, view, limits.maxEntries);
    if (typeof directory === 'string') return refuse(directory);
    const entries = new Map<string, Uint8Array>();
    const wanted = directory.filter((entry) => Object.hasOwn(limits.wanted, entry.name));
    for (const entry of wanted) {
      const cap = limits.wanted[entry.name] ?? 0;
      if (wanted.filter((other) => other.name === entry.name).length > 1)
        return refuse(`it holds ${entry.name} more than once`);
      if (entry.size > cap) return refuse(`${entry.name} declares ${entry.size} bytes; the cap is ${cap}`);
    }
    for (const entry of wanted) {
      const data = extract(bytes, view, entry);
      if (typeof data === 'string') return refuse(data);
      entries.set(entry.name, data);
    }
    return { ok: true, entries };
  } catch (error) {
    // A RangeError (an offset past the end) or fflate's "invalid ..." on a corrupt deflate stream.
    return refuse(
      `it is not a readable zip archive (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}
