// A stand-in for a coding agent that guesses without understanding the contract. closed-loop runs it
// for context_expand / analyze_then_fix with the context in $CLOSED_LOOP_CONTEXT and a prompt on stdin.
// Each guess changes the error without fixing it, so the loop ends in a dead letter with its reports.
import { readFileSync, writeFileSync } from 'node:fs';

const file = 'src/order.ts';
const guesses = [
  ['formatPrice(total.amount)', 'formatPrice(total.amount as Price)'],
  ['formatPrice(total.amount as Price)', 'formatPrice(String(total.amount))'],
  ['formatPrice(String(total.amount))', 'formatPrice({ amount: String(total.amount) })'],
];
const source = readFileSync(file, 'utf8');
const guess = guesses.find(([from]) => source.includes(from));
if (!guess) {
  console.error('naive-agent: out of guesses');
  process.exit(1);
}
writeFileSync(file, source.replace(guess[0], guess[1]));
console.log(`naive-agent: replaced ${guess[0]} with ${guess[1]} (context: ${process.env.CLOSED_LOOP_CONTEXT})`);
