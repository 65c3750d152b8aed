/**
 * `wave logs` through the real CLI, with a log an attacker wrote: the clipboard write (OSC 52),
 * screen clearing, a hidden link (OSC 8), a window title, the one-character CSI, a carriage return
 * that overwrites a failure, bidi controls and a byte that is not UTF-8. What it prints (to a pipe
 * or a terminal, `--follow` too) shows all of it as text; `--raw` gives the exact bytes to a pipe
 * and refuses a terminal.
 */
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { appendFile, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { CLI_ARGV, cliEnv, implAgent, makeRepo, type TestRepo, writeWave } from "../engine/fixture.js";
import { REPO_ROOT } from "../helpers/cli.js";

/** The log's bytes (latin1: one character, one byte), one attack a line. */
const ATTACK_BYTES = [
  "clipboard \x1b]52;c;ZWNobyBwd25lZA==\x07\n",
  "clear \x1b[2J\x1b[H\n",
  "link \x1b]8;;https://evil.example/\x1b\\docs\x1b]8;;\x1b\\\n",
  "title \x1b]0;wave: all passed\x07\n",
  "csi \xc2\x9b2J\n", // U+009B in UTF-8
  "tests: 3 FAILED\rtests: all passed\r\n",
  "bidi \xe2\x80\xaegnp.exe\xe2\x80\xac\n", // U+202E ... U+202C
  "bad \xff byte, ünï\n".replace("ünï", "\xc3\xbcn\xc3\xaf"),
].join("");
const ATTACK = Buffer.from(ATTACK_BYTES, "latin1");

/** What `wave logs` shows of it. */
const SHOWN = [
  "clipboard ^[]52;c;ZWNobyBwd25lZA==^G",
  "clear ^[[2J^[[H",
  "link ^[]8;;https://evil.example/^[\\docs^[]8;;^[\\",
  "title ^[]0;wave: all passed^G",
  "csi <U+009B>2J",
  "tests: 3 FAILED^Mtests: all passed",
  "bidi <U+202E>gnp.exe<U+202C>",
  "bad \ufffd byte, ünï",
  "",
].join("\n");

/** Bytes a terminal acts on: C0 controls but tab and newline, DEL, and the UTF-8 of C1 and bidi controls. */
function assertInert(text: string, what: string): void {
  assert.doesNotMatch(text, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/, what);
}

interface ByteResult {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

/** `wave <args> --root <repo>` with stdout kept as bytes. */
function waveBytes(repo: TestRepo, args: string[]): Promise<ByteResult> {
  const [bin, ...pre] = CLI_ARGV as [string, ...string[]];
  const child = spawn(bin, [...pre, ...args, "--root", repo.root], { cwd: REPO_ROOT, env: cliEnv(), stdio: ["ignore", "pipe", "pipe"] });
  const out: Buffer[] = [];
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => out.push(d));
  child.stderr.on("data", (d) => (stderr += d));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout: Buffer.concat(out), stderr }));
  });
}

const hasScript = existsSync("/usr/bin/script");

/**
 * `wave logs --wave 1 --agent A1 [flags]` on a pseudo-terminal (util-linux `script`). The command
 * line is constant; what varies comes in through the environment. Output as the terminal got it.
 */
function onTerminal(repo: TestRepo, raw: boolean): { status: number | null; output: string } {
  const [node, cli] = CLI_ARGV as [string, string];
  const command = `exec "$T_NODE" "$T_CLI" logs --wave 1 --agent A1 $T_RAW --root "$T_ROOT"`;
  const child = spawnSync("script", ["-qfec", command, "/dev/null"], {
    cwd: REPO_ROOT,
    env: { ...cliEnv(), TERM: "xterm", T_NODE: node, T_CLI: cli, T_ROOT: repo.root, T_RAW: raw ? "--raw" : "" },
    encoding: "latin1",
    timeout: 60_000,
    input: "",
  });
  // The terminal turns each newline into CR LF.
  return { status: child.status, output: Buffer.from(child.stdout, "latin1").toString("utf8").replace(/\r\n/g, "\n") };
}

describe("wave logs shows an attacker's log as text", { concurrency: true }, () => {
  let repo: TestRepo;
  let agentDir: (wave: number, id: string) => string;

  const writeAgent = async (wave: number, id: string, log: Buffer) => {
    const dir = agentDir(wave, id);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, "agent.log"), log);
    await writeFile(
      path.join(dir, "launch.json"),
      JSON.stringify({ agentId: id, executor: "command", cwd: repo.root, transcript: "text" }),
    );
    return path.join(dir, "agent.log");
  };

  before(async () => {
    repo = await makeRepo("logs-terminal-safe");
    await writeWave(repo, 1, [implAgent("A1")]);
    agentDir = (wave, id) => path.join(repo.root, ".wave", "main", `wave-${wave}`, "attempt-1", "agents", id);
    await writeAgent(1, "A1", ATTACK);
    await writeFile(path.join(repo.root, ".wave", "main", "wave-1", "attempt-1", "result.json"), "{}");
  });
  after(async () => {
    await repo?.cleanup();
  });

  test("to a pipe: every control shown as text; --raw gives the exact bytes", async () => {
    const [shown, raw] = await Promise.all([
      waveBytes(repo, ["logs", "--wave", "1", "--agent", "A1"]),
      waveBytes(repo, ["logs", "--wave", "1", "--agent", "A1", "--raw"]),
    ]);
    assert.equal(shown.code, 0, shown.stderr);
    assert.equal(shown.stdout.toString("utf8"), SHOWN);
    assertInert(shown.stdout.toString("utf8"), "nothing a terminal acts on");
    assert.equal(raw.code, 0, raw.stderr);
    assert.ok(raw.stdout.equals(ATTACK), `--raw is byte for byte:\n${raw.stdout.toString("latin1")}`);
  });

  test("on a terminal: shown as text; --raw refuses with exit 2 and writes none of the log", {
    skip: !hasScript && "util-linux script is not installed",
  }, () => {
    const shown = onTerminal(repo, false);
    assert.equal(shown.status, 0, shown.output);
    assert.equal(shown.output, SHOWN);
    const raw = onTerminal(repo, true);
    assert.equal(raw.status, 2, raw.output);
    assert.match(raw.output, /--raw .*will not write it to a terminal: pipe or redirect it/);
    assert.doesNotMatch(raw.output, /ZWNobyBwd25lZA|evil\.example/);
    assertInert(raw.output, "nothing a terminal acts on");
  });

  test("--follow: a sequence, a CR LF pair and UTF-8 characters cut between appends are shown as of the whole", async () => {
    await writeWave(repo, 2, [implAgent("B1")]);
    const log = await writeAgent(2, "B1", Buffer.alloc(0));
    const following = waveBytes(repo, ["logs", "--wave", "2", "--agent", "B1", "--follow"]);
    // Cut inside the OSC 52, inside `\x1b[2J` right after the ESC, inside the two bytes of
    // U+009B, between CR and LF, inside the three of U+202E and inside ü.
    const at = (bytes: string, plus: number) => ATTACK_BYTES.indexOf(bytes) + plus;
    const cuts = [at("]52;", 2), at("\x1b[2J", 1), at("\xc2\x9b", 1), at("\r\n", 1), at("\xe2\x80\xae", 2), at("\xc3\xbc", 1)];
    assert.ok(
      cuts.every((c, i) => c > 0 && (i === 0 || c > cuts[i - 1]!)),
      "the cuts are in the log, in order",
    );
    let from = 0;
    for (const at of [...cuts, ATTACK.length]) {
      await appendFile(log, ATTACK.subarray(from, at));
      from = at;
      await sleep(20);
    }
    await writeFile(path.join(repo.root, ".wave", "main", "wave-2", "attempt-1", "result.json"), "{}");
    const r = await following;
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout.toString("utf8"), SHOWN);
  });
});
