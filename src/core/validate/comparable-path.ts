/**
 * Code points file systems ignore or strip when they compare names: zero-width and bidi marks (HFS+
 * ignores them, so `.g\u200Bit` is `.git` on macOS), the soft hyphen and the byte-order mark.
 */
const IGNORABLE = /[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]/g;

/** A Windows 8.3 short name (`GIT~1`, `GITHUB~1`): which long name it stands for is the disk's secret. */
export const SHORT_NAME = /~\d+$/;

/**
 * One path segment as Windows and macOS would resolve it: Unicode NFKC (a full-width `．` is `.`),
 * ignorable code points dropped, an NTFS stream suffix (`.git::$DATA`) cut, trailing dots and spaces
 * stripped (`.git.` and `.github ` are `.git` and `.github`), and case folded.
 */
function comparableSegment(segment: string): string {
  const folded = segment.normalize('NFKC').replace(IGNORABLE, '').split(':')[0] ?? '';
  const trimmed = folded.replace(/[. ]+$/, '');
  // `.` and `..` keep their dots: stripping them would turn a parent reference into an empty name.
  return (trimmed === '' && /^\.+$/.test(folded) ? folded : trimmed).toLowerCase();
}

/** The path with every segment made comparable (see comparableSegment), for forbidden-path checks. */
export function comparablePath(path: string): string {
  return path.split('/').map(comparableSegment).join('/');
}
