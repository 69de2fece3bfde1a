import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // End-to-end tests spawn real tools; give them room on a 2-core machine.
    testTimeout: 60_000,
    // Vitest's default is one worker fewer than the cores: one on 2 cores. Most of the suite's time is
    // end-to-end tests waiting on git, tools and the npm registry, so two run side by side (717 s → 540 s).
    maxWorkers: 2,
    hookTimeout: 120_000,
  },
});
