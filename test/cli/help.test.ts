/**
 * `--help` and `-h` of every `wave` command: exit 0, a usage line, the command's flags (from its
 * flag table) with defaults, examples and exit codes, and no side effect at all. The repository
 * given with --root has a wave whose `command` agent would leave a file behind if it ever started,
 * and the command runs in an empty directory: nothing may appear in either.
 */
import assert from "node:assert/strict";
import { existsSync, promises as fs, readdirSync } from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import type { CommandHelp } from "../../src/cli/help.js";
import { publicCommands } from "../../src/cli/commands.js";
import { runCli as runCliInProcess } from "../../src/cli/main.js";
import { cliEnv, implAgent, makeRepo, starts, type TestRepo, writeWave } from "../engine/fixture.js";
import { runCli } from "../helpers/cli.js";

/** The commands whose --help runs as a real process (the others run in this process, same dispatch). */
const AS_PROCESS = new Set(["run", "rehearse", "demo", "coord post", "feedback ask"]);

/** Every public command and flags its help must list (besides what its flag table holds). */
const EXPECTED: Record<string, string[]> = {
  validate: ["--wave", "--format", "--json", "--root", "--config", "--lane", "--state-dir"],
  plan: ["--waves", "--format", "--json", "--root"],
  run: [
    "--wave",
    "--waves",
    "--rerun",
    "--project",
    "--executor",
    "--dry-run",
    "--timeout-minutes",
    "--resume",
    "--agent-user",
    "--format",
    "--json",
    "--root",
  ],
  rehearse: ["--wave", "--variant", "--dry-run", "--format", "--json", "--root"],
  status: ["--wave", "--watch", "--format", "--json", "--root"],
  wait: ["--wave", "--timeout-minutes", "--project", "--format", "--json", "--root"],
  logs: ["--wave", "--agent", "--follow", "--raw", "--attempt", "--root"],
  "coord post": ["--kind", "--summary", "--detail", "--target", "--blocking"],
  "coord inbox": [],
  "feedback ask": ["--question", "--context", "--wait", "--timeout-minutes"],
  "feedback answer": ["--project", "--root"],
  "feedback list": ["--all", "--wave", "--agent", "--project", "--json", "--root"],
  "feedback show": ["--id", "--project", "--json", "--root"],
  doctor: ["--executor", "--agent-user", "--project", "--format", "--json", "--root", "--state-dir"],
  init: ["--strict", "--executor", "--root"],
  demo: ["--dir", "--format", "--json"],
};

/** The full help of every public command, its summary from the command table (loads every command module). */
async function loadCommandHelps(): Promise<CommandHelp[]> {
  const helps: CommandHelp[] = [];
  for (const c of publicCommands()) {
    const { help } = await c.load();
    if (help) helps.push({ ...help, summary: c.summary });
  }
  return helps;
}

let repo: TestRepo;
/** Every public command's full help (the command modules loaded once). */
let helps: CommandHelp[];
let marker: string;
let cwd: string;
let tmp: string;

before(async () => {
  helps = await loadCommandHelps();
  repo = await makeRepo("help");
  marker = path.join(repo.ext, "agent-started");
  await writeWave(repo, 0, [implAgent("A1", { touch: marker })]);
  cwd = path.join(repo.base, "empty");
  tmp = path.join(repo.base, "tmp");
  await fs.mkdir(cwd);
  await fs.mkdir(tmp);
});

after(async () => {
  await repo.cleanup();
});

/** The same dispatcher as the binary, in this process, with the empty directory as cwd. */
async function inProcess(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await runCliInProcess(argv, {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    env: cliEnv({ TMPDIR: tmp }),
    cwd,
    isTty: false,
    columns: 100,
  });
  return { code, stdout, stderr };
}

function assertNoSideEffect(what: string): void {
  assert.equal(existsSync(marker), false, `${what}: an agent started`);
  assert.deepEqual(starts(repo), [], `${what}: an agent started`);
  assert.equal(existsSync(path.join(repo.root, ".wave")), false, `${what}: a state directory was created`);
  assert.deepEqual(readdirSync(cwd), [], `${what}: the working directory changed`);
  assert.deepEqual(
    readdirSync(tmp).filter((f) => f.startsWith("wave-")),
    [],
    `${what}: something was created in the temporary directory`,
  );
}

function assertHelp(command: string, r: { code: number | null; stdout: string; stderr: string }, what: string): void {
  assert.equal(r.code, 0, `${what}: ${r.stderr}`);
  assert.match(r.stdout, new RegExp(`^Usage: wave ${command}\\b`), what);
  assert.match(r.stdout, /^Examples:\n {2}wave /m, what);
  assert.match(r.stdout, /^Exit codes:\n {2}0 /m, what);
  assert.equal(r.stderr, "", what);
  for (const flag of EXPECTED[command]!) assert.match(r.stdout, new RegExp(`^\\s+(-\\w, )?${flag}\\b`, "m"), `${what}: lists ${flag}`);
  const table = helps.find((h) => h.name === command)!;
  for (const [name, spec] of Object.entries(table.options)) {
    // The description follows on the same line, or on the next one after a long flag.
    const description = spec.description.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    assert.match(r.stdout, new RegExp(`^\\s+(-\\w, )?--${name}\\b.*(\\n\\s+)?${description}`, "m"), `${what}: --${name}`);
    if (spec.defaultText) assert.ok(r.stdout.includes(`(default: ${spec.defaultText})`), `${what}: default of --${name}`);
  }
}

describe("--help and -h", { concurrency: 4 }, () => {
  test("the help lists exactly the public commands", () => {
    assert.deepEqual(helps.map((h) => h.name).sort(), Object.keys(EXPECTED).sort());
    assert.deepEqual(
      publicCommands()
        .map((c) => c.name)
        .sort(),
      Object.keys(EXPECTED).sort(),
    );
  });

  test("each command's help is the one its table entry names, and a summary it carries is the table's", async () => {
    for (const c of publicCommands()) {
      const { help } = await c.load();
      assert.equal(help?.name, c.name);
      if (help?.summary !== undefined) assert.equal(help.summary, c.summary, `${c.name}: the summary in its help differs from the table's`);
    }
  });

  test("a command's exit codes and examples name only flags it takes (demo listed run's --dry-run)", () => {
    const globals = ["root", "config", "lane", "state-dir", "help"];
    for (const h of helps) {
      const takes = new Set([...Object.keys(h.options), ...(h.globals ? globals : ["help"])]);
      for (const line of [...h.exitCodes, ...h.examples.map((e) => e.replace(/#.*$/, ""))]) {
        for (const [, flag] of line.matchAll(/--([a-z][a-z0-9-]*)/g)) {
          assert.ok(takes.has(flag!), `wave ${h.name} --help: "${line.trim()}" names --${flag}, which wave ${h.name} does not take`);
        }
      }
    }
  });

  for (const command of Object.keys(EXPECTED)) {
    test(`wave ${command} --help and -h in an empty directory: help, exit 0, nothing else`, async () => {
      // The flags a real invocation would take come first: help must win over all of them.
      const args = [...command.split(" "), "--wave", "0", "--help", "--root", repo.root];
      const long = AS_PROCESS.has(command) ? await runCli(args, { cwd, env: cliEnv({ TMPDIR: tmp }) }) : await inProcess(args);
      assertHelp(command, long, `${command} --help`);
      assertNoSideEffect(`${command} --help`);
      const short = await inProcess([...command.split(" "), "-h", "--root", repo.root]);
      assertHelp(command, short, `${command} -h`);
      assert.equal(short.stdout, long.stdout);
      assertNoSideEffect(`${command} -h`);
    });
  }

  test("the issue's case: run --wave 0 --help --root <repo> starts nothing; validate/plan --help need no waves", async () => {
    const [run, validate, plan] = await Promise.all([
      inProcess(["run", "--wave", "0", "--help", "--root", repo.root]),
      inProcess(["validate", "--help"]),
      inProcess(["plan", "-h"]),
    ]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^Usage: wave run --wave N/);
    assert.match(run.stdout, /--timeout-minutes M\s+deadline per agent \(default: 60\)/);
    assert.equal(validate.code, 0, validate.stderr);
    assert.doesNotMatch(validate.stdout + validate.stderr, /not found/);
    assert.match(validate.stdout, /--format text\|json\|github/);
    assert.equal(plan.code, 0, plan.stderr);
    assert.match(plan.stdout, /^Usage: wave plan /);
    assertNoSideEffect("run/validate/plan --help");
  });

  test("wave --help, wave help, wave help <command>, wave coord --help; bare wave lists the commands too", async () => {
    const overview = inProcess;
    const [long, short, word, bare, helpRun, helpCoord, coordHelp, coordBare] = await Promise.all([
      overview(["--help"]),
      overview(["-h"]),
      overview(["help"]),
      overview([]),
      overview(["help", "run"]),
      overview(["help", "coord", "post"]),
      overview(["coord", "--help"]),
      overview(["coord"]),
    ]);
    for (const r of [long, short, word]) {
      assert.equal(r.code, 0);
      for (const h of helps)
        assert.match(
          r.stdout,
          new RegExp(`^ {2}${h.name} +${h.summary!.slice(0, 10).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "m"),
          h.name,
        );
      assert.match(r.stdout, /^Usage: wave <command> \[options\]$/m);
    }
    assert.equal(bare.code, 2, "no command is a usage error");
    assert.equal(bare.stdout, long.stdout);
    assert.equal(helpRun.code, 0);
    assert.match(helpRun.stdout, /^Usage: wave run --wave N/);
    assert.equal(helpCoord.code, 0);
    assert.match(helpCoord.stdout, /^Usage: wave coord post /);
    assert.equal(coordHelp.code, 0);
    // `wave coord --help` shows every coord sub-command, post first.
    assert.ok(coordHelp.stdout.startsWith(helpCoord.stdout), coordHelp.stdout);
    assert.match(coordHelp.stdout, /^Usage: wave coord inbox/m);
    assert.equal(coordBare.code, 2);
    assert.match(coordBare.stderr, /missing sub-command \(wave coord post, wave coord inbox\)/);
    assertNoSideEffect("overviews");
  });
});
