import type { PackageManager } from './project-facts.js';
import { shellQuote } from './shell-quote.js';
import type { Workspace } from './find-workspace.js';

/**
 * `npm install x` / `pnpm add x` / `yarn add x` / `bun add x`, with the dev flag each one spells; into
 * one workspace of a monorepo with its manager's own way (`npm install -w <dir>`, `pnpm --filter <name>`,
 * `yarn workspace <name>`; bun from the workspace's folder).
 */
export function addCommand(
  pm: PackageManager | null,
  name: string,
  dev: boolean,
  workspace: Workspace | null = null,
): string {
  const pkg = shellQuote(name);
  const ws = workspace === null ? null : { dir: shellQuote(workspace.dir), name: shellQuote(workspace.name) };
  switch (pm ?? 'npm') {
    case 'npm':
      return `npm install ${ws ? `-w ${ws.dir} ` : ''}${dev ? '--save-dev ' : ''}${pkg}`;
    case 'pnpm':
      return `pnpm ${ws ? `--filter ${ws.name} ` : ''}add ${dev ? '--save-dev ' : ''}${pkg}`;
    case 'yarn':
      return `yarn ${ws ? `workspace ${ws.name} ` : ''}add ${dev ? '--dev ' : ''}${pkg}`;
    case 'bun':
      return `${ws ? `cd ${ws.dir} && ` : ''}bun add ${dev ? '--dev ' : ''}${pkg}`;
  }
}

/** The plain install, for a dependency declared but not installed. */
export function installCommand(pm: PackageManager | null): string {
  return `${pm ?? 'npm'} install`;
}

/** The install that may rewrite the lockfile (CI runs the frozen one: `npm ci`, `--frozen-lockfile`). */
export function lockfileUpdateCommand(pm: PackageManager | null): string {
  switch (pm ?? 'npm') {
    case 'npm':
      return 'npm install';
    case 'pnpm':
      return 'pnpm install --no-frozen-lockfile';
    case 'yarn':
      return 'YARN_ENABLE_IMMUTABLE_INSTALLS=false yarn install';
    case 'bun':
      return 'bun install';
  }
}

/** Import names whose PyPI distribution is called something else. */
export const PYPI_NAMES: Readonly<Record<string, string>> = {
  yaml: 'PyYAML',
  cv2: 'opencv-python',
  PIL: 'Pillow',
  sklearn: 'scikit-learn',
  bs4: 'beautifulsoup4',
  dateutil: 'python-dateutil',
  dotenv: 'python-dotenv',
  jwt: 'PyJWT',
  attr: 'attrs',
  Crypto: 'pycryptodome',
  serial: 'pyserial',
  magic: 'python-magic',
  docx: 'python-docx',
  MySQLdb: 'mysqlclient',
  git: 'GitPython',
};

export function pipInstallCommand(importName: string): string {
  return `python3 -m pip install ${shellQuote(PYPI_NAMES[importName] ?? importName)}`;
}

export function goGetCommand(pkg: string): string {
  return `go get ${shellQuote(pkg)}`;
}
