/**
 * The GitHub Copilot CLI adapter (src/executors/adapter.ts); its launch is ./launch.ts, its JSON
 * output reading ./transcript.ts.
 * Its model endpoint (./endpoint.ts) is a custom provider speaking OpenAI chat completions, which
 * the rehearsal server and the model proxy speak too.
 */
import type { ExecutorAdapter } from "../adapter.js";
import { freshSessions, noTurnLimit, noUsage, vendorCli } from "../adapter-parts.js";
import { COPILOT_ENDPOINT } from "./endpoint.js";
import { buildCopilotLaunchSpec, COPILOT_SECRET_ENV_KEYS, COPILOT_TRANSCRIPT } from "./launch.js";
import { copilotRenderer } from "./render.js";
import { COPILOT_FIELDS } from "./settings.js";
import { COPILOT_WORTH_READING, copilotUsage, matchCopilotEvent, readCopilotEvent } from "./transcript.js";

export const copilotAdapter: ExecutorAdapter = {
  ...vendorCli("copilot", "GitHub Copilot CLI", COPILOT_FIELDS, buildCopilotLaunchSpec),
  keys: {
    secretEnv: COPILOT_SECRET_ENV_KEYS,
    unknownKeyHint: "COPILOT_GITHUB_TOKEN (a token of a user with a Copilot seat; never the job's GITHUB_TOKEN)",
  },
  turnLimit: noTurnLimit("Copilot CLI has no turn-limit flag in prompt mode; only the attempt deadline bounds the run."),
  transcript: {
    dialect: "copilot",
    formats: [COPILOT_TRANSCRIPT],
    match: matchCopilotEvent,
    worthReading: COPILOT_WORTH_READING,
    read: readCopilotEvent,
    usage: copilotUsage,
    renderer: copilotRenderer,
    renderFormat: COPILOT_TRANSCRIPT,
  },
  usage: noUsage("Copilot CLI's JSON output carries no token counts (1.0.102: its result line has request counts and durations only)"),
  session: freshSessions("Copilot CLI sessions are not carried over yet: every attempt starts a fresh one."),
  endpoint: COPILOT_ENDPOINT,
  rehearsal: {
    permissionHint: (executor) =>
      (executor.copilot.allowTools ?? []).length > 0
        ? `copilot ran with the tools of copilot.allow_tools only (${executor.copilot.allowTools!.join(", ")}): allow "write" there, or drop the setting to allow all tools`
        : "copilot runs with --allow-all-tools, so the refusal came from its path check (the work tree and the temporary directory only) or copilot.deny_tools",
    versionEnv: (home) => ({ COPILOT_HOME: `${home}/.copilot`, COPILOT_AUTO_UPDATE: "false" }),
  },
  verifiedVersion: "1.0.102",
  sandboxHosts: [
    "api.githubcopilot.com",
    "api.individual.githubcopilot.com",
    "api.business.githubcopilot.com",
    "api.enterprise.githubcopilot.com",
    "api.github.com",
    "github.com",
  ],
};
