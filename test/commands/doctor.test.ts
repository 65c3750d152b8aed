/**
 * `wave doctor`'s checks (commands/doctor.ts) against stand-in probes of the machine and real files:
 * a repository whose agents use codex and claude, fake CLIs on a PATH of the test's own, and an
 * agent user the probes answer for. What each check says, its status, its fix, the exit code — and
 * that it never prints a key's value, never creates a user and asks the kernel as the right identity.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, test } from "node:test";
import { fileURLToPath } from "node:url";
import {
  type DoctorCheck,
  doctorChecks,
  doctorExitCode,
  type DoctorOptions,
  type DoctorProbes,
  type Identity,
  MIN_NODE_MAJOR,
  nodeCheck,
  renderDoctorJson,
  renderDoctorText,
  STRANGER,
} from "../../src/commands/doctor.js";
import { AGENT_USER_CANNOT_RUN_FIX } from "../../src/executors/preflight.js";
import { VERIFIED_CLI_VERSIONS } from "../../src/rehearse/versions.js";
import type { SandboxFacts } from "../../src/sandbox/decide.js";
import { agent, tempRepo, waveText } from "../wave/helpers.js";

const SECRET = "sk-doctor-never-printed-0123456789";

let repo: ReturnType<typeof tempRepo>;
let bin: string;

beforeEach(() => {
  repo = tempRepo({
    "docs/plans/waves/wave-0.md": waveText(0, [
      agent({ id: "A1", sections: { Executor: ["- id: codex"] } }),
      agent({ id: "A2", sections: { Executor: ["- id: claude"] } }),
    ]),
  });
  bin = path.join(repo.root, "fake-bin");
  fs.mkdirSync(bin);
  for (const name of ["codex", "claude"]) {
    fs.writeFileSync(path.join(bin, name), "#!/bin/sh\nexit 0\n", { mode: 0o755 });
  }
});

afterEach(() => repo.cleanup());

const GOOD_SANDBOX: SandboxFacts = {
  platform: "linux",
  arch: "x64",
  bwrap: "/usr/bin/bwrap",
  socat: "/usr/bin/socat",
  rg: "/usr/bin/rg",
  probeError: null,
  apparmorRestrictsUserns: false,
  canBeRoot: true,
};

interface Calls {
  asked: { identity: Identity; file: string }[];
  lookups: string[];
}

function probes(over: Partial<DoctorProbes> = {}, calls: Calls = { asked: [], lookups: [] }): DoctorProbes {
  return {
    env: { PATH: bin, OPENAI_API_KEY: SECRET, ANTHROPIC_API_KEY: SECRET },
    nodeVersion: "22.12.0",
    gitVersion: async () => "git version 2.43.0\n",
    cliArgv: [process.execPath, "wave.js"],
    euid: 0,
    passwordlessSudo: () => false,
    lookupAccount: async (name) => {
      calls.lookups.push(name);
      return { uid: 1234, gid: 1234 };
    },
    whyCannotRun: (identity, file) => {
      calls.asked.push({ identity, file });
      return null;
    },
    cliVersion: async (executor) => VERIFIED_CLI_VERSIONS[executor] ?? null,
    exists: () => false,
    sandboxFacts: async () => GOOD_SANDBOX,
    findProgram: (name) => `/usr/bin/${name}`,
    statPath: () => null,
    home: "/home/someone",
    ...over,
  };
}

function options(over: Partial<DoctorOptions> = {}): DoctorOptions {
  return { root: repo.root, stateDir: path.join(repo.root, ".wave"), agentUser: { kind: "auto" }, ...over };
}

const byName = (checks: DoctorCheck[], name: string) => {
  const c = checks.find((x) => x.name === name);
  assert.ok(c, `no check ${name} in ${checks.map((x) => x.name).join(", ")}`);
  return c;
};

test("a machine with everything: every check ok, exit 0; key names shown, never their values", async () => {
  const calls: Calls = { asked: [], lookups: [] };
  const checks = await doctorChecks(options(), probes({}, calls));
  assert.deepEqual(
    checks.filter((c) => c.status !== "ok"),
    [],
  );
  assert.deepEqual(
    checks.map((c) => c.name),
    [
      "node",
      "git",
      "sudo",
      "agent user",
      "executor codex",
      "codex key",
      "executor claude",
      "claude key",
      "sandbox",
      "model proxy",
      "tmux",
      "wave files",
      "state directory",
    ],
  );
  assert.equal(doctorExitCode(checks), 0);
  assert.match(byName(checks, "codex key").detail, /^OPENAI_API_KEY set$/);
  assert.equal(
    byName(checks, "executor codex").detail,
    `codex ${VERIFIED_CLI_VERSIONS.codex} (the verified version); the agent user can run it`,
  );
  const text = renderDoctorText(checks);
  const json = renderDoctorJson(checks);
  assert.ok(!text.includes(SECRET) && !json.includes(SECRET), "a key's value is never printed");
  assert.match(text, /\nwave doctor: nothing missing\n$/);
  assert.equal(JSON.parse(json).ok, true);
  // Root under auto: the pooled agent user, looked up (never created), asked by its own uid.
  assert.deepEqual(calls.lookups, ["wave-agent"]);
  assert.deepEqual(
    calls.asked.map((a) => [a.identity.uid, path.basename(a.file)]),
    [
      [1234, "codex"],
      [1234, "claude"],
    ],
  );
});

test("a CLI the agent user cannot run fails its executor check with where it is and the fix; exit 1", async () => {
  const checks = await doctorChecks(
    options(),
    probes({ whyCannotRun: (_id, file) => (path.basename(file) === "codex" ? `the agent user cannot enter ${bin}` : null) }),
  );
  const codex = byName(checks, "executor codex");
  assert.equal(codex.status, "fail");
  assert.equal(
    codex.detail,
    `codex "codex": found at ${path.join(bin, "codex")}, but the agent user cannot enter ${bin}; needed by wave 0 A1`,
  );
  assert.equal(codex.fix, AGENT_USER_CANNOT_RUN_FIX);
  assert.equal(byName(checks, "executor claude").status, "ok");
  assert.equal(doctorExitCode(checks), 1);
  assert.match(renderDoctorText(checks), /\nFAIL {2}executor codex {2}.*\n {6}.* {2}fix: Agents run as another OS user/);
  assert.equal(JSON.parse(renderDoctorJson(checks)).ok, false);
});

test("an agent user that does not exist yet: said it will be created, asked as a stranger (other bits), never created", async () => {
  const calls: Calls = { asked: [], lookups: [] };
  const checks = await doctorChecks(
    options(),
    probes(
      {
        lookupAccount: async (n) => {
          calls.lookups.push(n);
          return null;
        },
      },
      calls,
    ),
  );
  assert.equal(byName(checks, "agent user").detail, "agents run as wave-agent; it does not exist yet and the run creates it");
  assert.deepEqual(calls.lookups, ["wave-agent"]);
  assert.ok(calls.asked.length > 0);
  for (const a of calls.asked) assert.deepEqual(a.identity, STRANGER);
});

test("a named user that does not exist fails the agent user check", async () => {
  const checks = await doctorChecks(
    options({ agentUser: { kind: "named", name: "ci-agent" } }),
    probes({ lookupAccount: async () => null }),
  );
  const user = byName(checks, "agent user");
  assert.equal(user.status, "fail");
  assert.match(user.detail, /ci-agent.*no such user/);
});

test("not root, passwordless sudo in GitHub Actions: the run elevates; doctor says what it could not ask without root", async () => {
  const calls: Calls = { asked: [], lookups: [] };
  const checks = await doctorChecks(
    options(),
    probes({ euid: 1001, passwordlessSudo: () => true, env: { ...probes().env, GITHUB_ACTIONS: "true" } }, calls),
  );
  assert.equal(byName(checks, "sudo").status, "ok");
  assert.match(byName(checks, "agent user").detail, /^agents run as wave-agent \(the run re-starts itself as root through sudo\)/);
  const codex = byName(checks, "executor codex");
  assert.equal(codex.status, "warn");
  assert.match(codex.detail, /not checked whether the agent user can run it \(asking as wave-agent needs root/);
  assert.equal(calls.asked.length, 0, "never asks the kernel as another uid without root");
  assert.equal(doctorExitCode(checks), 0);
});

test("not root and no sudo: agents share this user — a warning with the consequence, not a failure", async () => {
  const checks = await doctorChecks(options(), probes({ euid: 1001, passwordlessSudo: () => false }));
  assert.equal(byName(checks, "sudo").status, "warn");
  const user = byName(checks, "agent user");
  assert.equal(user.status, "warn");
  assert.match(user.detail, /your own user \(not root and no passwordless sudo\): agents share/);
  assert.equal(byName(checks, "executor codex").status, "ok");
  assert.equal(doctorExitCode(checks), 0);
});

test("a CLI not on PATH fails; another version warns; no key but a login file is ok; no key and no login warns", async () => {
  fs.rmSync(path.join(bin, "claude"));
  const checks = await doctorChecks(
    options(),
    probes({
      env: { PATH: bin },
      cliVersion: async () => "0.1.0",
      exists: (f) => f === "/home/someone/.codex/auth.json",
    }),
  );
  const claude = byName(checks, "executor claude");
  assert.equal(claude.status, "fail");
  assert.equal(claude.detail, 'claude "claude": not found; needed by wave 0 A2');
  assert.match(claude.fix ?? "", /^Install the missing programs/);
  const codex = byName(checks, "executor codex");
  assert.equal(codex.status, "warn");
  assert.match(
    codex.detail,
    new RegExp(`^codex 0\\.1\\.0; this release was verified with codex ${VERIFIED_CLI_VERSIONS.codex!.replaceAll(".", "\\.")}`),
  );
  assert.deepEqual(byName(checks, "codex key"), {
    name: "codex key",
    status: "ok",
    detail: "logged in (/home/someone/.codex/auth.json exists)",
  });
  assert.ok(!checks.some((c) => c.name === "claude key"), "no key check for a CLI that is not there");
  const noKey = await doctorChecks(options(), probes({ env: { PATH: bin } }));
  const key = byName(noKey, "codex key");
  assert.equal(key.status, "warn");
  assert.equal(
    key.detail,
    "neither OPENAI_API_KEY or CODEX_API_KEY or CODEX_ACCESS_TOKEN in the environment nor a login file (/home/someone/.codex/auth.json)",
  );
});

test("Node older than the engines floor fails; the floor is package.json's engines.node", () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "package.json"), "utf8"));
  assert.equal(pkg.engines.node, `>=${MIN_NODE_MAJOR}`);
  assert.equal(nodeCheck("20.18.0").status, "fail");
  assert.equal(nodeCheck(`${MIN_NODE_MAJOR - 1}.99.0`).status, "fail");
  assert.equal(nodeCheck(`${MIN_NODE_MAJOR}.0.0`).status, "ok");
});

test("no git fails", async () => {
  const checks = await doctorChecks(options(), probes({ gitVersion: async () => null }));
  assert.equal(byName(checks, "git").status, "fail");
});

test("the state directory: another user's fails with chown; world-writable fails; a missing one is ok", async () => {
  const stateDir = path.join(repo.root, ".wave");
  const other = await doctorChecks(options(), probes({ euid: 1001, statPath: () => ({ uid: 0, mode: 0o40700, isDirectory: true }) }));
  const st = byName(other, "state directory");
  assert.equal(st.status, "fail");
  assert.equal(st.detail, `${stateDir} belongs to uid 0, not to you (uid 1001), mode 700`);
  assert.match(st.fix ?? "", /^sudo chown -R 1001 /);
  const open = await doctorChecks(options(), probes({ statPath: () => ({ uid: 0, mode: 0o40777, isDirectory: true }) }));
  assert.equal(byName(open, "state directory").status, "fail");
  assert.equal(byName(open, "state directory").fix, `chmod o-w ${stateDir}`);
  const fine = await doctorChecks(options(), probes({ statPath: () => ({ uid: 0, mode: 0o40755, isDirectory: true }) }));
  assert.equal(byName(fine, "state directory").status, "ok");
});

test("wave files with errors fail and point at wave validate; a missing waves directory fails with its message", async () => {
  repo.write("docs/plans/waves/wave-1.md", waveText(1, [agent({ id: "B1", sections: { Executor: ["- id: gpt"] } })]));
  const checks = await doctorChecks(options(), probes());
  const files = byName(checks, "wave files");
  assert.equal(files.status, "fail");
  assert.match(files.detail, /^2 waves, [1-9]\d* errors?, /);
  assert.equal(files.fix, "wave validate names each error");
  fs.rmSync(path.join(repo.root, "docs"), { recursive: true });
  const none = await doctorChecks(options(), probes());
  assert.match(byName(none, "wave files").detail, /waves directory not found/);
  assert.equal(doctorExitCode(none), 1);
});

test("the sandbox: on where it cannot work fails; off or auto warns with the fix", async () => {
  const facts = { ...GOOD_SANDBOX, bwrap: null };
  const off = await doctorChecks(options(), probes({ sandboxFacts: async () => facts }));
  const sandbox = byName(off, "sandbox");
  assert.equal(sandbox.status, "warn");
  assert.match(sandbox.detail, /bubblewrap \(bwrap\) is not installed/);
  assert.equal(sandbox.fix, "install them: sudo apt-get install -y bubblewrap socat ripgrep");
  repo.write("wave.config.json", JSON.stringify({ sandbox: "on" }));
  const on = await doctorChecks(options(), probes({ sandboxFacts: async () => facts }));
  assert.equal(byName(on, "sandbox").status, "fail");
});

test("--executor moves every agent onto one executor: only its checks appear", async () => {
  const checks = await doctorChecks(options({ cliExecutor: "local" }), probes());
  assert.deepEqual(
    checks.filter((c) => c.name.startsWith("executor") || c.name.endsWith(" key")).map((c) => [c.name, c.status]),
    [["executor local", "ok"]],
  );
});
