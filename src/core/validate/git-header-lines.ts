/**
 * Lines git reads as the start of a patch wherever they stand (`git apply` scans its whole input; `git am`
 * starts a mail's patch at the first of them): in a mail's headers, message or diffstat they would be
 * applied by git although the parser skipped them.
 */
const PATCH_START = /^(?:diff |Index: |--- |\+\+\+ |@@ |GIT binary patch|Binary files )/;

/** The first line of `text` (a mail before its diffs) that git would read as part of a patch. */
export function hiddenPatchLine(text: string): string | null {
  return text.split('\n').find((line) => PATCH_START.test(line)) ?? null;
}

const REGULAR = new Set(['100644', '100755']);
const SPECIAL: Record<string, string> = { '120000': 'a symlink', '160000': 'a submodule' };

/** The extended header lines git writes between `diff --git` and `---` / `@@`, each read strictly. */
const HEADER: readonly RegExp[] = [
  /^(?:old mode|new mode|deleted file mode|new file mode) ([0-7]{6})$/,
  /^index [0-9a-f]{4,64}\.\.[0-9a-f]{4,64}(?: ([0-7]{6}))?$/,
  /^(?:dis)?similarity index \d{1,3}%$/,
  /^(?:rename|copy) (?:from|to) \S.*$/,
];

/**
 * Why the extended header lines of the diff sections in `section` cannot be taken as git takes them, or
 * null when every one is a regular-file header git and this parser read alike. Trailing white space is
 * ignored, as git ignores it (`new file mode 120000 ` is a symlink to git, so it is one here too).
 */
export function headerProblem(section: string): string | null {
  let inHeader = false;
  for (const raw of section.split('\n')) {
    if (raw.startsWith('diff --git ')) {
      inHeader = true;
      continue;
    }
    if (!inHeader) continue;
    if (raw.startsWith('--- ') || raw.startsWith('@@ ') || raw === '') {
      inHeader = false;
      continue;
    }
    const line = raw.replace(/[ \t\r]+$/, '');
    const match = HEADER.map((re) => re.exec(line)).find((m) => m !== null);
    if (match === undefined) {
      if (/^(?:GIT binary patch|Binary files )/.test(line)) return 'binary';
      return `a header line git would read but closed-loop does not: ${JSON.stringify(raw.slice(0, 80))}`;
    }
    const mode = match[1];
    if (mode !== undefined && SPECIAL[mode] !== undefined) return `special:${SPECIAL[mode]}`;
    if (mode !== undefined && !REGULAR.has(mode)) return `the mode ${mode} is not a regular file's`;
  }
  return null;
}
