import { PATH } from './path-shape.js';
import type { Tool } from './tool.js';

export const shellcheck: Tool = {
  name: 'shellcheck',
  corpus: /\bshellcheck\b/,
  commands: { lint: ['shellcheck'] },
  places: {
    // Its tty format; Symfony console (composer) prints its own `In AuthHelper.php line 197:`.
    worded: [{ literal: ' line ', shape: new RegExp(String.raw`^In (${PATH}(?<!\.php)) line (\d+):$`) }],
  },
  signals: {
    'lint-error': [
      /^In (?:[^\s.]+|\S+\.(?:sh|bash|bats|ksh|zsh|dash)) line \d+:$|\[SC\d{4}\]$|^\s*\^-* ?SC\d{4} /, // shellcheck (Symfony consoles print `In Foo.php line 3:`)
    ],
    'syntax-error': [
      /SC1\d{3} \(error\): /, // shellcheck could not parse the script
    ],
  },
};
