// npm run corpus:make [-- --check | --write | --capture [ID ...] | --capture-setup]: the generated
// corpus's logs and manifests from the tables in scripts/corpus/cases/ (see test/fixtures/logs/README.md).
import { main } from './corpus/generator/make-corpus-main.js';

try {
  process.exitCode = await main(process.argv.slice(2), (line) => console.log(line));
} catch (err) {
  console.error(`corpus:make: ${(err as Error).message}`);
  process.exitCode = 2;
}
