/**
 * OpenCode: `opencode run --agent <name> … --title wave-<id>` with the prompt on stdin (checked
 * against opencode 1.18: `run` reads stdin whenever it is not a terminal, so no positional message
 * is needed and a prompt of any size works) and a generated `<overlay>/opencode.json` given through
 * OPENCODE_CONFIG:
 *
 *   opencode.config_json ⊕ { $schema, instructions: config ∪ opencode.instructions,
 *     agent: { <name>: { description, mode: "primary", prompt: "{file:./opencode-agent-prompt.txt}",
 *                        model?, steps?, permission? } } }
 *
 * The agent's skills are written to `<overlay>/skills/<id>/SKILL.md` and listed in `instructions`
 * (after the user's), as well as being inlined in the prompt.
 *
 * The agent is `wave-<agentId>` unless `opencode.agent` names one of the user's own agents; then
 * only model/steps/permission are set on it and the harness prompt goes into `instructions`, so the
 * user's agent prompt is kept.
 *
 * `--format json` is always given: with the default format `run` prints each tool call and the
 * tool's output on stderr, which the runtime captures together with stdout, so a command that
 * prints marker lines would put them in the agent's output. In JSON, markers are read only from
 * the assistant's `text` parts (`opencode.format` no longer changes the stream).
 */
import { baseSpec, harnessSystemPrompt, optional, overlayPath, programArgv, repeated, skillFiles, unique } from "../common.js";
import { deepMerge, type JsonObject } from "../json-merge.js";
import { providerEnvKeys } from "../provider-keys.js";
import type { ExecutorContext, LaunchSpec, OverlayFile } from "../types.js";

export const OPENCODE_CONFIG_FILE = "opencode.json";
const OPENCODE_AGENT_PROMPT_FILE = "opencode-agent-prompt.txt";
const CONFIG_SCHEMA_URL = "https://opencode.ai/config.json";

/** The agent name OpenCode runs: `opencode.agent` or `wave-<agentId>`, lowercased and sanitized. */
function openCodeAgentName(ctx: ExecutorContext): string {
  const raw = ctx.executor.opencode.agent ?? `wave-${ctx.agent.agentId}`;
  return raw.toLowerCase().replace(/[^a-z0-9_-]/g, "-");
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

function openCodeConfig(ctx: ExecutorContext, promptFilePath: string): JsonObject {
  const opencode = ctx.executor.opencode;
  const userConfig: JsonObject = opencode.configJson ?? {};
  const ownAgent = opencode.agent === undefined;
  const agentEntry = deepMerge(
    ownAgent
      ? {
          description: `Wave agent ${ctx.agent.agentId}: ${ctx.agent.title}`,
          mode: "primary",
          prompt: `{file:./${OPENCODE_AGENT_PROMPT_FILE}}`,
        }
      : null,
    ctx.executor.model ? { model: ctx.executor.model } : null,
    opencode.steps !== undefined ? { steps: opencode.steps } : null,
    opencode.permission !== undefined ? { permission: opencode.permission } : null,
  );
  const instructions = unique([
    ...stringList(userConfig.instructions),
    ...(opencode.instructions ?? []),
    ...(ownAgent ? [] : [promptFilePath]),
    ...skillFiles(ctx).map((f) => f.path),
  ]);
  return deepMerge(userConfig, {
    $schema: CONFIG_SCHEMA_URL,
    ...(instructions.length > 0 ? { instructions } : {}),
    agent: { [openCodeAgentName(ctx)]: agentEntry },
  });
}

export function buildOpenCodeLaunchSpec(ctx: ExecutorContext): LaunchSpec {
  const opencode = ctx.executor.opencode;
  const promptFile: OverlayFile = {
    path: overlayPath(ctx, OPENCODE_AGENT_PROMPT_FILE),
    content: harnessSystemPrompt(ctx),
  };
  const configPath = overlayPath(ctx, OPENCODE_CONFIG_FILE);
  const config = openCodeConfig(ctx, promptFile.path);
  const configFile: OverlayFile = {
    path: configPath,
    content: `${JSON.stringify(config, null, 2)}\n`,
    ...(opencode.configJson !== undefined ? { sensitive: true } : {}),
  };
  const configModel = typeof opencode.configJson?.model === "string" ? opencode.configJson.model : null;
  const provider = providerEnvKeys(ctx.executor.model ?? configModel);
  const argv = [
    ...programArgv(opencode.command, "opencode"),
    "run",
    "--agent",
    openCodeAgentName(ctx),
    ...optional("--model", ctx.executor.model),
    "--format",
    "json",
    ...optional("--attach", opencode.attach),
    ...repeated("--file", opencode.files),
    "--title",
    `wave-${ctx.agent.agentId}`,
  ];
  return {
    ...baseSpec(ctx),
    argv,
    stdin: ctx.prompt,
    env: { OPENCODE_CONFIG: configPath, OPENCODE_DISABLE_AUTOUPDATE: "1" },
    secretEnvKeys: unique([...(opencode.envKeys ?? []), ...provider.secret]),
    passEnvKeys: provider.plain,
    files: [promptFile, configFile, ...skillFiles(ctx)],
    rateLimitRetries: true,
    lastMessagePath: null,
    transcript: "opencode-json",
  };
}
