/**
 * Which OS user agents run as: the `agent-user` input / `--agent-user` flag, and the decision made
 * from it and the facts of this process (pure functions; the effects live in boundary.ts).
 *
 *   auto  — a separate, unprivileged user when this process can arrange it (it is root, or — in
 *           GitHub Actions — it can become root through passwordless sudo); otherwise the
 *           orchestrator's own user, said plainly in the log and the summary.
 *   none  — always the orchestrator's own user.
 *   NAME  — that existing user; an error when it cannot be arranged.
 */
import { UserError } from "../errors.js";

export type AgentUserRequest = { kind: "auto" } | { kind: "none" } | { kind: "named"; name: string };

/** POSIX-portable user names (useradd's default rule), never root. */
const USER_NAME = /^[a-z_][a-z0-9_-]{0,31}$/;

/** The name of the user `auto` creates (with a numeric suffix when it is busy: wave-agent-2, ...). */
const AUTO_USER_BASE = "wave-agent";
/** How many pooled users `auto` may create for concurrent runs on one machine. */
export const AUTO_USER_POOL = 16;

export function autoUserName(index: number): string {
  return index === 0 ? AUTO_USER_BASE : `${AUTO_USER_BASE}-${index + 1}`;
}

export function parseAgentUser(text: string | undefined, source: string): AgentUserRequest {
  const value = (text ?? "").trim();
  if (value === "" || value === "auto") return { kind: "auto" };
  if (value === "none") return { kind: "none" };
  if (value === "root") throw new UserError(`${source}: agents may not run as root`, 2);
  if (!USER_NAME.test(value)) {
    throw new UserError(
      `${source}: ${JSON.stringify(value)} is not auto, none or a user name (lower-case letters, digits, _ and -, at most 32)`,
      2,
    );
  }
  return { kind: "named", name: value };
}

export interface ProcessFacts {
  /** Effective uid of this process. */
  euid: number;
  /** Passwordless `sudo -n` works for this process. */
  sudo: boolean;
  /** Running inside GitHub Actions (GITHUB_ACTIONS=true). */
  githubActions: boolean;
}

export type AgentUserDecision =
  /** Run agents as `name` (this process is root). `create`: make the user when it is missing. */
  | { kind: "separate"; name: string; pooled: boolean }
  /** Run agents as this process's own user; `reason` says why, for the log and the summary. */
  | { kind: "same"; reason: string; requested: "auto" | "none" }
  /** Re-run this command as root through `sudo -n`, then decide again. */
  | { kind: "elevate" };

export function decideAgentUser(request: AgentUserRequest, facts: ProcessFacts): AgentUserDecision {
  if (request.kind === "none") {
    return { kind: "same", requested: "none", reason: "agent-user is none" };
  }
  if (facts.euid === 0) {
    return request.kind === "named"
      ? { kind: "separate", name: request.name, pooled: false }
      : { kind: "separate", name: AUTO_USER_BASE, pooled: true };
  }
  if (request.kind === "named") {
    if (facts.sudo) return { kind: "elevate" };
    throw new UserError(
      `agent-user ${request.name}: running agents as another user needs root or passwordless sudo, and this process has neither`,
      2,
    );
  }
  if (facts.sudo && facts.githubActions) return { kind: "elevate" };
  return {
    kind: "same",
    requested: "auto",
    reason: facts.sudo
      ? "not root, and passwordless sudo is used automatically only in GitHub Actions (pass --agent-user wave-agent to use it here)"
      : "not root and no passwordless sudo",
  };
}

/** What agents sharing the orchestrator's user can do — said wherever the mode is reported. */
export const SAME_USER_CONSEQUENCES =
  "agents share the orchestrator's OS user: they can read its environment and the other agents' (API keys, runner tokens, marker nonces) " +
  "through /proc, and write its state directory and logs, so a malicious agent can forge its own verdict";
