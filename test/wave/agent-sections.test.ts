import assert from "node:assert/strict";
import { test } from "node:test";
import { DiagnosticSink } from "../../src/wave/diagnostics.js";
import { parseExecutorSettings } from "../../src/wave/executor-settings.js";
import { type ParseOptions, parseWaveFile } from "../../src/wave/parse.js";
import { agent, errorsOf, find, tempRepo, warningsOf } from "./helpers.js";

const parse = (text: string, options: ParseOptions = {}) =>
  parseWaveFile(`# Wave 2 - t\n\n${text}`, "docs/plans/waves/wave-2.md", 2, options);
/** Line numbers below count from the top of the file: the helper adds two lines in front. */
const L = (n: number) => n + 2;

test("role prompts: standing prompts + overlay make the composed prompt; problems carry the entry's line", () => {
  const repo = tempRepo({
    "docs/agents/wave-integration-role.md": "# Integration\n\nIntro.\n\n## Standing prompt   \n\n```text\nYou integrate.\n```\n",
    "docs/agents/style.md": "## Standing prompt\n\n~~~\nBe brief.\n~~~\n",
    "docs/agents/no-standing.md": "# Nothing here\n",
    "docs/agents/no-fence.md": "## Standing prompt\n\njust text\n",
    "docs/agents/bad.md": Buffer.from([0x23, 0x20, 0xff, 0x0a]),
  });
  try {
    const text = agent({
      id: "A8",
      sections: {
        "Role prompts": [
          "- docs/agents/style.md",
          "- `docs/agents/wave-integration-role.md`",
          "- docs/agents/style.md",
          "- docs/agents/missing.md",
          "- docs/agents/no-standing.md",
          "- docs/agents/no-fence.md",
          "- docs/agents/bad.md",
          "- ../secrets.md",
          "- docs/agents/notes.txt",
        ],
      },
      prompt: "Integrate the wave.",
    });
    const r = parse(text, { root: repo.root });
    const a = r.wave!.agents[0]!;
    assert.deepEqual(a.rolePromptPaths, [
      "docs/agents/style.md",
      "docs/agents/wave-integration-role.md",
      "docs/agents/missing.md",
      "docs/agents/no-standing.md",
      "docs/agents/no-fence.md",
      "docs/agents/bad.md",
    ]);
    assert.equal(a.promptOverlay.startsWith("Integrate the wave."), true);
    assert.ok(a.prompt.startsWith("Be brief.\n\nYou integrate.\n\nIntegrate the wave."), a.prompt);
    const errs = errorsOf(r.diagnostics);
    assert.ok(find(errs, "docs/agents/missing.md does not exist", L(8)));
    assert.ok(find(errs, 'no "## Standing prompt" section', L(9)));
    assert.ok(find(errs, "no fenced block", L(10)));
    assert.ok(find(errs, "not valid UTF-8", L(11)));
    assert.ok(find(errs, 'contains ".."', L(12)));
    assert.ok(find(errs, "must be a .md file", L(13)));
    assert.equal(errs.length, 6, JSON.stringify(errs));

    const enforced = parse(agent({ id: "A8", sections: { "Role prompts": ["- prompts/x.md"] } }), {
      root: repo.root,
      enforceRolePromptDir: true,
    });
    assert.ok(find(errorsOf(enforced.diagnostics), "must stay within docs/agents/*.md", L(5)));
    const empty = parse(agent({ id: "A8", sections: { "Role prompts": [] } }));
    assert.ok(find(errorsOf(empty.diagnostics), "lists no role prompt paths", L(3)));
  } finally {
    repo.cleanup();
  }
});

test("executor: every kind of key becomes a typed setting", () => {
  const r = parse(
    agent({
      id: "A1",
      sections: {
        Executor: [
          "- id: Codex",
          "- profile: Deep-Review",
          "- model: `gpt-5-codex`",
          "- fallbacks: claude, OpenCode",
          "- tags: fast, cheap",
          "- retry-policy: sticky",
          "- allow-fallback-on-retry: off",
          "- budget.turns: 40",
          "- budget.minutes: 7.5",
          "- env: OPENAI_API_KEY, EXTRA_1",
          "- codex.command: `npx --yes codex`",
          "- codex.sandbox: read-only",
          "- codex.profile_name: review",
          "- codex.config: model_reasoning_effort=high, 'x=[1,2]'",
          "- codex.search: 1",
          "- codex.images: img/a.png",
          "- codex.add_dirs: src,test",
          "- codex.json: true",
          "- codex.ephemeral: no",
        ],
      },
    }),
  );
  assert.deepEqual(errorsOf(r.diagnostics), []);
  assert.deepEqual(r.wave!.agents[0]!.executor, {
    id: "codex",
    profile: "deep-review",
    model: "gpt-5-codex",
    fallbacks: ["claude", "opencode"],
    tags: ["fast", "cheap"],
    retryPolicy: "sticky",
    allowFallbackOnRetry: false,
    budget: { turns: 40, minutes: 7.5 },
    env: ["OPENAI_API_KEY", "EXTRA_1"],
    codex: {
      command: ["npx", "--yes", "codex"],
      sandbox: "read-only",
      profileName: "review",
      config: ["model_reasoning_effort=high", "x=[1,2]"],
      search: true,
      images: ["img/a.png"],
      addDirs: ["src", "test"],
      json: true,
      ephemeral: false,
    },
  });
});

test("executor: claude, opencode and command keys", () => {
  const claude = parse(
    agent({
      id: "A2",
      sections: {
        Executor: [
          "- id: claude",
          "- claude.command: claude",
          "- claude.agent: reviewer",
          "- claude.permission_mode: acceptEdits",
          "- claude.permission_prompt_tool: mcp__perm",
          "- claude.effort: MAX",
          "- claude.max_turns: 12",
          "- claude.mcp_config: .mcp.json",
          "- claude.settings: .claude/settings.json",
          '- claude.settings_json: {"env": {"A": "1"}}',
          '- claude.hooks_json: {"Stop": []}',
          "- claude.allowed_http_hook_urls: https://hooks.example/a",
          "- claude.output_format: stream-json",
          "- claude.allowed_tools: Read, Edit",
          "- claude.disallowed_tools: Bash",
        ],
      },
    }),
  );
  assert.deepEqual(errorsOf(claude.diagnostics), []);
  assert.deepEqual(claude.wave!.agents[0]!.executor.claude, {
    command: ["claude"],
    agent: "reviewer",
    permissionMode: "acceptEdits",
    permissionPromptTool: "mcp__perm",
    effort: "max",
    maxTurns: 12,
    mcpConfig: [".mcp.json"],
    settings: ".claude/settings.json",
    settingsJson: { env: { A: "1" } },
    hooksJson: { Stop: [] },
    allowedHttpHookUrls: ["https://hooks.example/a"],
    outputFormat: "stream-json",
    allowedTools: ["Read", "Edit"],
    disallowedTools: ["Bash"],
  });
  const opencode = parse(
    agent({
      id: "A3",
      sections: {
        Executor: [
          "- id: opencode",
          "- opencode.command: opencode",
          "- opencode.agent: builder",
          "- opencode.attach: http://127.0.0.1:4096",
          "- opencode.files: a.md, b.md",
          "- opencode.format: JSON",
          "- opencode.steps: 9",
          "- opencode.instructions: docs/x.md",
          '- opencode.permission: "allow"',
          '- opencode.config_json: {"model": "x/y"}',
          "- opencode.env_keys: OPENROUTER_API_KEY",
        ],
      },
    }),
  );
  assert.deepEqual(errorsOf(opencode.diagnostics), []);
  assert.deepEqual(opencode.wave!.agents[0]!.executor.opencode, {
    command: ["opencode"],
    agent: "builder",
    attach: "http://127.0.0.1:4096",
    files: ["a.md", "b.md"],
    format: "json",
    steps: 9,
    instructions: ["docs/x.md"],
    permission: "allow",
    configJson: { model: "x/y" },
    envKeys: ["OPENROUTER_API_KEY"],
  });
  const command = parse(
    agent({ id: "A4", sections: { Executor: ["- id: command", `- command: python3 -m agent --name "my agent" --flag=a\\ b`] } }),
  );
  assert.deepEqual(errorsOf(command.diagnostics), []);
  assert.deepEqual(command.wave!.agents[0]!.executor.command, { argv: ["python3", "-m", "agent", "--name", "my agent", "--flag=a b"] });
  const copilot = parse(
    agent({
      id: "A5",
      sections: {
        Executor: [
          "- id: copilot",
          "- copilot.command: npx copilot",
          "- copilot.agent: reviewer",
          "- copilot.allow_tools: shell(git:*), write",
          "- copilot.deny_tools: shell(git push)",
          "- copilot.add_dirs: ../shared, /opt/data",
        ],
      },
    }),
  );
  assert.deepEqual(errorsOf(copilot.diagnostics), []);
  assert.deepEqual(copilot.wave!.agents[0]!.executor.copilot, {
    command: ["npx", "copilot"],
    agent: "reviewer",
    allowTools: ["shell(git:*)", "write"],
    denyTools: ["shell(git push)"],
    addDirs: ["../shared", "/opt/data"],
  });
  const gemini = parse(
    agent({
      id: "A6",
      sections: {
        Executor: [
          "- id: gemini",
          "- gemini.command: gemini",
          "- gemini.approval_mode: AUTO_EDIT",
          "- gemini.policy: .gemini/policies/ci.toml",
          "- gemini.include_directories: ../shared",
          "- gemini.extensions: none",
        ],
      },
    }),
  );
  assert.deepEqual(errorsOf(gemini.diagnostics), []);
  assert.deepEqual(gemini.wave!.agents[0]!.executor.gemini, {
    command: ["gemini"],
    approvalMode: "auto_edit",
    policy: [".gemini/policies/ci.toml"],
    includeDirectories: ["../shared"],
    extensions: ["none"],
  });
});

test("executor: a copilot or gemini setting that cannot be passed is an error naming its key", () => {
  const lines = [
    "- id: gemini",
    "- gemini.approval_mode: default",
    "- gemini.approval_mode: yes please",
    "- copilot.allow_tools: write, --allow-all",
    "- copilot.agent: --yolo",
    "- gemini.include_directories: -x",
    "- copilot.allowtools: write",
  ];
  const r = parse(agent({ id: "A1", sections: { Executor: lines } }));
  const errs = errorsOf(r.diagnostics);
  const at = (i: number) => L(5 + i);
  assert.ok(find(errs, 'Executor setting "gemini.approval_mode" must be one of: yolo, auto_edit, plan (got "default")', at(1)));
  assert.ok(find(errs, 'Executor setting "gemini.approval_mode" must be one of: yolo, auto_edit, plan (got "yes please")', at(2)));
  assert.ok(find(errs, '"copilot.allow_tools" must not start with "-"', at(3)));
  assert.ok(find(errs, '"copilot.agent" must not start with "-"', at(4)));
  assert.ok(find(errs, '"gemini.include_directories" must not start with "-"', at(5)));
  assert.ok(find(errs, 'unsupported Executor setting "copilot.allowtools" (did you mean "copilot.allow_tools"?)', at(6)));
  assert.equal(errs.length, lines.length - 1, JSON.stringify(errs, null, 1));
});

test("executor: every bad value is reported on its own line and column", () => {
  const lines = [
    "- id: gpt",
    "- model: --dangerously-skip-permissions",
    "- claude.agent: -x",
    "- codex.config: ok, --evil",
    "- command: node 'half",
    "- command: -rf /",
    "- command: node a.js | tee log",
    "- claude.max_turns: 0",
    "- budget.minutes: soon",
    "- claude.settings_json: [1, 2]",
    "- opencode.permission: {nope",
    "- claude.effort: extreme",
    "- env: 1BAD",
    "- fallbacks: codex, gpt4",
    "- Model: x",
    "- colour: red",
    "- model:",
    "not a bullet",
  ];
  const r = parse(agent({ id: "A1", sections: { Executor: lines } }));
  const errs = errorsOf(r.diagnostics);
  const at = (i: number) => L(5 + i);
  assert.ok(find(errs, 'Executor "gpt" is not one of', at(0)));
  assert.ok(find(errs, '"model" must not start with "-"', at(1)));
  assert.equal(find(errs, '"model" must not start with "-"', at(1))?.column, 10);
  assert.ok(find(errs, '"claude.agent" must not start with "-"', at(2)));
  assert.ok(find(errs, '"codex.config" must not start with "-"', at(3)));
  assert.ok(find(errs, "unbalanced single quote", at(4)));
  assert.ok(find(errs, 'program name must not start with "-"', at(5)));
  assert.ok(find(errs, "not run through a shell", at(6)));
  assert.ok(find(errs, "positive integer", at(7)));
  assert.ok(find(errs, "positive number", at(8)));
  assert.ok(find(errs, "must be a JSON object", at(9)));
  assert.ok(find(errs, "not valid JSON", at(10)));
  assert.ok(find(errs, "must be one of: low, medium, high, max", at(11)));
  assert.ok(find(errs, "not an environment variable name", at(12)));
  assert.ok(find(errs, '"gpt4" is not an executor', at(13)));
  assert.ok(find(errs, 'unsupported Executor setting "Model" (did you mean "model"?)', at(14)));
  assert.ok(find(errs, 'unsupported Executor setting "colour"', at(15)));
  assert.ok(find(errs, 'empty Executor setting "model"', at(16)));
  assert.ok(find(errs, "malformed Executor setting", at(17)));
  assert.equal(errs.length, lines.length, JSON.stringify(errs, null, 1));
  assert.ok(errs.every((d) => d.agentId === "A1" && d.wave === 2));
});

test("executor: NUL bytes in a value are refused (a whole file with NUL is refused earlier)", () => {
  const sink = new DiagnosticSink("w.md", 2);
  const config = parseExecutorSettings([{ line: 9, key: "model", value: "a\u0000b", column: 10 }], "A1", sink);
  assert.equal(config.model, undefined);
  assert.ok(find(sink.items, "NUL", 9));
  const file = parseWaveFile(`# Wave 2\n\n${agent({ id: "A1", sections: { Executor: ["- model: a\u0000b"] } })}`, "w.md", 2);
  assert.equal(file.wave, null);
  assert.ok(find(file.diagnostics, "NUL byte at line 7", 7));
});

test("executor: a repeated key warns and the last value wins", () => {
  const r = parse(agent({ id: "A1", sections: { Executor: ["- model: a", "- model: b"] } }));
  assert.equal(r.wave!.agents[0]!.executor.model, "b");
  assert.ok(find(warningsOf(r.diagnostics), "repeats line", L(6)));
});

test("context7, capabilities (with role-implied ones), components, skills", () => {
  const r = parse(
    agent({
      id: "A5",
      sections: {
        "Role prompts": ["- docs/agents/wave-design-role.md", "- team/prompts/wave-security-role.md"],
        Context7: ["- bundle: none", "- query: 'streams'"],
        Capabilities: ["- infra-terraform", "- Bad_Cap", "- infra-terraform"],
        Components: ["- billing-core", "- billing-core"],
        Skills: ["- `Wave-Core`", "- role-design", "- wave-core", "- bad skill!"],
      },
    }),
  );
  const a = r.wave!.agents[0]!;
  assert.deepEqual(a.context7, { bundle: "none", query: "streams" });
  assert.deepEqual(a.capabilities, ["infra-terraform", "design", "security-review"]);
  assert.deepEqual(a.components, ["billing-core"]);
  assert.deepEqual(a.componentTargets, { "billing-core": null });
  assert.deepEqual(a.skills, ["wave-core", "role-design"]);
  const errs = errorsOf(r.diagnostics);
  assert.ok(find(errs, 'invalid capability "Bad_Cap"'));
  assert.ok(find(errs, 'duplicate capability "infra-terraform"'));
  assert.ok(find(errs, 'duplicate component "billing-core"'));
  assert.ok(find(errs, 'duplicate skill "wave-core"'));
  assert.ok(find(errs, "invalid skill id"));
  assert.equal(errs.length, 5);
});

test("exit contract: the four keys (doc-impact or docImpact); null when empty; unknown keys warn", () => {
  const r = parse(
    agent({
      id: "A1",
      sections: {
        "Exit contract": ["- completion: integrated", "- durability: durable", "- proof: integration", "- docImpact: owned", "- owner: me"],
      },
    }),
  );
  assert.deepEqual(r.wave!.agents[0]!.exitContract, {
    completion: "integrated",
    durability: "durable",
    proof: "integration",
    docImpact: "owned",
  });
  assert.ok(find(warningsOf(r.diagnostics), 'unknown Exit contract setting "owner"'));
  const none = parse(agent({ id: "A1" }));
  assert.equal(none.wave!.agents[0]!.exitContract, null);
  const bad = parse(agent({ id: "A1", sections: { "Exit contract": ["completion integrated"] } }));
  assert.ok(find(errorsOf(bad.diagnostics), "malformed Exit contract setting", L(5)));
});

test("deliverables and proof artifacts must be repository files covered by ownership", () => {
  const r = parse(
    agent({
      id: "A1",
      owned: ["src/billing/", "`reports/proof.json`", "docs/a.md", "docs/a.md"],
      sections: {
        Deliverables: [
          "- src/billing/cutover.ts",
          '- "docs/a.md"',
          "- src/other.ts",
          "- src/billing/",
          "- /abs/x",
          "- src/billing/cutover.ts",
        ],
        "Proof artifacts": [
          "- reports/proof.json",
          "- path: reports/live.json | kind: trace | required-for: pilot-live, qa-proved",
          "- path: src/billing/x.json | required-for: shipped",
          "- kind: trace",
          "- path: reports/ | kind: dir",
          "- path: reports/proof.json",
          "- path: reports/other.json | kind",
        ],
      },
    }),
  );
  const a = r.wave!.agents[0]!;
  assert.deepEqual(a.ownedPaths, ["src/billing/", "reports/proof.json", "docs/a.md"]);
  assert.deepEqual(a.deliverables, ["src/billing/cutover.ts", "docs/a.md", "src/other.ts", "src/billing/"]);
  assert.deepEqual(a.proofArtifacts, [
    { path: "reports/proof.json", kind: null, requiredFor: [] },
    { path: "reports/live.json", kind: "trace", requiredFor: ["pilot-live", "qa-proved"] },
  ]);
  const errs = errorsOf(r.diagnostics);
  const d = 5; // first deliverable line (without the two-line header)
  assert.ok(find(errs, 'deliverable "src/other.ts" is not covered', L(d + 2)));
  assert.ok(find(errs, "must be a file path, not a directory path", L(d + 3)));
  assert.ok(find(errs, "is absolute", L(d + 4)));
  assert.ok(find(errs, 'duplicate deliverable "src/billing/cutover.ts"', L(d + 5)));
  const p = d + 6 + 3; // first proof artifact line
  assert.ok(find(errs, 'proof artifact "reports/live.json" is not covered', L(p + 1)));
  assert.ok(find(errs, 'invalid maturity level "shipped"', L(p + 2)));
  assert.ok(find(errs, "must include path", L(p + 3)));
  assert.ok(find(errs, "must be a file path, not a directory path", L(p + 4)));
  assert.ok(find(errs, 'duplicate proof artifact "reports/proof.json"', L(p + 5)));
  assert.ok(find(errs, "malformed proof artifact field", L(p + 6)));
  assert.equal(errs.length, 10, JSON.stringify(errs, null, 1));
});

test("an owned path that is an existing directory covers the files below it", () => {
  const repo = tempRepo({ "src/billing/index.ts": "export {};\n" });
  try {
    const text = agent({
      id: "A1",
      owned: ["src/billing", "src/not-a-dir"],
      sections: { Deliverables: ["- src/billing/new.ts", "- src/not-a-dir/x.ts"] },
    });
    const withRoot = parse(text, { root: repo.root });
    assert.deepEqual(
      errorsOf(withRoot.diagnostics).map((d) => d.message),
      ['Agent A1: deliverable "src/not-a-dir/x.ts" is not covered by the agent\'s File ownership list'],
    );
    const withoutRoot = parse(text);
    assert.equal(errorsOf(withoutRoot.diagnostics).length, 2, "without a repository to look at, only a trailing / marks a directory");
  } finally {
    repo.cleanup();
  }
});

test("prompt: required, first fenced block, any fence style; File ownership list rules", () => {
  const text = [
    "## Agent A1: Builder",
    "",
    "### Prompt",
    "",
    "Text before the fence is ignored.",
    "",
    "~~~markdown",
    "  Build it.",
    "",
    "Notes: prose before the list",
    "File ownership (only touch these paths):",
    "- 'src/a.ts'",
    "This prose line does not end the list.",
    "  - src/b.ts",
    "- src/a.ts",
    "Verification:",
    "- src/not-owned.ts",
    "~~~",
    "",
    "```text",
    "second fence is not the prompt",
    "```",
  ].join("\n");
  const r = parse(text);
  const a = r.wave!.agents[0]!;
  assert.equal(a.promptLine, L(8));
  assert.ok(a.promptOverlay.startsWith("Build it."));
  assert.ok(a.promptOverlay.endsWith("- src/not-owned.ts"));
  assert.deepEqual(a.ownedPaths, ["src/a.ts", "src/b.ts"]);
  assert.equal(a.sectionLines["File ownership"], L(11));
  assert.equal(a.sectionLines.Prompt, L(3));
  assert.equal(a.slug, "2-a1");
  assert.equal(a.line, L(1));
  assert.equal(errorsOf(r.diagnostics).length, 0);

  const missing = parse("## Agent A1: x\n\n### Deliverables\n\n");
  assert.ok(find(errorsOf(missing.diagnostics), 'missing "### Prompt" section', L(1)));
  const noFence = parse("## Agent A1: x\n\n### Prompt\n\nplain text\n");
  assert.ok(find(errorsOf(noFence.diagnostics), "no fenced prompt block", L(3)));
  const escaping = parse(agent({ id: "A1", owned: ["../up.txt", "C:/windows"] }));
  assert.equal(errorsOf(escaping.diagnostics).length, 2);
  assert.deepEqual(escaping.wave!.agents[0]!.ownedPaths, []);
});

test("unknown ### sections are ignored; wrong case and repeats warn; the first occurrence is used", () => {
  const text = [
    agent({ id: "A1", sections: { Notes: ["anything at all"], deliverables: ["- x"], Deliverables: ["- src/a1.js"] } }),
    "### Deliverables",
    "",
    "- src/other.js",
  ].join("\n");
  const r = parse(text);
  assert.equal(errorsOf(r.diagnostics).length, 0, JSON.stringify(r.diagnostics));
  assert.deepEqual(r.wave!.agents[0]!.deliverables, ["src/a1.js"]);
  assert.ok(find(warningsOf(r.diagnostics), 'did you mean "### Deliverables"'));
  assert.ok(find(warningsOf(r.diagnostics), "repeats the section"));
});

test("executor: network.allowed takes hosts and ecosystems (lower-cased) and refuses `*` and non-hosts, naming the line", () => {
  const r = parse(agent({ id: "A1", sections: { Executor: ["- network.allowed: Node, api.Example.com:8443, *.cdn.example.org"] } }));
  assert.deepEqual(r.wave!.agents[0]!.executor.networkAllowed, ["node", "api.example.com:8443", "*.cdn.example.org"]);
  const star = parse(agent({ id: "A1", sections: { Executor: ["- network.allowed: github, *"] } }));
  assert.equal(star.wave?.agents[0]?.executor.networkAllowed, undefined);
  assert.ok(
    find(errorsOf(star.diagnostics), 'Executor setting "network.allowed": "*" would allow every host (list the hosts instead)', L(5)),
  );
  const path = parse(agent({ id: "A1", sections: { Executor: ["- network.allowed: https://example.com/x"] } }));
  assert.ok(
    find(errorsOf(path.diagnostics), '"https://example.com/x" is neither an ecosystem (node, python, github) nor a domain name', L(5)),
  );
});
