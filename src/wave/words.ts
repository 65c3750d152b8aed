/**
 * Splitting setting values into lists and argv arrays. Nothing here ever runs a shell: these
 * functions only cut strings the way a POSIX shell would cut words, and refuse what a shell would
 * interpret (pipes, redirections, substitutions) instead of passing it on silently.
 */

export type SplitResult = { ok: true; items: string[] } | { ok: false; error: string };

const SHELL_OPERATORS = new Set(["|", "&", ";", "<", ">", "(", ")", "`", "$"]);

/**
 * Splits a command line into argv words like a POSIX shell: blanks separate words; `'…'` is
 * literal; inside `"…"` a backslash escapes `"`, `\`, `$` and `` ` ``; outside quotes a backslash
 * escapes the next character. Unbalanced quotes, a dangling backslash, and unquoted shell
 * operators (`| & ; < > ( ) $` and backticks, or `#` starting a word) are errors, because the words
 * are never given to a shell.
 */
export function splitShellWords(input: string): SplitResult {
  const words: string[] = [];
  let cur = "";
  let inWord = false;
  let i = 0;
  const s = input;
  while (i < s.length) {
    const c = s[i]!;
    if (c === " " || c === "\t" || c === "\n" || c === "\r") {
      if (inWord) {
        words.push(cur);
        cur = "";
        inWord = false;
      }
      i++;
      continue;
    }
    if (c === "'") {
      const end = s.indexOf("'", i + 1);
      if (end < 0) return { ok: false, error: `unbalanced single quote at character ${i + 1}` };
      cur += s.slice(i + 1, end);
      inWord = true;
      i = end + 1;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      let closed = false;
      while (j < s.length) {
        const d = s[j]!;
        if (d === '"') {
          closed = true;
          break;
        }
        if (d === "\\" && j + 1 < s.length && '"\\$`\n'.includes(s[j + 1]!)) {
          if (s[j + 1] !== "\n") cur += s[j + 1];
          j += 2;
          continue;
        }
        cur += d;
        j++;
      }
      if (!closed) return { ok: false, error: `unbalanced double quote at character ${i + 1}` };
      inWord = true;
      i = j + 1;
      continue;
    }
    if (c === "\\") {
      if (i + 1 >= s.length) return { ok: false, error: "dangling backslash at the end" };
      if (s[i + 1] !== "\n") {
        cur += s[i + 1];
        inWord = true;
      }
      i += 2;
      continue;
    }
    if (SHELL_OPERATORS.has(c) || (c === "#" && !inWord)) {
      return {
        ok: false,
        error: `unquoted "${c}" at character ${i + 1}: the command is not run through a shell (quote it to pass it literally)`,
      };
    }
    cur += c;
    inWord = true;
    i++;
  }
  if (inWord) words.push(cur);
  return { ok: true, items: words };
}

/**
 * Splits a comma-separated list. Items may be wrapped in `"…"` (where `\"` and `\\` are escapes)
 * or `'…'` (literal) to contain commas, and a backslash escapes a comma outside quotes. Surrounding whitespace is trimmed; empty items dropped.
 */
export function splitCommaList(input: string): SplitResult {
  const items: string[] = [];
  let cur = "";
  let quoted = false;
  let i = 0;
  const push = () => {
    const v = quoted ? cur : cur.trim();
    if (v !== "" || quoted) items.push(v);
    cur = "";
    quoted = false;
  };
  while (i < input.length) {
    const c = input[i]!;
    if (c === ",") {
      push();
      i++;
      continue;
    }
    if (c === "\\" && input[i + 1] === ",") {
      cur += ",";
      i += 2;
      continue;
    }
    if ((c === '"' || c === "'") && cur.trim() === "" && !quoted) {
      let j = i + 1;
      let text = "";
      let closed = false;
      while (j < input.length) {
        const d = input[j]!;
        if (d === c) {
          closed = true;
          break;
        }
        if (c === '"' && d === "\\" && (input[j + 1] === '"' || input[j + 1] === "\\")) {
          text += input[j + 1];
          j += 2;
          continue;
        }
        text += d;
        j++;
      }
      if (!closed) return { ok: false, error: `unbalanced ${c === '"' ? "double" : "single"} quote at character ${i + 1}` };
      cur = text;
      quoted = true;
      i = j + 1;
      while (i < input.length && (input[i] === " " || input[i] === "\t")) i++;
      if (i < input.length && input[i] !== ",") {
        return { ok: false, error: `unexpected text after the quoted item at character ${i + 1}` };
      }
      continue;
    }
    cur += c;
    i++;
  }
  push();
  return { ok: true, items: items.filter((x) => x !== "") };
}

/** Removes one leading and one trailing quote character (`"`, `'` or a backtick), as the reference does. */
export function stripOuterQuoteChars(value: string): string {
  let v = value.trim();
  if (v.length > 0 && "\"'`".includes(v[0]!)) v = v.slice(1);
  if (v.length > 0 && "\"'`".includes(v[v.length - 1]!)) v = v.slice(0, -1);
  return v;
}

/** Removes a matching pair of surrounding quotes (`"…"` or `'…'`), if present. */
export function stripMatchingQuotes(value: string): string {
  const v = value.trim();
  if (v.length >= 2 && (v[0] === '"' || v[0] === "'") && v[v.length - 1] === v[0]) return v.slice(1, -1);
  return v;
}

/** Removes surrounding backticks (a markdown code span), if present on both ends. */
export function stripBackticks(value: string): string {
  const v = value.trim();
  if (v.length >= 2 && v.startsWith("`") && v.endsWith("`")) return v.slice(1, -1).trim();
  return v;
}

/** Collapses whitespace to single spaces and cuts to `max` characters (with an ellipsis). */
export function compactSingleLine(value: string, max: number): string {
  const t = value.replace(/\s+/g, " ").trim();
  return t.length <= max ? t : `${t.slice(0, max - 1)}…`;
}
