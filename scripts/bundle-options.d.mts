import type { BuildOptions } from 'esbuild';

/** How every bundle is built: dist/'s (scripts/build.mjs) and the bench's floors (bench/analyze.bench.ts). */
export declare const bundleOptions: BuildOptions;
