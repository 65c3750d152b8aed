/**
 * Per-launch marker nonces at the gates: each closure agent's markers are read with its own nonce.
 * A marker with another agent's nonce, or with a near miss of its own (prefix, suffix, another
 * case, a character more), does not count: the agent's stage fails with the line listed as
 * rejected ("wrong nonce"); with its own nonce the wave passes.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { GateInputs } from "../../src/closure/types.js";
import { type AgentKey, baseInputs, LOGS, NONCE, withLog, waveVerdict } from "./helpers.js";

/** The closure agents of the base wave, the stage each one closes, and a nonce of its own. */
const CLOSURE: { id: AgentKey; stage: string; nonce: string }[] = [
  { id: "E0", stage: "cont-eval", nonce: "0e1d2c3b4a5968778695a4b3" },
  { id: "A7", stage: "security", nonce: "7a6b5c4d3e2f10213243f5e6" },
  { id: "A8", stage: "integration", nonce: "8b9a0c1d2e3f4a5b6c7d8e9f" },
  { id: "A9", stage: "documentation", nonce: "9c8d7e6f5a4b3c2d1e0f1a2b" },
  { id: "A0", stage: "cont-qa", nonce: "a0b1c2d3e4f5a6b7c8d9e0f1" },
];

/** The base log of `id` with its nonce replaced by `printed`, read by a parser expecting `own`. */
function withNonces(inputs: GateInputs, id: AgentKey, printed: string, own: string): GateInputs {
  return withLog(inputs, id, LOGS[id].replaceAll(`nonce=${NONCE}`, `nonce=${printed}`), { nonce: own });
}

/** The base wave with every closure agent printing its own nonce. */
function ownNonces(): GateInputs {
  let inputs = baseInputs();
  for (const a of CLOSURE) inputs = withNonces(inputs, a.id, a.nonce, a.nonce);
  return inputs;
}

test("every closure agent printing its own nonce passes", () => {
  const r = waveVerdict(ownNonces());
  assert.equal(r.ok, true, JSON.stringify(r.failure));
});

test("a closure agent printing another agent's nonce fails its stage with the line rejected as a wrong nonce", () => {
  for (const [i, a] of CLOSURE.entries()) {
    const other = CLOSURE[(i + 1) % CLOSURE.length]!;
    const r = waveVerdict(withNonces(ownNonces(), a.id, other.nonce, a.nonce));
    assert.equal(r.ok, false, a.id);
    assert.equal(r.failure?.agentId, a.id);
    assert.equal(r.failure?.stage, a.stage);
    assert.match(r.failure?.detail ?? "", /wrong nonce/, a.id);
    assert.ok(!(r.failure?.detail ?? "").includes(other.nonce), "the other nonce is not quoted");
  }
});

test("near misses of an agent's own nonce fail its stage: every prefix, every suffix, upper case, a character more", () => {
  for (const a of CLOSURE) {
    const own = a.nonce;
    const misses = [
      ...Array.from({ length: own.length - 1 }, (_, n) => own.slice(0, n + 1)),
      ...Array.from({ length: own.length - 1 }, (_, n) => own.slice(n + 1)),
      own.toUpperCase(),
      `${own}0`,
      `0${own}`,
    ];
    for (const printed of misses) {
      const r = waveVerdict(withNonces(ownNonces(), a.id, printed, own));
      assert.equal(r.failure?.agentId, a.id, `${a.id} printed nonce=${printed}`);
      assert.match(r.failure?.detail ?? "", /wrong nonce/, `${a.id} printed nonce=${printed}`);
    }
    // The empty prefix: no nonce at all.
    const r = waveVerdict(withNonces(ownNonces(), a.id, "", own));
    assert.equal(r.failure?.agentId, a.id);
    assert.match(r.failure?.detail ?? "", /missing nonce/);
  }
});
