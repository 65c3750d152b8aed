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
