/** One check run on the head SHA, as GitHub reports it (GitHub's `filter=latest`: one per name). */
export interface CheckFact {
  name: string;
  status: 'queued' | 'in_progress' | 'completed';
  conclusion: string | null;
  url?: string;
}

/** A human gate the configuration requires on this PR; `skipped`: not required here. */
export interface GateFact {
  gate: string;
  status: 'approved' | 'pending' | 'skipped';
  by?: string;
  reason?: string;
}

/** What the App read from GitHub at the head SHA; verification judges these and nothing else. */
export interface VerifyFacts {
  headSha: string;
  /** The linked task spec; `text` null: the linked file is missing at the head. */
  taskSpec: { path: string; text: string | null } | null;
  checks: CheckFact[];
  changedFiles: { path: string; status: string; additions: number; deletions: number }[];
  /** The files named by the criteria (referencedPaths); `size` null: missing at the head, 0: empty. */
  artifacts: { path: string; size: number | null }[];
  gates: GateFact[];
  /** The loop's last outcome on this PR (`none`: it has not run). */
  loop: { status: 'success' | 'failed' | 'escalated' | 'interrupted' | 'blocked' | 'none'; reason?: string };
  /** Check runs with this name are this report's own and never count as evidence (default `closed-loop`). */
  selfCheck?: string;
}
