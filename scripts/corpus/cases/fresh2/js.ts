// HELD OUT (set `fresh2`): do not read these cases or their logs when changing the analyzer.
import type { CorpusCase } from '../../generator/corpus-case.js';

// fresh2 js: eslint, prettier, tsc, jest, vitest, mocha, node:test, esbuild, vite, npm.
const NM = 'ln -s /tmp/cjs/node_modules node_modules';
const VER = 'node --version && npm --version';
const PKG = `{
  "name": "%s",
  "version": "1.4.0",
  "private": true,
  "type": "%s",
  "scripts": %s
}
`;

/** Python's json.dumps of a flat object: `{"a": "b", "c": "d"}`. */
function pythonJson(o: Record<string, string>): string {
  return (
    '{' +
    Object.entries(o)
      .map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`)
      .join(', ') +
    '}'
  );
}

function pkg(
  name: string,
  scripts: Record<string, string>,
  { kind = 'commonjs' }: { kind?: string } = {},
): string {
  return PKG.replace('%s', name).replace('%s', kind).replace('%s', pythonJson(scripts));
}

export const CASES: CorpusCase[] = [
  {
    id: 'js/fresh2-eslint-checkout-cart',
    tool: 'eslint 9.39.5',
    cmd: 'npm run lint',
    pattern: null,
    category: 'lint',
    wrapper: 'github-actions',
    steps: [VER, '@npm'],
    pre: NM,
    files: {
      'package.json': pkg('cart', { lint: 'eslint src' }),
      'eslint.config.js': `
                module.exports = [{
                  files: ["**/*.js"],
                  languageOptions: { sourceType: "commonjs", globals: { require: "readonly", module: "writable", console: "readonly" } },
                  rules: { "no-unused-vars": "error", "no-undef": "error", "eqeqeq": "warn", "no-console": "warn" },
                }];
                `,
      'src/cart.js': `
                const { roundCents } = require("./money");

                function addItem(cart, item, qty) {
                  const discount = 0;
                  if (qty == 0) {
                    console.log("ignoring empty line for", item.sku);
                    return cart;
                  }
                  cart.lines.push({ sku: item.sku, qty, price: roundCents(item.price) });
                  return cart;
                }

                function totalOf(cart) {
                  return cart.lines.reduce((sum, l) => sum + l.qty * l.price, 0) + shippingFee;
                }

                module.exports = { addItem, totalOf };
                `,
      'src/money.js': `
                function roundCents(x) {
                  return Math.round(x * 100) / 100;
                }

                function formatError(err) {
                  return \`error: \${err.message}\`;
                }

                module.exports = { roundCents };
                `,
    },
    ev: [/^\/.*\/src\/cart\.js$/, /problems? \(/],
    locs: [
      ['src/cart.js', 4, 9],
      ['src/cart.js', 14, 68],
      ['src/money.js', 5, 10],
    ],
    note: 'eslint prints warnings (eqeqeq, no-console) between the errors; only the three errors are locations.',
  },
  {
    id: 'js/fresh2-prettier-check-dashboard',
    tool: 'prettier 3.10.1',
    cmd: 'npx prettier --check "src/**/*.{js,css}"',
    pattern: null,
    category: 'format',
    wrapper: 'travis',
    steps: [VER, '@npm', 'npx eslint --version'],
    pre: NM,
    after: ['npx prettier --version'],
    files: {
      'package.json': pkg('dash', {}),
      'src/widgets.js': `
                export const widgets = [ {id:1, title:"Revenue"},{ id: 2,title: 'Errors per minute' } ]
                `,
      'src/layout.css': `
                .grid{display:grid;grid-template-columns:repeat(3,1fr)}
                `,
      'src/ok.js': 'export const ok = true;\n',
    },
    ev: [/Checking formatting/, /Code style issues/],
    locs: [
      ['src/layout.css', 1, null],
      ['src/widgets.js', 1, null],
    ],
    note: 'Travis runs the next script step (prettier --version) after the failing one; the cause is the formatting check.',
  },
  {
    id: 'js/fresh2-tsc-invoice-types',
    tool: 'typescript 7.0.2 (tsc)',
    cmd: 'npx tsc --noEmit -p . --pretty false',
    pattern: null,
    category: 'type',
    wrapper: 'gitlab',
    steps: [VER, 'npx tsc --version'],
    pre: NM,
    files: {
      'package.json': pkg('invoice', {}),
      'tsconfig.json':
        '{ "compilerOptions": { "strict": true, "target": "es2022", "module": "commonjs", "noEmit": true }, "include": ["src"] }\n',
      'src/invoice.ts': `
                export interface Invoice {
                  id: string;
                  amount: number;
                  paidAt?: Date;
                }

                export function label(inv: Invoice): string {
                  return inv.id + " " + inv.amount.toFixed(2);
                }

                export function daysLate(inv: Invoice, due: Date): number {
                  return (inv.paidAt.getTime() - due.getTime()) / 86400000;
                }
                `,
      'src/report.ts': `
                import { Invoice, label } from "./invoice";

                const rows: Invoice[] = [{ id: "A-1", amount: "12.50" }];
                const total: number = rows.map(label);
                console.log(total);
                `,
    },
    ev: /error TS\d+/,
    locre: /^(?<f>src\/\S+\.ts)\((?<l>\d+),(?<c>\d+)\): error/,
  },
  {
    id: 'js/fresh2-tsconfig-bad-option',
    tool: 'typescript 7.0.2 (tsc)',
    cmd: 'npx tsc -p tsconfig.build.json',
    pattern: null,
    category: 'config',
    wrapper: 'circleci',
    steps: [VER],
    pre: NM,
    files: {
      'package.json': pkg('svc', {}),
      'tsconfig.build.json': `
                {
                  "compilerOptions": {
                    "target": "es2022",
                    "module": "commonjs",
                    "outDir": "dist",
                    "strictNullCheck": true
                  },
                  "include": ["src"]
                }
                `,
      'src/index.ts': 'export const port: number = 8080;\n',
    },
    ev: /error TS/,
    locre: /(?<f>tsconfig\.build\.json)[:(](?<l>\d+)[:,](?<c>\d+)/,
    note: 'A misspelt compiler option in tsconfig (TS5023), with TS5011 about rootDir in the same file: config, not a type error in code.',
  },
  {
    id: 'js/fresh2-jest-slugify',
    tool: 'jest 30.5.2',
    cmd: 'npx jest --ci',
    pattern: null,
    category: 'test',
    wrapper: 'circleci',
    steps: [VER, '@npm'],
    pre: NM,
    files: {
      'package.json': pkg('slug', {}),
      'src/slugify.js': `
                function slugify(s) {
                  return s.toLowerCase().trim().replace(/\\s+/g, "-");
                }
                function parseOrError(input) {
                  try { return JSON.parse(input); } catch (e) { return { error: e.message }; }
                }
                module.exports = { slugify, parseOrError };
                `,
      'test/slugify.test.js': `
                const { slugify, parseOrError } = require("../src/slugify");

                describe("slugify", () => {
                  test("lower-cases words", () => {
                    expect(slugify("Hello World")).toBe("hello-world");
                  });
                  test("strips punctuation", () => {
                    expect(slugify("Rock & Roll!")).toBe("rock-roll");
                  });
                });

                describe("parseOrError", () => {
                  test("returns an error object on bad JSON", () => {
                    expect(parseOrError("{").error).toMatch(/JSON/);
                  });
                  test("timeout field survives parsing", () => {
                    expect(parseOrError('{"timeout": 30}').timeout).toBe(30);
                  });
                });
                `,
    },
    ev: [/● slugify › strips punctuation/, /at Object\.toBe/],
    locs: [['test/slugify.test.js', 8, 37]],
    note: 'Passing tests are named after errors and timeouts; the one failure is the assertion.',
  },
  {
    id: 'js/fresh2-vitest-rate-limiter',
    tool: 'vitest 4.1.12',
    cmd: 'npx vitest run',
    pattern: null,
    category: 'test',
    wrapper: 'azure',
    steps: [VER, '@npm'],
    pre: NM,
    files: {
      'package.json': pkg('limiter', {}, { kind: 'module' }),
      'src/limiter.js': `
                export class Limiter {
                  constructor(max) { this.max = max; this.used = 0; }
                  take() {
                    if (this.used > this.max) return false;
                    this.used += 1;
                    return true;
                  }
                }
                `,
      'src/limiter.test.js': `
                import { describe, it, expect } from "vitest";
                import { Limiter } from "./limiter.js";

                describe("Limiter", () => {
                  it("allows up to max", () => {
                    const l = new Limiter(2);
                    expect(l.take()).toBe(true);
                    expect(l.take()).toBe(true);
                  });
                  it("refuses after max", () => {
                    const l = new Limiter(2);
                    l.take(); l.take();
                    expect(l.take()).toBe(false);
                  });
                });
                `,
    },
    ev: [/FAIL .*refuses after max/, /❯ src\/limiter\.test\.js:\d+/],
    locs: [['src/limiter.test.js', 13, 22]],
  },
  {
    id: 'js/fresh2-mocha-retry-timeout',
    tool: 'mocha 12.0.3',
    cmd: 'npx mocha test/',
    pattern: null,
    category: 'test',
    wrapper: 'jenkins',
    steps: [VER],
    pre: NM,
    files: {
      'package.json': pkg('retry', {}),
      'lib/retry.js': `
                async function retry(fn, times) {
                  for (let i = 0; ; i++) {
                    try { return await fn(); } catch (e) { if (i >= times) throw e; }
                    await new Promise((r) => setTimeout(r, 1500));
                  }
                }
                module.exports = { retry };
                `,
      'test/retry.spec.js': `
                const assert = require("assert");
                const { retry } = require("../lib/retry");

                describe("retry", function () {
                  it("returns the first success", async function () {
                    assert.strictEqual(await retry(async () => 7, 3), 7);
                  });
                  it("gives up after the last attempt", async function () {
                    let n = 0;
                    await assert.rejects(retry(async () => { n++; throw new Error("boom"); }, 2));
                    assert.strictEqual(n, 3);
                  });
                });
                `,
    },
    ev: [/^\s+1\) retry/, /Timeout of 2000ms exceeded/],
    locs: [['test/retry.spec.js', 1, null]],
    note: 'A mocha test that exceeds its 2000 ms budget is a failing test (category test), not a CI timeout. mocha names the test file without a line, so the location is {file, line: 1} by the README convention (the it() is at line 8).',
  },
  {
    id: 'js/fresh2-nodetest-parse-duration',
    tool: 'node 20.20.2 (node:test)',
    cmd: 'node --test test/',
    pattern: null,
    category: 'test',
    wrapper: 'buildkite',
    steps: [VER],
    files: {
      'package.json': pkg('dur', {}),
      'lib/duration.js': `
                function parseDuration(s) {
                  const m = /^(\\d+)(ms|s|m)$/.exec(s);
                  if (!m) throw new Error("invalid duration: " + s);
                  const n = Number(m[1]);
                  return m[2] === "s" ? n * 1000 : m[2] === "m" ? n * 6000 : n;
                }
                module.exports = { parseDuration };
                `,
      'test/duration.test.js': `
                const test = require("node:test");
                const assert = require("node:assert");
                const { parseDuration } = require("../lib/duration");

                test("seconds", () => {
                  assert.strictEqual(parseDuration("3s"), 3000);
                });

                test("minutes", () => {
                  assert.strictEqual(parseDuration("2m"), 120000);
                });

                test("rejects garbage with an error", () => {
                  assert.throws(() => parseDuration("soon"), /invalid duration/);
                });
                `,
    },
    ev: [/not ok \d+ - minutes/, /async Test\.processPendingSubtests/],
    locs: [
      ['test/duration.test.js', 9, 1],
      ['test/duration.test.js', 10, 10],
    ],
    note: 'node:test names the test (location: 9:1) and the failing assertion (stack frame 10:10); both are locations.',
  },
  {
    id: 'js/fresh2-esbuild-missing-brace',
    tool: 'esbuild 0.28.2',
    cmd: 'npx esbuild src/main.js --bundle --outfile=dist/app.js',
    pattern: null,
    category: 'syntax',
    wrapper: 'github-actions',
    steps: [VER, '@npm', 'npx esbuild --version'],
    pre: NM,
    files: {
      'package.json': pkg('app', {}),
      'src/main.js': `
                import { render } from "./view.js";

                document.addEventListener("DOMContentLoaded", () => {
                  render(document.getElementById("root"));
                });
                `,
      'src/view.js': `
                export function render(root) {
                  const items = ["a", "b"];
                  for (const it of items) {
                    root.append(it);
                  }

                export const version = "1.0";
                `,
    },
    ev: [/✘ \[ERROR\]/, /\d+ error/],
    locre: /^\s+(?<f>src\/\S+\.js):(?<l>\d+):(?<c>\d+):/,
  },
  {
    id: 'js/fresh2-node-missing-module',
    tool: 'node 20.20.2',
    cmd: 'npm run build',
    pattern: null,
    category: 'dependency',
    wrapper: 'jenkins',
    steps: [VER],
    files: {
      'package.json': pkg('tools', { build: 'node scripts/build.js' }),
      'scripts/build.js': `
                const path = require("path");
                const fs = require("fs");
                const yaml = require("js-yaml-loader");

                const out = path.join(__dirname, "..", "dist");
                fs.mkdirSync(out, { recursive: true });
                console.log("built", yaml);
                `,
    },
    ev: [/Error: Cannot find module 'js-yaml-loader'/, /requireStack/],
    locs: [['scripts/build.js', 3, 14]],
    note: 'The require() of a package that is not installed: dependency; the location is the require line in the stack.',
  },
  {
    id: 'js/fresh2-npm-ci-out-of-sync',
    tool: 'npm 11.19.1',
    cmd: 'npm ci --offline --no-audit --no-fund',
    pattern: null,
    category: 'lockfile',
    wrapper: 'github-actions',
    steps: [VER],
    files: {
      'package.json': `
                {
                  "name": "orders",
                  "version": "2.0.0",
                  "dependencies": { "ms": "^2.1.3" }
                }
                `,
      'package-lock.json': `
                {
                  "name": "orders",
                  "version": "2.0.0",
                  "lockfileVersion": 3,
                  "requires": true,
                  "packages": {
                    "": { "name": "orders", "version": "2.0.0" }
                  }
                }
                `,
    },
    ev: [/npm error code EUSAGE/, /npm error Missing:/],
    phase: 'install',
    note: 'npm ci refuses a lock file that lacks a declared dependency; npm names no file line.',
  },
  {
    id: 'js/fresh2-npm-bad-package-json',
    tool: 'npm 11.19.1',
    cmd: 'npm install --offline --no-audit',
    pattern: null,
    category: 'config',
    wrapper: 'travis',
    steps: [VER],
    phase: 'install',
    files: {
      'package.json': `
                {
                  "name": "widgets",
                  "version": "0.3.0",
                  "scripts": {
                    "test": "jest",
                  },
                  "devDependencies": {}
                }
                `,
    },
    ev: /npm error (code EJSONPARSE|JSON\.parse|Unexpected|Failed to parse)/,
    locs: [['package.json', 1, null]],
    note: 'Trailing comma in package.json: npm cannot parse the manifest (config). npm names the file without a line.',
  },
  {
    id: 'js/fresh2-eslint-config-unknown-rule',
    tool: 'eslint 9.39.5',
    cmd: 'npx eslint lib',
    pattern: null,
    category: 'config',
    wrapper: 'gitlab',
    steps: [VER, '@npm'],
    pre: NM,
    files: {
      'package.json': pkg('lib', {}),
      'eslint.config.js': `
                module.exports = [{
                  files: ["**/*.js"],
                  rules: { "no-unused-vars": "error", "no-implicit-globalz": "error" },
                }];
                `,
      'lib/a.js': 'module.exports = 1;\n',
    },
    ev: [/Oops|TypeError|Error:|Could not find/, /(Definition for rule|Could not find|Key "rules")/],
    note: 'A misspelt rule name in eslint.config.js: the config is wrong, no source file is at fault.',
  },
  {
    id: 'js/fresh2-lint-then-test-two-failures',
    tool: 'eslint 9.39.5',
    cmd: 'npx eslint src',
    pattern: null,
    category: 'lint',
    wrapper: 'travis',
    steps: [VER, '@npm'],
    pre: NM,
    after: ['npx jest --ci'],
    files: {
      'package.json': pkg('clock', {}),
      'eslint.config.js': `
                module.exports = [{ files: ["**/*.js"], languageOptions: { sourceType: "commonjs", globals: { module: "writable", require: "readonly", test: "readonly", expect: "readonly" } },
                  rules: { "prefer-const": "error", "no-var": "error" } }];
                `,
      'src/clock.js': `
                var DEFAULT_TZ = "UTC";
                function hhmm(d) {
                  let h = String(d.getUTCHours()).padStart(2, "0");
                  const m = String(d.getUTCMinutes()).padStart(2, "0");
                  return h + ":" + m + " " + DEFAULT_TZ;
                }
                module.exports = { hhmm };
                `,
      'src/clock.test.js': `
                const { hhmm } = require("./clock");
                test("formats midnight", () => {
                  expect(hhmm(new Date(Date.UTC(2024, 0, 1, 0, 5)))).toBe("00:05");
                });
                `,
    },
    ev: [/^\/.*\/src\/clock\.js$/, /problems? \(/],
    locs: [
      ['src/clock.js', 1, 1],
      ['src/clock.js', 3, 7],
    ],
    note: 'Two failing script steps: eslint first, then a jest failure Travis still runs. The first real cause is the lint step.',
  },
  {
    id: 'js/fresh2-vite-missing-import',
    tool: 'vite 8.3.8',
    cmd: 'npx vite build',
    pattern: null,
    category: 'build',
    wrapper: 'azure',
    steps: [VER, '@npm'],
    pre: NM,
    files: {
      'package.json': pkg('site', {}, { kind: 'module' }),
      'index.html':
        '<!doctype html><html><body><div id="app"></div><script type="module" src="/src/main.js"></script></body></html>\n',
      'src/main.js': `
                import { mount } from "./mount.js";
                import { theme } from "./theme/colors.js";

                mount(document.getElementById("app"), theme);
                `,
      'src/mount.js': 'export function mount(el, t) { el.textContent = t.name; }\n',
    },
    ev: [/error during build/, /^───╯/],
    locs: [['src/main.js', 2, 23]],
    note: 'An import of a file that does not exist: the bundler fails (build); the location is the importing line.',
  },
  {
    id: 'js/fresh2-green-jest-eslint-noisy',
    tool: 'jest 30.5.2, eslint 9.39.5',
    cmd: 'npx jest --ci',
    pattern: null,
    category: 'unknown',
    wrapper: 'github-actions',
    steps: [VER, '@npm', 'npx eslint src'],
    after: ['npx prettier --check src/client.js'],
    pre: NM,
    files: {
      'package.json': pkg('client', {}),
      'eslint.config.js':
        'module.exports = [{ files: ["**/*.js"], languageOptions: { sourceType: "commonjs", globals: { require: "readonly", module: "writable", console: "readonly", test: "readonly", expect: "readonly", jest: "readonly" } }, rules: { "no-console": "warn" } }];\n',
      'src/client.js':
        'async function fetchOrDefault(get, fallback) {\n  try {\n    return await get();\n  } catch (err) {\n    console.error("request failed, using fallback:", err.message);\n    return fallback;\n  }\n}\n\nmodule.exports = { fetchOrDefault };\n',
      'src/client.test.js':
        'const { fetchOrDefault } = require("./client");\n\ntest("returns the fallback on ECONNREFUSED error", async () => {\n  const get = () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:5432"));\n  expect(await fetchOrDefault(get, 42)).toBe(42);\n});\n\ntest("timeout errors are not retried", async () => {\n  expect(await fetchOrDefault(async () => 7, 0)).toBe(7);\n});\n',
    },
    note: 'Green: eslint prints a no-console warning (0 errors), the passing test logs console.error with ECONNREFUSED, test names say error and timeout, prettier passes.',
  },
  {
    id: 'js/fresh2-tsc-pretty-raw',
    tool: 'typescript 7.0.2 (tsc --pretty)',
    cmd: 'npx tsc --noEmit --pretty -p .',
    pattern: null,
    category: 'type',
    wrapper: 'raw',
    pre: NM,
    env: { NO_COLOR: null, FORCE_COLOR: '1' },
    files: {
      'package.json': pkg('events', {}),
      'tsconfig.json':
        '{ "compilerOptions": { "strict": true, "target": "es2022", "module": "commonjs", "noEmit": true, "noUnusedLocals": true }, "include": ["src"] }\n',
      'src/bus.ts': `
                type Handler<T> = (payload: T) => void;

                export class Bus<Events extends Record<string, unknown>> {
                  private handlers: { [K in keyof Events]?: Handler<Events[K]>[] } = {};

                  on<K extends keyof Events>(name: K, h: Handler<Events[K]>): void {
                    (this.handlers[name] ??= []).push(h);
                  }

                  emit<K extends keyof Events>(name: K, payload: Events[K]): void {
                    const unused = 1;
                    for (const h of this.handlers[name] ?? []) h(payload);
                  }
                }

                const bus = new Bus<{ saved: { id: number } }>();
                bus.emit("saved", { id: "42" });
                bus.emit("deleted", { id: 1 });
                `,
    },
    ev: [/error TS\d+/, /Found \d+ errors?/],
    locre: /^(?<f>src\/\S+\.ts):(?<l>\d+):(?<c>\d+) - error/,
    note: 'tsc --pretty with colour: file:line:col - error TSxxxx, code frames, and a summary; an unused local (TS6133) is one of the errors.',
  },
];
