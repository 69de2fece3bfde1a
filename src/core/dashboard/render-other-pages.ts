import type { OutcomeViews } from '../outcomes/outcome-views.js';
import { duration, esc, percent, table, when } from './html-text.js';
import { renderLayout, type PageScope } from './render-layout.js';

const FATE_BADGE: Record<string, string> = {
  kept: 'muted',
  merged: 'ok',
  undone: 'warn',
  reverted: 'bad',
  reverted_after_merge: 'bad',
  abandoned: 'muted',
};

type Servers = Pick<OutcomeViews, 'servers'>;

/**
 * A pull request's link: its recorded address, else on its repository's GitHub (a GitHub Enterprise
 * Server's, as its deliveries said), else on the App's.
 */
const prLink = (scope: PageScope, views: Servers, repo: string, pr: number | null, url?: string | null) => {
  if (pr === null) return esc(repo);
  const server = views.servers[repo.toLowerCase()] ?? scope.server ?? 'https://github.com';
  return `<a href="${esc(url ?? `${server}/${repo}/pull/${pr}`)}">${esc(repo)}#${pr}</a>`;
};

/** The open pull requests by stage, with their last loop, and how long human gates keep them waiting. */
export function renderPrsPage(
  scope: PageScope,
  views: Pick<OutcomeViews, 'stages' | 'gates' | 'servers'>,
): string {
  const stages =
    views.stages.length === 0
      ? '<p class="empty">No open pull request has a recorded stage in this window.</p>'
      : views.stages
          .map(
            (s) =>
              `<h2>${esc(s.stage)} <span class="badge muted">${s.prs.length}</span></h2>${table(
                ['Pull request', 'Title', 'Since', 'Last loop'],
                s.prs.map((p) => [
                  prLink(scope, views, p.repo, p.pr, p.url),
                  // A pull request first recorded by a command (a comment carries no title) still says which.
                  p.title ? esc(p.title) : `<span class="muted">#${p.pr} (no title recorded)</span>`,
                  esc(when(p.since)),
                  p.last_loop === null
                    ? '–'
                    : `${esc(p.last_loop.outcome)}${p.last_loop.pattern ? ` (<code>${esc(p.last_loop.pattern)}</code>)` : ''}`,
                ]),
                '',
              )}`,
          )
          .join('');
  const gates = table(
    ['Gate', 'Asked', 'Answered', 'Mean wait'],
    views.gates.map((g) => [
      `<code>${esc(g.gate)}</code>`,
      String(g.asked),
      String(g.answered),
      esc(duration(g.mean_wait_ms)),
    ]),
    'No human gate was asked for in this window.',
  );
  return renderLayout(scope, 'Open pull requests by stage', `${stages}<h2>Human gates</h2>${gates}`);
}

/** Jobs that failed and passed on re-run at the same commit, and the tests their logs named. */
export function renderFlakyPage(scope: PageScope, views: Pick<OutcomeViews, 'flaky' | 'servers'>): string {
  const rows = views.flaky.map((j) => [
    `<code>${esc(j.job)}</code>${scope.repo === null ? ` <small>${esc(j.repo)}</small>` : ''}`,
    String(j.rescues),
    j.tests.length === 0 ? '–' : j.tests.map((t) => `<code>${esc(t.name)}</code> ×${t.times}`).join('<br>'),
    j.prs.map((n) => prLink(scope, views, j.repo, n)).join(', '),
    esc(when(j.last_at)),
  ]);
  return renderLayout(
    scope,
    'Flaky jobs and tests',
    `<p class="lead">A job is flaky when a red run of it passed on re-run at the same commit.</p>${table(['Job', 'Passed on re-run', 'Tests named in its failed logs', 'Pull requests', 'Last'], rows, 'No red run passed on re-run in this window.')}`,
  );
}

/** Every fix the loop committed and what became of it: kept, undone, reverted, merged. */
export function renderFixesPage(scope: PageScope, views: Pick<OutcomeViews, 'fixes' | 'servers'>): string {
  // A row per fix; the cards count commits (a run's fixes land as one commit, and share its fate).
  const commits = [...new Map(views.fixes.map((f) => [`${f.repo.toLowerCase()}\n${f.sha}`, f])).values()];
  const count = (fate: string) => commits.filter((f) => f.fate === fate).length;
  const sealed = count('merged') + count('undone') + count('reverted') + count('reverted_after_merge');
  const cards = `<div class="cards">${[
    ['fix commits', String(commits.length)],
    ['accepted (merged, not reverted)', percent(sealed === 0 ? null : count('merged') / sealed)],
    ['undone (/close-loop undo)', String(count('undone'))],
    ['reverted by a person', String(count('reverted') + count('reverted_after_merge'))],
  ]
    .map(
      ([label, value]) =>
        `<div class="card"><div class="value">${esc(value)}</div><div class="label">${esc(label)}</div></div>`,
    )
    .join('')}</div>`;
  const rows = views.fixes.map((f) => [
    prLink(scope, views, f.repo, f.pr),
    `<code>${esc(f.sha.slice(0, 7))}</code>`,
    `<code>${esc(f.pattern ?? '(unrecognised)')}</code>`,
    `<code>${esc(f.strategy ?? '–')}</code>`,
    esc(when(f.committed_at)),
    `<span class="badge ${FATE_BADGE[f.fate] ?? 'muted'}">${esc(f.fate.replace(/_/g, ' '))}</span>`,
    esc(when(f.fate_at)),
  ]);
  return renderLayout(
    scope,
    'Fixes and what became of them',
    `${cards}${table(['Pull request', 'Commit', 'Pattern', 'Strategy', 'Committed', 'Fate', 'Since'], rows, 'The loop committed no fix in this window.')}`,
  );
}

/** Dead letters, and the pattern candidates learnt from failures no pattern recognised. */
export function renderDeadLettersPage(
  scope: PageScope,
  views: Pick<OutcomeViews, 'deadLetters' | 'candidates' | 'servers'>,
): string {
  const rows = views.deadLetters.map((d) => [
    prLink(scope, views, d.repo, d.pr),
    `<code>${esc(d.pattern ?? '(unrecognised)')}</code>`,
    esc(d.first_error_line ?? ''),
    esc(d.why ?? ''),
    esc(when(d.at)),
  ]);
  const candidates =
    views.candidates.length === 0
      ? '<p class="empty">No failure without a pattern has come back often enough (4 times, on files of the same kind) to propose one.</p>'
      : views.candidates
          .map(
            (c) =>
              `<h3><code>${esc(c.id)}</code> <span class="badge warn">${esc(c.category)}</span></h3><p>Seen in ${c.seen_in.map(esc).join(', ')}; signals ${c.signals.map((s) => `<code>${esc(s)}</code>`).join(', ')}. Paste into <code>.github/closed-loop.yml</code> (merge with an existing <code>patterns.add</code>) after checking the signals:</p><pre>${esc(c.yaml)}</pre>`,
          )
          .join('');
  return renderLayout(
    scope,
    'Dead letters and pattern candidates',
    `${table(['Pull request', 'Pattern', 'First error', 'Why it stopped', 'When'], rows, 'No dead letter in this window.')}<h2>Pattern candidates</h2>${candidates}`,
  );
}
