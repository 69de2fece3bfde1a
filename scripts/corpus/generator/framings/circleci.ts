// CircleCI step output as its "download" shows it: each step apart, from its `#!/bin/bash -eo pipefail`.
import type { SingleFraming, StepsFraming } from './framing.js';

const SHEBANG = '#!/bin/bash -eo pipefail';
const exited = (rc: number) => ['', `Exited with code exit status ${rc}`, ''];

export const circleciSingle: SingleFraming = (cmd, out, rc, setup) => {
  const pre = setup.flatMap(([scmd, sout]) => [SHEBANG, scmd, ...sout, '']);
  // Offsets count list items, as make/compose_ci.py did: a command with a newline is one item.
  const body = [...pre, SHEBANG, cmd];
  const offset = body.length;
  body.push(...out, ...(rc ? exited(rc) : []));
  return { text: body.join('\n') + '\n', offsets: [offset] };
};

export const circleciSteps: StepsFraming = (steps) => {
  const body: string[] = [];
  const offsets: number[] = [];
  for (const step of steps) {
    body.push(SHEBANG, step.cmd);
    offsets.push(body.length);
    body.push(...step.out);
    if (step.rc) {
      body.push(...exited(step.rc));
      break;
    }
    body.push('');
  }
  return { text: body.join('\n') + '\n', offsets };
};
