/**
 * Multi-secret byte matcher: the NFA of patterns.ts run as a lazily built DFA over byte classes.
 *
 * The hot loop is one table read and one sign test per byte, as in Aho-Corasick: a DFA state is the
 * set of NFA states active after the input read so far, and its row of transitions is filled the
 * first time each (state, byte class) pair is seen, so only the states the input actually visits are
 * ever built. Transitions into a state that ends a match are stored bitwise-negated; entries not yet
 * computed hold UNKNOWN. The table is capped (MAX_TABLE_ENTRIES): when full it is dropped and
 * rebuilt on demand, and scanners that hold a state from before re-enter it from its NFA states.
 *
 * A DFA state says that a match ends at this byte, not where it starts (encoded forms vary in
 * length). The start is found by walking the NFA backwards from the match's final states over the
 * bytes just read (at most maxLength of them); matches are rare, so this costs nothing measurable.
 * Matching works on raw bytes: input that is not valid UTF-8 is fine.
 */
import { buildSecretNfa, type GroupKind, type SecretNfa } from "./patterns.js";

/**
 * Marks a transition that has not been computed yet: below every negated row offset (the table is
 * far smaller than 2^30 entries) and still a small integer for the engine (no deoptimisation).
 */
export const UNKNOWN = -0x40000000;
/** Upper bound of the transition table (entries of 4 bytes). */
export const MAX_TABLE_ENTRIES = 4 * 1024 * 1024;

/** Reads the input byte at an absolute offset (only offsets the caller still holds are asked for). */
export type ByteAt = (offset: number) => number;

/** Called for each byte where at least one match ends, with the DFA row reached. */
export type MatchCallback = (endIndex: number, row: number) => void;

export class ByteMatcher {
  /** Byte → class id. */
  readonly classes: Uint16Array;
  /** Number of classes (row width). */
  readonly width: number;
  /** Longest match, in bytes (0: nothing to match). */
  readonly maxLength: number;
  /** Transition table, indexed by row offset + class (see the module comment). */
  delta: Int32Array;
  /** Changes each time the table is dropped; rows from another epoch are invalid. */
  epoch = 0;
  /** Group of the match found by the last matchStart call. */
  // Stryker disable next-line UnaryOperator: read only after a matchStart call, which sets it
  lastGroup = -1;
  /** The last backward walk stopped at its lower bound with a match still possibly going on. */
  // Stryker disable next-line BooleanLiteral: read only after a walk, which sets it
  walkCut = false;

  private readonly nfa: SecretNfa;
  /** Class → one byte of that class (-1 when no byte of the class occurs in any pattern). */
  private readonly representative: Int16Array;
  /** Edges of the start state by byte: startFirst[b] .. startFirst[b + 1] - 1 index fwd arrays. */
  private readonly startFirst: Int32Array;
  private readonly maxStates: number;
  private count = 0;
  // Stryker disable next-line ArrayDeclaration: entry 0 is written by the constructor's intern call before any read
  private sets: number[][] = [];
  // Stryker disable next-line ArrayDeclaration: entry 0 is written by the constructor's intern call before any read
  private accepting: boolean[] = [];
  /** Hash of a state's NFA set → DFA states with that hash. */
  private index = new Map<number, number[]>();
  private readonly mark: Int32Array;
  private readonly scratch: Int32Array;
  private readonly backA: Int32Array;
  private readonly backB: Int32Array;
  private stamp = 0;

  /** `maxStates` bounds the DFA states kept at once (default from MAX_TABLE_ENTRIES). */
  constructor(nfa: SecretNfa, options: { maxStates?: number } = {}) {
    this.nfa = nfa;
    this.maxLength = nfa.maxLength;
    // One class per byte that labels some edge; every other byte shares class 0.
    const classes = new Uint16Array(256);
    // Class 0 is represented by no byte (-1), so fill finds no edge for it.
    const representative: number[] = [-1];
    for (const b of nfa.fwdByte) {
      if (classes[b] !== 0) continue;
      classes[b] = representative.length;
      representative.push(b);
    }
    this.classes = classes;
    this.width = representative.length;
    this.representative = Int16Array.from(representative);
    const startFirst = new Int32Array(257);
    const end0 = nfa.fwdStart[1] ?? 0;
    let e = 0;
    for (let b = 0; b <= 256; b++) {
      while (e < end0 && nfa.fwdByte[e]! < b) e++;
      startFirst[b] = e;
    }
    this.startFirst = startFirst;
    // Stryker disable next-line ArithmeticOperator: a larger bound only keeps more states before the table is dropped (a memory cap)
    this.maxStates = Math.max(2, options.maxStates ?? Math.max(1024, Math.floor(MAX_TABLE_ENTRIES / this.width)));
    this.mark = new Int32Array(Math.max(1, nfa.size));
    this.scratch = new Int32Array(Math.max(1, nfa.size));
    this.backA = new Int32Array(Math.max(1, nfa.size));
    this.backB = new Int32Array(Math.max(1, nfa.size));
    // Stryker disable next-line ArithmeticOperator: an initial capacity; the table grows as states are added
    this.delta = new Int32Array(this.width * 256);
    this.scratch[0] = 0;
    this.intern(this.scratch, 1);
  }

  /** Kind of a pattern group. */
  groupKind(group: number): GroupKind | null {
    return this.nfa.groups[group]?.kind ?? null;
  }

  /** Number of DFA states built so far (in this epoch). */
  get states(): number {
    return this.count;
  }

  /** The NFA states of a DFA row. */
  membersOf(row: number): readonly number[] {
    return this.sets[row / this.width]!;
  }

  /**
   * The row of the DFA state for the NFA states members[0..n-1] (sorted, starting with 0),
   * creating the state if needed.
   */
  intern(members: ArrayLike<number>, n = members.length): number {
    let hash = 0x811c9dc5;
    // Stryker disable next-line EqualityOperator: the hash only picks a bucket; sets in it are compared member by member
    for (let i = 0; i < n; i++) hash = Math.imul(hash ^ members[i]!, 0x01000193);
    // Stryker disable next-line AssignmentOperator: any hash of the set picks a bucket as well; sets in it are compared member by member
    hash &= 0x3fffffff; // a small integer key: no heap number per lookup
    const bucket = this.index.get(hash);
    if (bucket !== undefined) {
      for (const state of bucket) {
        const set = this.sets[state]!;
        if (set.length !== n) continue;
        let same = true;
        for (let i = 0; i < n && same; i++) same = set[i] === members[i];
        if (same) return state * this.width;
      }
    }
    if (this.count >= this.maxStates) {
      this.flush();
      return this.intern(members, n);
    }
    const state = this.count++;
    const need = (state + 1) * this.width;
    // Stryker disable next-line EqualityOperator: growing when the table is exactly full only grows it earlier
    if (need > this.delta.length) {
      const grown = new Int32Array(Math.max(need, this.delta.length * 2));
      grown.set(this.delta);
      this.delta = grown;
    }
    // Stryker disable next-line ArithmeticOperator: marking more entries unknown only recomputes them
    this.delta.fill(UNKNOWN, state * this.width, need);
    const set: number[] = [];
    let accepts = false;
    for (let i = 0; i < n; i++) {
      const member = members[i]!;
      set.push(member);
      if (this.nfa.final[member]) accepts = true;
    }
    this.sets[state] = set;
    this.accepting[state] = accepts;
    if (bucket) bucket.push(state);
    else this.index.set(hash, [state]);
    return state * this.width;
  }

  private flush(): void {
    this.epoch++;
    this.index = new Map();
    // Stryker disable next-line ArrayDeclaration: entry 0 is written by the intern call below, and no other entry is read before it is written
    this.sets = [];
    // Stryker disable next-line ArrayDeclaration: entry 0 is written by the intern call below, and no other entry is read before it is written
    this.accepting = [];
    this.count = 0;
    this.intern([0], 1);
  }

  private nextStamp(): number {
    // Stryker disable next-line all: reached only after 2^31 stamps (marks of an old stamp never equal a new one before that)
    if (this.stamp >= 0x7ffffff0) {
      // Stryker disable next-line all: reached only after 2^31 stamps (marks of an old stamp never equal a new one before that)
      this.mark.fill(0);
      this.stamp = 0;
    }
    // Stryker disable next-line UpdateOperator: stamps only need to differ from the previous ones, going down as well as up
    return ++this.stamp;
  }

  /** Computes (and stores) the transition of `row` on class `cls`; returns the table entry. */
  fill(row: number, cls: number): number {
    const { nfa, mark, scratch } = this;
    const members = this.sets[row / this.width]!;
    const byte = this.representative[cls]!;
    const stamp = this.nextStamp();
    scratch[0] = 0;
    mark[0] = stamp;
    let n = 1;
    if (byte >= 0) {
      for (let k = 0; k < members.length; k++) {
        const u = members[k]!;
        let e = u === 0 ? this.startFirst[byte]! : nfa.fwdStart[u]!;
        const stop = u === 0 ? this.startFirst[byte + 1]! : nfa.fwdStart[u + 1]!;
        for (; e < stop; e++) {
          if (nfa.fwdByte[e] !== byte) continue;
          const t = nfa.fwdTo[e]!;
          if (mark[t] !== stamp) {
            mark[t] = stamp;
            // Insertion into the sorted prefix (sets are small).
            let i = n++;
            while (i > 1 && scratch[i - 1]! > t) {
              scratch[i] = scratch[i - 1]!;
              i--;
            }
            scratch[i] = t;
          }
        }
      }
    }
    const epoch = this.epoch;
    const target = this.intern(scratch, n);
    const entry = this.accepting[target / this.width] ? ~target : target;
    if (this.epoch === epoch) this.delta[row + cls] = entry;
    return entry;
  }

  /**
   * Where the longest match ending at `end` starts, given the accepting row reached after `end`:
   * a backward walk over the NFA, reading bytes end, end-1, … down to `low`. Sets lastGroup.
   */
  matchStart(row: number, end: number, byteAt: ByteAt, low: number): number {
    // Stryker disable next-line ArrayDeclaration: the extra entry becomes state 0 in the walk, and no edge leads into state 0
    const finals: number[] = [];
    for (const s of this.membersOf(row)) if (this.nfa.final[s]) finals.push(s);
    return this.walkBack(finals, end, byteAt, low);
  }

  /**
   * Where the longest suffix of the input that could begin a match starts (-1: none), given the
   * row reached after `end`: for text cut at `end`, this is the part of a secret that was cut.
   */
  partialStart(row: number, end: number, byteAt: ByteAt, low: number): number {
    // Stryker disable next-line ArrayDeclaration: the extra entry becomes state 0 in the walk, and no edge leads into state 0
    const active: number[] = [];
    for (const s of this.membersOf(row)) if (s !== 0) active.push(s);
    return this.walkBack(active, end, byteAt, low);
  }

  private walkBack(from: number[], end: number, byteAt: ByteAt, low: number): number {
    const { nfa, mark } = this;
    let current = this.backA;
    let next = this.backB;
    let count = from.length;
    for (let k = 0; k < count; k++) current[k] = from[k]!;
    let best = -1;
    this.lastGroup = -1;
    for (let p = end; p >= low && count > 0; p--) {
      const byte = byteAt(p);
      const stamp = this.nextStamp();
      let size = 0;
      for (let k = 0; k < count; k++) {
        const v = current[k]!;
        for (let e = nfa.revStart[v]!; e < nfa.revStart[v + 1]!; e++) {
          if (nfa.revByte[e] !== byte) continue;
          const u = nfa.revFrom[e]!;
          if (u === 0) {
            best = p;
            this.lastGroup = nfa.group[v]!;
          } else if (mark[u] !== stamp) {
            mark[u] = stamp;
            next[size++] = u;
          }
        }
      }
      const swap = current;
      current = next;
      next = swap;
      count = size;
    }
    this.walkCut = count > 0;
    return best;
  }
}

/** Compiles the matcher for a list of secret values. */
export function compileMatcher(values: readonly string[]): ByteMatcher {
  return new ByteMatcher(buildSecretNfa(values));
}

/** Row reached by the last `runKnown` call (a module slot: no allocation per call). */
const reached = new Int32Array(1);

/**
 * The hot loop: follows known transitions into non-accepting states from `buf[i]` on and returns
 * the index of the first byte that needs more (a match or a transition not computed yet), or `n`.
 * Kept tiny and free of calls so the engine optimises it at once and never has to undo that.
 */
function runKnown(delta: Int32Array, classes: Uint16Array, buf: Uint8Array, i: number, n: number, row: number): number {
  let r = row;
  for (; i < n; i++) {
    const next = delta[r + classes[buf[i]!]!]!;
    if (next < 0) break;
    r = next;
  }
  reached[0] = r;
  return i;
}

/**
 * Runs the automaton over `buf` starting at row offset `row` (0 = start state) and returns the row
 * offset after the last byte, so a caller can continue across chunks. `onMatch` may not scan.
 */
export function scanBytes(m: ByteMatcher, buf: Uint8Array, row: number, onMatch: MatchCallback): number {
  const classes = m.classes;
  const n = buf.length;
  let r = row;
  let i = 0;
  while (i < n) {
    i = runKnown(m.delta, classes, buf, i, n, r);
    r = reached[0]!;
    if (i >= n) break;
    const c = classes[buf[i]!]!;
    let next = m.delta[r + c]!;
    if (next === UNKNOWN) next = m.fill(r, c);
    if (next >= 0) {
      r = next;
    } else {
      r = ~next;
      onMatch(i, r);
    }
    i++;
  }
  return r;
}
