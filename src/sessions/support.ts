/**
 * Which executors can continue their CLI's own session after an interruption, and why not when
 * they cannot. Pure: it looks at the resolved executor only.
 */
import type { ResolvedExecutor } from "../wave/schema.js";

export interface SessionSupport {
  /**
   * The launch can continue an earlier session of this CLI (its argv for that exists) and the
   * session is one file that can be saved into the run state and put back later.
   */
  resumable: boolean;
  /**
   * A fresh session can be given an id chosen before the launch (claude `--session-id`); otherwise
   * the id is read from the CLI's output (codex: the `thread.started` event).
   */
  presetId: boolean;
  /** One sentence: how the session is continued, or why it cannot be. */
  reason: string;
}

export function sessionSupport(executor: ResolvedExecutor): SessionSupport {
  switch (executor.id) {
    case "claude":
      return {
        resumable: true,
        presetId: true,
        reason: "Claude Code continues a session with --resume <id>; it is one file under its projects directory.",
      };
    case "codex":
      if (executor.codex.ephemeral === true) {
        return {
          resumable: false,
          presetId: false,
          reason: "codex.ephemeral is set: codex keeps no session file, so there is nothing to resume.",
        };
      }
      return {
        resumable: true,
        presetId: false,
        reason: "codex continues a session with `exec … resume <id>`; it is one rollout file under its sessions directory.",
      };
    case "opencode":
      return {
        resumable: false,
        presetId: false,
        reason:
          "OpenCode keeps every session in one SQLite database in its data directory (opencode.db), not in a file per session, so a session cannot be saved with the run state and put back.",
      };
    case "local":
      return { resumable: false, presetId: false, reason: "The built-in local executor has no model session; it simply runs again." };
    case "command":
      return { resumable: false, presetId: false, reason: "A command executor has no session the harness knows of; it runs again." };
  }
}
