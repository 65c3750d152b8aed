/**
 * A tiny terminal emulator for tests: enough of VT100 to replay what the live renderer writes
 * (text, CR, LF as CR+LF, cursor up, erase line, erase below; colors ignored) and read the screen.
 */
export function replay(output: string): string[] {
  const screen: string[] = [""];
  let row = 0;
  let col = 0;
  const put = (ch: string) => {
    while (screen.length <= row) screen.push("");
    const line = screen[row]!.padEnd(col, " ");
    screen[row] = line.slice(0, col) + ch + line.slice(col + 1);
    col++;
  };
  for (let i = 0; i < output.length; i++) {
    const ch = output[i]!;
    if (ch === "\x1b" && output[i + 1] === "[") {
      const m = /^\x1b\[([0-9;?]*)([A-Za-z])/.exec(output.slice(i));
      if (!m) continue;
      i += m[0].length - 1;
      const n = m[1] === "" ? 1 : Number.parseInt(m[1]!, 10);
      if (m[2] === "A") row = Math.max(0, row - n);
      else if (m[2] === "K") screen[row] = m[1] === "2" ? "" : (screen[row] ?? "").slice(0, col);
      else if (m[2] === "J") {
        screen[row] = (screen[row] ?? "").slice(0, col);
        screen.length = Math.min(screen.length, row + 1);
      }
      continue;
    }
    if (ch === "\r") col = 0;
    else if (ch === "\n") {
      row++;
      col = 0;
      while (screen.length <= row) screen.push("");
    } else put(ch);
  }
  while (screen.length > 0 && screen[screen.length - 1] === "") screen.pop();
  return screen.map((l) => l.trimEnd());
}
