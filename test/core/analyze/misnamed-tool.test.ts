import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../../src/core/analyze/create-analyzer.js';
import { runsPackage } from '../../../src/core/analyze/runs-package.js';
import { compileCatalogue } from '../../../src/core/patterns/compile-catalogue.js';
import { defaultPatterns } from '../../../src/core/patterns/default-catalogue.js';

const catalogue = compileCatalogue(defaultPatterns());

/** npm 11's output for `npx --yes vitset run` (a typo of vitest), as it printed it. */
const NPX_404 = [
  'npm error code E404',
  'npm error 404 Not Found - GET https://registry.npmjs.org/vitset',
  'npm error 404',
  "npm error 404  The requested resource 'vitset@*' could not be found or you do not have permission to access it.",
  'npm error 404',
  'npm error 404 Note that you can also install from a',
  'npm error 404 tarball, folder, http url, or git url.',
  'npm error A complete log of this run can be found in: /root/.npm/_logs/2026-11-27T23_21_25_179Z-debug-0.log',
  '',
].join('\n');

describe('a check whose command runs a package the registry does not have', () => {
  it('is the command misnamed (escalate, fix the check), not a dependency to install', () => {
    const d = analyzeText(catalogue, NPX_404, { command: 'npx vitset run' });
    expect(d).toMatchObject({ pattern: 'command-not-found', category: 'config', strategy: 'escalate' });
    expect(d.evidence?.text).toContain('registry.npmjs.org/vitset');
    expect(d.signature).toMatch(/^command-not-found:/);
  });

  it('stays a missing dependency when the command runs another package, or none through npx', () => {
    expect(analyzeText(catalogue, NPX_404, { command: 'npx vitest run' }).pattern).toBe('import-not-found');
    expect(analyzeText(catalogue, NPX_404, { command: 'npm ci' }).pattern).toBe('import-not-found');
    expect(analyzeText(catalogue, NPX_404).pattern).toBe('import-not-found');
  });
});

describe('runsPackage', () => {
  it.each([
    ['npx vitest run', 'vitest'],
    ['npx --yes vitset run', 'vitset'],
    ['npx -p @biomejs/biome biome check', '@biomejs/biome'],
    ['npx --package=typescript@5 tsc', 'typescript'],
    ['npm exec -- eslint .', 'eslint'],
    ['pnpm dlx prettier@latest --check .', 'prettier'],
    ['yarn dlx @scope/tool@1.2.3', '@scope/tool'],
    ['bunx tsc --noEmit', 'tsc'],
    ['npm test', null],
    ['npx', null],
    ['pnpm install', null],
  ])('%s → %s', (command, name) => {
    expect(runsPackage(command)).toBe(name);
  });
});
