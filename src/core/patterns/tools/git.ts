import { PATH } from './path-shape.js';
import type { Tool } from './tool.js';

export const git: Tool = {
  name: 'git',
  corpus: /\bgit\b/,
  places: {
    files: [
      {
        literal: 'Merge conflict in ',
        shape: new RegExp(String.raw`^CONFLICT \([\w/ -]+\): Merge conflict in (${PATH})$`),
      },
    ],
  },
  signals: {
    'auth-error': ['Authentication failed', 'Permission denied (publickey)', 'could not read Username'],
    'merge-conflict': [
      /^CONFLICT \(/,
      'Automatic merge failed',
      /Merge conflict in |Resolve all conflicts manually|You have unmerged paths/,
      /^error: could not apply [0-9a-f]{7,}/,
      /^<{7} |^>{7} /,
    ],
    'git-error': [
      /^fatal: /,
      /! \[(rejected|remote rejected)\]/,
      'non-fast-forward',
      'Updates were rejected',
      'failed to push some refs',
      /error: pathspec .+ did not match/,
    ],
  },
};
