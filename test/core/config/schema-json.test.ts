import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_SCHEMA_ID, renderConfigJsonSchema } from '../../../src/core/config/json-schema.js';

const committedPath = new URL('../../../schema.json', import.meta.url);

describe('schema.json', () => {
  it('matches the zod ConfigSchema (run `npm run schema` and commit schema.json when this fails)', () => {
    const committed = readFileSync(committedPath, 'utf8');
    expect(committed, 'schema.json is out of date: run `npm run schema` and commit it').toBe(
      renderConfigJsonSchema(),
    );
  });

  it('is a draft-07 schema with an id, a title, descriptions and real defaults', () => {
    const schema = JSON.parse(renderConfigJsonSchema());
    expect(schema).toMatchObject({
      $schema: 'http://json-schema.org/draft-07/schema#',
      $id: CONFIG_SCHEMA_ID,
      title: 'closed-loop configuration',
      required: ['version'],
      additionalProperties: false,
    });
    expect(schema.properties.retry.properties.max_retries).toMatchObject({
      default: 3,
      description: expect.any(String),
    });
    expect(schema.properties.retry.default).toEqual({
      max_retries: 3,
      same_error_retries: 2,
      max_total_failures: 10,
      backoff: { initial_seconds: 5, factor: 2, max_seconds: 300 },
    });
    expect(schema.properties.regression.default.exclude_patterns).toEqual([
      '**/*.test.ts',
      '**/*.spec.ts',
      '**/mocks/**',
    ]);
  });
});
