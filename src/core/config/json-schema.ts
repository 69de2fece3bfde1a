import { z } from 'zod';
import { ConfigSchema } from './schema.js';

/**
 * Where editors fetch the schema: schema.json in the repository at the moving major tag v1, which is the
 * release the config's `version: 1` and `uses: closed-loop/closed-loop@v1` name (docs/config.md). A
 * fork or a move changes this, package.json's `repository` and the docs together (a test holds them
 * together).
 */
export const CONFIG_SCHEMA_ID = 'https://raw.githubusercontent.com/closed-loop/closed-loop/v1/schema.json';

/**
 * The JSON Schema of `.github/closed-loop.yml`, generated from ConfigSchema (and committed as
 * schema.json). Draft-07, because that is the draft YAML editors support best. It describes the
 * input: keys with defaults are optional. Sections whose default is built by parsing `{}` get the
 * resulting full default, so editors show real values rather than `{}`.
 */
function buildConfigJsonSchema(): Record<string, unknown> {
  const body = z.toJSONSchema(ConfigSchema, {
    target: 'draft-7',
    io: 'input',
    override: ({ zodSchema, jsonSchema }) => {
      if (zodSchema instanceof z.ZodPrefault) jsonSchema.default = zodSchema.parse(undefined);
    },
  }) as Record<string, unknown>;
  const { $schema, ...rest } = body;
  return { $schema, $id: CONFIG_SCHEMA_ID, title: 'closed-loop configuration', ...rest };
}

/** The committed text of schema.json: pretty-printed, with a trailing newline. */
export function renderConfigJsonSchema(): string {
  return `${JSON.stringify(buildConfigJsonSchema(), null, 2)}\n`;
}
