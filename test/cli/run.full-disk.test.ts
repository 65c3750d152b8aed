/**
 * A full disk cannot keep a run from its final records: with the state directory on a small
 * tmpfs that an agent fills up, `wave run` still writes result.json and gates.json (from the space
 * the run reserved when it started), reports the run, and leaves no reserve file behind; the state
 * upload, staged on that disk, still goes up (without the logs, which no longer fit).
 * Needs to mount a tmpfs (root with CAP_SYS_ADMIN); skipped with the reason otherwise.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, promises as fs, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { LOG_LEFT_OUT_LINE, uploadRunState } from "../../src/action/state-artifact.js";
import { LocalArtifactStore } from "../helpers/local-store.js";
import { DOC_DELTA, implAgent, makeRepo, PROOF, runDirOf, wave, writeWave } from "../engine/fixture.js";

/** Prints 6 MiB, then fills the disk under `.wave` with a file, 1 MiB at a time, until it is full; then prints its markers. */
const FILL_SCRIPT = `
import { closeSync, existsSync, openSync, statSync, writeSync } from "node:fs";
// 6 MiB of output first: more than the space the run gives back when it ends.
for (let i = 0; i < 6; i++) process.stdout.write(Buffer.alloc(1 << 20, "output line\\n"));
// ... and in the log (written by the orchestrator) before the disk is filled.
const log = ".wave/main/wave-1/attempt-1/agents/A1/agent.log";
while (!existsSync(log) || statSync(log).size < 6 << 20) await new Promise((r) => setTimeout(r, 20));
const fd = openSync(".wave/filler.bin", "w");
const block = Buffer.alloc(1 << 20, 7);
let full = false;
while (!full) {
  try {
    writeSync(fd, block);
  } catch (error) {
    if (error.code !== "ENOSPC") throw error;
    full = true;
  }
}
closeSync(fd);
console.log(process.argv.slice(2).join("\\n"));
`;

/** Mounts a tmpfs of `size` at `dir`; the reason when it cannot be mounted. */
function mountTmpfs(dir: string, size: string): string | null {
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${size},mode=0700`, "tmpfs", dir], { stdio: "pipe" });
    return null;
  } catch (error) {
    return `cannot mount a tmpfs here (needs root with CAP_SYS_ADMIN): ${String((error as { stderr?: Buffer }).stderr ?? error).trim()}`;
  }
}

test("an agent fills the disk: result.json and gates.json are still written and the run is reported", async (t) => {
  const repo = await makeRepo("full-disk");
  const stateDir = path.join(repo.root, ".wave");
  await fs.mkdir(stateDir, { recursive: true });
  const problem = mountTmpfs(stateDir, "20m");
  if (problem) {
    await repo.cleanup();
    t.skip(problem);
    return;
  }
  try {
    const script = path.join(repo.ext, "fill.mjs");
    await fs.writeFile(script, FILL_SCRIPT);
    const a1 = implAgent("A1");
    a1.executorLines = ["- id: command", `- command: ${process.execPath} ${script} "${PROOF}" "${DOC_DELTA}"`];
    await writeWave(repo, 1, [a1]);

    const r = await wave(repo, ["run", "--wave", "1"]);
    const runDir = runDirOf(repo, 1, 1);
    // The run stops where the full disk stopped it (an agent's records could not be written), and
    // says so; its final records are written all the same.
    assert.ok(existsSync(path.join(stateDir, "filler.bin")), "the agent filled the disk");
    const result = JSON.parse(readFileSync(path.join(runDir, "result.json"), "utf8"));
    assert.equal(result.wave, 1);
    assert.equal(result.status, "failed");
    assert.equal(result.failure.stage, "orchestrator", "a full disk is no preflight failure");
    assert.match(result.failure.detail, /ENOSPC/);
    assert.ok(
      result.agents.some((a: { id: string }) => a.id === "A1"),
      "result.json records the agent",
    );
    assert.ok(Array.isArray(JSON.parse(readFileSync(path.join(runDir, "gates.json"), "utf8"))), "gates.json is written");
    assert.equal(JSON.parse(readFileSync(path.join(runDir, "progress.json"), "utf8")).phase, "finished");
    assert.match(r.stderr, /no space left on device/, "the run says why it stopped");
    assert.match(r.stdout, /wave failed/, "the run is reported");
    assert.deepEqual(
      readdirSync(runDir).filter((f) => f.includes("reserve")),
      [],
      "the reserve is given back",
    );

    // The state upload: staged on the same full disk, the logs do not fit; the records still go up.
    const store = new LocalArtifactStore(path.join(repo.base, "store"));
    const uploaded = await uploadRunState({
      store,
      runDir,
      root: repo.root,
      prefix: "wave",
      lane: "main",
      wave: 1,
      runAttempt: 1,
      retentionDays: undefined,
      secrets: [],
      env: {},
      tempDir: stateDir,
    });
    assert.equal(uploaded.logsLeftOut, true);
    const files = path.join(store.dir, uploaded.name, "files");
    assert.deepEqual(JSON.parse(readFileSync(path.join(files, "result.json"), "utf8")), result);
    assert.ok(existsSync(path.join(files, "gates.json")));
    assert.equal(readFileSync(path.join(files, "agents", "A1", "agent.log"), "utf8"), `${LOG_LEFT_OUT_LINE}\n`);
    assert.deepEqual(
      readdirSync(stateDir).filter((f) => f.startsWith("wave-upload-")),
      [],
      "no staging directory is left behind",
    );
  } finally {
    execFileSync("umount", [stateDir]);
    await repo.cleanup();
  }
});
