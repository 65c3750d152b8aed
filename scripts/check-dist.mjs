// Fails when dist/ differs from a fresh build of src/.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Where two texts first differ, as a short note (which line, both versions). */
function firstDifference(committed, fresh) {
  const a = committed.split("\n");
  const b = fresh.split("\n");
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) {
      const cut = (t) => (t === undefined ? "(end of file)" : JSON.stringify(t.slice(0, 160)));
      return `\n  line ${i + 1}: committed ${cut(a[i])}\n  line ${i + 1}: fresh     ${cut(b[i])} (${a.length} vs ${b.length} lines)`;
    }
  }
  return "";
}

/** For a source map: which sources only one of the two maps names (a map's one line says little). */
function mapDifference(file, committed, fresh) {
  if (!file.endsWith(".map")) return "";
  try {
    const a = new Set(JSON.parse(committed.toString("utf8")).sources);
    const b = new Set(JSON.parse(fresh.toString("utf8")).sources);
    const only = (x, y) => [...x].filter((s) => !y.has(s));
    const show = (list) => `${list.length}${list.length > 0 ? ` (${list.slice(0, 5).join(", ")}${list.length > 5 ? ", …" : ""})` : ""}`;
    return `\n  sources only in the committed map: ${show(only(a, b))}; only in the fresh one: ${show(only(b, a))}`;
  } catch {
    return "";
  }
}

/**
 * The packages an ncc licenses.txt names: an entry is `name`, then the licence id, then the text,
 * and entries are apart by blank lines. Which copy of a duplicated package ncc reads (and so an
 * entry's text, and the spacing around an empty one) varies from build to build.
 */
function licensedPackages(text) {
  const names = new Set();
  for (const m of text.matchAll(/(?:^|\n\n)([@a-z0-9][@a-z0-9._/-]*)\n[A-Za-z0-9.+() -]+\n/g)) names.add(m[1]);
  return names;
}

/** Whether `text` has an entry (a `name` line, then a licence id line) for each of `names`. */
function hasEntries(text, names) {
  const literal = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return [...names].every((name) => new RegExp(`(?:^|\\n)${literal(name)}\\n[A-Za-z0-9.+() -]+\\n`).test(text));
}

/** Two licenses.txt files name the same packages (each one's entries are found in the other). */
function sameLicensedPackages(a, b) {
  return hasEntries(b, licensedPackages(a)) && hasEntries(a, licensedPackages(b));
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const tmp = mkdtempSync(path.join(os.tmpdir(), "wave-dist-"));
try {
  const build = spawnSync(process.execPath, [path.join(root, "scripts", "build.mjs"), tmp], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (build.status !== 0) {
    console.error("check-dist: the build failed");
    process.exit(1);
  }
  const list = (dir) =>
    readdirSync(dir, { recursive: true })
      .map(String)
      .filter((f) => statSync(path.join(dir, f)).isFile())
      .sort();
  const committed = new Set(list(path.join(root, "dist")));
  const fresh = list(tmp);
  const problems = [];
  for (const f of fresh) {
    if (!committed.has(f)) problems.push(`missing from dist/: ${f}`);
    else {
      const a = readFileSync(path.join(root, "dist", f));
      const b = readFileSync(path.join(tmp, f));
      // ncc writes a package's licence from whichever copy of it it reads first: with two versions
      // of one package (isarray, nested under multistream, has no LICENSE file) the text varies from
      // build to build. For licenses.txt the packages it names are what must match.
      const same = f.endsWith("licenses.txt") ? sameLicensedPackages(a.toString("utf8"), b.toString("utf8")) : a.equals(b);
      if (!same)
        problems.push(
          `differs from a fresh build: dist/${f}${firstDifference(a.toString("utf8"), b.toString("utf8"))}${mapDifference(f, a, b)}`,
        );
    }
    committed.delete(f);
  }
  for (const f of committed) problems.push(`not produced by the build: dist/${f}`);
  if (problems.length > 0) {
    console.error(problems.join("\n"));
    console.error("check-dist: dist/ is stale. Run `npm run build` and commit dist/.");
    process.exit(1);
  }
  console.log(`check-dist: dist/ matches a fresh build (${fresh.length} files)`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
