// A stand-in for a coding agent that guesses without understanding the contract. closed-loop runs it
// for context_expand / analyze_then_fix with the context in $CLOSED_LOOP_CONTEXT and a prompt on stdin.
// Each guess trades the error for another one; closed-loop rolls back a guess that makes no progress,
// so the agent counts its guesses beside the context file, in closed-loop's state folder (which
// survives rollbacks and is not in the working tree) and tries the next one.
// The budget runs out and the loop ends in a dead letter with its reports.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const file = 'src/order.ts';
const counter = join(dirname(process.env.CLOSED_LOOP_CONTEXT), 'naive-agent-guesses');
const guesses = ['formatPrice(total.amount as Price)', 'formatPrice(String(total.amount))', 'formatPrice({ amount: String(total.amount) })'];
const n = existsSync(counter) ? Number(readFileSync(counter, 'utf8')) : 0;
if (n >= guesses.length) {
  console.error('naive-agent: out of guesses');
  process.exit(1);
}
writeFileSync(counter, String(n + 1));
writeFileSync(file, readFileSync(file, 'utf8').replace('formatPrice(total.amount)', guesses[n]));
console.log(`naive-agent: guess ${n + 1}: ${guesses[n]} (context: ${process.env.CLOSED_LOOP_CONTEXT})`);
