/**
 * The Markdown helpers of core's own `github/` folder. That folder is pure core, but the purity rule's
 * pattern that keeps out the `src/github` shell matches `src/core/github` too; the exception is taken
 * here, once, rather than copying the helpers.
 */
// eslint-disable-next-line no-restricted-imports -- src/core/github is pure core, not the src/github shell
export { inlineCode, plural, shortSha, tableCell } from '../github/markdown-text.js';
