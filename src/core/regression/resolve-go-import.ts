/** A Go module in the repository: its module path and the directory holding its go.mod. */
export interface GoModule {
  path: string;
  dir: string;
}

/**
 * The package directory an import path names inside the repository, or null for the standard
 * library and other modules. The module with the longest matching path wins (nested modules).
 */
export function resolveGoImportDir(importPath: string, modules: readonly GoModule[]): string | null {
  let best: GoModule | null = null;
  for (const mod of modules) {
    const inside = importPath === mod.path || importPath.startsWith(`${mod.path}/`);
    if (inside && (best === null || mod.path.length > best.path.length)) best = mod;
  }
  if (best === null) return null;
  const rest = importPath.slice(best.path.length).replace(/^\//, '');
  return [best.dir, rest].filter((part) => part !== '').join('/');
}
