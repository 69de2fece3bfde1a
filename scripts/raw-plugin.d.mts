import type { Plugin } from 'esbuild';

/** `import text from './x.yml?raw'` in a bundle: the file's text. */
export declare const rawPlugin: Plugin;
