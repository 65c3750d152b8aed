/**
 * Runs `fn` over `items` with at most `limit` in flight (0 = all at once), starting each as soon as
 * a slot frees up (no stagger). Results keep the order of `items`. If `fn` rejects, no further items
 * are started; the first error is thrown once the ones already running have settled.
 */
export async function runWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  if (!Number.isInteger(limit) || limit < 0) throw new Error(`runWithConcurrency: invalid limit ${limit}`);
  const results = new Array<R>(items.length);
  const width = limit === 0 ? items.length : Math.min(limit, items.length);
  let next = 0;
  let failed = false;
  let firstError: unknown;
  const worker = async (): Promise<void> => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index]!, index);
      } catch (error) {
        if (!failed) firstError = error;
        failed = true;
      }
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  if (failed) throw firstError;
  return results;
}
