import { GitHubWriteError, isHttpError, toGitHubWriteError } from './github-write-error.js';
import { buildRequest, type GitHub } from './github-request.js';

/** A person's permission on a repository, weakest first; `none` is what a stranger has. */
type SenderPermission = 'none' | 'read' | 'triage' | 'write' | 'maintain' | 'admin';
export interface SenderAccess {
  permission: SenderPermission;
  /** The configured teams (as written) the user is an active member of. */
  teams: string[];
}
export interface SenderAccessQuery {
  owner: string;
  repo: string;
  username: string;
  teams: readonly string[];
}

const PERMISSION = 'GET /repos/{owner}/{repo}/collaborators/{username}/permission';
const MEMBERSHIP = 'GET /orgs/{org}/teams/{team_slug}/memberships/{username}';
const ROLES: readonly SenderPermission[] = ['read', 'triage', 'write', 'maintain', 'admin'];
/** The `user.permissions` hash's keys, strongest first, for custom roles. */
const FLAGS: readonly [string, SenderPermission][] = [
  ['admin', 'admin'],
  ['maintain', 'maintain'],
  ['push', 'write'],
  ['triage', 'triage'],
  ['pull', 'read'],
];

interface PermissionData {
  permission?: string;
  role_name?: string;
  user?: { permissions?: Record<string, boolean> } | null;
}

/**
 * What the sender of an approval or command may do: their permission on the repository, and which
 * of the configured teams (`org/slug`, or `slug` in the owner's organisation) they actively belong
 * to. Teams are asked only when some are given and the user has any access at all (without access
 * no gate lets them approve). A 403 on a team means the App lacks `members: read`: that is thrown
 * as a GitHubWriteError saying so, never read as "not a member".
 */
export async function readSenderAccess(octokit: GitHub, query: SenderAccessQuery): Promise<SenderAccess> {
  const { owner, repo, username } = query;
  const data = await get<PermissionData>(
    octokit,
    PERMISSION,
    { owner, repo, username },
    'the repository permission `metadata: read`',
  );
  const permission = data === null ? 'none' : permissionOf(data);
  if (permission === 'none') return { permission, teams: [] };
  const teams: string[] = [];
  for (const team of [...new Set(query.teams)]) {
    const name = team.replace(/^@/, '');
    const [org, team_slug] = name.includes('/') ? name.split('/', 2) : [owner, name];
    const membership = await get<{ state?: string }>(
      octokit,
      MEMBERSHIP,
      { org, team_slug, username },
      `the organization permission \`members: read\` to check whether @${username} is in ${org}/${team_slug}`,
    );
    if (membership?.state === 'active') teams.push(team);
  }
  return { permission, teams };
}

/**
 * role_name tells triage and maintain apart; a custom role falls back to the permissions hash, then the
 * legacy field.
 */
function permissionOf(data: PermissionData): SenderPermission {
  const role = ROLES.find((r) => r === data.role_name);
  if (role) return role;
  const flags = data.user?.permissions;
  const flagged = flags ? FLAGS.find(([key]) => flags[key] === true) : undefined;
  if (flagged) return flagged[1];
  return ROLES.find((r) => r === data.permission) ?? 'none';
}

/** The response data, or null on 404; a 403 names the permission `needs`; anything else says what to do. */
async function get<T>(
  octokit: GitHub,
  route: string,
  params: Record<string, string | undefined>,
  needs: string,
): Promise<T | null> {
  try {
    return (await octokit.request(route, params)).data as T;
  } catch (error) {
    if (isHttpError(error) && error.status === 404) return null;
    const { method, url } = buildRequest(octokit, route, params);
    const failure = toGitHubWriteError(error, method, url);
    if (failure.code !== 'forbidden') throw failure;
    throw new GitHubWriteError(
      `GitHub refused ${method} ${url} (403): closed-loop needs ${needs}; add it to the App's permissions (or the token's) and accept the new permission in the installation settings.`,
      'forbidden',
      403,
      `${method} ${url}`,
      { cause: error },
    );
  }
}
