/** The OpenCode adapter (src/executors/adapter.ts); its launch is src/executors/opencode/launch.ts. */
import { openCodeUsage } from "../../usage/extract.js";
import { OPENCODE_FIELDS } from "./settings.js";
import type { ExecutorAdapter } from "../adapter.js";
import { freshSessions, vendorCli } from "../adapter-parts.js";
import { providerEnvKeys } from "../provider-keys.js";
import { OPENCODE_ENDPOINT } from "./endpoint.js";
import { buildOpenCodeLaunchSpec } from "./launch.js";
import { openCodeRenderer } from "./render.js";
import { matchOpenCodeEvent, OPENCODE_WORTH_READING, readOpenCodeEvent } from "./transcript.js";

export const opencodeAdapter: ExecutorAdapter = {
  ...vendorCli("opencode", "OpenCode", OPENCODE_FIELDS, buildOpenCodeLaunchSpec),
  keys: {
    secretEnv: [],
    providerKeys: (executor) => providerEnvKeys(executor.model).secret,
    unknownKeyHint: "its provider's key (opencode.env_keys names it)",
    loginFiles: (env, home) => [`${env.XDG_DATA_HOME || `${home}/.local/share`}/opencode/auth.json`],
  },
  turnLimit(executor) {
    const limit = executor.opencode.steps ?? null;
    return limit === null
      ? { limit, source: "not-set-by-wave", notes: [] }
      : { limit, source: "opencode.steps", notes: ["opencode.steps caps agentic iterations; after it the model must answer in text."] };
  },
  transcript: {
    dialect: "opencode",
    formats: ["opencode-json"],
    match: matchOpenCodeEvent,
    worthReading: OPENCODE_WORTH_READING,
    read: (event, facts) => readOpenCodeEvent(event, facts),
    usage: openCodeUsage,
    renderer: openCodeRenderer,
    renderFormat: "opencode-json",
  },
  usage: { reporting: () => "cost" },
  session: freshSessions(
    "OpenCode keeps every session in one SQLite database in its data directory (opencode.db), not in a file per session, so a session cannot be saved with the run state and put back.",
  ),
  endpoint: OPENCODE_ENDPOINT,
  rehearsal: {
    permissionHint: () => `opencode's permission settings (executor setting opencode.permission) refused the write: allow "edit"`,
    versionEnv: () => ({ OPENCODE_DISABLE_AUTOUPDATE: "1" }),
  },
  verifiedVersion: "1.18.33",
  pricedModels: ["anthropic/claude-sonnet-4-5", "openai/gpt-5.1"],
  sandboxHosts: ["api.anthropic.com", "api.openai.com", "openrouter.ai", "generativelanguage.googleapis.com", "models.dev"],
};
