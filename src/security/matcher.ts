/**
 * Multi-pattern byte matcher: an Aho-Corasick automaton compiled into a dense DFA over byte classes.
 *
 * Bytes that occur in no pattern share class 0, so the transition table is states × (classes + 1)
 * instead of states × 256. Transitions are stored as row offsets (state × width); a transition into a
 * state that ends a pattern is stored bitwise-negated, so the hot loop needs one table read and one
 * sign test per byte. Matching works on raw bytes: input that is not valid UTF-8 is fine.
 */

export interface ByteMatcher {
  /** Byte → class id. */
  readonly classes: Uint8Array;
  /** Number of classes (row width). */
  readonly width: number;
  /** Transition table, indexed by row offset + class; negative entries are ~row of a matching state. */
  readonly delta: Int32Array;
  /** Per state: length of the longest pattern that ends in this state (0 = none). */
  readonly outLength: Int32Array;
  /** Per state: index (into `patterns`) of that longest pattern, -1 when none. */
  readonly outPattern: Int32Array;
  /** Length of the longest pattern, in bytes. */
  readonly maxLength: number;
  readonly patterns: readonly Buffer[];
}

/** Called for each position where at least one pattern ends: the longest one is reported. */
export type MatchCallback = (endIndex: number, length: number, pattern: number) => void;

/** Compiles the patterns (empty ones are ignored, duplicates kept once). */
export function compileMatcher(input: readonly Buffer[]): ByteMatcher {
  const seen = new Set<string>();
  const patterns: Buffer[] = [];
  for (const p of input) {
    if (p.length === 0) continue;
    const key = p.toString("latin1");
    if (seen.has(key)) continue;
    seen.add(key);
    patterns.push(p);
  }

  const classes = new Uint8Array(256);
  let width = 1;
  for (const p of patterns) {
    for (const byte of p) {
      if (classes[byte] === 0) classes[byte] = width++;
    }
  }

  let maxLength = 0;
  let total = 1;
  for (const p of patterns) {
    total += p.length;
    if (p.length > maxLength) maxLength = p.length;
  }

  // Trie (goto function) directly in the dense table; -1 = no edge yet.
  const table = new Int32Array(total * width).fill(-1);
  const depth = new Int32Array(total);
  const terminal = new Int32Array(total).fill(-1);
  let states = 1;
  patterns.forEach((p, index) => {
    let s = 0;
    for (const byte of p) {
      const slot = s * width + classes[byte]!;
      let next = table[slot]!;
      if (next < 0) {
        next = states++;
        depth[next] = depth[s]! + 1;
        table[slot] = next;
      }
      s = next;
    }
    terminal[s] = index;
  });

  // Breadth-first: failure links, completed transitions, longest output per state.
  const fail = new Int32Array(states);
  const outLength = new Int32Array(states);
  const outPattern = new Int32Array(states).fill(-1);
  const queue = new Int32Array(states);
  let head = 0;
  let tail = 0;
  for (let c = 0; c < width; c++) {
    const next = table[c]!;
    if (next < 0) {
      table[c] = 0;
    } else {
      fail[next] = 0;
      queue[tail++] = next;
    }
  }
  while (head < tail) {
    const s = queue[head++]!;
    if (terminal[s]! >= 0) {
      outLength[s] = depth[s]!;
      outPattern[s] = terminal[s]!;
    } else {
      outLength[s] = outLength[fail[s]!]!;
      outPattern[s] = outPattern[fail[s]!]!;
    }
    for (let c = 0; c < width; c++) {
      const slot = s * width + c;
      const next = table[slot]!;
      const viaFail = table[fail[s]! * width + c]!;
      if (next < 0) {
        table[slot] = viaFail;
      } else {
        fail[next] = viaFail;
        queue[tail++] = next;
      }
    }
  }

  const delta = new Int32Array(states * width);
  for (let i = 0; i < delta.length; i++) {
    const target = table[i]!;
    const row = target * width;
    delta[i] = outLength[target]! > 0 ? ~row : row;
  }
  return { classes, width, delta, outLength, outPattern, maxLength, patterns };
}

/**
 * Runs the automaton over `buf` starting at row offset `row` (0 = start state) and returns the row
 * offset after the last byte, so a caller can continue across chunks.
 */
export function scanBytes(m: ByteMatcher, buf: Uint8Array, row: number, onMatch: MatchCallback): number {
  const { classes, delta, width, outLength, outPattern } = m;
  const n = buf.length;
  let r = row;
  for (let i = 0; i < n; i++) {
    const next = delta[r + classes[buf[i]!]!]!;
    if (next >= 0) {
      r = next;
      continue;
    }
    r = ~next;
    const state = r / width;
    onMatch(i, outLength[state]!, outPattern[state]!);
  }
  return r;
}
