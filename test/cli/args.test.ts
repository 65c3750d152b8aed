/**
 * One parser for every command's argv (cli/args.ts `parseCommandArgs`): the user's commands take
 * the global options and positionals, the agents' commands (`wave coord …`) only their own flags.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { type FlagTable, HELP_OPTION, parseCommandArgs } from "../../src/cli/args.js";
import { UserError } from "../../src/errors.js";
import { coordInboxCommand } from "../../src/cli/inbox-command.js";
import { coordPostCommand } from "../../src/cli/post-command.js";

const OWN = {
  kind: { type: "string", description: "a kind" },
  target: { type: "string", multiple: true, description: "a target" },
  ...HELP_OPTION,
} as const satisfies FlagTable;

function usageError(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof UserError, String(error));
    assert.equal(error.exitCode, 2);
    return error.message;
  }
  assert.fail("no usage error");
}

test("by default a command takes the global options and positionals besides its own flags", () => {
  const p = parseCommandArgs("x", ["--root", "r", "--kind", "k", "pos", "--target", "a", "--target", "b"], OWN);
  assert.deepEqual(p.positionals, ["pos"]);
  assert.equal(p.values.root, "r");
  assert.equal(p.values.kind, "k");
  assert.deepEqual(p.values.target, ["a", "b"]);
});

test("without globals and positionals: a global option is an unknown flag, an argument unexpected", () => {
  const shape = { globals: false, positionals: false };
  const p = parseCommandArgs("x", ["--kind", "k", "-h"], OWN, shape);
  assert.deepEqual({ ...p.values }, { kind: "k", help: true });
  assert.deepEqual(p.positionals, []);
  assert.equal(
    usageError(() => parseCommandArgs("x", ["--root", "r"], OWN, shape)),
    "unknown flag --root",
  );
  assert.equal(
    usageError(() => parseCommandArgs("x", ["--knd", "k"], OWN, shape)),
    "unknown flag --knd; did you mean --kind?",
  );
  assert.equal(
    usageError(() => parseCommandArgs("x", ["stray"], OWN, shape)),
    'unexpected argument "stray"',
  );
  // Positionals alone can be allowed.
  assert.deepEqual(parseCommandArgs("x", ["q"], OWN, { globals: false }).positionals, ["q"]);
});

test("wave coord post and coord inbox parse with it: usage errors on stderr, exit 2, before any socket is read", async () => {
  const run = async (command: typeof coordPostCommand, argv: string[]) => {
    let out = "";
    let err = "";
    const code = await command(argv, { stdout: (t) => (out += t), stderr: (t) => (err += t), env: {} });
    return { code, out, err };
  };
  assert.deepEqual(await run(coordPostCommand, ["--kind", "claim", "--state-dir", "d"]), {
    code: 2,
    out: "",
    err: "wave coord post: error: unknown flag --state-dir\n",
  });
  assert.deepEqual(await run(coordInboxCommand, ["extra"]), {
    code: 2,
    out: "",
    err: 'wave coord inbox: error: unexpected argument "extra"\n',
  });
  const help = await run(coordInboxCommand, ["--help"]);
  assert.equal(help.code, 0);
  assert.match(help.out, /coord inbox/);
  // Past the flags, the missing channel is what stops it.
  const outside = await run(coordInboxCommand, []);
  assert.equal(outside.code, 2);
  assert.match(outside.err, /^wave coord inbox: error: WAVE_CONTROL_SOCKET is not set/);
});

test("a value that starts with a dash, or none at all: a message naming the flag, never the parser's own text", () => {
  const table = { "timeout-minutes": { type: "string", description: "minutes" } } as const satisfies FlagTable;
  assert.equal(
    usageError(() => parseCommandArgs("x", ["--timeout-minutes", "-1"], table)),
    "--timeout-minutes -1: a value that starts with a dash must be joined to its flag: --timeout-minutes=-1",
  );
  assert.equal(
    usageError(() => parseCommandArgs("x", ["--timeout-minutes"], table)),
    "--timeout-minutes needs a value",
  );
  assert.equal(parseCommandArgs("x", ["--timeout-minutes=-1"], table).values["timeout-minutes"], "-1");
});
