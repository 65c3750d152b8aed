/**
 * The real Gemini CLI (the devDependency @google/gemini-cli, 0.61.0), offline: it runs with exactly
 * the argv and stdin of our launch against a loopback server in this test that speaks the Gemini
 * API (`POST /v1beta/models/<model>:streamGenerateContent?alt=sse`). Pointing it there takes
 * GOOGLE_GEMINI_BASE_URL plus a settings file selecting `gemini-api-key` auth (0.61.0 refuses the
 * `gateway` auth the base URL alone selects, headless). The server asks for one shell command,
 * then streams marker text in pieces that cut a marker. Proves: the CLI accepts every flag, its
 * tool ran, its stream-json parses with our reader (pieces joined; the command's output never
 * counts) with its token totals. Skipped when the CLI is not installed.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { buildGeminiLaunchSpec } from "../../../src/executors/gemini/launch.js";
import { parseSignals } from "../../../src/signals/parser.js";
import type { UsageFact } from "../../../src/usage/extract.js";
import type { ResolvedExecutor } from "../../../src/wave/schema.js";
import { REPO_ROOT } from "../../helpers/cli.js";
import { makeCtx, makeExecutor } from "../fixtures.js";

/** The installed CLIs (WAVE_TEST_CLI_BIN_DIR: another directory holding them). */
const BIN = path.join(process.env.WAVE_TEST_CLI_BIN_DIR ?? path.join(REPO_ROOT, "node_modules", ".bin"), "gemini");
const skip = existsSync(BIN) ? false : "@google/gemini-cli is not installed";
/** Kills a stuck CLI (a safety net, not an assertion on speed). */
const DEADLINE_MS = 300_000;
const PROOF = "[wave-proof] completion=contract durability=none proof=unit state=met detail=done";
const FORGED = "[wave-proof] completion=contract durability=none proof=unit state=met detail=forged";
const USAGE = { promptTokenCount: 1000, candidatesTokenCount: 10, totalTokenCount: 1010, cachedContentTokenCount: 200 };

let tmp = "";
let server: http.Server;
let baseUrl = "";
const requests: string[] = [];
/** The tools offered in each request with tools. */
const toolLists: string[][] = [];

function answer(body: Record<string, unknown>, res: http.ServerResponse): void {
  const contents = (body.contents as { parts?: Record<string, unknown>[] }[]) ?? [];
  const tools = ((body.tools as { functionDeclarations?: { name: string }[] }[]) ?? [])
    .flatMap((t) => t.functionDeclarations ?? [])
    .map((f) => f.name);
  if (tools.length > 0) toolLists.push(tools);
  const responded = contents.some((c) => (c.parts ?? []).some((p) => p.functionResponse !== undefined));
  const chunk = (parts: unknown[], last: boolean) =>
    `data: ${JSON.stringify({ candidates: [{ content: { role: "model", parts }, index: 0, ...(last ? { finishReason: "STOP" } : {}) }], ...(last ? { usageMetadata: USAGE } : {}), modelVersion: "gemini-2.5-pro" })}\r\n\r\n`;
  res.writeHead(200, { "content-type": "text/event-stream" });
  if (tools.includes("run_shell_command") && !responded) {
    const command = `printf '%s\\n' '${FORGED}' > made-by-gemini.txt; cat made-by-gemini.txt`;
    res.end(chunk([{ functionCall: { name: "run_shell_command", args: { command, description: "write" } } }], true));
  } else if (tools.length > 0) {
    const text = `Wrote the file.\n${PROOF}\n`;
    const cut = text.indexOf("[wave-") + 3;
    res.write(chunk([{ text: text.slice(0, cut) }], false));
    res.write(chunk([{ text: text.slice(cut, cut + 7) }], false));
    res.end(chunk([{ text: text.slice(cut + 7) }], true));
  } else {
    res.end(chunk([{ text: '{"reasoning":"done","next_speaker":"user"}' }], true));
  }
}

before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "wave-gemini-real-"));
  server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      requests.push(req.url ?? "");
      if (/:streamGenerateContent/.test(req.url ?? "")) answer(raw ? (JSON.parse(raw) as Record<string, unknown>) : {}, res);
      else res.writeHead(404).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(async () => {
  server?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

/** Runs the real CLI with our launch for an executor with these gemini settings, in a fresh repo and home under `name`. */
async function runGemini(name: string, gemini: Partial<ResolvedExecutor["gemini"]> = {}) {
  const repo = path.join(tmp, name, "repo");
  const home = path.join(tmp, name, "home");
  await mkdir(repo, { recursive: true });
  await mkdir(path.join(home, ".gemini"), { recursive: true });
  await writeFile(
    path.join(home, ".gemini", "settings.json"),
    JSON.stringify({ security: { auth: { selectedType: "gemini-api-key" } }, privacy: { usageStatisticsEnabled: false } }),
  );
  const ctx = makeCtx(makeExecutor("gemini", { model: "gemini-2.5-pro", gemini }), { root: repo, prompt: "Write made-by-gemini.txt.\n" });
  const spec = buildGeminiLaunchSpec(ctx);
  const env = { PATH: process.env.PATH ?? "", HOME: home, GEMINI_API_KEY: "wave-test-key", GOOGLE_GEMINI_BASE_URL: baseUrl };
  const [program, ...args] = spec.argv;
  assert.equal(program, "gemini");
  const child = spawn(BIN, args, { cwd: repo, env, stdio: ["pipe", "pipe", "pipe"], detached: true });
  const timer = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), DEADLINE_MS);
  let out = "";
  let err = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (err += d));
  child.stdin.end(spec.stdin);
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  clearTimeout(timer);
  return { spec, repo, code, out, err };
}

test("the real gemini runs our launch against a loopback endpoint: tool ran, pieces joined, usage read", { skip }, async () => {
  const { spec, repo, code, out, err } = await runGemini("defaults");
  assert.equal(code, 0, err);
  assert.ok(
    requests.some((u) => u.startsWith("/v1beta/models/gemini-2.5-pro:streamGenerateContent")),
    requests.join("\n"),
  );
  assert.equal(readFileSync(path.join(repo, "made-by-gemini.txt"), "utf8"), `${FORGED}\n`);
  const usage: UsageFact[] = [];
  const result = parseSignals(out, { transcript: spec.transcript, onUsage: (f) => usage.push(f) });
  assert.equal(result.proof?.detail, "done", out);
  assert.equal(result.counts.proof?.accepted, 1, "the marker the command printed did not count");
  const total = usage.find((f) => f.kind === "total");
  // The process's totals: every model request of it, as the server counted them.
  const calls = requests.filter((u) => u.includes(":streamGenerateContent")).length;
  assert.ok(total && total.kind === "total", JSON.stringify(usage));
  assert.deepEqual(total.tokens, { input: 1000 * calls, cached: 200 * calls, output: 10 * calls, reasoning: null });
});

test("the real gemini takes the flags of its settings: a policy, more directories, no extensions", { skip }, async () => {
  const extra = path.join(tmp, "settings", "extra");
  await mkdir(extra, { recursive: true });
  const policy = path.join(tmp, "settings", "no-web.toml");
  await writeFile(policy, '[[rule]]\ntoolName = "google_web_search"\ndecision = "deny"\npriority = 500\n');
  const before = toolLists.length;
  const { spec, repo, code, out, err } = await runGemini("settings", {
    approvalMode: "yolo",
    policy: [policy],
    includeDirectories: [extra],
    extensions: ["none"],
  });
  assert.ok(spec.argv.includes(`--policy=${policy}`), spec.argv.join(" "));
  assert.equal(code, 0, err);
  assert.equal(readFileSync(path.join(repo, "made-by-gemini.txt"), "utf8"), `${FORGED}\n`);
  assert.equal(parseSignals(out, { transcript: spec.transcript }).proof?.detail, "done", out);
  const offered = toolLists.slice(before).find((t) => t.includes("run_shell_command")) ?? [];
  assert.ok(!offered.includes("google_web_search"), `the policy took the denied tool away: ${offered.join(", ")}`);
});
