/**
 * An agent holding a steward id (the lane's roles.*AgentId: A0 cont-QA, E0 cont-EVAL, A8
 * integration, A9 documentation) runs as that steward whatever its title says. When neither its
 * title nor its prompt says so (and it imports no role prompt of that role), a warning names the
 * role, the config key and the markers the agent must print.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { agentBlock as block, configuredDiagnostics, lenientWave, waveFile } from "./validate-fixture.js";

const STEWARD = /steward id/;
const stewardWarnings = (body: string) =>
  lenientWave(body)
    .filter((d) => STEWARD.test(d.message))
    .map((d) => ({ agentId: d.agentId, line: d.line, severity: d.severity, message: d.message }));

/** An agent block with its own title and prompt text. */
function raw(id: string, title: string, prompt: string, rolePrompts: string[] = []): string {
  const lines = [`## Agent ${id}: ${title}`, ""];
  if (rolePrompts.length > 0) lines.push("### Role prompts", "", ...rolePrompts.map((p) => `- ${p}`), "");
  lines.push(
    "### Prompt",
    "",
    "```text",
    prompt,
    "",
    "File ownership (only touch these paths):",
    `- docs/${id.toLowerCase()}.md`,
    "```",
    "",
  );
  return lines.join("\n");
}

const message = (id: string, label: string, key: string, markers: string) =>
  `Agent ${id} holds the ${label} steward id (roles.${key}), but neither its title nor its prompt says so: it runs as the ${label} steward and must print ${markers} (docs/markers.md). Give it that role's title and prompt, or another id.`;

test("each steward id with a title and prompt of other work: a warning naming the role, its key and its markers", () => {
  const body = [
    raw("A0", "Parser", "Write the parser."),
    raw("E0", "Cache", "Add a cache."),
    raw("A8", "Logging", "Add logging."),
    raw("A9", "Metrics", "Add metrics."),
    raw("A1", "Anything", "Any work."),
  ].join("");
  assert.deepEqual(stewardWarnings(body), [
    { agentId: "A0", line: 3, severity: "warning", message: message("A0", "cont-QA", "contQaAgentId", "[wave-gate], [wave-verdict]") },
    { agentId: "E0", line: 13, severity: "warning", message: message("E0", "cont-EVAL", "contEvalAgentId", "[wave-eval]") },
    { agentId: "A8", line: 23, severity: "warning", message: message("A8", "integration", "integrationAgentId", "[wave-integration]") },
    { agentId: "A9", line: 33, severity: "warning", message: message("A9", "documentation", "documentationAgentId", "[wave-doc-closure]") },
  ]);
});

test("a title that names the role is enough, for every role and the words each role's titles use", () => {
  for (const [id, title] of [
    ["A0", "cont-QA"],
    ["A0", "Cont_QA"],
    ["A0", "cont qa"],
    ["A0", "contqa"],
    ["A0", "QA review"],
    ["A0", "Quality gate"],
    ["E0", "cont-EVAL"],
    ["E0", "Evaluation"],
    ["A8", "Integration steward"],
    ["A8", "Integrator"],
    ["A9", "Documentation steward"],
    ["A9", "Docs"],
  ] as const) {
    assert.deepEqual(stewardWarnings(raw(id, title, "Do the work.")), [], `${id}: ${title}`);
  }
});

test("a prompt that names the role is enough when the title does not", () => {
  assert.deepEqual(stewardWarnings(raw("A0", "Closer", "You are the cont-QA agent.")), []);
  assert.deepEqual(stewardWarnings(raw("E0", "Closer", "Evaluate the targets.")), []);
  assert.deepEqual(stewardWarnings(raw("A8", "Closer", "Check the integration.")), []);
  assert.deepEqual(stewardWarnings(raw("A9", "Closer", "Update the docs.")), []);
});

test("importing the role's prompt is enough (the path as written or normalised); another role's prompt is not", () => {
  assert.deepEqual(stewardWarnings(raw("A8", "Closer", "Do it.", ["docs/agents/wave-integration-role.md"])), []);
  assert.deepEqual(stewardWarnings(raw("A9", "Closer", "Do it.", ["./docs/agents/wave-documentation-role.md"])), []);
  assert.deepEqual(stewardWarnings(raw("A0", "Closer", "Do it.", ["docs/agents/wave-cont-qa-role.md"])), []);
  assert.deepEqual(stewardWarnings(raw("E0", "Closer", "Do it.", ["docs/agents/wave-cont-eval-role.md"])), []);
  const other = stewardWarnings(raw("A8", "Closer", "Do it.", ["docs/agents/wave-documentation-role.md"]));
  assert.equal(other.length, 1);
  assert.equal(other[0]?.agentId, "A8");
});

test("a docs/ path in the prompt's ownership list does not make a documentation prompt; the word docs or documentation does", () => {
  assert.equal(stewardWarnings(raw("A9", "Metrics", "Add metrics to docs/metrics.md.")).length, 1);
  assert.deepEqual(stewardWarnings(raw("A9", "Metrics", "Update the docs.")), []);
  assert.deepEqual(stewardWarnings(raw("A9", "Metrics", "Keep the documents current.")), []);
  assert.equal(stewardWarnings(raw("A9", "Docstring parser", "Parse docstrings.")).length, 1, "docs only as a word");
});

test("QA only as a word: a title that merely contains the letters q-a is not a cont-QA title", () => {
  assert.equal(stewardWarnings(raw("A0", "Iqaluit port", "Port it.")).length, 1);
  assert.deepEqual(stewardWarnings(raw("A0", "The QA pass", "Check.")), []);
});

test("the ids come from the config's roles: another id is the steward; A8 is then an ordinary agent", () => {
  const ds = configuredDiagnostics({
    config: (c) => {
      c.roles = { ...c.roles, integrationAgentId: "I8" };
    },
    files: {
      [waveFile(3)]: `# Wave 3 - extra\n\n${raw("I8", "Parser", "Write the parser.")}${raw("A8", "Parser", "Write the parser.")}`,
    },
  }).filter((d) => STEWARD.test(d.message));
  assert.deepEqual(
    ds.map((d) => [d.wave, d.agentId, d.message]),
    [[3, "I8", message("I8", "integration", "integrationAgentId", "[wave-integration]")]],
  );
});

test("an ordinary agent's block with a generic title is never warned", () => {
  assert.deepEqual(stewardWarnings(block({ id: "A1", owned: ["src/a.ts"] }) + block({ id: "B8", owned: ["src/b.ts"] })), []);
});
