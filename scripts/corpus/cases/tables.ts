// Every table of cases, in the order the batches were written. A new table goes here (and its
// manifest appears on the next \`npm run corpus:make -- --write\`).
import type { CaseTable } from '../generator/batches.js';
import { CASES as firstCCpp } from './first/c-cpp.js';
import { CASES as firstElixir } from './first/elixir.js';
import { CASES as firstEnv } from './first/env.js';
import { CASES as firstGit } from './first/git.js';
import { CASES as firstGo } from './first/go.js';
import { CASES as firstJs } from './first/js.js';
import { CASES as firstJvm } from './first/jvm.js';
import { CASES as firstPhp } from './first/php.js';
import { CASES as firstPython } from './first/python.js';
import { CASES as firstRuby } from './first/ruby.js';
import { CASES as firstRust } from './first/rust.js';
import { CASES as firstShell } from './first/shell.js';
import { CASES as firstTerraform } from './first/terraform.js';
import { CASES as firstYamlMd } from './first/yaml-md.js';
import { CASES as moreCCpp } from './more/c-cpp.js';
import { CASES as moreElixir } from './more/elixir.js';
import { CASES as moreEnv } from './more/env.js';
import { CASES as moreFramed } from './more/framed.js';
import { CASES as moreGit } from './more/git.js';
import { CASES as moreGo } from './more/go.js';
import { CASES as moreJs } from './more/js.js';
import { CASES as moreJvm } from './more/jvm.js';
import { CASES as moreKotlinScala } from './more/kotlin-scala.js';
import { CASES as moreMixed } from './more/mixed.js';
import { CASES as morePhp } from './more/php.js';
import { CASES as moreProbe } from './more/probe.js';
import { CASES as morePython } from './more/python.js';
import { CASES as moreRuby } from './more/ruby.js';
import { CASES as moreRust } from './more/rust.js';
import { CASES as moreShell } from './more/shell.js';
import { CASES as moreYamlMd } from './more/yaml-md.js';
import { CASES as freshCCpp } from './fresh/c-cpp.js';
import { CASES as freshElixir } from './fresh/elixir.js';
import { CASES as freshEnv } from './fresh/env.js';
import { CASES as freshGit } from './fresh/git.js';
import { CASES as freshGo } from './fresh/go.js';
import { CASES as freshJs } from './fresh/js.js';
import { CASES as freshJvm } from './fresh/jvm.js';
import { CASES as freshPhp } from './fresh/php.js';
import { CASES as freshPython } from './fresh/python.js';
import { CASES as freshRuby } from './fresh/ruby.js';
import { CASES as freshRust } from './fresh/rust.js';
import { CASES as freshShell } from './fresh/shell.js';
import { CASES as freshTerraform } from './fresh/terraform.js';
import { CASES as freshYamlMd } from './fresh/yaml-md.js';
import { CASES as fresh2CCpp } from './fresh2/c-cpp.js';
import { CASES as fresh2Elixir } from './fresh2/elixir.js';
import { CASES as fresh2Env } from './fresh2/env.js';
import { CASES as fresh2Git } from './fresh2/git.js';
import { CASES as fresh2Go } from './fresh2/go.js';
import { CASES as fresh2Js } from './fresh2/js.js';
import { CASES as fresh2Jvm } from './fresh2/jvm.js';
import { CASES as fresh2Php } from './fresh2/php.js';
import { CASES as fresh2Python } from './fresh2/python.js';
import { CASES as fresh2Ruby } from './fresh2/ruby.js';
import { CASES as fresh2Rust } from './fresh2/rust.js';
import { CASES as fresh2Shell } from './fresh2/shell.js';
import { CASES as fresh2Terraform } from './fresh2/terraform.js';
import { CASES as fresh2YamlMd } from './fresh2/yaml-md.js';
import { CASES as stepsWhereWeak } from './steps/where-weak.js';
import { CASES as stepsLockfilesConfigsAuth } from './steps/lockfiles-configs-auth.js';
import { CASES as stepsTypeSyntaxBuild } from './steps/type-syntax-build.js';
import { CASES as stepsGreenRuns } from './steps/green-runs.js';
import { CASES as stepsMemoryErrors } from './steps/memory-errors.js';
import { CASES as stepsCompilerMessages } from './steps/compiler-messages.js';
import { CASES as stepsConfigFiles } from './steps/config-files.js';
import { CASES as stepsEveryday } from './steps/everyday.js';
import { CASES as stepsLateAdditions } from './steps/late-additions.js';

export const TABLES: CaseTable[] = [
  { batch: 'first', eco: 'c-cpp', cases: firstCCpp },
  { batch: 'first', eco: 'elixir', cases: firstElixir },
  { batch: 'first', eco: 'env', cases: firstEnv },
  { batch: 'first', eco: 'git', cases: firstGit },
  { batch: 'first', eco: 'go', cases: firstGo },
  { batch: 'first', eco: 'js', cases: firstJs },
  { batch: 'first', eco: 'jvm', cases: firstJvm },
  { batch: 'first', eco: 'php', cases: firstPhp },
  { batch: 'first', eco: 'python', cases: firstPython },
  { batch: 'first', eco: 'ruby', cases: firstRuby },
  { batch: 'first', eco: 'rust', cases: firstRust },
  { batch: 'first', eco: 'shell', cases: firstShell },
  { batch: 'first', eco: 'terraform', cases: firstTerraform },
  { batch: 'first', eco: 'yaml-md', cases: firstYamlMd },
  { batch: 'more', eco: 'c-cpp', cases: moreCCpp },
  { batch: 'more', eco: 'elixir', cases: moreElixir },
  { batch: 'more', eco: 'env', cases: moreEnv },
  { batch: 'more', eco: 'framed', cases: moreFramed },
  { batch: 'more', eco: 'git', cases: moreGit },
  { batch: 'more', eco: 'go', cases: moreGo },
  { batch: 'more', eco: 'js', cases: moreJs },
  { batch: 'more', eco: 'jvm', cases: moreJvm },
  { batch: 'more', eco: 'kotlin-scala', cases: moreKotlinScala },
  { batch: 'more', eco: 'mixed', cases: moreMixed },
  { batch: 'more', eco: 'php', cases: morePhp },
  { batch: 'more', eco: 'probe', cases: moreProbe },
  { batch: 'more', eco: 'python', cases: morePython },
  { batch: 'more', eco: 'ruby', cases: moreRuby },
  { batch: 'more', eco: 'rust', cases: moreRust },
  { batch: 'more', eco: 'shell', cases: moreShell },
  { batch: 'more', eco: 'yaml-md', cases: moreYamlMd },
  { batch: 'fresh', eco: 'c-cpp', cases: freshCCpp },
  { batch: 'fresh', eco: 'elixir', cases: freshElixir },
  { batch: 'fresh', eco: 'env', cases: freshEnv },
  { batch: 'fresh', eco: 'git', cases: freshGit },
  { batch: 'fresh', eco: 'go', cases: freshGo },
  { batch: 'fresh', eco: 'js', cases: freshJs },
  { batch: 'fresh', eco: 'jvm', cases: freshJvm },
  { batch: 'fresh', eco: 'php', cases: freshPhp },
  { batch: 'fresh', eco: 'python', cases: freshPython },
  { batch: 'fresh', eco: 'ruby', cases: freshRuby },
  { batch: 'fresh', eco: 'rust', cases: freshRust },
  { batch: 'fresh', eco: 'shell', cases: freshShell },
  { batch: 'fresh', eco: 'terraform', cases: freshTerraform },
  { batch: 'fresh', eco: 'yaml-md', cases: freshYamlMd },
  { batch: 'fresh2', eco: 'c-cpp', cases: fresh2CCpp },
  { batch: 'fresh2', eco: 'elixir', cases: fresh2Elixir },
  { batch: 'fresh2', eco: 'env', cases: fresh2Env },
  { batch: 'fresh2', eco: 'git', cases: fresh2Git },
  { batch: 'fresh2', eco: 'go', cases: fresh2Go },
  { batch: 'fresh2', eco: 'js', cases: fresh2Js },
  { batch: 'fresh2', eco: 'jvm', cases: fresh2Jvm },
  { batch: 'fresh2', eco: 'php', cases: fresh2Php },
  { batch: 'fresh2', eco: 'python', cases: fresh2Python },
  { batch: 'fresh2', eco: 'ruby', cases: fresh2Ruby },
  { batch: 'fresh2', eco: 'rust', cases: fresh2Rust },
  { batch: 'fresh2', eco: 'shell', cases: fresh2Shell },
  { batch: 'fresh2', eco: 'terraform', cases: fresh2Terraform },
  { batch: 'fresh2', eco: 'yaml-md', cases: fresh2YamlMd },
  {
    batch: 'steps',
    eco: '',
    cases: [
      ...stepsWhereWeak,
      ...stepsLockfilesConfigsAuth,
      ...stepsTypeSyntaxBuild,
      ...stepsGreenRuns,
      ...stepsMemoryErrors,
      ...stepsCompilerMessages,
      ...stepsConfigFiles,
      ...stepsEveryday,
      ...stepsLateAdditions,
    ],
  },
];
