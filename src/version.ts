declare const __VERSION__: string | undefined;

/** closed-loop's version: package.json's, put in by the build (`dev` when run from the sources). */
export const VERSION = typeof __VERSION__ === 'string' ? __VERSION__ : 'dev';
