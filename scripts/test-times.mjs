// A test reporter (node --test-reporter): each test file's time, the sum of its top-level tests'
// durations in ms (a file's tests run one after another), as JSON sorted slowest first. Used by
// `node scripts/run-tests.mjs --times <file>` to see which files make a suite slow.
export default async function* testTimes(source) {
  const times = new Map();
  for await (const event of source) {
    if ((event.type === "test:pass" || event.type === "test:fail") && event.data.nesting === 0 && event.data.file) {
      const file = event.data.file;
      times.set(file, (times.get(file) ?? 0) + (event.data.details?.duration_ms ?? 0));
    }
  }
  const cwd = process.cwd();
  const rows = [...times]
    .map(([file, ms]) => [file.startsWith(cwd) ? file.slice(cwd.length + 1) : file, Math.round(ms)])
    .sort((a, b) => b[1] - a[1]);
  yield `${JSON.stringify(Object.fromEntries(rows), null, 1)}\n`;
}
