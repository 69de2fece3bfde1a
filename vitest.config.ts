import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const { version } = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export default defineConfig({
  // The version the build puts in (scripts/bundle-options.mjs), so the sources under test say what the
  // bundles say: `--version`, the Action's tag in the App's workflow snippet (src/core/action-tag.ts).
  define: { __VERSION__: JSON.stringify(version) },
  test: {
    include: ['test/**/*.test.ts'],
    // End-to-end tests spawn real tools (git, npm, vitest in temporary repositories): a loop that fixes
    // lint, format and a lockfile takes 25-35 s on a quiet 2-core machine and twice that under load. The
    // bound is for a hung test, not a speed target (speed is measured by `npm run bench`).
    testTimeout: 120_000,
    // Vitest's default is one worker fewer than the cores: one on 2 cores. Most of the suite's time is
    // end-to-end tests waiting on git, tools and the npm registry, so two run side by side (717 s → 540 s).
    maxWorkers: 2,
    hookTimeout: 120_000,
  },
});
