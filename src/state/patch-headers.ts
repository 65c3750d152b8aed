/**
 * Reads the file names a git patch names in its headers, the way `git apply` reads them, so that a
 * patch can be refused before git ever sees it. `git apply --numstat` lists only where a change
 * lands, not where a copy or rename takes its content from, and a hand-made patch can say
 * `copy from ../../secret` or `rename from ../../file`. Every name of every header is checked:
 * `diff --git a/… b/…`, `--- `/`+++ `, `copy from/to`, `rename from/to` and the older
 * `rename old/new`. Names git wrote in C-style quotes ("…" with backslash and octal escapes) are
 * unquoted first. Hunk bodies are skipped by their line counts, as git does, so a removed line that
 * reads `-- x` (shown as `--- x`) is not taken for a header.
 */

/** One unsafe name found in a patch header. */
export interface PatchHeaderProblem {
  /** 1-based line number in the patch. */
  line: number;
  /** The header line as text (UTF-8, cut to a readable length). */
  text: string;
  /** The offending name (UTF-8). */
  name: string;
  /** Why it is refused; completes a sentence that starts with the name. */
  reason: string;
}

/**
 * Why `name` may not appear in a patch applied to a repository, or null. A name must be a plain
 * relative path: no control characters (NUL included), no backslash, not absolute, no empty, `..`
 * or `.git` segment (any case, at any depth, so `sub/.git` of a submodule too).
 */
export function patchNameProblem(name: string): string | null {
  if (name.includes("\0")) return "contains a NUL byte";
  if (/[\u0001-\u001f\u007f]/.test(name)) return "contains a control character";
  if (name.includes("\\")) return "contains a backslash";
  if (name.length === 0) return "is empty";
  if (name.startsWith("/") || /^[A-Za-z]:/.test(name)) return "is an absolute path";
  const segments = name.split("/");
  if (segments.some((s) => s === "..")) return "leaves the repository (a '..' segment)";
  if (segments.some((s) => s.toLowerCase() === ".git")) return "touches .git";
  if (segments.some((s) => s === "")) return "has an empty path segment";
  return null;
}

const SIMPLE_ESCAPES: Record<string, string> = { a: "\x07", b: "\b", t: "\t", n: "\n", v: "\v", f: "\f", r: "\r", '"': '"', "\\": "\\" };

/**
 * Unquotes a C-style quoted name starting at `text[start]` (which must be `"`). `text` holds one
 * character per byte (latin1), and so does the result. Null when the quoting is malformed.
 */
function unquoteCStyle(text: string, start: number): { value: string; end: number } | null {
  if (text[start] !== '"') return null;
  let value = "";
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '"') return { value, end: i + 1 };
    if (c !== "\\") {
      value += c;
      continue;
    }
    const next = text[i + 1];
    if (next === undefined) return null;
    if (next in SIMPLE_ESCAPES) {
      value += SIMPLE_ESCAPES[next];
      i += 1;
      continue;
    }
    const octal = text.slice(i + 1, i + 4);
    if (!/^[0-3][0-7]{2}$/.test(octal)) return null;
    value += String.fromCharCode(Number.parseInt(octal, 8));
    i += 3;
  }
  return null;
}

/** The part of a `diff --git` name after its first path component (git's default `-p1`). */
function withoutPrefix(name: string): string | null {
  const slash = name.indexOf("/");
  return slash === -1 ? null : name.slice(slash + 1);
}

type Names = { names: string[] } | { malformed: string };

/**
 * The names on a `diff --git` line. When neither is quoted git takes a name from this line only if
 * both halves are the same after their prefix; halves split at a conventional ` b/` and the whole
 * rest are checked as well, so nothing hidden in a rename's halves is missed.
 */
function diffGitNames(rest: string): Names {
  if (rest.startsWith('"')) {
    const first = unquoteCStyle(rest, 0);
    if (!first || rest[first.end] !== " ") return { malformed: "its first name is not properly quoted" };
    const tail = rest.slice(first.end + 1);
    if (!tail.startsWith('"')) return { names: [first.value, tail] };
    const second = unquoteCStyle(tail, 0);
    if (!second || second.end !== tail.length) return { malformed: "its second name is not properly quoted" };
    return { names: [first.value, second.value] };
  }
  const quote = rest.indexOf('"');
  if (quote !== -1) {
    const second = unquoteCStyle(rest, quote);
    if (quote === 0 || rest[quote - 1] !== " " || !second || second.end !== rest.length) {
      return { malformed: "its second name is not properly quoted" };
    }
    return { names: [rest.slice(0, quote - 1), second.value] };
  }
  const same: string[] = [];
  const conventional: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] !== " " && rest[i] !== "\t") continue;
    const a = rest.slice(0, i);
    const b = rest.slice(i + 1);
    const stripped = withoutPrefix(a);
    if (stripped !== null && stripped === withoutPrefix(b)) same.push(a, b);
    else if (b.startsWith("b/")) conventional.push(a, b);
  }
  return { names: [...same, ...conventional, rest] };
}

/**
 * The names on a `--- ` or `+++ ` line: a quoted name, or every reading git might make of an
 * unquoted one (up to a tab, or up to a space before a timestamp). `/dev/null` is no name.
 */
function oldNewNames(rest: string): Names {
  if (rest.startsWith('"')) {
    const quoted = unquoteCStyle(rest, 0);
    if (!quoted || (quoted.end < rest.length && !/^[ \t]/.test(rest.slice(quoted.end)))) {
      return { malformed: "its name is not properly quoted" };
    }
    return { names: [quoted.value] };
  }
  const tab = rest.indexOf("\t");
  const name = tab === -1 ? rest : rest.slice(0, tab);
  if (name === "/dev/null" || name.startsWith("/dev/null ")) return { names: [] };
  const names = [name];
  for (let i = 0; i < name.length; i++) if (name[i] === " ") names.push(name.slice(0, i));
  return { names };
}

/** Copy/rename headers: the whole rest of the line is the name (quoted or not), with no prefix. */
function wholeName(rest: string): Names {
  if (!rest.startsWith('"')) return { names: [rest, rest.trimEnd()] };
  const quoted = unquoteCStyle(rest, 0);
  if (!quoted || rest.slice(quoted.end).trim() !== "") return { malformed: "its name is not properly quoted" };
  return { names: [quoted.value] };
}

const HEADERS: readonly [string, (rest: string) => Names][] = [
  ["diff --git ", diffGitNames],
  ["--- ", oldNewNames],
  ["+++ ", oldNewNames],
  ["copy from ", wholeName],
  ["copy to ", wholeName],
  ["rename from ", wholeName],
  ["rename to ", wholeName],
  ["rename old ", wholeName],
  ["rename new ", wholeName],
];

const HUNK = /^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@/;
const SHOWN_LINE_CHARS = 200;

function utf8(latin1: string): string {
  return Buffer.from(latin1, "latin1").toString("utf8");
}

function shown(line: string): string {
  const text = utf8(line);
  return text.length > SHOWN_LINE_CHARS ? `${text.slice(0, SHOWN_LINE_CHARS)}…` : text;
}

/** The first header name of `patch` that may not be applied, or null when every name is safe. */
export function findUnsafePatchHeader(patch: Buffer): PatchHeaderProblem | null {
  const lines = patch.toString("latin1").split("\n");
  if (lines.at(-1) === "") lines.pop();
  let oldLeft = 0;
  let newLeft = 0;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string;
    if (oldLeft > 0 || newLeft > 0) {
      const c = line[0];
      if (line === "" || c === " ") {
        oldLeft--;
        newLeft--;
        continue;
      }
      if (c === "-") {
        oldLeft--;
        continue;
      }
      if (c === "+") {
        newLeft--;
        continue;
      }
      if (c === "\\") continue;
      // Not a hunk line: git refuses the whole patch as corrupt; read it as a header anyway.
      oldLeft = 0;
      newLeft = 0;
    }
    const hunk = HUNK.exec(line);
    if (hunk) {
      oldLeft = hunk[1] === undefined ? 1 : Number(hunk[1]);
      newLeft = hunk[2] === undefined ? 1 : Number(hunk[2]);
      continue;
    }
    for (const [prefix, read] of HEADERS) {
      if (!line.startsWith(prefix)) continue;
      const found = read(line.slice(prefix.length));
      if ("malformed" in found) {
        return {
          line: index + 1,
          text: shown(line),
          name: utf8(line.slice(prefix.length)),
          reason: `is not a valid name: ${found.malformed}`,
        };
      }
      for (const name of found.names) {
        const reason = patchNameProblem(name);
        if (reason !== null) return { line: index + 1, text: shown(line), name: utf8(name), reason };
      }
      break;
    }
  }
  return null;
}
