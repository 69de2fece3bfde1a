import { Writable } from 'node:stream';
import { Probot } from 'probot';
import { describe, expect, it } from 'vitest';
import { createAppLog } from '../../src/app/create-app-log.js';
import { PRIVATE_KEY } from './app-kit.js';

/** The keys of a JSON object's top level, in the raw text: JSON.parse would keep only the last of a pair. */
function topLevelKeys(line: string): string[] {
  const keys: string[] = [];
  let depth = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
    else if (c === '"') {
      let text = '';
      for (i++; line[i] !== '"'; i++) text += line[i] === '\\' ? line[++i] : line[i];
      if (depth === 1 && /^\s*:/.test(line.slice(i + 1))) keys.push(text);
    }
  }
  return keys;
}

describe('LOG_FORMAT=json', () => {
  it("writes each line of a delivery's handler as JSON with every key once", async () => {
    const lines: string[] = [];
    const out = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const log = await (createAppLog as (e: object, o?: unknown) => ReturnType<typeof createAppLog>)(
      { LOG_FORMAT: 'json', LOG_LEVEL: 'info' },
      out,
    );
    const probot = new Probot({ appId: 1, privateKey: PRIVATE_KEY, secret: 's', log });
    await probot.load((app) => {
      app.log.info('loaded');
      app.on('issue_comment', (context) => {
        context.log.info({ extra: 1 }, 'handled');
      });
    });
    await probot.receive({
      id: 'delivery-1',
      name: 'issue_comment',
      payload: { action: 'created' },
    } as unknown as Parameters<Probot['receive']>[0]);
    await new Promise((resolve) => setImmediate(resolve));

    const handled = lines.find((l) => l.includes('"handled"'));
    expect(handled, lines.join('\n')).toBeDefined();
    expect(JSON.parse(handled!)).toMatchObject({ name: 'event', id: 'delivery-1', extra: 1, msg: 'handled' });
    for (const line of lines) {
      const keys = topLevelKeys(line);
      expect(keys.length, line).toBeGreaterThan(3);
      expect(
        keys.filter((k, i) => keys.indexOf(k) !== i),
        line,
      ).toEqual([]);
    }
  });
});
