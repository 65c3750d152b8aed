// Whether two TypeScript sources are the same program text apart from what a formatter changes:
// the leaves of their syntax trees (tokens, template parts, literals) are equal once whitespace,
// comments and trailing commas are set aside.
import ts from "typescript";

function leaves(text) {
  const file = ts.createSourceFile("source.ts", text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out = [];
  const walk = (node) => {
    const children = node.getChildren(file);
    if (children.length > 0) {
      for (const child of children) walk(child);
      return;
    }
    const token = node.getText(file);
    if (token !== "") out.push(token);
  };
  walk(file);
  return out.filter((token, i) => !(token === "," && [")", "]", "}", ">"].includes(out[i + 1])));
}

export function sameTokens(a, b) {
  if (a === b) return true;
  const x = leaves(a);
  const y = leaves(b);
  return x.length === y.length && x.every((token, i) => token === y[i]);
}

/**
 * Carries a recorded run's test files over renames (pure; changes `testFiles` in place): a
 * recorded file that no longer exists whose tokens equal those of a present file without a record
 * becomes that file's record, its tests renamed with it (the tap runner names each test after its
 * file). Each present file is used once. `present` maps every present test file to its source.
 * Returns the renames carried, as [old, new].
 */
export function carryRenamedTestFiles(testFiles, present) {
  const unrecorded = [...present.keys()].filter((f) => !(f in testFiles));
  const carried = [];
  for (const [name, test] of Object.entries(testFiles)) {
    if (present.has(name)) continue;
    const at = unrecorded.findIndex((f) => sameTokens(test.source, present.get(f)));
    if (at === -1) continue;
    const [renamed] = unrecorded.splice(at, 1);
    delete testFiles[name];
    testFiles[renamed] = {
      ...test,
      source: present.get(renamed),
      tests: (test.tests ?? []).map((t) => (t.name === name ? { ...t, name: renamed } : t)),
    };
    carried.push([name, renamed]);
  }
  return carried;
}
