/**
 * Line/column positions for JSON text: where a syntax error is, and where the value at a given
 * path (e.g. `executors.profiles.fast.id`) starts, so config errors can point at a line.
 */

export interface Position {
  line: number;
  column: number;
}

export type JsonPath = readonly (string | number)[];

/** 1-based line/column of a character offset. */
function positionOfOffset(text: string, offset: number): Position {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(Math.max(offset, 0), text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

/** Position of a JSON.parse error, from the "position N" in V8's message (end of text otherwise). */
export function jsonErrorPosition(text: string, message: string): Position {
  const m = /position (\d+)/.exec(message);
  if (m) return positionOfOffset(text, Number(m[1]));
  const lc = /line (\d+) column (\d+)/.exec(message);
  if (lc) return { line: Number(lc[1]), column: Number(lc[2]) };
  return positionOfOffset(text, text.length);
}

/** `a.b[2].c` (keys that are not plain identifiers are quoted: `profiles["deep review"]`). */
export function formatJsonPath(path: JsonPath): string {
  let out = "";
  for (const seg of path) {
    if (typeof seg === "number") out += `[${seg}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(seg)) out += out === "" ? seg : `.${seg}`;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out || "(top level)";
}

/**
 * Maps every value path of a (syntactically valid) JSON text to the position where its value
 * starts. Keys are `JSON.stringify(path)`.
 */
export function locateJsonValues(text: string): Map<string, Position> {
  const offsets = new Map<string, number>();
  let i = 0;
  const ws = () => {
    while (i < text.length && " \t\r\n".includes(text[i]!)) i++;
  };
  const str = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (path: (string | number)[]): void => {
    ws();
    offsets.set(JSON.stringify(path), i);
    const c = text[i];
    if (c === "{") {
      i++;
      ws();
      if (text[i] === "}") {
        i++;
        return;
      }
      while (i < text.length) {
        ws();
        const key = str();
        ws();
        i++; // colon
        value([...path, key]);
        ws();
        if (text[i] === ",") {
          i++;
          continue;
        }
        i++; // closing brace
        return;
      }
    } else if (c === "[") {
      i++;
      ws();
      if (text[i] === "]") {
        i++;
        return;
      }
      let index = 0;
      while (i < text.length) {
        value([...path, index++]);
        ws();
        if (text[i] === ",") {
          i++;
          continue;
        }
        i++;
        return;
      }
    } else if (c === '"') {
      str();
    } else {
      while (i < text.length && !",}] \t\r\n".includes(text[i]!)) i++;
    }
  };
  try {
    value([]);
  } catch {
    // positions are best effort
  }
  const out = new Map<string, Position>();
  // Convert offsets to positions in one pass.
  const sorted = [...offsets.entries()].sort((a, b) => a[1] - b[1]);
  let line = 1;
  let lineStart = 0;
  let k = 0;
  for (const [key, off] of sorted) {
    for (; k < off; k++) {
      if (text.charCodeAt(k) === 10) {
        line++;
        lineStart = k + 1;
      }
    }
    out.set(key, { line, column: off - lineStart + 1 });
  }
  return out;
}

/** Position of the deepest existing prefix of `path`. */
export function positionOfPath(index: Map<string, Position>, path: JsonPath): Position | null {
  for (let n = path.length; n >= 0; n--) {
    const p = index.get(JSON.stringify(path.slice(0, n)));
    if (p) return p;
  }
  return null;
}
