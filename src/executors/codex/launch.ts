/**
 * Codex CLI: `codex exec … -` with the prompt on stdin.
 *
 * Checked against codex-cli 0.171:
 * - `exec` always runs with approval "never", so `--sandbox <mode>` alone decides isolation;
 *   `danger-full-access` needs no bypass flag and `--dangerously-bypass-approvals-and-sandbox` is
 *   never emitted (it would defeat read-only / workspace-write sandboxes).
 * - `--search` exists only on the top-level command and does not reach `exec`; live web search in
 *   `exec` is the config override `web_search="live"`, which `codex.search: true` emits.
 * - The final message is written to `<overlay>/last-message.md` (`--output-last-message`).
 * - The agent's skills are written to `<overlay>/skills/<id>/SKILL.md` and that directory is given
 *   with `--add-dir` (after `codex.addDirs`), as well as being inlined in the prompt.
 * - `exec` refuses prompts over 1 048 576 characters (`input_too_large`); a longer prompt gets a
 *   note in the launch limits.
 * - Without `--json`, `exec` prints every command it runs and that command's output on stderr
 *   (only the final message goes to stdout), and the runtime captures both streams as one: a
 *   command that prints marker lines would put them in the agent's output. So `--json` is always
 *   given (`codex.json` no longer changes that) and markers are read only from the JSONL
 *   `agent_message` items; the agent log holds the raw JSONL.
 *
 * Sessions (checked against codex-cli 0.171): unless `--ephemeral` (`codex.ephemeral`, or
 * `session.persist` false), exec keeps its conversation in
 * `<CODEX_HOME, else $HOME/.codex>/sessions/YYYY/MM/DD/rollout-<YYYY-MM-DDThh-mm-ss>-<thread id>.jsonl`;
 * the thread id is the `thread_id` of the first JSONL event (`thread.started`). Continuing one is
 * `codex exec <options> resume <id> -` (`session.resumeId`):
 * - `exec resume` itself refuses `--sandbox`, `--profile` and `--add-dir` ("unexpected argument"),
 *   but every option of `exec` may stand before the `resume` sub-command, and there each one takes
 *   effect on the resumed turn (the rollout's new `turn_context` shows the sandbox, model, profile,
 *   `-c` values and extra writable roots given; `--json` and `--output-last-message` work as in a
 *   fresh run). So a resume keeps the fresh argv and only ends in `resume <id> -`.
 * - `--image` is left out on resume: the images went with the first prompt and are in the session.
 * - The resumed turn is appended to the same rollout file and `thread.started` names the same id.
 *   The session is found by its file alone (the state databases in CODEX_HOME are not needed), also
 *   in another CODEX_HOME and from another working directory, which the resumed turn then uses.
 * - A missing session fails with "thread/resume failed: no rollout found for thread id <id>".
 * - With `codex.ephemeral: true` there is no session file, so nothing can be resumed: the launch
 *   starts fresh and says so in its notes.
 */
import { baseSpec, optional, overlayPath, programArgv, repeated, skillFiles, skillsDir, unique } from "../common.js";
import { sessionRequestOf } from "../session-ids.js";
import type { ExecutorContext, LaunchSpec } from "../types.js";

const CODEX_LAST_MESSAGE_FILE = "last-message.md";
const CODEX_LIVE_SEARCH_CONFIG = 'web_search="live"';
export const CODEX_SECRET_ENV_KEYS = ["OPENAI_API_KEY", "CODEX_API_KEY", "CODEX_ACCESS_TOKEN"];
/** The largest prompt (in characters) codex exec accepts. */
const CODEX_MAX_PROMPT_CHARS = 1_048_576;
const CODEX_PASS_ENV_KEYS = ["OPENAI_BASE_URL", "OPENAI_ORGANIZATION", "OPENAI_PROJECT", "CODEX_HOME"];

export function buildCodexLaunchSpec(ctx: ExecutorContext): LaunchSpec {
  const codex = ctx.executor.codex;
  const lastMessagePath = overlayPath(ctx, CODEX_LAST_MESSAGE_FILE);
  const config = unique(codex.config ?? []);
  if (codex.search === true) config.push(CODEX_LIVE_SEARCH_CONFIG);
  const session = sessionRequestOf(ctx.session);
  const notes: string[] = [];
  let resumeId = session.resumeId;
  if (resumeId !== null && codex.ephemeral === true) {
    notes.push(`codex.ephemeral keeps no session file, so session ${resumeId} cannot be resumed: a fresh session was started.`);
    resumeId = null;
  }
  if (resumeId !== null && (codex.images?.length ?? 0) > 0) {
    notes.push("codex.images went with the session's first prompt; they are not attached again on resume.");
  }
  const argv = [
    ...programArgv(codex.command, "codex"),
    "exec",
    "--skip-git-repo-check",
    "--sandbox",
    codex.sandbox,
    ...optional("--model", ctx.executor.model),
    ...optional("--profile", codex.profileName),
    ...config.flatMap((kv) => ["-c", kv]),
    ...(resumeId === null ? repeated("--image", codex.images) : []),
    ...repeated("--add-dir", [...(codex.addDirs ?? []), ...(skillsDir(ctx) ? [skillsDir(ctx)!] : [])]),
    "--json",
    "--output-last-message",
    lastMessagePath,
    ...(codex.ephemeral === true || !session.persist ? ["--ephemeral"] : []),
    ...(resumeId === null ? [] : ["resume", resumeId]),
    "-",
  ];
  const base = baseSpec(ctx);
  base.limits.notes.push(...notes);
  if (ctx.prompt.length > CODEX_MAX_PROMPT_CHARS) {
    base.limits.notes.push(`The prompt has ${ctx.prompt.length} characters; codex exec refuses more than ${CODEX_MAX_PROMPT_CHARS}.`);
  }
  return {
    ...base,
    argv,
    stdin: ctx.prompt,
    env: {},
    secretEnvKeys: [...CODEX_SECRET_ENV_KEYS],
    passEnvKeys: [...CODEX_PASS_ENV_KEYS],
    files: skillFiles(ctx),
    rateLimitRetries: true,
    lastMessagePath,
    transcript: "codex-json",
  };
}
