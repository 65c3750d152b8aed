import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import { parseWaveFile } from "../../src/wave/parse.js";
import { agent, errorsOf, find, warningsOf } from "./helpers.js";

const parse = (text: string, n = 3) => parseWaveFile(text, `docs/plans/waves/wave-${n}.md`, n);

test("title line is optional; a mismatching number is a warning, the file name wins", () => {
  const withTitle = parse(`# Wave 3 - Billing cutover\n\n${agent({ id: "A1" })}`);
  assert.equal(withTitle.wave?.title, "Billing cutover");
  assert.equal(withTitle.wave?.wave, 3);
  assert.equal(errorsOf(withTitle.diagnostics).length, 0);

  const none = parse(agent({ id: "A1" }));
  assert.equal(none.wave?.title, null);

  const other = parse(`# Wave 7: Other\n\n${agent({ id: "A1" })}`);
  assert.equal(other.wave?.title, "Other");
  assert.equal(other.wave?.wave, 3);
  assert.ok(find(warningsOf(other.diagnostics), "file name wins", 1));
});

test("commit message: first backticked `**Commit message**:` outside fences", () => {
  const text = [
    "# Wave 3 - x",
    "",
    "```text",
    "**Commit message**: `not this one`",
    "```",
    "",
    "**Commit message**: `Billing: cut over`",
    "",
    "**Commit message**: `later one ignored`",
    "",
    agent({ id: "A1" }),
  ].join("\n");
  const r = parse(text);
  assert.equal(r.wave?.commitMessage, "Billing: cut over");
  assert.equal(r.wave?.sectionLines?.["Commit message"], 7);
  assert.equal(parse(agent({ id: "A1" })).wave?.commitMessage, null);
});

test("component promotions: grammar, id rule, duplicates — every bad line reported with its line", () => {
  const text = [
    "## Component promotions",
    "",
    "- billing-core: pilot-live",
    "- billing.api : repo-landed",
    "- Billing: repo-landed",
    "- missing-level:",
    "prose here",
    "- billing-core: qa-proved",
    "",
    agent({ id: "A1" }),
  ].join("\n");
  const r = parse(text);
  assert.deepEqual(r.wave?.componentPromotions, [
    { componentId: "billing-core", targetLevel: "pilot-live" },
    { componentId: "billing.api", targetLevel: "repo-landed" },
  ]);
  const errs = errorsOf(r.diagnostics);
  assert.ok(find(errs, 'invalid component id "Billing"', 5));
  assert.ok(find(errs, "malformed component promotion", 6));
  assert.ok(find(errs, 'malformed component promotion "prose here" in "## Component promotions"', 7));
  assert.ok(find(errs, 'duplicate component promotion "billing-core"', 8));
  assert.equal(errs.length, 4);
  assert.equal(r.wave?.sectionLines?.["Component promotions"], 1);
});

test("context7 defaults: bundle and query, quotes stripped, query compacted to one line of ≤280 chars", () => {
  const long = "word ".repeat(100);
  const text = [
    "## Context7 defaults",
    "",
    "- bundle: node-typescript",
    `- query: "Node   streams\tand ${long}"`,
    "- flavour: x",
    "",
    agent({ id: "A1" }),
  ].join("\n");
  const r = parse(text);
  const c = r.wave?.context7Defaults;
  assert.equal(c?.bundle, "node-typescript");
  assert.ok(c?.query?.startsWith("Node streams and word"));
  assert.equal(c?.query?.length, 280);
  assert.ok(!c?.query?.includes("  "));
  assert.ok(find(warningsOf(r.diagnostics), 'unknown Context7 setting "flavour"', 5));
  assert.equal(parse(["## Context7 defaults", "", "not a list", "", agent({ id: "A1" })].join("\n")).diagnostics[0]?.line, 3);
});

test("eval targets: pipe-separated fields, pinned vs delegated, all problems reported", () => {
  const text = [
    "## Eval targets",
    "",
    "- id: Accuracy | selection: pinned | benchmarks: drift, double-post | objective: Keep it exact | threshold: zero drift",
    "- id: speed | selection: delegated | benchmark-family: latency | objective: 'fast' | threshold: p99 < 50ms",
    "- id: bad | selection: random | objective: x",
    "- id: nobench | selection: pinned | objective: x | threshold: y",
    "- id: nofamily | selection: delegated | objective: x | threshold: y",
    "- id: speed | selection: delegated | benchmark-family: latency | objective: x | threshold: y",
    "- id speed",
    "",
    agent({ id: "A1" }),
  ].join("\n");
  const r = parse(text);
  assert.deepEqual(r.wave?.evalTargets, [
    {
      id: "accuracy",
      selection: "pinned",
      benchmarkFamily: null,
      benchmarks: ["drift", "double-post"],
      objective: "Keep it exact",
      threshold: "zero drift",
    },
    { id: "speed", selection: "delegated", benchmarkFamily: "latency", benchmarks: [], objective: "fast", threshold: "p99 < 50ms" },
  ]);
  const errs = errorsOf(r.diagnostics);
  assert.ok(find(errs, "selection must be one of: pinned, delegated", 5));
  assert.ok(find(errs, "threshold is required", 5));
  assert.ok(find(errs, "must declare benchmarks when selection=pinned", 6));
  assert.ok(find(errs, "must declare benchmark-family when selection=delegated", 7));
  assert.ok(find(errs, 'duplicate eval target "speed"', 8));
  assert.ok(find(errs, "malformed eval target field", 9));
});

test("deploy environments: ids/kinds, optional backticks, default flag, notes; first is default when none marked", () => {
  const text = [
    "## Deploy environments",
    "",
    "- `prod`: `kubernetes` (main cluster)",
    "- Staging: Custom default",
    "- prod: docker",
    "- what is this",
    "",
    agent({ id: "A1" }),
  ].join("\n");
  const r = parse(text);
  assert.deepEqual(r.wave?.deployEnvironments, [
    { id: "prod", kind: "kubernetes", isDefault: false, notes: "main cluster" },
    { id: "staging", kind: "custom", isDefault: true, notes: null },
  ]);
  assert.ok(find(errorsOf(r.diagnostics), 'duplicate deploy environment "prod"', 5));
  assert.ok(find(errorsOf(r.diagnostics), "malformed deploy environment", 6));
  const single = parse(["## Deploy environments", "", "- dev: compose", "", agent({ id: "A1" })].join("\n"));
  assert.equal(single.wave?.deployEnvironments[0]?.isDefault, true);
});

test("wave-level sections may come after the agents and are still found", () => {
  const text = [agent({ id: "A1", sections: { Components: ["- core"] } }), "## Component promotions", "", "- core: repo-landed", ""].join(
    "\n",
  );
  const r = parse(text);
  assert.deepEqual(r.wave?.componentPromotions, [{ componentId: "core", targetLevel: "repo-landed" }]);
  assert.deepEqual(r.wave?.agents[0]?.componentTargets, { core: "repo-landed" });
  assert.equal(errorsOf(r.diagnostics).length, 0);
});

test("ignored sections (Sequencing note, Project profile) and prose are fine; a repeated section warns", () => {
  const text = [
    "## Sequencing note",
    "",
    "Anything goes here, even - bullets and ### headings.",
    "",
    "## Component promotions",
    "",
    "- a: repo-landed",
    "",
    "## Component promotions",
    "",
    "- b: repo-landed",
    "",
    "## component promotions",
    "",
    agent({ id: "A1" }),
  ].join("\n");
  const r = parse(text);
  assert.equal(errorsOf(r.diagnostics).length, 0);
  assert.deepEqual(
    r.wave?.componentPromotions.map((p) => p.componentId),
    ["a"],
  );
  assert.ok(find(warningsOf(r.diagnostics), "repeats the section at line 5", 9));
  assert.ok(find(warningsOf(r.diagnostics), "case-sensitive", 13));
});

test("fingerprint is the sha256 of the file bytes; text and bytes agree", () => {
  // Non-ASCII text: the hash is over the UTF-8 bytes, not the characters.
  const text = `# Wave 3 - Überblick ✓\n\n${agent({ id: "A1" })}`;
  const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
  const a = parse(text);
  const b = parseWaveFile(Buffer.from(text), "w.md", 3);
  assert.equal(a.wave!.fingerprint, sha256(Buffer.from(text, "utf8")));
  assert.equal(b.wave!.fingerprint, sha256(Buffer.from(text, "utf8")));
  const longer = `${text}\n`;
  assert.equal(parse(longer).wave!.fingerprint, sha256(longer));
  // CRLF bytes are hashed as they are (not normalized first).
  const crlf = text.replace(/\n/g, "\r\n");
  assert.equal(parseWaveFile(Buffer.from(crlf), "w.md", 3).wave!.fingerprint, sha256(crlf));
});

test("malformed agent headings are errors, not silently skipped", () => {
  const r = parse(["## Agent A1", "", "## Agent : no id", "", "## Agent: x", "", agent({ id: "A2" })].join("\n"));
  const errs = errorsOf(r.diagnostics);
  assert.deepEqual(
    errs.map((d) => d.line),
    [1, 3, 5],
  );
  assert.ok(errs.every((d) => d.message.includes("## Agent <id>: <title>")));
  assert.deepEqual(
    r.wave?.agents.map((a) => a.agentId),
    ["A2"],
  );
});
