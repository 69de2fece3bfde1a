/** A file's extension, as places print it (`.ts`, `.java`, `.gemspec`). */
const EXT = String.raw`\.[A-Za-z][A-Za-z0-9]{0,5}`;

/**
 * A path as tools print it (`src/a.ts`, `./lib/x.py`, `C:\a\b.cs`), for building shapes: `(${PATH})` is the
 * file group of a place.
 */
export const PATH = String.raw`(?:[A-Za-z]:\\|\.{0,2}/)?[\w@$+\-./\\]*?[\w@$+\-]` + EXT;
