/**
 * The marker nonce is matched exactly: only the very value the agent's launch got counts. Every
 * near miss (a prefix of any length, a suffix, another case, extra characters, another agent's
 * nonce) is rejected and listed with its reason, for every kind that needs the nonce.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { markerSpec, parseMarkerBody } from "../../src/signals/grammar.js";
import { parseSignals } from "../../src/signals/parser.js";
import { NONCE_REQUIRED_KINDS, type SignalKind } from "../../src/signals/vocabulary.js";

/** This agent's nonce (the engine's form: 24 hex digits) and another launch's. */
const OWN = "5d1f0c9a7b3e2f48a6c0d1e7";
const OTHER = "9c0e4b1d2a7f5e38c6a1d0b3";

const GATE = "[wave-gate] architecture=pass integration=pass durability=pass live=pass docs=pass";
const gateLine = (nonce: string) => `${GATE} nonce=${nonce} detail=ok`;

/** Every nonce that is not the agent's own, with what it stands for. */
function nearMisses(own: string): [string, string][] {
  const out: [string, string][] = [];
  for (let n = 1; n < own.length; n++) out.push([own.slice(0, n), `prefix of ${n}`]);
  for (let n = 1; n < own.length; n++) out.push([own.slice(n), `suffix from ${n}`]);
  out.push([own.toUpperCase(), "upper-cased"]);
  out.push([`${own}0`, "a character appended"]);
  out.push([`${own}${own}`, "repeated"]);
  out.push([`x${own}`, "a character prepended"]);
  out.push([`${own.slice(0, -1)}${own.at(-1) === "0" ? "1" : "0"}`, "last character changed"]);
  out.push([`${own.slice(1)}${own[0]}`, "rotated"]);
  out.push([OTHER, "another agent's nonce"]);
  out.push([own.slice(0, 12) + OTHER.slice(12), "half of it"]);
  return out;
}

test("the exact nonce is accepted; an empty one (a prefix of length 0) is missing", () => {
  const ok = parseSignals(`${gateLine(OWN)}\n`, { nonce: OWN });
  assert.equal(ok.gate?.docs, "pass");
  assert.deepEqual(ok.diagnostics, []);
  const empty = parseSignals(`${gateLine("")}\n`, { nonce: OWN });
  assert.equal(empty.gate, null);
  assert.deepEqual(
    empty.diagnostics.map((d) => [d.kind, d.reason, d.severity]),
    [["gate", "missing nonce", "error"]],
  );
});

test("every near miss of the agent's nonce is rejected as a wrong nonce and listed", () => {
  const misses = nearMisses(OWN);
  // One line per near miss, then none that counts: the gate stays unset and every line is listed.
  const r = parseSignals(`${misses.map(([n]) => gateLine(n)).join("\n")}\n`, { nonce: OWN, maxSamplesPerKind: misses.length });
  assert.equal(r.gate, null, "no near miss counts");
  assert.deepEqual(r.counts.gate, { seen: misses.length, accepted: 0, rejected: misses.length, warnings: 0 });
  assert.equal(r.diagnostics.length, misses.length);
  r.diagnostics.forEach((d, i) => {
    assert.equal(d.reason, "wrong nonce", misses[i]![1]);
    assert.equal(d.line, i + 1);
    assert.equal(d.text, gateLine("***"), "the value is masked");
  });
  // Each one alone too (the last marker of a kind counts: a rejected line after the exact one
  // leaves the exact one standing, so each is checked on its own).
  for (const [nonce, what] of misses) {
    const one = parseSignals(`${gateLine(nonce)}\n`, { nonce: OWN });
    assert.equal(one.gate, null, what);
    assert.equal(one.diagnostics[0]?.reason, "wrong nonce", what);
  }
});

test("the agent's own nonce does not count for a parser that expects another's (two agents, two nonces)", () => {
  const a = parseSignals(`${gateLine(OTHER)}\n`, { nonce: OWN });
  const b = parseSignals(`${gateLine(OWN)}\n`, { nonce: OTHER });
  assert.equal(a.gate, null);
  assert.equal(b.gate, null);
  assert.equal(a.diagnostics[0]?.reason, "wrong nonce");
  assert.equal(b.diagnostics[0]?.reason, "wrong nonce");
  assert.equal(parseSignals(`${gateLine(OTHER)}\n`, { nonce: OTHER }).gate?.docs, "pass");
});

test("the nonce is compared as printed: another case of the key is read, another case of the value is not", () => {
  assert.equal(parseSignals(`${GATE} NONCE=${OWN}\n`, { nonce: OWN }).gate?.docs, "pass", "the key is case-insensitive");
  const lower = "abcdefabcdefabcdefabcdef";
  const r = parseSignals(`${GATE} nonce=${lower.toUpperCase()}\n`, { nonce: lower });
  assert.equal(r.gate, null);
  assert.equal(r.diagnostics[0]?.reason, "wrong nonce");
  // A nonce glued to another key's value is no nonce: the line has none of its own.
  const glued = parseSignals(`${GATE} detail=x-nonce=${OWN}\n`, { nonce: OWN });
  assert.equal(glued.gate, null);
  assert.equal(glued.diagnostics[0]?.reason, "missing nonce");
});

test("every kind that needs the nonce rejects each near miss and accepts the exact value", () => {
  const bodies: Record<string, string> = {
    "doc-closure": "state=no-change",
    integration: "state=ready-for-doc-closure claims=0 conflicts=0 blockers=0",
    eval: "state=satisfied targets=0 benchmarks=0 regressions=0",
    security: "state=clear findings=0 approvals=0",
    gate: "architecture=pass integration=pass durability=pass live=pass docs=pass",
    verdict: "pass",
    design: "state=ready-for-implementation decisions=0 assumptions=0 open_questions=0",
  };
  for (const kind of NONCE_REQUIRED_KINDS) {
    const body = bodies[kind];
    assert.ok(body, `a body for ${kind}`);
    const spec = markerSpec(kind as SignalKind);
    assert.equal(parseMarkerBody(spec, `${body} nonce=${OWN}`, OWN).ok, true, kind);
    for (const [nonce, what] of nearMisses(OWN)) {
      assert.deepEqual(
        parseMarkerBody(spec, `${body} nonce=${nonce}`, OWN),
        { ok: false, reason: "wrong nonce", componentId: undefined },
        `${kind}: ${what}`,
      );
    }
  }
});
