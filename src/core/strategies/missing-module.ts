import type { Diagnosis } from '../diagnosis.js';
import { NODE_BUILTINS } from './node-builtins.js';

type ModuleEcosystem = 'node' | 'python' | 'go';
export interface MissingModule {
  /**
   * The package to install: `lodash` for `lodash/fp`, `@scope/pkg` for `@scope/pkg/sub`, `yaml` for
   * `yaml.parser`.
   */
  name: string;
  ecosystem: ModuleEcosystem;
  /** The module exactly as the error named it. */
  specifier: string;
}

const NODE_MESSAGES: readonly RegExp[] = [
  /Cannot find (?:module|package) ['"]([^'"]+)['"]/, // node, vitest, jest, tsc TS2307, ERR_MODULE_NOT_FOUND
  /Can't resolve ['"]([^'"]+)['"]/, // webpack
  /Could not resolve ["']([^"']+)["']/, // esbuild, vite, rollup
  /Failed to resolve import ["']([^"']+)["']/, // vite dev
  /Module not found: (?:Error: )?(?:Can't resolve )?['"]([^'"]+)['"]/,
];
// pytest/python's ModuleNotFoundError, and mypy's `Cannot find implementation or library stub for module
// named "x"`.
const PYTHON = /No module named ['"]([\w.]+)['"]|library stub for module named ['"]([\w.]+)['"]/;
const GO = /(?:no required module provides package|cannot find module providing package) ([\w.~/-]+)/;

/**
 * `lodash/fp` → `lodash`, `@scope/pkg/sub` → `@scope/pkg`; null for builtins, paths and other non-packages.
 */
export function nodePackageName(specifier: string): string | null {
  const spec = specifier.trim();
  if (spec === '' || /^(\.{1,2}(\/|$)|\/|[A-Za-z]:[\\/]|~\/|#|file:|https?:|data:)/.test(spec)) return null;
  if (spec.startsWith('node:') || spec.startsWith('bun:')) return null;
  const parts = spec.split('/');
  const name = spec.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? '');
  if (NODE_BUILTINS.has(name)) return null;
  if (!/^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/i.test(name) || (name.startsWith('@') && parts.length < 2))
    return null;
  return name;
}

/** `yaml.parser` → `yaml`; relative imports (`.utils`) are not packages. */
function pythonModuleName(specifier: string): string | null {
  if (specifier.startsWith('.')) return null;
  return specifier.split('.')[0] || null;
}

function fromLine(line: string): MissingModule | null {
  for (const re of NODE_MESSAGES) {
    const specifier = re.exec(line)?.[1];
    if (specifier === undefined) continue;
    const name = nodePackageName(specifier);
    if (name !== null) return { name, ecosystem: 'node', specifier };
    return null;
  }
  const found = PYTHON.exec(line);
  const py = found?.[1] ?? found?.[2];
  if (py !== undefined) {
    const name = pythonModuleName(py);
    return name === null ? null : { name, ecosystem: 'python', specifier: py };
  }
  const go = GO.exec(line)?.[1];
  return go === undefined ? null : { name: go, ecosystem: 'go', specifier: go };
}

/**
 * The missing package a failure names, or null when it names none: a missing relative or absolute path is a
 * missing FILE (the driver then takes the pattern's alternative), and builtins are never installed. When
 * the evidence names several, the first package wins (a missing file beside it is the next attempt's).
 */
export function missingModule(diagnosis: Pick<Diagnosis, 'evidence'>): MissingModule | null {
  for (const line of (diagnosis.evidence?.text ?? '').split('\n')) {
    const found = fromLine(line);
    if (found !== null) return found;
  }
  return null;
}
