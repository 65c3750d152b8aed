/** The Codex CLI adapter (src/executors/adapter.ts); its launch is src/executors/codex/launch.ts. */
import { codexUsage } from "../../usage/extract.js";
import { CODEX_FIELDS } from "./settings.js";
import type { ExecutorAdapter } from "../adapter.js";
import { noTurnLimit, vendorCli } from "../adapter-parts.js";
import { CODEX_ENDPOINT } from "./endpoint.js";
import { buildCodexLaunchSpec, CODEX_SECRET_ENV_KEYS } from "./launch.js";
import { codexRenderer } from "./render.js";
import { CODEX_SESSION_FILES } from "./session.js";
import { CODEX_WORTH_READING, matchCodexEvent, readCodexEvent } from "./transcript.js";

export const codexAdapter: ExecutorAdapter = {
  ...vendorCli("codex", "Codex CLI", CODEX_FIELDS, buildCodexLaunchSpec),
  keys: {
    secretEnv: CODEX_SECRET_ENV_KEYS,
    loginFiles: (env, home) => [`${env.CODEX_HOME || `${home}/.codex`}/auth.json`],
  },
  turnLimit: noTurnLimit("Codex exec has no turn-limit flag; only the attempt deadline bounds the run."),
  transcript: {
    dialect: "codex",
    formats: ["codex-json"],
    match: matchCodexEvent,
    worthReading: CODEX_WORTH_READING,
    read: (event, facts) => readCodexEvent(event, facts),
    usage: codexUsage,
    renderer: codexRenderer,
    renderFormat: "codex-json",
  },
  usage: { reporting: () => "tokens" },
  session: {
    support: (executor) =>
      executor.codex.ephemeral === true
        ? {
            resumable: false,
            presetId: false,
            reason: "codex.ephemeral is set: codex keeps no session file, so there is nothing to resume.",
          }
        : {
            resumable: true,
            presetId: false,
            reason: "codex continues a session with `exec … resume <id>`; it is one rollout file under its sessions directory.",
          },
    files: CODEX_SESSION_FILES,
  },
  endpoint: CODEX_ENDPOINT,
  rehearsal: {
    permissionHint: (executor) =>
      `codex ran with sandbox "${executor.codex.sandbox}" (executor setting codex.sandbox): use workspace-write (or danger-full-access) so it can write files`,
    versionEnv: (home) => ({ CODEX_HOME: home }),
  },
  verifiedVersion: "0.171.0",
  pricedModels: ["gpt-5.1-codex", "gpt-5.1-codex-mini"],
  sandboxHosts: ["api.openai.com", "chatgpt.com", "auth.openai.com"],
};
