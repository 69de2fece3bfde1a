import { defineConfig } from 'vitest/config';

// `npm run bench` (third part): the App under load, run by vitest for its fixtures (real git repositories).
export default defineConfig({
  test: { include: ['bench/app-*.ts'], testTimeout: 600_000, hookTimeout: 120_000, silent: false },
});
