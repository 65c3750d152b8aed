import assert from "node:assert/strict";
import { test } from "node:test";
import { MARKER_SPECS } from "../../src/signals/grammar.js";
import {
  EXAMPLE_NONCE,
  exampleLine,
  KEY_DESCRIPTIONS,
  markersMarkdown,
  nonceChecked,
  ROLE_REQUIREMENTS,
} from "../../src/signals/markers-doc.js";
import { parseSignals } from "../../src/signals/parser.js";
import { NONCE_REQUIRED_KINDS, SIGNAL_KINDS, type SignalKind } from "../../src/signals/vocabulary.js";
import { AGENT_ROLES } from "../../src/wave/schema.js";
import { type AgentKey, baseInputs, withLog, waveVerdict } from "../closure/helpers.js";

const doc = markersMarkdown();

/** Every line of the page's ```text blocks (the example marker lines). */
function docExamples(markdown: string): string[] {
  const lines: string[] = [];
  let inText = false;
  for (const line of markdown.split("\n")) {
    if (line === "```text") inText = true;
    else if (line === "```") inText = false;
    else if (inText) lines.push(line);
  }
  return lines;
}

function kindOf(line: string): SignalKind {
  const tag = /^\[([a-z-]+)\]/.exec(line)?.[1];
  const spec = [...MARKER_SPECS.values()].find((s) => s.tag === tag);
  assert.ok(spec, `example line with an unknown tag: ${line}`);
  return spec.kind;
}

test("every marker kind of the grammar has a section listing each of its keys and allowed values", () => {
  for (const kind of SIGNAL_KINDS) {
    const spec = MARKER_SPECS.get(kind)!;
    const start = doc.indexOf(`\n### ${spec.tag}\n`);
    assert.ok(start > 0, `no section for [${spec.tag}]`);
    const next = doc.indexOf("\n### ", start + 1);
    const section = doc.slice(start, next === -1 ? undefined : next);
    for (const key of spec.keys) {
      const row = section.split("\n").find((l) => l.startsWith(`| \`${key.key}\` |`));
      assert.ok(row, `[${spec.tag}] lacks a row for ${key.key}`);
      if (key.type === "enum") {
        for (const value of key.values) assert.ok(row.includes(`\`${value}\``), `[${spec.tag}] ${key.key} lacks value ${value}: ${row}`);
        for (const alias of Object.keys(key.aliases ?? {}))
          assert.ok(row.includes(`\`${alias}\``), `[${spec.tag}] ${key.key} lacks alias ${alias}`);
      }
      if (key.type === "token") assert.ok(row.includes(key.pattern.source), `[${spec.tag}] ${key.key} lacks its pattern`);
    }
  }
});

test("each key has exactly one description, and every role has its required markers", () => {
  for (const kind of SIGNAL_KINDS) {
    const keys = MARKER_SPECS.get(kind)!
      .keys.map((k) => k.key)
      .sort();
    assert.deepEqual(Object.keys(KEY_DESCRIPTIONS[kind]).sort(), keys, kind);
  }
  assert.deepEqual([...new Set(ROLE_REQUIREMENTS.flatMap((r) => r.roles))].sort(), [...AGENT_ROLES].sort());
  const required = new Set(ROLE_REQUIREMENTS.flatMap((r) => r.required));
  for (const kind of NONCE_REQUIRED_KINDS) assert.ok(required.has(kind), `${kind} is a gate marker no role is told to print`);
});

/**
 * The nonce the engine's parser expects for an agent printing `kind`: closure-stage agents parse
 * with the run's nonce; a design agent's parser has none (it runs before the closure stages).
 */
const parserNonce = (kind: SignalKind) => (NONCE_REQUIRED_KINDS.includes(kind) && !nonceChecked(kind) ? null : EXAMPLE_NONCE);

test("every example line on the page is accepted by the real parser, with this page's nonce", () => {
  const examples = docExamples(doc);
  const kinds = new Set(examples.map(kindOf));
  assert.deepEqual([...kinds].sort(), [...SIGNAL_KINDS].sort(), "one example at least per kind");
  for (const line of examples) {
    const kind = kindOf(line);
    const result = parseSignals(`${line}\n`, { nonce: parserNonce(kind) });
    assert.deepEqual(
      result.counts[kind],
      { seen: 1, accepted: 1, rejected: 0, warnings: 0 },
      `${line}\n${JSON.stringify(result.diagnostics)}`,
    );
    // Without nonces on, the same line counts too.
    assert.equal(parseSignals(`${line}\n`).counts[kind]?.accepted, 1, line);
  }
});

test("the nonce rule the page states is the parser's: a checked kind without the nonce or with another is rejected", () => {
  const checked = SIGNAL_KINDS.filter(nonceChecked);
  assert.deepEqual(checked.sort(), ["doc-closure", "eval", "gate", "integration", "security", "verdict"]);
  for (const kind of checked) {
    const bare = exampleLine(kind, null);
    assert.ok(doc.includes(`${bare} nonce=${EXAMPLE_NONCE}`), `the page's ${kind} example carries the nonce`);
    const missing = parseSignals(`${bare}\n`, { nonce: EXAMPLE_NONCE });
    assert.equal(missing.counts[kind]?.rejected, 1, kind);
    assert.equal(missing.diagnostics[0]?.reason, "missing nonce");
    const wrong = parseSignals(`${bare} nonce=0000\n`, { nonce: EXAMPLE_NONCE });
    assert.equal(wrong.diagnostics[0]?.reason, "wrong nonce");
  }
  for (const kind of SIGNAL_KINDS.filter((k) => !nonceChecked(k))) {
    assert.ok(!exampleLine(kind).includes("nonce="), `${kind} examples carry no nonce`);
  }
});

test("the page's examples pass every gate of a full wave", () => {
  const byKind = new Map<SignalKind, string>();
  for (const line of docExamples(doc)) if (!byKind.has(kindOf(line))) byKind.set(kindOf(line), line);
  const log = (...kinds: SignalKind[]) => kinds.map((k) => byKind.get(k)!).join("\n");
  const logs: Record<AgentKey, string> = {
    D1: log("design"),
    A1: log("proof", "doc-delta", "component"),
    A2: log("phase"),
    E0: log("eval"),
    A7: log("security"),
    A8: log("integration"),
    A9: log("doc-closure"),
    A0: log("gate", "verdict"),
  };
  const base = baseInputs();
  // The eval example names one pinned target with one benchmark.
  let inputs = { ...base, wave: { ...base.wave, evalTargets: [base.wave.evalTargets[0]!] } };
  for (const [id, text] of Object.entries(logs) as [AgentKey, string][]) {
    // D1 is a design agent: its parser has no nonce. A0's report has no Verdict: line, so the verdict is the marker's.
    const nonce = id === "D1" ? null : EXAMPLE_NONCE;
    const extra = id === "A0" ? { nonce, report: { path: "docs/reviews/wave-3-cont-qa.md", content: "# QA\n" } } : { nonce };
    inputs = withLog(inputs, id, text, extra);
  }
  const result = waveVerdict(inputs);
  assert.equal(result.ok, true, JSON.stringify(result.failure));
  assert.equal(inputs.summaries.A0?.verdict?.source, "log", "the verdict came from the example marker");
  assert.equal(inputs.summaries.E0?.eval?.targetIds[0], "latency-p95");
});
