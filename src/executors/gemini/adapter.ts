/**
 * The Gemini CLI adapter (src/executors/adapter.ts); its launch is ./launch.ts, its stream-json
 * reading ./transcript.ts.
 *
 * No model endpoint of ours: Gemini CLI can be pointed at loopback (GOOGLE_GEMINI_BASE_URL, with
 * a settings file selecting `gemini-api-key` auth, checked against 0.61.0), but it speaks the
 * Gemini API (`POST /v1beta/models/<model>:streamGenerateContent?alt=sse`), which neither the
 * rehearsal server nor the model proxy speaks: `wave rehearse` and the proxy do not carry it
 * (docs/executors.md).
 */
import type { ExecutorAdapter } from "../adapter.js";
import { freshSessions, noTurnLimit, vendorCli } from "../adapter-parts.js";
import { buildGeminiLaunchSpec, GEMINI_SECRET_ENV_KEYS, GEMINI_TRANSCRIPT } from "./launch.js";
import { geminiRenderer } from "./render.js";
import { GEMINI_FIELDS } from "./settings.js";
import { GEMINI_WORTH_READING, geminiUsage, matchGeminiEvent, readGeminiEvent } from "./transcript.js";

export const geminiAdapter: ExecutorAdapter = {
  ...vendorCli("gemini", "Gemini CLI", GEMINI_FIELDS, buildGeminiLaunchSpec),
  keys: {
    secretEnv: GEMINI_SECRET_ENV_KEYS,
    unknownKeyHint: "GEMINI_API_KEY (or a Gemini CLI login)",
    loginFiles: (env, home) => [`${env.GEMINI_CLI_HOME || home}/.gemini/oauth_creds.json`],
  },
  turnLimit: noTurnLimit(
    "Gemini CLI has no turn-limit flag (its model.maxSessionTurns setting is not set by wave); only the attempt deadline bounds the run.",
  ),
  transcript: {
    dialect: "gemini",
    formats: [GEMINI_TRANSCRIPT],
    match: matchGeminiEvent,
    worthReading: GEMINI_WORTH_READING,
    read: readGeminiEvent,
    usage: geminiUsage,
    renderer: geminiRenderer,
    renderFormat: GEMINI_TRANSCRIPT,
  },
  usage: { reporting: () => "tokens" },
  session: freshSessions("Gemini CLI sessions are not carried over yet: every attempt starts a fresh one."),
  verifiedVersion: "0.61.0",
  sandboxHosts: ["generativelanguage.googleapis.com", "oauth2.googleapis.com", "cloudcode-pa.googleapis.com"],
};
