/**
 * The package a command runs straight from the registry (`npx vitest run`, `npm exec -- eslint .`,
 * `pnpm dlx tsx a.ts`, `yarn dlx`, `bunx`), or null. Its name as the registry knows it, without a version.
 */
export function runsPackage(command: string): string | null {
  const words = command.trim().split(/\s+/);
  const at =
    words[0] === 'npx' || words[0] === 'bunx'
      ? 1
      : (words[0] === 'npm' && words[1] === 'exec') ||
          ((words[0] === 'pnpm' || words[0] === 'yarn') && words[1] === 'dlx')
        ? 2
        : -1;
  if (at === -1) return null;
  // Options before the package (`npx --yes vitest`, `npm exec -- eslint`); `--package=x`/`-p x` name it.
  for (let i = at; i < words.length; i++) {
    const word = words[i]!;
    const named =
      /^--package=(.+)$/.exec(word)?.[1] ??
      (word === '-p' || word === '--package' ? words[i + 1] : undefined);
    if (named !== undefined) return bare(named);
    if (word.startsWith('-')) continue;
    return bare(word);
  }
  return null;
}

/** `@scope/name@1.2` → `@scope/name`; `name@latest` → `name`. */
const bare = (spec: string): string | null => {
  const name = /^(@[^/@\s]+\/[^@\s]+|[^@\s]+)/.exec(spec)?.[1];
  return name ?? null;
};
