/** A `file:line` (or bare file) mention found in error text. */
export interface FileMention {
  file: string;
  line: number | null;
}

const MENTION =
  /(?:^|[\s('"`[])((?:[A-Za-z]:)?[\w@.~-]*(?:[\\/][\w@.~-]+)*\.[A-Za-z][A-Za-z0-9]{0,5})(?:[:(](\d+)(?:[:,]\d+)?\)?)?(?=$|[\s)'"`\],:;])/gm;
const SOURCE_EXT =
  /\.(?:[cm]?[jt]sx?|py|pyi|go|rs|rb|java|kt|kts|cs|c|h|cc|cpp|hpp|swift|php|scala|vue|svelte|json|ya?ml|toml|ini|cfg|md|css|scss|less|html|sh|sql|lock|gradle|xml|proto|tf)$/i;

/** File paths (with a line number when one follows) mentioned in `text`, in order of appearance. */
export function extractFileMentions(text: string): FileMention[] {
  const mentions: FileMention[] = [];
  for (const match of text.matchAll(MENTION)) {
    const file = (match[1] ?? '').replace(/^\.\//, '');
    if (!SOURCE_EXT.test(file) || /^\d/.test(file)) continue;
    mentions.push({ file, line: match[2] === undefined ? null : Number(match[2]) });
  }
  return mentions;
}

/**
 * Quoted identifiers (`'Foo'`, `"bar"`, `` `Baz.qux` ``) mentioned in `text`: the functions, classes and
 * types an error names.
 */
export function extractSymbols(text: string): string[] {
  const symbols: string[] = [];
  for (const match of text.matchAll(/['"`‘“]([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)['"`’”]/g)) {
    if (match[1] !== undefined && match[1].length > 1) symbols.push(match[1]);
  }
  return symbols;
}
