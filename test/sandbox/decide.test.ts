/**
 * The pure parts of the sandbox: the auto|on|off decision from the machine's facts, the network
 * lists and filesystem rules of one launch, the ecosystem table, and the parsing of the library's
 * denial lines into the per-agent record with the setting that would allow each.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { decideSandbox, type SandboxFacts } from "../../src/sandbox/decide.js";
import { allowedEntryProblem, allowSettingFor, ECOSYSTEMS, expandAllowed } from "../../src/sandbox/ecosystems.js";
import { filesystemRules, networkLists } from "../../src/sandbox/policy.js";
import { usernsFixPlan } from "../../src/sandbox/probe.js";
import { type AgentSandboxRecord, addViolations, NOT_RECORDED, parseNetworkDenial } from "../../src/sandbox/report.js";

const works: SandboxFacts = {
  platform: "linux",
  arch: "x64",
  bwrap: "/usr/bin/bwrap",
  socat: "/usr/bin/socat",
  rg: "/usr/bin/rg",
  probeError: null,
  apparmorRestrictsUserns: null,
  canBeRoot: false,
};

describe("decideSandbox", () => {
  test("off is off, whatever the machine", () => {
    assert.deepEqual(decideSandbox("off", { ...works, bwrap: null }), { kind: "off", warning: null });
  });
  test("auto and on are on where bubblewrap works", () => {
    assert.deepEqual(decideSandbox("auto", works), { kind: "on" });
    assert.deepEqual(decideSandbox("on", works), { kind: "on" });
  });
  test("auto without bubblewrap: off with a warning naming it and the fix; on: an error", () => {
    const facts = { ...works, bwrap: null, socat: null };
    const auto = decideSandbox("auto", facts);
    assert.equal(auto.kind, "off");
    assert.match(
      (auto as { warning: string }).warning,
      /WITHOUT the sandbox.*bubblewrap \(bwrap\), socat are not installed; install them: sudo apt-get install -y bubblewrap socat ripgrep/,
    );
    const on = decideSandbox("on", facts);
    assert.equal(on.kind, "error");
    assert.match(
      (on as { message: string }).message,
      /^sandbox is on, but it cannot work here: bubblewrap \(bwrap\), socat are not installed/,
    );
  });
  test("not Linux: named", () => {
    const d = decideSandbox("on", { ...works, platform: "darwin" });
    assert.match((d as { message: string }).message, /needs Linux \(this is darwin\)/);
  });
  test("AppArmor restricting user namespaces: fixed when this process can be root, once", () => {
    const blocked = { ...works, probeError: "setting up uid map: Permission denied", apparmorRestrictsUserns: true };
    assert.deepEqual(decideSandbox("auto", { ...blocked, canBeRoot: true }), { kind: "fix-userns" });
    const after = decideSandbox("auto", { ...blocked, canBeRoot: true, usernsFixTried: true });
    assert.equal(after.kind, "off");
    assert.match(
      (after as { warning: string }).warning,
      /does not start here \(setting up uid map: Permission denied\); AppArmor restricts unprivileged user namespaces here: .*apparmor_restrict_unprivileged_userns=0/,
    );
    const on = decideSandbox("on", { ...blocked, canBeRoot: false });
    assert.equal(on.kind, "error");
  });
  test("the AppArmor change: a bwrap profile when the parser is there, else the sysctl; through sudo unless root", () => {
    const plan = usernsFixPlan("/usr/bin/bwrap", "/sbin/apparmor_parser", false);
    assert.deepEqual(
      plan.map((s) => s.argv),
      [
        ["sudo", "-n", "tee", "/etc/apparmor.d/bwrap"],
        ["sudo", "-n", "/sbin/apparmor_parser", "-r", "/etc/apparmor.d/bwrap"],
      ],
    );
    assert.match(plan[0]!.input!, /profile bwrap \/usr\/bin\/bwrap flags=\(unconfined\) \{\n {2}userns,/);
    assert.deepEqual(
      usernsFixPlan("/usr/bin/bwrap", null, true).map((s) => s.argv),
      [["sysctl", "-w", "kernel.apparmor_restrict_unprivileged_userns=0"]],
    );
  });
});

describe("network lists", () => {
  test("with the proxy: only the proxy's loopback address, for the run; the agent's own entries", () => {
    assert.deepEqual(
      networkLists({ executor: "claude", endpoint: "http://127.0.0.1:4100/agents/A1", carried: true, allowed: ["github", "example.com"] }),
      {
        run: ["127.0.0.1:4100"],
        agent: [...ECOSYSTEMS.github, "example.com"],
      },
    );
  });
  test("without the proxy: the executor's provider hosts", () => {
    assert.deepEqual(networkLists({ executor: "codex", endpoint: null, carried: false, allowed: [] }), {
      run: [],
      agent: ["api.openai.com", "chatgpt.com", "auth.openai.com"],
    });
    assert.deepEqual(
      networkLists({ executor: "claude", endpoint: "https://gateway.example.com/v1", carried: false, allowed: ["node"] }).agent,
      ["gateway.example.com:443", "api.anthropic.com", ...ECOSYSTEMS.node],
    );
  });
  test("entries: ecosystems or domains; everything-allowing or malformed ones are refused", () => {
    assert.equal(allowedEntryProblem("python"), null);
    assert.equal(allowedEntryProblem("*.example.com:8443"), null);
    assert.match(allowedEntryProblem("*")!, /every host/);
    assert.match(allowedEntryProblem("http://x")!, /neither an ecosystem/);
    assert.deepEqual(expandAllowed(["Python", "pypi.org", ""]), [...ECOSYSTEMS.python]);
    assert.equal(allowSettingFor("registry.npmjs.org"), "network.allowed: [node]");
    assert.equal(allowSettingFor("Evil.Example"), "network.allowed: [evil.example]");
  });
});

test("the packages of the missing programs, as apt-get names them", async () => {
  const { missingPackages } = await import("../../src/sandbox/decide.js");
  assert.deepEqual(missingPackages({ bwrap: null, socat: "/usr/bin/socat", rg: null }), ["bubblewrap", "ripgrep"]);
  assert.deepEqual(missingPackages({ bwrap: "/usr/bin/bwrap", socat: "/usr/bin/socat", rg: "/usr/bin/rg" }), []);
});

describe("filesystem rules", () => {
  const env = {
    RUNNER_TEMP: "/runner/temp",
    GITHUB_ENV: "/runner/temp/_runner_file_commands/set_env_1",
    GITHUB_OUTPUT: "/runner/temp/_runner_file_commands/set_output_1",
  };
  test("separate home: the work tree, overlay and home writable; state, runner temp, file commands and keys hidden", () => {
    const rules = filesystemRules({
      workTree: "/repo",
      stateDir: "/repo/.wave",
      orchestratorHome: "/home/ci",
      env: { HOME: "/agents/home/A1", CODEX_HOME: "/agents/home/A1/.codex" },
      orchestratorEnv: env,
      readable: ["/repo/.wave/lane/wave-1/attempt-1/agents/A1/prompt.md"],
      writable: ["/repo/.wave/lane/wave-1/attempt-1/agents/A1/overlay", "/tmp/sbx/A1"],
      git: "dir",
    });
    assert.deepEqual(rules.allowWrite, [
      "/repo",
      "/repo/.wave/lane/wave-1/attempt-1/agents/A1/overlay",
      "/tmp/sbx/A1",
      "/agents/home/A1",
      "/agents/home/A1/.codex",
    ]);
    assert.deepEqual(rules.denyWrite, ["/repo/.git/hooks", "/repo/.git/config"]);
    assert.deepEqual(rules.denyRead.slice(0, 4), ["/repo/.wave", "/runner/temp", env.GITHUB_ENV, env.GITHUB_OUTPUT]);
    for (const p of [
      "/home/ci/.ssh",
      "/home/ci/.aws",
      "/home/ci/.config/gcloud",
      "/home/ci/.azure",
      "/home/ci/.docker/config.json",
      "/home/ci/.kube",
      "/home/ci/.netrc",
      "/home/ci/.git-credentials",
      "/agents/home/A1/.ssh",
    ]) {
      assert.ok(rules.denyRead.includes(p), p);
    }
    assert.deepEqual(rules.allowRead, [
      "/repo/.wave/lane/wave-1/attempt-1/agents/A1/prompt.md",
      "/repo/.wave/lane/wave-1/attempt-1/agents/A1/overlay",
    ]);
    // Another user's agent reads nothing of the orchestrator's home.
    assert.ok(rules.denyRead.includes("/home/ci"));
  });
  test("separate home: the orchestrator's homes are hidden, a work tree inside one is bound back (the GitHub layout)", () => {
    const rules = filesystemRules({
      workTree: "/home/ci/builds/r/r",
      stateDir: "/home/ci/builds/r/r/.wave",
      orchestratorHome: "/home/ci",
      processHome: "/root",
      env: { HOME: "/agents/home/A1" },
      orchestratorEnv: {},
      readable: [],
      writable: [],
      git: "dir",
    });
    assert.deepEqual(rules.denyRead.slice(0, 3), ["/home/ci/builds/r/r/.wave", "/home/ci", "/root"]);
    assert.deepEqual(rules.allowRead, ["/home/ci/builds/r/r"]);
    assert.deepEqual(rules.allowWrite, ["/home/ci/builds/r/r", "/agents/home/A1"]);
  });
  test("the orchestrator's own home: only the CLIs' state directories in it; never a directory holding keys or the state", () => {
    const rules = filesystemRules({
      workTree: "/repo",
      stateDir: "/repo/.wave",
      orchestratorHome: "/home/me",
      env: { HOME: "/home/me", XDG_CONFIG_HOME: "/home/me/.config", CLAUDE_CONFIG_DIR: "/" },
      orchestratorEnv: {},
      readable: [],
      writable: [],
      git: "file",
    });
    assert.ok(!rules.allowWrite.includes("/home/me"));
    assert.ok(rules.allowWrite.includes("/home/me/.claude"));
    assert.ok(!rules.allowWrite.includes("/home/me/.config"), "holds .config/gcloud");
    assert.ok(!rules.allowWrite.includes("/"));
    assert.deepEqual(rules.denyWrite, ["/repo/.git"]);
  });
});

describe("the record", () => {
  test("denial lines become host, port, count and the setting; other lines are kept with counts", async () => {
    assert.deepEqual(parseNetworkDenial("deny network-outbound evil.example:443 (not allowed)"), { host: "evil.example", port: 443 });
    assert.deepEqual(parseNetworkDenial("deny network-outbound [::1]:80"), { host: "::1", port: 80 });
    assert.equal(parseNetworkDenial("deny file-write /x"), null);
    const record: AgentSandboxRecord = {
      schemaVersion: 1,
      kind: "wave-agent-sandbox",
      agentId: "A1",
      blocked: [],
      other: [],
      filesystem: { writable: [], hidden: [] },
      network: { allowed: [] },
      notRecorded: NOT_RECORDED,
    };
    addViolations(record, [
      "deny network-outbound evil.example:443 (x)",
      "deny network-outbound evil.example:443 (x)",
      "deny network-outbound registry.npmjs.org:443 (x)",
      "seccomp: socket(AF_UNIX) denied",
    ]);
    assert.deepEqual(record.blocked, [
      { host: "evil.example", port: 443, count: 2, setting: "network.allowed: [evil.example]" },
      { host: "registry.npmjs.org", port: 443, count: 1, setting: "network.allowed: [node]" },
    ]);
    assert.deepEqual(record.other, [{ line: "seccomp: socket(AF_UNIX) denied", count: 1 }]);
    const { renderWaveSummary } = await import("../../src/report/wave-summary.js");
    const { passedResult } = await import("../report/fixtures.js");
    const md = renderWaveSummary({
      result: passedResult(),
      sandbox: { schemaVersion: 1, kind: "wave-sandbox", mode: "on", agents: [record] },
    });
    assert.match(md, /\*\*Sandbox blocked 3 requests\*\*/);
    assert.match(md, /\| A1 \| evil\.example \| 443 \| 2 \| <code>network\.allowed: &#91;evil\.example&#93;<\/code> \|/);
    assert.match(md, /- A1: <code>seccomp: socket\(AF&#95;UNIX\) denied<\/code> \(1×\)/);
    assert.match(md, /Not recorded: reads of hidden paths/);
  });
});

describe("the wave summary", () => {
  test('shows "Sandbox blocked N requests" with the setting per row, and nothing without a sandbox', async () => {
    const { renderWaveSummary } = await import("../../src/report/wave-summary.js");
    const { passedResult } = await import("../report/fixtures.js");
    const record: AgentSandboxRecord = {
      schemaVersion: 1,
      kind: "wave-agent-sandbox",
      agentId: "A1",
      blocked: [{ host: "pypi.org", port: 443, count: 4, setting: "network.allowed: [python]" }],
      other: [],
      filesystem: { writable: [], hidden: [] },
      network: { allowed: [] },
      notRecorded: NOT_RECORDED,
    };
    const md = renderWaveSummary({
      result: passedResult(),
      sandbox: { schemaVersion: 1, kind: "wave-sandbox", mode: "auto", agents: [record] },
    });
    assert.match(md, /### Sandbox/);
    assert.match(md, /\*\*Sandbox blocked 4 requests\*\*/);
    assert.match(md, /\| A1 \| pypi\.org \| 443 \| 4 \| <code>network\.allowed: &#91;python&#93;<\/code> \|/);
    assert.doesNotMatch(renderWaveSummary({ result: passedResult() }), /### Sandbox/);
  });
});
