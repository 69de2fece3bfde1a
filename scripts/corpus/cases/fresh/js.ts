// HELD OUT (set `fresh`): do not read these cases or their logs when changing the analyzer.
import type { CorpusCase } from '../../generator/corpus-case.js';

const LN = 'ln -s /tmp/cjs/node_modules node_modules';
const PKG = `{
  "name": "shop-web",
  "version": "2.3.0",
  "private": true,
  "type": "module",
  "scripts": {
    "lint": "eslint src",
    "typecheck": "tsc --noEmit -p .",
    "format:check": "prettier --check \\"src/**/*.{js,ts}\\"",
    "test": "vitest run",
    "test:jest": "jest --ci",
    "build": "esbuild src/main.js --bundle --outfile=dist/app.js"
  }
}
`;
const ESLINT =
  'import js from "@eslint/js";\n\nexport default [\n  js.configs.recommended,\n  {\n    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { console: "readonly", process: "readonly" } },\n    rules: { "prefer-const": "error", "no-console": "warn" },\n  },\n];\n';
const CART = `
export function lineTotal(line) {
  return line.price * line.qty;
}

export function subtotal(lines) {
  return lines.reduce((sum, l) => sum + lineTotal(l), 0);
}

export function applyCoupon(total, coupon) {
  if (!coupon) return total;
  if (coupon.kind === "percent") return Math.round(total * (100 - coupon.value)) / 100;
  return Math.max(0, total - coupon.value);
}
`;
const TSCONFIG =
  '{\n  "compilerOptions": {\n    "target": "ES2022",\n    "module": "ESNext",\n    "moduleResolution": "Bundler",\n    "strict": true,\n    "noEmit": true,\n    "skipLibCheck": true\n  },\n  "include": ["src"]\n}\n';
const VITEST_CART = `
import { describe, expect, it } from "vitest";
import { applyCoupon, lineTotal, subtotal } from "../src/cart.js";

describe("cart", () => {
  it("multiplies price by quantity", () => {
    expect(lineTotal({ price: 250, qty: 3 })).toBe(750);
  });

  it("sums lines", () => {
    expect(subtotal([{ price: 100, qty: 1 }, { price: 50, qty: 2 }])).toBe(200);
  });

  it("applies a percent coupon", () => {
    expect(applyCoupon(1000, { kind: "percent", value: 10 })).toBe(900);
  });

  it("never goes below zero", () => {
    expect(applyCoupon(300, { kind: "fixed", value: 500 })).toBe(0);
  });
});
`;
const BASE = {
  'package.json': PKG,
  'eslint.config.js': ESLINT,
  'src/cart.js': CART,
  'tests/cart.test.js': VITEST_CART,
  'tsconfig.json': TSCONFIG,
};

export const CASES: CorpusCase[] = [
  {
    id: 'js/fresh-eslint-prefer-const-npm-run',
    tool: 'eslint 9 via npm run',
    cmd: 'npm run lint',
    pre: LN,
    steps: ['node --version && npm --version', '@npm'],
    files: {
      ...BASE,
      'src/checkout.js': `
            import { subtotal, applyCoupon } from "./cart.js";

            export function checkout(cart, coupon, logger) {
              let total = subtotal(cart.lines);
              let shipping = total > 5000 ? 0 : 499;
              const tax = Math.round(total * 0.2);
              console.log("checkout", cart.id);
              if (coupon) {
                total = applyCoupon(total, coupon);
              }
              return { total: total + shipping, currency: cart.currency };
            }
            `,
    },
    pattern: 'lint-error',
    category: 'lint',
    ev: [/src\/checkout.js$/, /problems? \(/],
    locs: [
      ['src/checkout.js', 3, 40],
      ['src/checkout.js', 5, 7],
      ['src/checkout.js', 6, 9],
    ],
    wrapper: 'github-actions',
    note: 'errors (unused param, prefer-const, unused const) beside a no-console warning; locations: the three errors (the warning did not fail the run)',
  },
  {
    id: 'js/fresh-tsc-no-overlap-then-tests',
    tool: 'typescript 7.0.2 via npm run',
    cmd: 'npm run typecheck',
    pre: LN,
    steps: ['@npm'],
    after: ['npm test'],
    files: {
      ...BASE,
      'src/order.ts': `
            export type Status = "pending" | "paid" | "shipped";

            export interface Order {
              id: string;
              status: Status;
              total: number;
            }

            export function canCancel(o: Order): boolean {
              return o.status === "pending" || o.status === "cancelled";
            }

            export function draft(id: string): Order {
              return { id, status: "pending" };
            }
            `,
      'tests/cart.test.js': VITEST_CART.replaceAll('toBe(200)', 'toBe(250)'),
    },
    pattern: 'type-error',
    category: 'type',
    ev: [/error TS/, /error TS/],
    locre: /^(?<f>src\/\S+\.ts)\((?<l>\d+),(?<c>\d+)\): error/,
    wrapper: 'travis',
    note: 'two problems: tsc (TS2367 no overlap, TS2741 missing property) then the test command also fails one test; the first cause (type) wins',
  },
  {
    id: 'js/fresh-vitest-coupon-rounding',
    tool: 'vitest 4 via npm test',
    cmd: 'npm test',
    pre: LN,
    steps: ['@npm'],
    files: {
      ...BASE,
      'src/cart.js': CART.replaceAll(
        'Math.round(total * (100 - coupon.value)) / 100',
        'Math.round(total * (100 - coupon.value)) / 10',
      ),
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/FAIL +tests\/cart.test.js/, /AssertionError|❯ tests\/cart.test.js:\d+/],
    locs: [['tests/cart.test.js', 14, 63]],
    wrapper: 'gitlab',
  },
  {
    id: 'js/fresh-prettier-check-two-files',
    tool: 'prettier 3 via npm run',
    cmd: 'npm run format:check',
    pre: LN,
    files: {
      ...BASE,
      'src/cart.js': CART.replaceAll(
        'return line.price * line.qty;',
        'return line.price*line.qty',
      ).replaceAll('(sum, l) => sum + lineTotal(l), 0', '(sum,l)=>sum+lineTotal(l),0'),
      'src/money.ts':
        "export const fmt = (cents: number) =>\n  `${Math.floor(cents/100)}.${String(cents % 100).padStart(2,'0')}`\n",
    },
    pattern: 'format-error',
    category: 'format',
    ev: [/^\[warn\] src\//, /Code style issues/],
    locs: [
      ['src/cart.js', 1, null],
      ['src/money.ts', 1, null],
    ],
    wrapper: 'circleci',
  },
  {
    id: 'js/fresh-jest-async-rejects',
    tool: 'jest 30 via npm run',
    cmd: 'npm run test:jest',
    pre: LN,
    steps: ['@npm'],
    files: {
      ...BASE,
      'package.json': PKG.replaceAll('"type": "module",', '"type": "commonjs",'),
      'tests/cart.test.js': 'test.skip("vitest only", () => {});\n',
      'src/inventory.js': `
                const stock = { A: 3, B: 0 };

                async function reserve(sku, qty) {
                  await new Promise((r) => setTimeout(r, 5));
                  if (!(sku in stock)) throw new Error(\`unknown sku \${sku}\`);
                  if (stock[sku] < qty) return { ok: false, left: stock[sku] };
                  stock[sku] -= qty;
                  return { ok: true, left: stock[sku] };
                }

                module.exports = { reserve };
                `,
      'tests/inventory.test.js': `
                const { reserve } = require("../src/inventory");

                describe("reserve", () => {
                  test("takes stock", async () => {
                    await expect(reserve("A", 2)).resolves.toEqual({ ok: true, left: 1 });
                  });

                  test("refuses unknown skus", async () => {
                    await expect(reserve("Z", 1)).rejects.toThrow("unknown sku Z");
                  });

                  test("refuses when out of stock", async () => {
                    await expect(reserve("B", 1)).rejects.toThrow("out of stock");
                  });
                });
                `,
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/● reserve › refuses when out of stock/, /at Object.toThrow|tests\/inventory.test.js:\d+:\d+\)/],
    locs: [['tests/inventory.test.js', 13, 11]],
    wrapper: 'jenkins',
    note: 'the code resolves {ok:false} where the test expects a rejection: an assertion failure',
  },
  {
    id: 'js/fresh-jest-environment-missing',
    tool: 'jest 30',
    cmd: 'npx jest --ci',
    pre: LN,
    files: {
      'package.json': PKG.replaceAll('"type": "module",', ''),
      'jest.config.js':
        'module.exports = {\n  testEnvironment: "jsdom",\n  roots: ["<rootDir>/tests"],\n};\n',
      'tests/dom.test.js':
        'test("renders", () => {\n  document.body.innerHTML = "<p>hi</p>";\n  expect(document.querySelector("p").textContent).toBe("hi");\n});\n',
    },
    pattern: 'import-not-found',
    category: 'dependency',
    ev: [/● Validation Error/, /jest-environment-jsdom/],
    wrapper: 'github-actions',
    note: 'jsdom test environment not installed (jest 28+ ships it apart): a missing dependency',
  },
  {
    id: 'js/fresh-esbuild-no-matching-export',
    tool: 'esbuild 0.28 via npm run',
    cmd: 'npm run build',
    pre: LN,
    steps: ['@npm'],
    files: {
      ...BASE,
      'src/util.js': 'export function slug(s) {\n  return s.toLowerCase().replace(/[^a-z0-9]+/g, "-");\n}\n',
      'src/main.js':
        'import { subtotal } from "./cart.js";\nimport { slugify } from "./util.js";\n\nconsole.log(slugify("Summer Sale"), subtotal([]));\n',
    },
    pattern: 'build-error',
    category: 'build',
    ev: [/No matching export/, /No matching export/],
    locs: [['src/main.js', 2, 9]],
    wrapper: 'travis',
  },
  {
    id: 'js/fresh-node-heap-oom-report',
    tool: 'node 20',
    cmd: 'node --max-old-space-size=24 scripts/report.js',
    pre: LN,
    steps: ['node --version'],
    files: {
      'scripts/report.js': `
            const rows = [];
            console.log("building monthly report for 6000 stores");
            for (let store = 0; store < 6000; store++) {
              for (let day = 0; day < 31; day++) {
                rows.push({ store, day, label: \`store-\${store}-day-\${day}\`.repeat(20), values: new Array(50).fill(day) });
              }
              if (store % 1000 === 0) console.log(\`processed \${store} stores\`);
            }
            console.log(rows.length);
            `,
    },
    pattern: 'out-of-memory',
    category: 'resource',
    ev: [/FATAL ERROR/, /FATAL ERROR|Aborted/],
    wrapper: 'circleci',
  },
  {
    id: 'js/fresh-npm-publish-403',
    tool: 'npm 11',
    cmd: 'npm publish --registry http://127.0.0.1:8791/403/',
    steps: ['npm --version'],
    files: {
      'package.json': '{\n  "name": "@acme/shop-ui",\n  "version": "2.3.0",\n  "files": ["index.js"]\n}\n',
      'index.js': 'module.exports = {};\n',
      '.npmrc': '//127.0.0.1:8791/403/:_authToken=npm_FAKE0000000000000000\n',
    },
    pattern: 'auth-error',
    category: 'auth',
    ev: [/npm error (code E403|403)/, /npm error 403|npm error code E403/],
    wrapper: 'github-actions',
    note: 'the token may not publish this scope: auth',
  },
  {
    id: 'js/fresh-node-test-timeout',
    tool: 'node:test (node 20)',
    cmd: 'node --test tests/',
    files: {
      'package.json': '{"name":"poller","type":"module"}\n',
      'src/poll.js':
        'export function waitFor(check, every = 50) {\n  return new Promise((resolve) => {\n    const t = setInterval(() => { if (check()) { clearInterval(t); resolve(); } }, every);\n    setTimeout(() => clearInterval(t), 1000);\n  });\n}\n',
      'tests/poll.test.js': `
                import { test } from "node:test";
                import assert from "node:assert/strict";
                import { waitFor } from "../src/poll.js";

                test("resolves when ready", async () => {
                  let n = 0;
                  await waitFor(() => ++n > 2, 10);
                  assert.ok(n > 2);
                });

                test("gives up when never ready", { timeout: 300 }, async () => {
                  await waitFor(() => false, 10);
                });
                `,
    },
    pattern: 'test-timeout',
    category: 'timeout',
    ev: [/test timed out after 300ms/, /test timed out after 300ms/],
    locs: [['tests/poll.test.js', 11, 1]],
    wrapper: 'gitlab',
    note: 'a test with its own timeout option that never resolves: test-timeout',
  },
  {
    id: 'js/fresh-esm-missing-extension',
    tool: 'node 20',
    cmd: 'node src/server.js',
    steps: ['node --version'],
    files: {
      'package.json': '{"name":"api","type":"module"}\n',
      'src/routes.js': 'export const routes = ["/health"];\n',
      'src/server.js':
        'import http from "node:http";\nimport { routes } from "./routes";\n\nhttp.createServer((req, res) => res.end(routes.join())).listen(0);\n',
    },
    pattern: 'import-not-found',
    category: 'dependency',
    ev: [/Error \[ERR_MODULE_NOT_FOUND\]/, /Error \[ERR_MODULE_NOT_FOUND\]/],
    wrapper: 'jenkins',
    note: 'an ESM import without the .js extension: node cannot resolve it. import-not-found (the module path is wrong, not a missing package)',
  },
  {
    id: 'js/fresh-vitest-green-econnrefused-logs',
    tool: 'vitest 4 via npm test',
    cmd: 'npm test',
    pre: LN,
    steps: ['@npm'],
    files: {
      ...BASE,
      'tests/client.test.js': `
            import { expect, it, vi } from "vitest";

            async function fetchWithFallback(fetcher, fallback) {
              try {
                return await fetcher();
              } catch (err) {
                console.error(\`Error: connect ECONNREFUSED 127.0.0.1:6379 (\${err.message})\`);
                return fallback;
              }
            }

            it("falls back when redis is down", async () => {
              const fetcher = vi.fn().mockRejectedValue(new Error("ECONNREFUSED"));
              expect(await fetchWithFallback(fetcher, [])).toEqual([]);
            });
            `,
    },
    pattern: null,
    category: 'unknown',
    wrapper: 'github-actions',
    note: 'green: a passing test logs ECONNREFUSED on stderr',
  },
  {
    id: 'js/fresh-tsc-module-not-found-types',
    tool: 'typescript 7.0.2',
    cmd: 'npx tsc --noEmit -p .',
    pre: LN,
    files: {
      'tsconfig.json': TSCONFIG,
      'src/mail.ts':
        'import nodemailer from "nodemailer";\n\nexport function transport(host: string) {\n  return nodemailer.createTransport({ host, port: 587 });\n}\n',
      'src/index.ts':
        'import { transport } from "./mail";\n\nconst t = transport(process.env.SMTP_HOST ?? "localhost");\nexport default t;\n',
    },
    pattern: 'import-not-found',
    category: 'dependency',
    ev: [/error TS/, /error TS2307/],
    locre: /^(?<f>src\/\S+\.ts)\((?<l>\d+),(?<c>\d+)\): error TS/,
    wrapper: 'circleci',
    note: 'two missing packages: tsc prints TS2591 (process: install @types/node) first, then TS2307 (nodemailer not installed). Both say a dependency is missing: dependency, though TS2591 alone reads as a type error',
  },
  {
    id: 'js/fresh-eslint-continue-then-prettier',
    tool: 'eslint 9 via npm run',
    cmd: 'npm run lint',
    pre: LN,
    steps: ['@npm'],
    cont: true,
    after: ['npm run format:check'],
    files: {
      ...BASE,
      'src/search.js':
        'export function search(items, q) {\n  const needle = q.trim().toLowerCase()\n  const limit = 10;\n  return items.filter((i) => i.name.toLowerCase().includes(needle) || i.sku == q);\n}\n\nexport function highlight(text, q) {\n  return text.replace(new RegExp(escapeRegExp(q), "gi"), (m) => `<mark>${m}</mark>`);\n}\n',
    },
    pattern: 'lint-error',
    category: 'lint',
    ev: [/src\/search.js$/, /problems? \(/],
    locs: [
      ['src/search.js', 3, 9],
      ['src/search.js', 8, 34],
    ],
    wrapper: 'github-actions',
    note: 'the lint step has continue-on-error, so the format check runs and fails too; the first cause is lint',
  },
];
