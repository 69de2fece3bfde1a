import type { Strategy } from '../vocabulary.js';
import type { Context } from './context.js';

export interface PromptFacts {
  /** Where the readable context is, relative to the working tree. */
  contextMarkdownPath?: string;
  /** One line per earlier attempt ("auto_fix: ran npx eslint --fix . → still failing"). */
  tried?: readonly string[];
}

const ASK: Partial<Record<Strategy, string>> = {
  analyze_then_fix:
    'Read the code around the error (±50 lines), compare what is expected with what happens, and make the smallest targeted fix at that place.',
  context_expand:
    'Read the wider context below (the type definitions and imports the error needs, and the files that depend on this one) and fix the cause, keeping the files that depend on it working.',
};

/** The prompt the agent gets on stdin: what failed, where, what was tried, what is asked. */
export function agentPrompt(ctx: Context, strategy: Strategy, facts: PromptFacts = {}): string {
  const sites = strategy === 'analyze_then_fix' ? ctx.sites.slice(0, 1) : ctx.sites;
  const lines = [
    `closed-loop: a CI check failed and needs a code fix (task ${ctx.task_id}, strategy ${strategy}).`,
    '',
    '## What failed',
    ctx.summary,
  ];
  if (sites.length > 0) {
    lines.push('', '## Where');
    for (const s of sites) {
      lines.push(`- ${s.file}:${s.line}${s.message === null ? '' : ` — ${s.message}`}`);
      if (strategy === 'analyze_then_fix' && s.window !== null) lines.push('', '```', s.window.text, '```');
    }
  }
  if (ctx.under_test.length > 0) {
    lines.push('', '## Under test');
    for (const u of ctx.under_test)
      lines.push(
        `- ${u.name}: defined in ${u.file}:${u.line}${u.via.length > 0 ? ` (the test imports it through ${u.via.join(' → ')})` : ''}`,
      );
  }
  if (ctx.guidance !== null) {
    lines.push(
      '',
      `## Guidance from @${ctx.guidance.by}, who reviews this pull request`,
      'They asked the loop to run again with these words (`/close-loop fix`); weigh them with what failed:',
      '',
      ...ctx.guidance.text.split('\n').map((l) => `> ${l}`),
    );
  }
  lines.push('', '## What was tried');
  lines.push(
    ...(facts.tried && facts.tried.length > 0 ? facts.tried.map((t) => `- ${t}`) : ['- nothing yet']),
  );
  lines.push(
    '',
    '## What is asked',
    ASK[strategy] ?? ASK.analyze_then_fix ?? '',
    'Edit the files in the working tree to fix this. Do not touch .github/. Do not commit, push or change git state: closed-loop validates, commits or rolls back your change.',
    `The full context is in the JSON file named by $CLOSED_LOOP_CONTEXT${facts.contextMarkdownPath ? ` and, readable, in ${facts.contextMarkdownPath}` : ''}.`,
  );
  return `${lines.join('\n')}\n`;
}
