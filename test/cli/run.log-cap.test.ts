/**
 * `logs.maxBytes` through `wave run`: an agent that floods its output gets a log of at most the cap
 * (its head and its tail) plus one line naming the bytes left out, and the markers it prints at the
 * very end of the flood still count (the cap is on what is stored, not on what is parsed).
 */
import assert from "node:assert/strict";
import { promises as fs, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { agentOf, contQaAgent, DOC_DELTA, implAgent, makeRepo, PROOF, readResult, runDirOf, wave, writeWave } from "../engine/fixture.js";

const MIB = 1024 * 1024;
const CAP = MIB;
const FLOOD_BLOCKS = 40;

/** 40 MiB of numbered 16-byte lines ("flood 000000001\n"), then the markers. */
const FLOOD_SCRIPT = `
const markers = process.argv.slice(2).join("\\n") + "\\n";
let line = 0;
const block = () => {
  const b = Buffer.alloc(${MIB});
  for (let off = 0; off < b.length; off += 16) b.write("flood " + String(line++).padStart(9, "0") + "\\n", off, "latin1");
  return b;
};
let n = 0;
const go = () => {
  while (n < ${FLOOD_BLOCKS}) {
    n++;
    if (!process.stdout.write(block())) return void process.stdout.once("drain", go);
  }
  process.stdout.write(markers);
};
go();
`;

test("a flooding agent: the log keeps head and tail within logs.maxBytes, says what was left out, and its last markers count", async () => {
  const repo = await makeRepo("log-cap");
  try {
    await fs.writeFile(
      path.join(repo.root, "wave.config.json"),
      JSON.stringify({
        version: 1,
        logs: { maxBytes: CAP },
        validation: {
          requiredPromptReferences: [],
          requireDocumentationStewardFromWave: null,
          requireIntegrationStewardFromWave: null,
          requireComponentPromotionsFromWave: null,
          requireAgentComponentsFromWave: null,
        },
      }),
    );
    const script = path.join(repo.ext, "flood.mjs");
    await fs.writeFile(script, FLOOD_SCRIPT);
    const a1 = implAgent("A1");
    // The deliverable is committed beforehand: the flooding agent only prints.
    await fs.mkdir(path.join(repo.root, "src"), { recursive: true });
    await fs.writeFile(path.join(repo.root, "src", "a1.js"), "export const a1 = 1;\n");
    a1.executorLines = ["- id: command", `- command: ${process.execPath} ${script} "${PROOF}" "${DOC_DELTA}"`];
    // With a config, cont-QA imports its role prompt.
    await fs.mkdir(path.join(repo.root, "docs", "agents"), { recursive: true });
    await fs.writeFile(
      path.join(repo.root, "docs", "agents", "wave-cont-qa-role.md"),
      "# cont-QA\n\n## Standing prompt\n\n```text\nReview the wave.\n```\n",
    );
    const contQa = { ...contQaAgent(1), moreExecutorLines: ["", "### Role prompts", "", "- docs/agents/wave-cont-qa-role.md"] };
    await writeWave(repo, 1, [a1, contQa]);

    const r = await wave(repo, ["run", "--wave", "1"]);
    assert.equal(r.code, 0, `${r.stdout}\n${r.stderr}`);
    const result = readResult(repo, 1, 1);
    assert.equal(result.status, "passed");
    assert.equal(agentOf(result, "A1").status, "succeeded");

    const agentDir = path.join(runDirOf(repo, 1, 1), "agents", "A1");
    const logFile = path.join(agentDir, "agent.log");
    const log = readFileSync(logFile, "latin1");
    // The notice is on a line of its own (a newline starts it when the head ends inside a line).
    const notice = /\n?^\[wave\] (\d+) bytes of output were left out here \(logs\.maxBytes = 1048576\)\n/m.exec(log);
    assert.ok(notice, "the log says where output was left out");
    const [noticeLine, leftOut] = notice;
    assert.ok(statSync(logFile).size <= CAP + noticeLine.length, `the log is within the cap plus the notice (${statSync(logFile).size})`);
    const markers = `${PROOF}\n${DOC_DELTA}\n`;
    const floodBytes = FLOOD_BLOCKS * MIB + markers.length;
    const head = log.slice(0, notice.index);
    const tail = log.slice(notice.index + noticeLine.length);
    // What the log holds of the agent's output, and what it left out, add up to all of it.
    const separator = head.slice(0, head.indexOf("flood 000000000"));
    assert.match(separator, /^\n?--- wave: A1 attempt 1 \(command\) started .* ---\n$/);
    assert.equal(head.length - separator.length + tail.length + Number(leftOut), floodBytes, "head + tail + left out = the output");
    assert.ok(head.startsWith(`${separator}flood 000000000\nflood 000000001\n`), "the head is the start of the output");
    assert.ok(tail.endsWith(`flood ${String((FLOOD_BLOCKS * MIB) / 16 - 1).padStart(9, "0")}\n${markers}`), "the tail is its end");
    assert.equal(head.length + tail.length, CAP, "head and tail fill the cap");
    assert.deepEqual(
      readdirSync(agentDir).filter((f) => f.includes("tail")),
      [],
      "no tail file is left behind",
    );
  } finally {
    await repo.cleanup();
  }
});
