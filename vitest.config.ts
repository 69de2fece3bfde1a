import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // End-to-end tests spawn real tools; give them room on a 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
