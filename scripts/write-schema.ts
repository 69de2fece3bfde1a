/**
 * Writes schema.json (the JSON Schema of .github/closed-loop.yml) from the zod ConfigSchema.
 *   npm run schema            regenerate it
 *   npm run schema -- --check exit 1 when the committed file differs from a fresh build
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { renderConfigJsonSchema } from '../src/core/config/json-schema.js';

const target = fileURLToPath(new URL('../schema.json', import.meta.url));

async function main(check: boolean): Promise<number> {
  const fresh = renderConfigJsonSchema();
  if (!check) {
    await writeFile(target, fresh);
    console.log(`wrote ${target}`);
    return 0;
  }
  const committed = await readFile(target, 'utf8').catch(() => undefined);
  if (committed === fresh) return 0;
  console.error(
    `${target} is ${committed === undefined ? 'missing' : 'out of date'}: run \`npm run schema\` and commit it.`,
  );
  return 1;
}

process.exitCode = await main(process.argv.includes('--check'));
