/**
 * Fixtures for end-to-end tests of the action on the local Actions runtime harness: an origin git
 * repository with wave files whose agents are `command` agents (a node script kept outside every
 * repository), fresh clones per job (as a re-run gets), and running the action's main and post
 * steps as the runner does.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { extractZip } from "../../src/artifacts/zip-extract.js";
import { blobSasUrl } from "../harness/blob.js";
import {
  type ActionsHarness,
  type HarnessArtifact,
  type JobContext,
  type JobEnvOptions,
  type NodeActionResult,
  type RunNodeActionOptions,
  runNodeAction,
  tsxNodeArgs,
} from "../harness/index.js";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const SOURCE_MAIN = path.join(REPO_ROOT, "src", "main.ts");
export const SOURCE_POST = path.join(REPO_ROOT, "src", "post.ts");
/** The action bundle: dist/, or a build elsewhere (`node scripts/build.mjs <dir>`) named by WAVE_TEST_DIST. */
const DIST = process.env.WAVE_TEST_DIST ? path.resolve(process.env.WAVE_TEST_DIST) : path.join(REPO_ROOT, "dist");
export const DIST_MAIN = path.join(DIST, "index.js");
export const DIST_POST = path.join(DIST, "post", "index.js");

/** Every output action.yml declares (read from it, so a new output is checked too). */
export function declaredOutputs(): string[] {
  const text = readFileSync(path.join(REPO_ROOT, "action.yml"), "utf8");
  const block = text.slice(text.indexOf("\noutputs:\n"), text.indexOf("\nruns:"));
  return [...block.matchAll(/^ {2}([a-z][a-z-]*):\s*$/gm)].map((m) => m[1] as string);
}

/**
 * The agent program. argv options (repeatable ones may appear several times):
 *   --count FILE      append "<agent id>\n" (one line per process start)
 *   --need REL        exit 4 unless REL exists under WAVE_ROOT
 *   --write REL=TEXT  write TEXT + "\n" to REL under WAVE_ROOT
 *   --replace REL=FROM=TO  replace the first FROM by TO in REL under WAVE_ROOT
 *   --fail-once       exit 3 on this agent's first start (per count file)
 *   --fail            always exit 3
 *   --markers         print the passing closure markers of this agent's role (WAVE_ROLE)
 *   --print TEXT      print a line
 *   --print-file FILE print the content of FILE
 *   --leak FILE       print the secret in FILE, its base64, and write it to leak/secret.txt
 *   --sleep MS        sleep before going on
 *   --pids FILE       append this process's pid
 */
const AGENT_SOURCE = String.raw`
import fs from "node:fs";
import path from "node:path";
const args = process.argv.slice(2);
const id = process.env.WAVE_AGENT_ID;
const root = process.env.WAVE_ROOT;
let starts = 0;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  const v = args[i + 1];
  if (a === "--count") {
    fs.appendFileSync(v, id + "\n");
    starts = fs.readFileSync(v, "utf8").split("\n").filter((l) => l === id).length;
  } else if (a === "--pids") fs.appendFileSync(v, process.pid + "\n");
  else if (a === "--need") {
    if (!fs.existsSync(path.join(root, v))) { console.log("missing " + v); process.exit(4); }
  } else if (a === "--write") {
    const eq = v.indexOf("=");
    const file = path.join(root, v.slice(0, eq));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, v.slice(eq + 1) + "\n");
  } else if (a === "--replace") {
    const [rel, from, to] = v.split("=");
    const file = path.join(root, rel);
    fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace(from, to));
  } else if (a === "--fail-once") {
    if (starts === 1) { console.log(id + " crashes on its first start"); process.exit(3); }
  } else if (a === "--fail") { console.log(id + " fails"); process.exit(3); }
  else if (a === "--markers") {
    const role = process.env.WAVE_ROLE;
    if (role === "cont-qa") {
      console.log("[wave-gate] architecture=pass integration=pass durability=pass live=pass docs=pass");
      console.log("[wave-verdict] pass");
    } else if (role === "integration") console.log("[wave-integration] state=ready-for-doc-closure claims=0 conflicts=0 blockers=0");
    else if (role === "documentation") console.log("[wave-doc-closure] state=no-change");
    else if (role === "design") console.log("[wave-design] state=ready-for-implementation decisions=1 assumptions=0 open_questions=0");
    else console.log("no markers for role " + role);
  } else if (a === "--print") console.log(v);
  else if (a === "--print-file") process.stdout.write(fs.readFileSync(v, "utf8"));
  else if (a === "--leak") {
    const secret = fs.readFileSync(v, "utf8").trim();
    console.log("the secret is " + secret);
    console.log("base64: " + Buffer.from(secret).toString("base64"));
    fs.mkdirSync(path.join(root, "leak"), { recursive: true });
    fs.writeFileSync(path.join(root, "leak", "secret.txt"), "token=" + secret + "\n");
  } else if (a === "--sleep") {
    console.log(id + " sleeping");
    await sleep(Number(v));
  }
}
console.log(id + " done");
`;

export interface AgentSpec {
  id: string;
  title?: string;
  /** Agent program arguments (see AGENT_SOURCE); `--count <counter>` is added first. */
  args?: string[];
  /** Paths listed under "File ownership" in the prompt. */
  owns?: string[];
  /** `### Capabilities` entries (`design`: a design agent). */
  capabilities?: string[];
}

/** A temporary lab: the agent script, counters and origin repositories, all outside any clone. */
export class Lab {
  readonly dir: string;
  readonly agent: string;
  readonly counter: string;

  constructor(name: string) {
    this.dir = mkdtempSync(path.join(os.tmpdir(), `wave-action-${name}-`));
    this.agent = path.join(this.dir, "agent.mjs");
    this.counter = path.join(this.dir, "starts.txt");
    writeFileSync(this.agent, AGENT_SOURCE);
    writeFileSync(this.counter, "", { mode: 0o666 });
    // Run as root, the action puts agents behind a separate OS user: the lab must be theirs to use.
    chmodSync(this.dir, 0o777);
    chmodSync(this.counter, 0o666);
  }

  /** A counter file of its own (for one scenario). */
  newCounter(name: string): string {
    const file = path.join(this.dir, `starts-${name}.txt`);
    writeFileSync(file, "");
    chmodSync(file, 0o666);
    return file;
  }

  /** Process starts recorded in a counter file, per agent id and in total. */
  countIn(counter: string = this.counter): { total: number; by: Record<string, number> } {
    const lines = readFileSync(counter, "utf8").split("\n").filter(Boolean);
    const by: Record<string, number> = {};
    for (const l of lines) by[l] = (by[l] ?? 0) + 1;
    return { total: lines.length, by };
  }

  file(name: string, content: string): string {
    const file = path.join(this.dir, name);
    writeFileSync(file, content);
    return file;
  }

  /** A wave file whose agents run the lab's agent program, counting their starts in `counter`. */
  waveFile(wave: number, agents: AgentSpec[], counter: string = this.counter): string {
    const parts = [`# Wave ${wave} - end-to-end test\n`];
    for (const a of agents) {
      const argv = ["node", this.agent, "--count", counter, ...(a.args ?? [])];
      for (const arg of argv) if (/[\s"'\\]/.test(arg)) throw new Error(`argument needs quoting: ${arg}`);
      parts.push(
        `## Agent ${a.id}: ${a.title ?? `Agent ${a.id}`}\n`,
        "### Executor\n",
        "- id: command",
        `- command: ${argv.join(" ")}\n`,
        ...(a.capabilities?.length ? ["### Capabilities\n", ...a.capabilities.map((c) => `- ${c}`), ""] : []),
        "### Prompt\n",
        "```text",
        `Work as ${a.id}.`,
        ...(a.owns?.length ? ["", "File ownership (only touch these paths):", ...a.owns.map((p) => `- ${p}`)] : []),
        "```\n",
      );
    }
    return parts.join("\n");
  }

  /** A committed origin repository holding `files`. */
  origin(name: string, files: Record<string, string>): string {
    const dir = path.join(this.dir, name);
    mkdirSync(dir, { recursive: true });
    git(dir, ["init", "-q", "-b", "main"]);
    writeFiles(dir, files);
    git(dir, ["add", "-A"]);
    git(dir, ["commit", "-q", "-m", "initial"]);
    return dir;
  }

  cleanup(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [rel, content] of Object.entries(files)) {
    const file = path.join(dir, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
}

const GIT_ENV = {
  GIT_AUTHOR_NAME: "Test",
  GIT_AUTHOR_EMAIL: "test@example.com",
  GIT_COMMITTER_NAME: "Test",
  GIT_COMMITTER_EMAIL: "test@example.com",
  GIT_CONFIG_NOSYSTEM: "1",
};

export function git(cwd: string, args: string[]): string {
  return execFileSync("git", args, { cwd, env: { ...process.env, ...GIT_ENV }, encoding: "utf8" });
}

/** Commits everything in `dir` (a clone or the origin). */
export function commitAll(dir: string, message: string): void {
  git(dir, ["add", "-A"]);
  git(dir, ["commit", "-q", "-m", message]);
}

/** A job with a fresh clone of `origin` as its workspace. */
export function cloneJob(h: ActionsHarness, origin: string, options: JobEnvOptions): JobContext {
  const ctx = h.jobEnv(options);
  git(ctx.workspace, ["clone", "-q", origin, "."]);
  return ctx;
}

export interface StepOptions extends Partial<RunNodeActionOptions> {
  /** Extra variables for this step. */
  stepEnv?: Record<string, string>;
}

/** Runs the action's main step from source (tsx). */
export function runMain(ctx: JobContext, options: StepOptions = {}): Promise<NodeActionResult> {
  const { stepEnv, ...rest } = options;
  return runNodeAction({ entry: SOURCE_MAIN, nodeArgs: tsxNodeArgs(), timeoutMs: 120_000, ...rest, env: { ...ctx.env, ...stepEnv } });
}

/** Runs the action's post step from source (tsx) with the main step's state. */
export function runPost(ctx: JobContext, main: NodeActionResult, options: StepOptions = {}): Promise<NodeActionResult> {
  const { stepEnv, ...rest } = options;
  return runNodeAction({
    entry: SOURCE_POST,
    nodeArgs: tsxNodeArgs(),
    timeoutMs: 120_000,
    state: main.state,
    ...rest,
    env: { ...ctx.env, ...stepEnv },
  });
}

/** Main then post, as a job with one action step. */
export async function runJob(ctx: JobContext, options: StepOptions = {}): Promise<{ main: NodeActionResult; post: NodeActionResult }> {
  const main = await runMain(ctx, options);
  const post = await runPost(ctx, main, { stepEnv: options.stepEnv ?? {}, ...(options.node ? { node: options.node } : {}) });
  return { main, post };
}

/** Only the main step (where a test has nothing to check in the post step). */
export async function runMainOnly(ctx: JobContext, options: StepOptions = {}): Promise<{ main: NodeActionResult }> {
  return { main: await runMain(ctx, options) };
}

/** Artifacts of a workflow run, in upload order. */
export function runArtifacts(h: ActionsHarness, runId: number): HarnessArtifact[] {
  return h.service.store.listRun(runId);
}

/** Downloads an artifact's zip from Azurite and extracts it into a new temporary directory. */
export async function downloadArtifact(h: ActionsHarness, artifact: HarnessArtifact): Promise<string> {
  const url = blobSasUrl(h.azurite, "actions-results", artifact.blobName, "r");
  const res = await fetch(url);
  if (!res.ok) throw new Error(`download of ${artifact.name}: HTTP ${res.status}`);
  const dir = mkdtempSync(path.join(os.tmpdir(), "wave-action-artifact-"));
  const zip = path.join(dir, "artifact.zip");
  writeFileSync(zip, Buffer.from(await res.arrayBuffer()));
  await extractZip(zip, path.join(dir, "content"));
  return path.join(dir, "content");
}

/** A step's diagnostics for assertion messages. */
export function explain(r: NodeActionResult): string {
  return `exit ${r.exitCode} signal ${r.signal}\n--- stdout ---\n${r.stdout.slice(-6000)}\n--- stderr ---\n${r.stderr.slice(-3000)}`;
}

/** The pids listed one per line in `file` (none while it does not exist). */
export function pidsIn(file: string): number[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8").split("\n").filter(Boolean).map(Number);
}

/** Waits until `check` holds, looking every 100 ms; fails naming `what` after `timeoutMs`. */
export async function waitFor(what: string, check: () => boolean, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
