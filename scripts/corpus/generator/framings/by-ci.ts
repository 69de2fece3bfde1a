// Each CI's two framings by the wrapper name the manifests use.
import { azureSingle, azureSteps } from './azure.js';
import { buildkiteSingle, buildkiteSteps } from './buildkite.js';
import { circleciSingle, circleciSteps } from './circleci.js';
import type { CiName, SingleFraming, StepsFraming } from './framing.js';
import { githubActionsSingle, githubActionsSteps } from './github-actions.js';
import { gitlabSingle, gitlabSteps } from './gitlab.js';
import { jenkinsSingle, jenkinsSteps } from './jenkins.js';
import { travisSingle, travisSteps } from './travis.js';

export const FRAMINGS: Record<CiName, { single: SingleFraming; steps: StepsFraming }> = {
  'github-actions': { single: githubActionsSingle, steps: githubActionsSteps },
  gitlab: { single: gitlabSingle, steps: gitlabSteps },
  travis: { single: travisSingle, steps: travisSteps },
  circleci: { single: circleciSingle, steps: circleciSteps },
  jenkins: { single: jenkinsSingle, steps: jenkinsSteps },
  azure: { single: azureSingle, steps: azureSteps },
  buildkite: { single: buildkiteSingle, steps: buildkiteSteps },
};
