/**
 * `wave logs` through the real CLI: an agent whose launch.json records a JSON transcript prints
 * the rendered view, `--raw` the log byte for byte, `--follow` the same rendered view while the
 * log grows (events written in pieces). A log whose launch.json records no format renders the
 * lines that are known events; a `text` log prints as stored.
 */
import assert from "node:assert/strict";
import { appendFile, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { implAgent, makeRepo, type TestRepo, wave, writeWave } from "../engine/fixture.js";

const SEPARATOR = "--- wave: A1 attempt 1 (codex) started 2026-11-30T18:20:39.508Z ---";
/** A codex `exec --json` log as the runtime stores it (separator and a stderr line included). */
const CODEX_EVENTS = [
  '{"type":"thread.started","thread_id":"01a22db0-05be-71b3-afd8-6df23f7b3524"}',
  '{"type":"turn.started"}',
  '{"type":"item.started","item":{"id":"item_0","type":"command_execution","command":"/bin/bash -lc \'npm test\'","aggregated_output":"","exit_code":null,"status":"in_progress"}}',
  '{"type":"item.completed","item":{"id":"item_0","type":"command_execution","command":"/bin/bash -lc \'npm test\'","aggregated_output":"1 failing\\n  parser drops the last line\\n","exit_code":1,"status":"failed"}}',
  '{"type":"item.completed","item":{"id":"item_1","type":"file_change","changes":[{"path":"ROOT/src/a1.js","kind":"add"}],"status":"completed"}}',
  '{"type":"item.completed","item":{"id":"item_2","type":"agent_message","text":"Fixed the parser – tests pass now.\\n[wave-proof] completion=contract durability=none proof=unit state=met"}}',
  '{"type":"turn.completed","usage":{"input_tokens":32679,"cached_input_tokens":1024,"output_tokens":77}}',
];
const STDERR_LINE = "2026-11-30T18:26:32.047070Z ERROR codex_core::tools::router: error=patch rejected";

function rendered(): string {
  return [
    "",
    SEPARATOR,
    "· session 01a22db0-05be-71b3-afd8-6df23f7b3524",
    STDERR_LINE,
    "▸ exec_command: /bin/bash -lc 'npm test'",
    "  │ 1 failing",
    "  │   parser drops the last line",
    "  ✗ exit 1",
    "▸ apply_patch: add src/a1.js",
    "Fixed the parser – tests pass now.",
    "[wave-proof] completion=contract durability=none proof=unit state=met",
    "· usage: in 32679 (cached 1024) · out 77",
    "",
  ].join("\n");
}

describe("wave logs renders JSON transcripts", { concurrency: true }, () => {
  let repo: TestRepo;
  let agentsDir: string;
  let rawLog: string;
  let textLog: string;

  const writeAgent = async (id: string, log: string, launch: object | null) => {
    const dir = path.join(agentsDir, id);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, "agent.log"), log);
    if (launch) await writeFile(path.join(dir, "launch.json"), JSON.stringify(launch, null, 2));
    return path.join(dir, "agent.log");
  };

  before(async () => {
    repo = await makeRepo("logs-render");
    await writeWave(repo, 1, [implAgent("A1")]);
    agentsDir = path.join(repo.root, ".wave", "main", "wave-1", "attempt-1", "agents");
    const events = CODEX_EVENTS.map((l) => l.replace("ROOT", repo.root));
    rawLog = `\n${SEPARATOR}\n${events.slice(0, 2).join("\n")}\n${STDERR_LINE}\n${events.slice(2).join("\n")}\n`;
    const launch = { agentId: "A1", executor: "codex", cwd: repo.root, transcript: "codex-json" };
    await writeAgent("A1", rawLog, launch);
    // Older runs: no `transcript` in launch.json, or no launch.json at all.
    await writeAgent("A2", rawLog, { agentId: "A2", executor: "codex", cwd: repo.root });
    await writeAgent("A3", rawLog, null);
    // A text transcript prints as stored, even a line that looks like an event.
    textLog = rawLog.replace("(codex)", "(command)");
    await writeAgent("A4", textLog, { ...launch, agentId: "A4", executor: "command", transcript: "text" });
    await writeFile(path.join(repo.root, ".wave", "main", "wave-1", "attempt-1", "result.json"), "{}");
  });
  after(async () => {
    await repo?.cleanup();
  });

  test("default view, --raw, --follow of a finished run, older runs and text logs", async () => {
    const logs = (id: string, ...flags: string[]) => wave(repo, ["logs", "--wave", "1", "--agent", id, ...flags]);
    const [view, raw, follow, noFormat, noLaunch, text] = await Promise.all([
      logs("A1"),
      logs("A1", "--raw"),
      logs("A1", "--follow"),
      logs("A2"),
      logs("A3"),
      logs("A4"),
    ]);
    for (const r of [view, raw, follow, noFormat, noLaunch, text]) assert.equal(r.code, 0, r.stderr);
    assert.equal(view.stdout, rendered());
    assert.equal(raw.stdout, rawLog);
    assert.equal(raw.stdout, await readFile(path.join(agentsDir, "A1", "agent.log"), "utf8"));
    assert.equal(follow.stdout, rendered());
    // Without a recorded format, each line that is a known event is rendered (without launch.json
    // the work tree is unknown: paths stay absolute).
    assert.equal(noFormat.stdout, rendered());
    assert.equal(noLaunch.stdout, rendered().replace("apply_patch: add src/a1.js", `apply_patch: add ${repo.root}/src/a1.js`));
    assert.equal(text.stdout, textLog);
  });

  test("--follow renders a growing log line by line, events written in pieces", async () => {
    const runDir = path.join(repo.root, ".wave", "main", "wave-2", "attempt-1");
    await writeWave(repo, 2, [implAgent("B1")]);
    const dir = path.join(runDir, "agents", "B1");
    await mkdir(dir, { recursive: true });
    await writeFile(
      path.join(dir, "launch.json"),
      JSON.stringify({ agentId: "B1", executor: "codex", cwd: repo.root, transcript: "codex-json" }),
    );
    const log = path.join(dir, "agent.log");
    await writeFile(log, "");
    const following = wave(repo, ["logs", "--wave", "2", "--agent", "B1", "--follow"]);
    const events = CODEX_EVENTS.map((l) => l.replace("ROOT", repo.root));
    const pieces = [`\n${SEPARATOR}\n${events[0]!.slice(0, 20)}`, `${events[0]!.slice(20)}\n${events[1]}\n`, `${STDERR_LINE}\n`];
    for (const e of events.slice(2)) pieces.push(e.slice(0, 33), `${e.slice(33)}\n`);
    for (const piece of pieces) {
      await appendFile(log, piece);
      await sleep(20);
    }
    await writeFile(path.join(runDir, "result.json"), "{}");
    const r = await following;
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, rendered());
  });
});
