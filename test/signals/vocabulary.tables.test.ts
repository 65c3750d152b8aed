/**
 * The vocabulary's tables pinned entry by entry. MARKERS, VERDICTS, GATE_DIMENSIONS,
 * NON_BLOCKING_INFRA_STATES and the state lists are `as const` literals, which Stryker never
 * mutates (it skips every `as` expression), so a change to any of them — a value, an alias, a key,
 * a pattern, a result field — must fail here (docs/testing.md, "Mutation testing"). Next to the
 * pins, the use an attacker or a careless agent would probe: an enum key accepts exactly its values
 * and declared aliases, so `state=partial` (or a prototype property's name) is rejected, never
 * read as some state.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { parseSignals } from "../../src/signals/parser.js";
import {
  COMPONENT_STATES,
  DEPLOY_STATES,
  DESIGN_STATES,
  DOC_CLOSURE_STATES,
  EVAL_STATES,
  GAP_KINDS,
  GATE_DIMENSIONS,
  GATE_VALUES,
  INTEGRATION_STATES,
  type KeyDecl,
  MARKERS,
  NON_BLOCKING_INFRA_STATES,
  NONCE_REQUIRED_KINDS,
  PROOF_STATES,
  SECURITY_STATES,
  SIGNAL_KINDS,
  type SignalKind,
  VERDICTS,
} from "../../src/signals/vocabulary.js";

/** A key as one line: `<key> <type>` plus values and aliases (enum), `lower` (csv), pattern (token). */
function describeKey(k: KeyDecl): string {
  switch (k.type) {
    case "enum": {
      const aliases = Object.entries(k.aliases ?? {}).map(([from, to]) => `${from}>${to}`);
      return `${k.key} enum ${k.values.join("|")}${aliases.length > 0 ? ` ${aliases.join(",")}` : ""}`;
    }
    case "csv":
      return `${k.key} csv${k.lower ? " lower" : ""}`;
    case "token":
      return `${k.key} token ${k.pattern}`;
    default:
      return `${k.key} ${k.type}`;
  }
}

function describeMarker(kind: SignalKind) {
  const m = MARKERS[kind] as {
    tag: string;
    keys: Readonly<Record<string, KeyDecl>>;
    positional?: string;
    result: { field: string; keep: string };
  };
  const keys = Object.fromEntries(Object.entries(m.keys).map(([field, k]) => [field, describeKey(k)]));
  return { tag: m.tag, keys, positional: m.positional ?? null, result: `${m.result.field} ${m.result.keep}` };
}

const TEXT = "detail text";

test("MARKERS: every kind's tag, keys (field, name, type, values, aliases, patterns), positional key and result field", () => {
  assert.deepEqual(Object.fromEntries(SIGNAL_KINDS.map((kind) => [kind, describeMarker(kind)])), {
    proof: {
      tag: "wave-proof",
      keys: {
        completion: "completion enum contract|integrated|authoritative|live",
        durability: "durability enum none|ephemeral|durable",
        proof: "proof enum unit|integration|live",
        state: "state enum met|gap complete>met",
        detail: TEXT,
      },
      positional: null,
      result: "proof last",
    },
    "doc-delta": {
      tag: "wave-doc-delta",
      keys: { state: "state enum none|owned|shared-plan", paths: "paths csv", detail: TEXT },
      positional: null,
      result: "docDelta last",
    },
    "doc-closure": {
      tag: "wave-doc-closure",
      keys: { state: "state enum closed|no-change|delta", paths: "paths csv", detail: TEXT },
      positional: null,
      result: "docClosure last",
    },
    integration: {
      tag: "wave-integration",
      keys: {
        state: "state enum ready-for-doc-closure|needs-more-work",
        claims: "claims int",
        conflicts: "conflicts int",
        blockers: "blockers int",
        detail: TEXT,
      },
      positional: null,
      result: "integration last",
    },
    eval: {
      tag: "wave-eval",
      keys: {
        state: "state enum satisfied|needs-more-work|blocked",
        targets: "targets int",
        benchmarks: "benchmarks int",
        regressions: "regressions int",
        targetIds: "target_ids csv lower",
        benchmarkIds: "benchmark_ids csv lower",
        detail: TEXT,
      },
      positional: null,
      result: "eval last",
    },
    security: {
      tag: "wave-security",
      keys: { state: "state enum clear|concerns|blocked", findings: "findings int", approvals: "approvals int", detail: TEXT },
      positional: null,
      result: "security last",
    },
    design: {
      tag: "wave-design",
      keys: {
        state: "state enum ready-for-implementation|needs-clarification|blocked",
        decisions: "decisions int",
        assumptions: "assumptions int",
        openQuestions: "open_questions int",
        detail: TEXT,
      },
      positional: null,
      result: "design last",
    },
    gate: {
      tag: "wave-gate",
      keys: {
        architecture: "architecture enum pass|concerns|blocked|gap",
        integration: "integration enum pass|concerns|blocked|gap",
        durability: "durability enum pass|concerns|blocked|gap",
        live: "live enum pass|concerns|blocked|gap",
        docs: "docs enum pass|concerns|blocked|gap",
        detail: TEXT,
      },
      positional: null,
      result: "gate last",
    },
    gap: {
      tag: "wave-gap",
      keys: { kind: "kind enum architecture|integration|durability|ops|docs", detail: TEXT },
      positional: null,
      result: "gaps all",
    },
    component: {
      tag: "wave-component",
      keys: {
        componentId: "component token /^[a-z0-9][a-z0-9._-]*$/i",
        level: "level token /^[a-z0-9][a-z0-9._-]*$/i",
        state: "state enum met|gap complete>met",
        detail: TEXT,
      },
      positional: null,
      result: "components per-component",
    },
    verdict: {
      tag: "wave-verdict",
      keys: { verdict: "verdict enum pass|concerns|blocked|hold fail>blocked", detail: TEXT },
      positional: "verdict",
      result: "logVerdict last",
    },
    phase: {
      tag: "wave-phase",
      keys: { phase: "phase token /^[a-z0-9][a-z0-9_-]*$/i" },
      positional: "phase",
      result: "phase last",
    },
    "deploy-status": {
      tag: "deploy-status",
      keys: {
        service: "service token /^[a-z0-9_.:-]+$/i",
        state: "state enum deploying|healthy|failed|rolledover rolled-back>rolledover,rollback>rolledover",
        detail: TEXT,
      },
      positional: null,
      result: "deployStatus last",
    },
    "infra-status": {
      tag: "infra-status",
      keys: {
        kind: "kind token /^[a-z0-9][a-z0-9_.-]*$/i",
        target: "target token /^[a-z0-9_.:@/-]+$/i",
        state: "state token /^[a-z0-9][a-z0-9_.-]*$/i",
        detail: TEXT,
      },
      positional: null,
      result: "infraStatus last",
    },
  });
});

test("MARKERS: the kinds that need the run's nonce (the gate markers of closure and design agents)", () => {
  assert.deepEqual(
    SIGNAL_KINDS.filter((kind) => MARKERS[kind].nonce),
    ["doc-closure", "integration", "eval", "security", "design", "gate", "verdict"],
  );
  assert.deepEqual(NONCE_REQUIRED_KINDS, ["doc-closure", "integration", "eval", "security", "design", "gate", "verdict"]);
});

test("the value lists: states, gate values and dimensions, gap kinds, verdicts, deploy states, non-blocking infra states", () => {
  assert.deepEqual(
    {
      PROOF_STATES,
      COMPONENT_STATES,
      DOC_CLOSURE_STATES,
      INTEGRATION_STATES,
      EVAL_STATES,
      SECURITY_STATES,
      DESIGN_STATES,
      GATE_VALUES,
      GATE_DIMENSIONS,
      GAP_KINDS,
      VERDICTS,
      DEPLOY_STATES,
      NON_BLOCKING_INFRA_STATES,
    },
    {
      PROOF_STATES: ["met", "gap"],
      COMPONENT_STATES: ["met", "gap"],
      DOC_CLOSURE_STATES: ["closed", "no-change", "delta"],
      INTEGRATION_STATES: ["ready-for-doc-closure", "needs-more-work"],
      EVAL_STATES: ["satisfied", "needs-more-work", "blocked"],
      SECURITY_STATES: ["clear", "concerns", "blocked"],
      DESIGN_STATES: ["ready-for-implementation", "needs-clarification", "blocked"],
      GATE_VALUES: ["pass", "concerns", "blocked", "gap"],
      GATE_DIMENSIONS: ["architecture", "integration", "durability", "live", "docs"],
      GAP_KINDS: ["architecture", "integration", "durability", "ops", "docs"],
      VERDICTS: ["pass", "concerns", "blocked", "hold"],
      DEPLOY_STATES: ["deploying", "healthy", "failed", "rolledover"],
      NON_BLOCKING_INFRA_STATES: [
        "conformant",
        "setup-required",
        "setup-in-progress",
        "action-required",
        "action-approved",
        "action-complete",
      ],
    },
  );
  // The gate marker has one key per dimension, named like it.
  const gateKeys = Object.values(MARKERS.gate.keys as Readonly<Record<string, KeyDecl>>).map((k) => k.key);
  assert.deepEqual(gateKeys, [...GATE_DIMENSIONS, "detail"]);
});

/** Enum keys of every kind, with a line of that kind where the key has `value` and the rest is valid. */
function enumCases(): { kind: SignalKind; key: Extract<KeyDecl, { type: "enum" }>; line: (value: string) => string }[] {
  const out: ReturnType<typeof enumCases> = [];
  for (const kind of SIGNAL_KINDS) {
    const keys = Object.values(MARKERS[kind].keys as Readonly<Record<string, KeyDecl>>);
    for (const key of keys) {
      if (key.type !== "enum") continue;
      const others = keys
        .filter((k) => k !== key && k.type !== "text" && k.type !== "csv")
        .map((k) => `${k.key}=${k.type === "enum" ? k.values[0] : k.type === "int" ? "1" : "x"}`);
      out.push({ kind, key, line: (value) => `[${MARKERS[kind].tag}] ${[...others, `${key.key}=${value}`].join(" ")}` });
    }
  }
  return out;
}

test("an enum key accepts exactly its values and its declared aliases: state=partial and other near words are rejected", () => {
  const cases = enumCases();
  assert.equal(cases.length, 19, "enum keys across the marker kinds");
  const outsiders = ["partial", "done", "ok", "yes", "fail-ish", "constructor", "__proto__", "tostring", "hasownproperty"];
  for (const { kind, key, line } of cases) {
    for (const value of key.values) {
      const r = parseSignals(line(value.toUpperCase()));
      assert.deepEqual(r.diagnostics, [], line(value));
    }
    for (const [alias, to] of Object.entries(key.aliases ?? {})) {
      const r = parseSignals(line(alias));
      assert.deepEqual(r.diagnostics, [], line(alias));
      const field = Object.entries(MARKERS[kind].keys as Readonly<Record<string, KeyDecl>>).find(([, k]) => k === key)![0];
      const kept = (r as unknown as Record<string, unknown>)[MARKERS[kind].result.field];
      const marker = (Array.isArray(kept) ? kept[0] : kept) as Record<string, unknown>;
      assert.equal(marker[field], to, line(alias));
    }
    for (const value of outsiders.filter((v) => !key.values.includes(v) && !(key.aliases && Object.hasOwn(key.aliases, v)))) {
      const r = parseSignals(line(value));
      assert.deepEqual(
        r.diagnostics.map((d) => [d.kind, d.severity, d.reason]),
        [[kind, "error", `invalid value ${key.key}=${value} (expected ${key.values.join("|")})`]],
        line(value),
      );
    }
  }
});

test("state=partial is no proof or component state: the marker is rejected and nothing is recorded", () => {
  const r = parseSignals(
    [
      "[wave-proof] completion=live durability=durable proof=unit state=partial",
      "[wave-component] component=auth-service level=repo-landed state=partial",
    ].join("\n"),
  );
  assert.equal(r.proof, null);
  assert.deepEqual(r.components, []);
  assert.deepEqual(
    r.diagnostics.map((d) => [d.kind, d.line, d.reason]),
    [
      ["proof", 1, "invalid value state=partial (expected met|gap)"],
      ["component", 2, "invalid value state=partial (expected met|gap)"],
    ],
  );
});
