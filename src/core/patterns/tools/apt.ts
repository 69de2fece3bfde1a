import type { Tool } from './tool.js';

/**
 * apt-get says nothing a pattern knows (`E: Unable to locate package libfoo-dev`): its failure is read from
 * the command it ran (`apt-get install` installs) and the step that failed.
 */
export const apt: Tool = {
  name: 'apt',
  corpus: /\bapt-get\b/,
};
