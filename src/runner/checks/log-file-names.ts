/**
 * One log file name per check, `<name>.log`, in the same order. Check names are free text (`unit tests`,
 * `lint/ts`): anything but letters, digits, `.`, `_` and `-` becomes `-`, and should two names end up the
 * same, the later ones get `-2`, `-3`… so that no check's log overwrites another's.
 */
export function logFileNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    const base = name.replace(/[^\w.-]+/g, '-').replace(/^\.+/, '') || 'check';
    let candidate = base;
    for (let n = 2; used.has(candidate); n++) candidate = `${base}-${n}`;
    used.add(candidate);
    return `${candidate}.log`;
  });
}
