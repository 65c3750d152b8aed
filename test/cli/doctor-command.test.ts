/**
 * `wave doctor` as a process with the machine's real probes: a repository whose agent uses a codex
 * CLI that is not on PATH fails (exit 1) naming it; the JSON says the same as the exit code; a key's
 * value given in the environment is never printed; nothing is written to the repository.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { runCli } from "../helpers/cli.js";
import { agent, tempRepo, waveText } from "../wave/helpers.js";

const SECRET = "sk-doctor-process-0123456789abcdef";

test("wave doctor --json: a missing codex fails with exit 1; no value of a key printed; nothing written", async () => {
  const repo = tempRepo({ "docs/plans/waves/wave-0.md": waveText(0, [agent({ id: "A1", sections: { Executor: ["- id: codex"] } })]) });
  try {
    const emptyBin = path.join(repo.root, "..", `${path.basename(repo.root)}-bin`);
    fs.mkdirSync(emptyBin);
    const before = fs.readdirSync(repo.root).sort();
    const env = { PATH: `${emptyBin}:${path.dirname(process.execPath)}:/usr/bin:/bin`, OPENAI_API_KEY: SECRET };
    const json = await runCli(["doctor", "--json", "--root", repo.root, "--agent-user", "none"], { env, timeoutMs: 120_000 });
    assert.equal(json.code, 1, json.stderr);
    assert.ok(!json.stdout.includes(SECRET) && !json.stderr.includes(SECRET));
    const out = JSON.parse(json.stdout) as { ok: boolean; checks: { name: string; status: string; detail: string; fix?: string }[] };
    assert.equal(out.ok, false);
    const codex = out.checks.find((c) => c.name === "executor codex");
    assert.deepEqual(codex && { status: codex.status, detail: codex.detail }, {
      status: "fail",
      detail: 'codex "codex": not found; needed by wave 0 A1',
    });
    assert.equal(out.checks.find((c) => c.name === "agent user")?.status, "ok");
    for (const c of out.checks) assert.equal(c.status === "ok", c.fix === undefined, `${c.name}: a fix exactly when not ok`);
    const text = await runCli(["doctor", "--root", repo.root, "--agent-user", "none"], { env, timeoutMs: 120_000 });
    assert.equal(text.code, 1);
    assert.match(text.stdout, /^FAIL {2}executor codex +codex "codex": not found; needed by wave 0 A1$/m);
    assert.match(text.stdout, /\nwave doctor: \d+ problems? to fix/);
    assert.deepEqual(fs.readdirSync(repo.root).sort(), before, "doctor writes nothing");
    fs.rmSync(emptyBin, { recursive: true, force: true });
  } finally {
    repo.cleanup();
  }
});

test("as root: a codex CLI in a directory only root may enter fails, said as the agent user's problem (asked of the kernel)", {
  skip: process.getuid?.() !== 0 ? "needs root (asks as another uid)" : false,
}, async () => {
  const repo = tempRepo({ "docs/plans/waves/wave-0.md": waveText(0, [agent({ id: "A1", sections: { Executor: ["- id: codex"] } })]) });
  const privateBin = `${repo.root}-private`;
  try {
    fs.mkdirSync(privateBin, { mode: 0o700 });
    fs.chmodSync(privateBin, 0o700);
    fs.writeFileSync(path.join(privateBin, "codex"), "#!/bin/sh\necho 0.0.1\n", { mode: 0o755 });
    const env = { PATH: `${privateBin}:${path.dirname(process.execPath)}:/usr/bin:/bin`, GITHUB_ACTIONS: "" };
    const r = await runCli(["doctor", "--json", "--root", repo.root], { env, timeoutMs: 120_000 });
    assert.equal(r.code, 1, r.stderr);
    const out = JSON.parse(r.stdout) as { checks: { name: string; status: string; detail: string; fix?: string }[] };
    const codex = out.checks.find((c) => c.name === "executor codex");
    assert.equal(codex?.status, "fail", JSON.stringify(out.checks));
    assert.equal(
      codex?.detail,
      `codex "codex": found at ${path.join(privateBin, "codex")}, but the agent user cannot enter ${privateBin}; needed by wave 0 A1`,
    );
    assert.match(codex?.fix ?? "", /^Agents run as another OS user/);
  } finally {
    fs.rmSync(privateBin, { recursive: true, force: true });
    repo.cleanup();
  }
});
