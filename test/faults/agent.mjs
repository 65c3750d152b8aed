// A scriptable agent for the fault-injection suite. Its first argument is a marker string unique to
// the test (found later in /proc/<pid>/cmdline to prove no process survived); the rest choose what
// it does:
//   --state DIR        count this agent's runs in DIR/<id>.runs and append start/end lines to DIR/record.log
//   --lines N          print N numbered lines first ("<mark> <id> run <r> line <i>/<N>"), default 3
//   --fault-runs K     the fault below happens on runs 1..K only (default: every run)
//   --exit C | --signal SIG | --rate-limit | --hang | --idle | --tree    the fault
//   --pause MS         sleep before finishing (every run)
//   --wait-file F      wait until file F exists before finishing (every run)
//   --bytes N          print N bytes of marker-free filler lines
//   --markers N --last met|gap   print N [wave-proof] lines; only the last has state=<last>
//   --ansi             print ANSI colours and invalid UTF-8 (a copy goes to DIR/<id>.out)
//   --say TEXT         print TEXT at the end (repeatable)
//   --stdin-report     read stdin to the end, write {bytes, sha256} to DIR/<id>.stdin.json
//   --vendor ...       the rest is a vendor CLI's argv (when run as codex/claude/opencode): kept, not parsed
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { appendFileSync, existsSync, readFileSync, writeFileSync, writeSync } from "node:fs";
import path from "node:path";

const [mark, ...rest] = process.argv.slice(2);
const opts = { lines: 3, faultRuns: Number.POSITIVE_INFINITY, say: [] };
for (let i = 0; i < rest.length; i++) {
  const a = rest[i];
  const next = () => rest[++i];
  if (a === "--vendor") {
    opts.vendor = rest.slice(i + 1);
    break;
  } else if (a === "--state") opts.state = next();
  else if (a === "--lines") opts.lines = Number(next());
  else if (a === "--fault-runs") opts.faultRuns = Number(next());
  else if (a === "--exit") opts.exit = Number(next());
  else if (a === "--signal") opts.signal = next();
  else if (a === "--pause") opts.pause = Number(next());
  else if (a === "--wait-file") opts.waitFile = next();
  else if (a === "--bytes") opts.bytes = Number(next());
  else if (a === "--markers") opts.markers = Number(next());
  else if (a === "--last") opts.last = next();
  else if (a === "--say") opts.say.push(next());
  else if (["--rate-limit", "--hang", "--idle", "--tree", "--ansi", "--stdin-report"].includes(a)) opts[a.slice(2)] = true;
  else throw new Error(`agent.mjs: unknown option ${a}`);
}

const id = process.env.WAVE_AGENT_ID ?? "agent";
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** Synchronous write to fd 1, retried on EAGAIN (a non-blocking pipe that is full). */
function out(data) {
  const buf = Buffer.isBuffer(data) ? data : Buffer.from(data);
  let at = 0;
  while (at < buf.length) {
    try {
      at += writeSync(1, buf, at);
    } catch (error) {
      if (error.code !== "EAGAIN") throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2);
    }
  }
  if (opts.ansi && opts.state) appendFileSync(path.join(opts.state, `${id}.out`), buf);
}
const record = (what) => {
  if (opts.state) appendFileSync(path.join(opts.state, "record.log"), `${what} ${id} ${process.pid} ${run} ${Date.now()}\n`);
};

let run = 1;
if (opts.state) {
  const counter = path.join(opts.state, `${id}.runs`);
  run = (existsSync(counter) ? Number(readFileSync(counter, "utf8")) : 0) + 1;
  writeFileSync(counter, String(run));
}
record("start");
const faulty = run <= opts.faultRuns;

if (opts["stdin-report"]) {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const all = Buffer.concat(chunks);
  const report = { bytes: all.length, sha256: createHash("sha256").update(all).digest("hex"), vendorArgv: opts.vendor ?? null };
  writeFileSync(path.join(opts.state, `${id}.stdin.json`), JSON.stringify(report));
}

for (let i = 1; i <= opts.lines; i++) out(`${mark} ${id} run ${run} line ${i}/${opts.lines}\n`);

if (opts.bytes) {
  const line = `${"filler text without any marker ".repeat(3).trim()}\n`;
  const chunk = Buffer.from(line.repeat(Math.floor((1 << 20) / line.length)));
  let left = opts.bytes;
  while (left > 0) {
    const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
    out(part);
    left -= part.length;
  }
  out("\n");
}

if (opts.ansi) {
  out(`\x1b[1;32m${mark} ${id} green line\x1b[0m\n`);
  out(Buffer.from([0x62, 0x61, 0x64, 0x3a, 0x20, 0xff, 0xfe, 0xc3, 0x28, 0xe2, 0x82, 0x0a]));
  out("\x1b]0;window title\x07\x1b[2K\r\x1b[33mprogress 50%\x1b[0m\n");
  out(Buffer.from([0xf0, 0x9f, 0x98])); // a truncated 4-byte sequence right before a marker line
  out("\n\x1b[36m[wave-proof] completion=contract durability=none proof=unit state=met detail=coloured\x1b[0m\n");
  out("\x1b[36m[wave-doc-delta] state=none\x1b[0m\n");
}

if (opts.markers) {
  const last = opts.last ?? "met";
  const other = last === "met" ? "gap" : "met";
  const lines = [];
  for (let i = 1; i <= opts.markers; i++) {
    const state = i === opts.markers ? last : other;
    lines.push(`[wave-proof] completion=contract durability=none proof=unit state=${state} detail=marker ${i}\n`);
  }
  out(lines.join(""));
  out("[wave-doc-delta] state=none\n");
}

const heartbeat = () => setInterval(() => out(`${mark} ${id} heartbeat\n`), 100);

if (faulty) {
  if (opts.exit !== undefined) {
    record("exit");
    process.exit(opts.exit);
  }
  if (opts.signal) {
    record("signal");
    process.kill(process.pid, opts.signal);
    await sleep(60_000);
  }
  if (opts["rate-limit"]) {
    out("Error: unexpected status 429 Too Many Requests: slow down\n");
    process.exit(1);
  }
  if (opts.tree) {
    const keep = ["-e", "setInterval(() => {}, 1000)"];
    const grandchild = spawn(process.execPath, [...keep, mark, "grandchild"], { stdio: "ignore" });
    const escapee = spawn(process.execPath, [...keep, mark, "escapee"], { stdio: "ignore", detached: true });
    escapee.unref();
    writeFileSync(path.join(opts.state, `${id}.tree`), `${grandchild.pid} ${escapee.pid}\n`);
    out(`${mark} ${id} tree started\n`);
    heartbeat();
    await sleep(10 * 60_000);
  }
  if (opts.hang) {
    heartbeat();
    await sleep(10 * 60_000);
  }
  if (opts.idle) {
    await sleep(10 * 60_000);
  }
}

if (opts.pause) await sleep(opts.pause);
if (opts.waitFile) while (!existsSync(opts.waitFile)) await sleep(50);
for (const text of opts.say) out(`${text}\n`);
out(`${mark} ${id} run ${run} done\n`);
record("end");
