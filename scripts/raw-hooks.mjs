// Node module hooks so `import text from './x.yml?raw'` works under tsx (bench, scripts) as it does in
// vitest and the esbuild bundle. Usage: node --import tsx --import ./scripts/raw-hooks.mjs file.ts
import { register } from 'node:module';

register(
  'data:text/javascript,' +
    encodeURIComponent(`
import { readFile } from 'node:fs/promises';
export async function resolve(specifier, context, next) {
  if (!specifier.endsWith('?raw')) return next(specifier, context);
  return { url: new URL(specifier, context.parentURL).href, shortCircuit: true };
}
export async function load(url, context, next) {
  if (!url.endsWith('?raw')) return next(url, context);
  const text = await readFile(new URL(url.slice(0, -4)), 'utf8');
  return { format: 'module', source: 'export default ' + JSON.stringify(text), shortCircuit: true };
}`),
  import.meta.url,
);
