import { PATH } from './path-shape.js';
import type { Tool } from './tool.js';

export const terraform: Tool = {
  name: 'Terraform',
  corpus: /\bterraform\b/,
  commands: { format: ['terraform fmt'] },
  listsFiles: /\bterraform fmt\b/,
  places: {
    worded: [{ literal: ' line ', shape: new RegExp(String.raw`^\s+on (${PATH}) line (\d+)`) }],
  },
  signals: {
    'syntax-error': [
      /^│?\s*Error: (?:Unclosed configuration block|Argument or block definition required|Invalid (?:expression|block definition|character)|Missing (?:newline after argument|item separator|key\/value separator)|Unterminated template string)/, // terraform (HCL parser)
    ],
    'config-error': [
      /^[│╷]\s*Error: |^Error: (?:Unsupported (?:argument|block type|attribute)|Invalid (?:reference|value for|default value for)|Missing required argument|Reference to undeclared|Incorrect attribute value type)/, // terraform
    ],
  },
};
