/**
 * The one did-you-mean of the project: the known name closest to a mistyped one. The command line
 * (unknown flags and commands), the wave files (section keys, executor ids) and wave.config.json
 * (unknown keys) all suggest through `closestName`, so they agree on what counts as close.
 */

/** Edit distance (insertions, deletions, substitutions, adjacent transpositions). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The known name closest to `name` (case-insensitive), or undefined when none is close: at most 1
 * edit for a name of up to 4 letters, 2 up to 8, 3 beyond; a name of one letter suggests nothing,
 * and a name never suggests itself.
 */
export function closestName(name: string, known: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  if (lower.length < 2) return undefined;
  const limit = lower.length <= 4 ? 1 : lower.length <= 8 ? 2 : 3;
  let best: { name: string; distance: number } | undefined;
  for (const k of known) {
    if (k === name) continue;
    const distance = editDistance(lower, k.toLowerCase());
    if (distance <= limit && (!best || distance < best.distance)) best = { name: k, distance };
  }
  return best?.name;
}
