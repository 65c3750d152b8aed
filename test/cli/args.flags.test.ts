/**
 * Flags every `wave` command shares: `--json` and `--format json` wherever there is JSON output
 * (the same output either way; both together with another format is a usage error naming both),
 * and unknown flags as usage errors that suggest the closest known flag.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { closestFlag, unknownFlagMessage } from "../../src/cli/args.js";
import { editDistance } from "../../src/did-you-mean.js";
import { implAgent, type Json, makeRepo, starts, type TestRepo, wave, waveInProcess, writeWave } from "../engine/fixture.js";

const NO_STACK = /\n\s+at .+:\d+:\d+/;
const SAME_USER = ["--agent-user", "none"];

let repo: TestRepo;

before(async () => {
  repo = await makeRepo("flags");
  await writeWave(repo, 1, [implAgent("A1")]);
});

after(async () => {
  await repo.cleanup();
});

/** result.json without what differs between two runs. */
function stable(result: Json): Json {
  return { status: result.status, wave: result.wave, agents: result.agents.map((a: Json) => [a.id, a.status]) };
}

describe("--json and --format json", { concurrency: false }, () => {
  test("validate and plan: --json and --format json give the same JSON", async () => {
    const [vJson, vFormat, pJson, pFormat] = await Promise.all([
      waveInProcess(repo, ["validate", "--json"]),
      waveInProcess(repo, ["validate", "--format", "json"]),
      waveInProcess(repo, ["plan", "--json"]),
      waveInProcess(repo, ["plan", "--format", "json", "--json"]),
    ]);
    for (const r of [vJson, vFormat, pJson, pFormat]) assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(vJson.stdout).ok, true);
    assert.deepEqual(JSON.parse(vJson.stdout), JSON.parse(vFormat.stdout));
    assert.deepEqual(JSON.parse(pJson.stdout).matrix, { include: [{ wave: 1 }] });
    assert.deepEqual(JSON.parse(pJson.stdout), JSON.parse(pFormat.stdout));
  });

  test("run, rehearse and status: --json and --format json print result.json", async () => {
    const runJson = await waveInProcess(repo, ["run", "--wave", "1", "--dry-run", "--json", ...SAME_USER]);
    assert.equal(runJson.code, 0, runJson.stderr);
    const runFormat = await waveInProcess(repo, ["run", "--wave", "1", "--dry-run", "--format", "json", ...SAME_USER]);
    assert.equal(runFormat.code, 0, runFormat.stderr);
    assert.equal(JSON.parse(runJson.stdout).status, "dry-run");
    assert.deepEqual(stable(JSON.parse(runFormat.stdout)), stable(JSON.parse(runJson.stdout)));
    const [statusJson, statusFormat] = await Promise.all([
      waveInProcess(repo, ["status", "--wave", "1", "--json"]),
      waveInProcess(repo, ["status", "--wave", "1", "--format", "json"]),
    ]);
    assert.equal(statusJson.code, 0, statusJson.stderr);
    assert.equal(statusFormat.stdout, statusJson.stdout);
    assert.deepEqual(JSON.parse(statusJson.stdout), JSON.parse(runFormat.stdout), "status shows the latest result");
    const rehearse = await waveInProcess(repo, ["rehearse", "--wave", "1", "--dry-run", "--format", "json", ...SAME_USER]);
    assert.equal(rehearse.code, 0, rehearse.stderr);
    assert.equal(JSON.parse(rehearse.stdout).status, "dry-run");
    const text = await waveInProcess(repo, ["status", "--wave", "1", "--format", "text"]);
    assert.equal(text.code, 0, text.stderr);
    assert.throws(() => JSON.parse(text.stdout), "--format text is not JSON");
    assert.deepEqual(starts(repo), [], "dry runs start nothing");
  });

  test("--json with another --format is a usage error naming both; a bad --format names the choices", async () => {
    const cases: [string[], RegExp][] = [
      [["validate", "--json", "--format", "text"], /--json conflicts with --format text/],
      [["validate", "--format", "github", "--json"], /--json conflicts with --format github/],
      [["plan", "--format", "text", "--json"], /--json conflicts with --format text/],
      [["run", "--wave", "1", "--json", "--format", "text", ...SAME_USER], /--json conflicts with --format text/],
      [["rehearse", "--wave", "1", "--json", "--format", "text"], /--json conflicts with --format text/],
      [["status", "--wave", "1", "--json", "--format", "text"], /--json conflicts with --format text/],
      [["plan", "--format", "github"], /--format must be one of text, json \(got "github"\)/],
      [["status", "--wave", "1", "--format", "yaml"], /--format must be one of text, json \(got "yaml"\)/],
    ];
    for (const [args, pattern] of cases) {
      const r = await waveInProcess(repo, args);
      assert.equal(r.code, 2, `${args.join(" ")}: ${r.stderr}`);
      assert.match(r.stderr, pattern, args.join(" "));
      assert.equal(r.stdout, "", args.join(" "));
    }
    assert.deepEqual(starts(repo), []);
  });
});

describe("unknown flags", { concurrency: true }, () => {
  test("a usage error (exit 2, no stack trace) suggesting the closest flag of that command", async () => {
    const cases: [string[], string][] = [
      [["run", "--wave", "1", "--jsn"], "wave run: unknown flag --jsn; did you mean --json?"],
      [["run", "--wave", "1", "--dryrun"], "wave run: unknown flag --dryrun; did you mean --dry-run?"],
      [["rehearse", "--wave", "1", "--variants", "hang"], "wave rehearse: unknown flag --variants; did you mean --variant?"],
      [["validate", "--fromat", "json"], "wave validate: unknown flag --fromat; did you mean --format?"],
      [["plan", "--wave", "1"], "wave plan: unknown flag --wave; did you mean --waves?"],
      [["status", "--wave", "1", "--jason"], "wave status: unknown flag --jason; did you mean --json?"],
      [["logs", "--wave", "1", "--agnet", "A1"], "wave logs: unknown flag --agnet; did you mean --agent?"],
      [["logs", "--wave", "1", "--agent", "A1", "--json"], "wave logs: unknown flag --json"],
      [["demo", "--dri", "x"], "wave demo: unknown flag --dri; did you mean --dir?"],
      [["validate", "--state-dri", "x"], "wave validate: unknown flag --state-dri; did you mean --state-dir?"],
      [["run", "--wave", "1", "--frobnicate"], "wave run: unknown flag --frobnicate"],
      [["run", "--wave", "1", "-x"], "wave run: unknown flag -x"],
      [["coord", "post", "--sumary", "s"], "wave coord post: error: unknown flag --sumary; did you mean --summary?"],
      [["feedback", "ask", "--qestion", "q"], "wave feedback ask: error: unknown flag --qestion; did you mean --question?"],
    ];
    // One through the real binary, the rest through the same dispatcher in this process.
    const results = await Promise.all(cases.map(([args], i) => (i === 0 ? wave(repo, args) : waveInProcess(repo, args))));
    cases.forEach(([args, message], i) => {
      const r = results[i]!;
      assert.equal(r.code, 2, `${args.join(" ")}: ${r.stderr}`);
      assert.equal(r.stderr, `${message}\n`, args.join(" "));
      assert.doesNotMatch(r.stderr, NO_STACK);
      assert.equal(r.stdout, "");
    });
    assert.deepEqual(starts(repo), [], "no agent ran");
  });

  test("edit distance and the suggestion threshold", () => {
    assert.equal(editDistance("json", "json"), 0);
    assert.equal(editDistance("jsn", "json"), 1);
    assert.equal(editDistance("fromat", "format"), 1, "a transposition counts once");
    assert.equal(editDistance("kitten", "sitting"), 3);
    assert.equal(closestFlag("--jsn", ["json", "wave"]), "--json");
    assert.equal(closestFlag("--wav", ["json", "wave", "waves"]), "--wave");
    assert.equal(closestFlag("--timeout", ["timeout-minutes", "idle-timeout-minutes"]), undefined);
    assert.equal(closestFlag("--zz", ["json"]), undefined);
    assert.equal(unknownFlagMessage("--frobnicate", ["json", "format"]), "unknown flag --frobnicate");
  });
});
