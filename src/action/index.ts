import { runAction } from './main.js';

await runAction();
