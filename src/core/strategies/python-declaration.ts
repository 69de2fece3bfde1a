import { shellQuote } from './shell-quote.js';

/** What the project holds that says where its Python dependencies are declared. */
export interface PythonProjectFiles {
  pyproject: string | null;
  /** requirements files present (`requirements.txt`, `requirements-dev.txt`, `requirements/test.txt`). */
  requirements: readonly string[];
  lockfiles: { poetry: boolean; uv: boolean; pdm: boolean };
  /** The CI workflows' text: which requirements files, extras and groups CI installs. */
  ci: string;
}

/** Where in pyproject.toml or a requirements file a package is declared. */
export type PythonTarget =
  | { kind: 'requirements'; file: string }
  | { kind: 'project' }
  | { kind: 'extra'; name: string }
  | { kind: 'group'; name: string };

export type PythonDeclarePlan =
  /** The project's own tool adds, locks and installs in one command. */
  | { kind: 'tool'; command: string; why: string }
  /** pip installs into the virtualenv, then closed-loop writes the declaration. */
  | { kind: 'edit'; target: PythonTarget; file: string; why: string }
  | { kind: 'none'; why: string };

const DEV = /(^|[-_/.])(dev|develop|test|tests|testing|ci)([-_/.]|$)/i;

const tableText = (toml: string, header: string): string | null => {
  const start = toml.search(new RegExp(`^\\[${header.replace(/[.[\]]/g, '\\$&')}\\]\\s*$`, 'm'));
  if (start < 0) return null;
  const rest = toml.slice(start).split('\n').slice(1);
  const end = rest.findIndex((l) => /^\s*\[/.test(l));
  return (end < 0 ? rest : rest.slice(0, end)).join('\n');
};

const keysOf = (table: string | null): string[] =>
  table === null ? [] : [...table.matchAll(/^\s*([\w.-]+)\s*=/gm)].map((m) => m[1] ?? '');

/** Requirements files, extras and groups the CI installs (`-r x.txt`, `.[dev]`, `--group dev`). */
function ciInstalls(ci: string): { files: string[]; extras: string[]; groups: string[] } {
  const files = [...ci.matchAll(/(?:-r|--requirement)[\s=]+([\w./-]+\.(?:txt|in))/g)].map((m) => m[1] ?? '');
  const extras = [...ci.matchAll(/\.\[([\w,\s-]+)\]/g)].flatMap((m) => (m[1] ?? '').split(/\s*,\s*/));
  const groups = [...ci.matchAll(/--(?:group|with|dev-group)[\s=]+([\w-]+)/g)].map((m) => m[1] ?? '');
  return { files, extras, groups };
}

/**
 * Where a missing package is declared so that CI, which installs from the project's declarations into
 * a fresh environment, gets it too: with poetry, uv or pdm (their lockfile says the project uses them)
 * their own `add`, which declares, locks and installs; else the requirements file, extra or dependency
 * group CI installs (a dev one for a test's import), else pyproject's `[project] dependencies` or
 * requirements.txt. `none` when the project declares dependencies nowhere.
 */
export function planPythonDeclaration(
  files: PythonProjectFiles,
  dist: string,
  dev: boolean,
): PythonDeclarePlan {
  const pkg = shellQuote(dist);
  const as = dev ? 'as a development dependency' : 'as a dependency';
  if (files.lockfiles.poetry)
    return {
      kind: 'tool',
      command: `poetry add ${dev ? '--group dev ' : ''}${pkg}`,
      why: `poetry.lock: ${as} with poetry`,
    };
  if (files.lockfiles.uv)
    return { kind: 'tool', command: `uv add ${dev ? '--dev ' : ''}${pkg}`, why: `uv.lock: ${as} with uv` };
  if (files.lockfiles.pdm)
    return {
      kind: 'tool',
      command: `pdm add ${dev ? '-dG dev ' : ''}${pkg}`,
      why: `pdm.lock: ${as} with pdm`,
    };
  const pyproject = files.pyproject ?? '';
  const ci = ciInstalls(files.ci);
  const edit = (target: PythonTarget, file: string, where: string): PythonDeclarePlan => ({
    kind: 'edit',
    target,
    file,
    why: `declared ${as} in ${where}`,
  });
  if (dev) {
    const file = ci.files.find((f) => DEV.test(f) && files.requirements.includes(f));
    if (file) return edit({ kind: 'requirements', file }, file, `${file}, which CI installs`);
    const extras = keysOf(tableText(pyproject, 'project.optional-dependencies'));
    const extra = ci.extras.find((e) => DEV.test(e) && extras.includes(e));
    if (extra)
      return edit(
        { kind: 'extra', name: extra },
        'pyproject.toml',
        `the "${extra}" extra, which CI installs`,
      );
    const groups = keysOf(tableText(pyproject, 'dependency-groups'));
    const group = ci.groups.find((g) => groups.includes(g)) ?? groups.find((g) => DEV.test(g));
    if (group)
      return edit({ kind: 'group', name: group }, 'pyproject.toml', `the "${group}" dependency group`);
    const devFile = files.requirements.find((f) => DEV.test(f));
    if (devFile) return edit({ kind: 'requirements', file: devFile }, devFile, devFile);
    const devExtra = extras.find((e) => DEV.test(e));
    if (devExtra) return edit({ kind: 'extra', name: devExtra }, 'pyproject.toml', `the "${devExtra}" extra`);
  }
  const runtimeFile = ci.files.find((f) => !DEV.test(f) && files.requirements.includes(f));
  if (runtimeFile)
    return edit(
      { kind: 'requirements', file: runtimeFile },
      runtimeFile,
      `${runtimeFile}, which CI installs`,
    );
  if (tableText(pyproject, 'project') !== null)
    return edit({ kind: 'project' }, 'pyproject.toml', 'pyproject.toml [project] dependencies');
  if (files.requirements.includes('requirements.txt'))
    return edit({ kind: 'requirements', file: 'requirements.txt' }, 'requirements.txt', 'requirements.txt');
  return {
    kind: 'none',
    why: `the project declares its dependencies nowhere closed-loop can write (no [project] table in pyproject.toml, no requirements.txt): declare ${dist} where CI installs from`,
  };
}

/** `name>=1.2.3`: at least the version that was installed and made the check pass. */
export function requirementOf(dist: string, version: string | null): string {
  return version === null ? dist : `${dist}>=${version}`;
}

/** Adds `item` to the array `key = [...]` of `header`'s table, creating the key (and table) when missing. */
function addToArray(toml: string, header: string, key: string, item: string): string {
  const lines = toml.split('\n');
  const start = lines.findIndex((l) => l.trim() === `[${header}]`);
  const quoted = JSON.stringify(item);
  if (start < 0) return `${toml.replace(/\n*$/, '\n')}\n[${header}]\n${key} = [${quoted}]\n`;
  let end = lines.findIndex((l, i) => i > start && /^\s*\[/.test(l));
  if (end < 0) end = lines.length;
  const at = lines.findIndex(
    (l, i) => i > start && i < end && new RegExp(`^\\s*"?${key.replace(/[.-]/g, '\\$&')}"?\\s*=`).test(l),
  );
  if (at < 0) {
    let last = end;
    while (last > start + 1 && (lines[last - 1] ?? '').trim() === '') last--;
    lines.splice(last, 0, `${key} = [${quoted}]`);
    return lines.join('\n');
  }
  const line = lines[at] ?? '';
  const inline = /^(\s*[^=]+=\s*\[)(.*)\](\s*(#.*)?)$/.exec(line);
  if (inline) {
    const items = (inline[2] ?? '').trim().replace(/,\s*$/, '');
    lines[at] = `${inline[1]}${items === '' ? quoted : `${items}, ${quoted}`}]${inline[3] ?? ''}`;
    return lines.join('\n');
  }
  const close = lines.findIndex((l, i) => i > at && /^\s*\]/.test(l));
  if (close < 0) return toml;
  const previous = lines[close - 1] ?? '';
  const indent = /^(\s*)/.exec(previous)?.[1] || '    ';
  if (close - 1 > at && !/,\s*(#.*)?$/.test(previous) && previous.trim() !== '')
    lines[close - 1] = previous.replace(/(\s*(#.*)?)$/, ',$1');
  lines.splice(close, 0, `${indent}${quoted},`);
  return lines.join('\n');
}

/** The file's new text with the requirement declared at `target`. */
export function declareIn(text: string, target: PythonTarget, requirement: string): string {
  switch (target.kind) {
    case 'requirements':
      return `${text.replace(/\n*$/, text === '' ? '' : '\n')}${requirement}\n`;
    case 'project':
      return addToArray(text, 'project', 'dependencies', requirement);
    case 'extra':
      return addToArray(text, 'project.optional-dependencies', target.name, requirement);
    case 'group':
      return addToArray(text, 'dependency-groups', target.name, requirement);
  }
}
