/**
 * The reference launcher's (`@chllming/wave-orchestration` 0.9.x) commands and flags, in one
 * table: each is either accepted as an alias — rewritten to ours, with one notice line on stderr
 * saying what runs instead — or refused with its exact replacement (exit 2). `wave` rewrites its
 * argv here before it looks a command up (cli/main.ts), so a user or an agent who types the
 * reference's command is never left with "unknown command". docs/migrating.md is the prose of this
 * table; keep the two together.
 *
 * Pure: argv in, argv or a refusal out. Nothing after a `--` terminator is rewritten.
 */

export type CompatResult = { kind: "ok"; argv: string[]; notices: string[] } | { kind: "refused"; message: string };

/** A reference command (one or two words) and what it is here. */
interface CommandRule {
  /** `launch`, `control task` (the words the user typed, before any flag). */
  words: string[];
  /** Accepted: the argv that runs instead (the words replaced; flags translated by `rewrite`). */
  alias?: (rest: string[]) => { argv: string[] } | { refuse: string };
  /** Refused: what to run instead. */
  refuse?: string;
}

/** A reference flag of `wave launch` (also given to `wave run`). */
interface FlagRule {
  flag: string;
  /** Takes a value (`--x V` or `--x=V`). */
  value: boolean;
  /** Accepted: our flags (empty: dropped, nothing to do here). */
  to?: (value: string | undefined) => string[] | { refuse: string };
  /** What the notice says (accepted), or the replacement (refused). */
  say: string;
  refused?: boolean;
}

const STATUS = "`wave status --wave N` (add --watch to follow it)";
const RERUN = "`wave run --wave N --rerun A1,A2` (runs them again now, and the closure after them)";
const MARKERS =
  "print the marker line yourself, alone on its line, e.g. `[wave-proof] completion=contract durability=none proof=unit state=met` (docs/markers.md has every marker)";

/** `--x=V` / `--x V`: the flag's name and inline value. */
function splitFlag(arg: string): { name: string; inline: string | undefined } {
  const eq = arg.indexOf("=");
  return eq > 2 ? { name: arg.slice(0, eq), inline: arg.slice(eq + 1) } : { name: arg, inline: undefined };
}

function nonNegativeInt(value: string | undefined, flag: string): number | { refuse: string } {
  if (value === undefined || !/^\d{1,9}$/.test(value.trim())) return { refuse: `${flag} needs a whole number (got "${value ?? ""}")` };
  return Number(value.trim());
}

/** The flags of the reference's `wave launch` that differ from `wave run`'s (equal ones pass as they are). */
const REFERENCE_RUN_FLAGS: readonly FlagRule[] = [
  {
    flag: "--max-retries-per-wave",
    value: true,
    say: "--max-attempts (retries + 1)",
    to: (v) => {
      const n = nonNegativeInt(v, "--max-retries-per-wave");
      return typeof n === "number" ? ["--max-attempts", String(n + 1)] : n;
    },
  },
  { flag: "--agent-rate-limit-retries", value: true, say: "--rate-limit-retries", to: (v) => ["--rate-limit-retries", v ?? ""] },
  {
    flag: "--agent-rate-limit-base-delay-seconds",
    value: true,
    say: "--rate-limit-base-delay-seconds",
    to: (v) => ["--rate-limit-base-delay-seconds", v ?? ""],
  },
  {
    flag: "--agent-rate-limit-max-delay-seconds",
    value: true,
    say: "--rate-limit-max-delay-seconds",
    to: (v) => ["--rate-limit-max-delay-seconds", v ?? ""],
  },
  {
    flag: "--terminal-surface",
    value: true,
    say: "--tmux for `tmux`; `vscode` and `none` need nothing (no editor files are touched)",
    to: (v) => (v === "tmux" ? ["--tmux"] : []),
  },
  {
    flag: "--resume-control-state",
    value: false,
    say: "nothing: `wave run` resumes from the last run by default (--resume auto)",
    to: () => [],
  },
  { flag: "--no-dashboard", value: false, say: "nothing: there are no tmux dashboards unless --tmux", to: () => [] },
  { flag: "--cleanup-sessions", value: false, say: "nothing: agents are child processes, ended with the run", to: () => [] },
  {
    flag: "--keep-sessions",
    value: false,
    say: "nothing: agents are child processes, ended with the run; their logs stay (wave logs)",
    to: () => [],
  },
  { flag: "--keep-terminals", value: false, say: "nothing: no editor terminals are written", to: () => [] },
  { flag: "--no-telemetry", value: false, say: "nothing: nothing is sent anywhere", to: () => [] },
  {
    flag: "--codex-sandbox",
    value: true,
    refused: true,
    say: "set per agent here: use the agent's `- codex.sandbox: <mode>` line under `### Executor`, or `executors.codex.sandbox` in wave.config.json (`wave run --sandbox on` is a different, OS-level sandbox)",
  },
  {
    flag: "--agent-launch-stagger-ms",
    value: true,
    refused: true,
    say: "not needed here: agents start together, bounded by --max-parallel-agents N; rate limits are retried (--rate-limit-retries)",
  },
  {
    flag: "--no-context7",
    value: false,
    refused: true,
    say: "not a flag here: Context7 is fetched only when CONTEXT7_API_KEY is set; unset it for this run (env -u CONTEXT7_API_KEY wave run ...)",
  },
  { flag: "--reconcile-status", value: false, refused: true, say: `not needed: results are kept per run; see ${STATUS}` },
  { flag: "--state-file", value: true, refused: true, say: "--state-dir DIR (every run's state lives under it)" },
  { flag: "--manifest-out", value: true, refused: true, say: "not written here: `wave plan --waves all --format json` lists the waves" },
  { flag: "--orchestrator-id", value: true, refused: true, say: "not needed: one `wave run` owns a wave (a lock per wave)" },
  {
    flag: "--orchestrator-board",
    value: true,
    refused: true,
    say: "not kept here: each wave's coordination log is in its run directory (wave status)",
  },
  { flag: "--no-orchestrator-board", value: false, refused: true, say: "not needed: there is no orchestrator board" },
  { flag: "--coordination-note", value: true, refused: true, say: "not a flag here: put the note in the wave file's agent prompts" },
  { flag: "--resident-orchestrator", value: false, refused: true, say: "not supported: there is no resident orchestrator agent" },
  { flag: "--adhoc-run", value: true, refused: true, say: "not supported: write the one-off work as a wave file and `wave run --wave N`" },
  { flag: "--run-id", value: true, refused: true, say: "--wave N (runs are found by wave; `wave status --wave N`, `wave wait --wave N`)" },
];

/** `wave launch` → `wave run --waves …`: the range flags become one --waves. */
function launchAlias(rest: string[]): { argv: string[] } | { refuse: string } {
  let start: string | undefined;
  let end: string | undefined;
  let autoNext = false;
  const out: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === "--") {
      out.push(...rest.slice(i));
      break;
    }
    const { name, inline } = splitFlag(arg);
    if (name === "--start-wave" || name === "--end-wave") {
      const value = inline ?? rest[++i];
      const n = nonNegativeInt(value, name);
      if (typeof n !== "number") return n;
      if (name === "--start-wave") start = String(n);
      else end = String(n);
    } else if (name === "--auto-next") autoNext = true;
    else out.push(arg);
  }
  if (start !== undefined && end !== undefined && Number(end) < Number(start)) {
    return { refuse: `--end-wave ${end} is before --start-wave ${start}` };
  }
  let waves: string;
  if (end !== undefined) waves = `${autoNext && start === undefined ? "0" : (start ?? "0")}-${end}`;
  else if (start === undefined || start === "0") waves = "all";
  else
    return { refuse: `give the last wave too: \`wave run --waves ${start}-M\` (the reference's --start-wave ${start} without --end-wave)` };
  return { argv: ["run", "--waves", waves, ...out] };
}

/** `wave feedback respond --id X --response T [--operator O] [--force]` → `wave feedback answer X T`. */
function respondAlias(rest: string[]): { argv: string[] } | { refuse: string } {
  let id: string | undefined;
  let response: string | undefined;
  const out: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    const { name, inline } = splitFlag(arg);
    if (name === "--id") id = inline ?? rest[++i];
    else if (name === "--response") response = inline ?? rest[++i];
    else if (name === "--operator") i += inline === undefined ? 1 : 0;
    else if (name === "--force" || name === "--run") {
      return { refuse: `${name} is not taken here: an answered question stays answered; a new question gets a new id` };
    } else out.push(arg);
  }
  if (id === undefined && response === undefined) return { argv: ["feedback", "answer", ...out] };
  return { argv: ["feedback", "answer", ...(id !== undefined ? [id] : []), ...out, ...(response !== undefined ? [response] : [])] };
}

/** `wave control task act answer --id X --response T` → `wave feedback answer X T`; other actions refused. */
function controlTaskAlias(rest: string[]): { argv: string[] } | { refuse: string } {
  if (rest[0] === "act" && rest[1] === "answer") return respondAlias(rest.slice(2));
  return {
    refuse: `tasks are coordination records here: agents post them with \`wave coord post --kind request|ack|decision|blocker ...\`; operators read them with ${STATUS} and answer questions with \`wave feedback answer <id> "text"\``,
  };
}

/** The reference's commands (and the two-word ones under them), most specific first. */
export const REFERENCE_COMMANDS: readonly CommandRule[] = [
  { words: ["launch"], alias: launchAlias },
  { words: ["autonomous"], alias: (rest) => launchAlias(rest) },
  { words: ["feedback", "respond"], alias: respondAlias },
  { words: ["feedback", "watch"], refuse: `${STATUS} (open questions and the command that answers each), or \`wave feedback list\`` },
  { words: ["control", "task"], alias: controlTaskAlias },
  { words: ["control", "status"], refuse: STATUS },
  { words: ["control", "rerun"], refuse: RERUN },
  {
    words: ["control", "proof"],
    refuse: "there are no operator proof bundles here: proof is each agent's `[wave-proof]` marker and its `### Proof artifacts` files",
  },
  {
    words: ["control", "adjudication"],
    refuse:
      "there is no adjudication step here: a malformed marker is a failure the agent fixes in a rerun: `wave run --wave N --rerun A1`",
  },
  {
    words: ["control", "telemetry"],
    refuse: "nothing: there is no telemetry here (nothing is sent anywhere); `wave status --wave N` shows a run",
  },
  { words: ["control"], refuse: `${STATUS}; questions: \`wave feedback list\` and \`wave feedback answer\`; reruns: ${RERUN}` },
  { words: ["coord", "show"], refuse: `\`wave coord inbox\` (an agent's own inbox, from inside a run) or ${STATUS} (operators)` },
  { words: ["coord", "render"], refuse: `${STATUS}; closure agents get the message board in their prompt` },
  { words: ["coord", "explain"], refuse: STATUS },
  {
    words: ["coord", "act"],
    refuse: 'post a record that answers it: `wave coord post --kind ack|decision|evidence --depends-on <record id> --summary "..."`',
  },
  { words: ["retry"], refuse: RERUN },
  {
    words: ["proof"],
    refuse: "there are no proof bundles to register here: print the `[wave-proof]` marker and write the `### Proof artifacts` files",
  },
  { words: ["signal"], refuse: MARKERS },
  { words: ["dep"], refuse: "cross-lane dependencies are not supported here: order the work in waves (wave run --waves N-M)" },
  {
    words: ["submit"],
    refuse:
      "`wave run --waves N-M` runs waves in order itself (no daemon); start it in the background and follow it with `wave status --wave N --watch`",
  },
  { words: ["supervise"], refuse: "no daemon here: `wave run --waves N-M` runs the waves in order; run it again to resume" },
  {
    words: ["attach"],
    refuse: "`wave logs --wave N --agent A1 --follow` (an agent), `wave status --wave N --watch` (the wave), or `wave run --tmux`",
  },
  { words: ["local"], refuse: "`wave run --wave N --executor local` (the built-in local executor)" },
  { words: ["dashboard"], refuse: "`wave status --wave N --watch`, or `wave run --tmux`" },
  {
    words: ["project"],
    refuse: "no project setup step: `wave init` scaffolds wave.config.json, and `--project ID` selects `projects.<ID>`",
  },
  { words: ["draft"], refuse: "write the wave file by hand (docs/wave-format.md); `wave validate` checks it" },
  { words: ["adhoc"], refuse: "write the one-off work as a wave file and `wave run --wave N`" },
  { words: ["benchmark"], refuse: "not supported: eval targets are checked from the cont-EVAL agent's `[wave-eval]` marker" },
  { words: ["upgrade"], refuse: "upgrade the package with your package manager" },
  { words: ["self-update"], refuse: "upgrade the package with your package manager" },
  { words: ["changelog"], refuse: "read CHANGELOG.md in the package" },
];

/** Rewrites `--repo-root` everywhere (before `--`): it is our `--root`. */
function rewriteRepoRoot(argv: string[], notices: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--") {
      out.push(...argv.slice(i));
      break;
    }
    const { name, inline } = splitFlag(arg);
    if (name !== "--repo-root") {
      out.push(arg);
      continue;
    }
    out.push(inline !== undefined ? `--root=${inline}` : "--root");
    if (!notices.some((n) => n.includes("--repo-root"))) notices.push("the reference's --repo-root is --root here; running with --root");
  }
  return out;
}

/** Rewrites the reference's `wave launch` flags in `wave run`'s argv (after the command word). */
function rewriteRunFlags(args: string[], notices: string[]): string[] | { refuse: string } {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--") {
      out.push(...args.slice(i));
      break;
    }
    const { name, inline } = splitFlag(arg);
    const rule = REFERENCE_RUN_FLAGS.find((r) => r.flag === name);
    if (!rule) {
      out.push(arg);
      continue;
    }
    if (rule.refused) return { refuse: `the reference's ${rule.flag} is ${rule.say}` };
    const value = rule.value ? (inline ?? args[++i]) : undefined;
    const to = rule.to?.(value) ?? [];
    if (!Array.isArray(to)) return to;
    out.push(...to);
    notices.push(
      `the reference's ${rule.flag}${value !== undefined ? ` ${value}` : ""} is ${to.length > 0 ? `${to.join(" ")} here` : `dropped: ${rule.say}`}`,
    );
  }
  return out;
}

function ruleFor(argv: readonly string[]): CommandRule | undefined {
  return REFERENCE_COMMANDS.find((r) => r.words.every((w, i) => argv[i] === w));
}

/**
 * The reference's command line made ours: `{kind: "ok"}` with the argv to run and the notices to
 * print (none when nothing was the reference's), or `{kind: "refused"}` with the message.
 */
export function translateReferenceArgv(input: readonly string[]): CompatResult {
  const notices: string[] = [];
  let argv = rewriteRepoRoot([...input], notices);
  const rule = ruleFor(argv);
  const typed = rule ? `wave ${rule.words.join(" ")}` : "";
  if (rule?.refuse) return { kind: "refused", message: `the reference's \`${typed}\` does not exist here: use ${rule.refuse}` };
  if (rule?.alias) {
    const aliased = rule.alias(argv.slice(rule.words.length));
    if ("refuse" in aliased) return { kind: "refused", message: `the reference's \`${typed}\`: ${aliased.refuse}` };
    argv = aliased.argv;
    const shown = argv.filter((a) => a !== "--").slice(0, 4);
    notices.push(
      `the reference's \`${typed}\` is \`wave ${shown.join(" ")}${argv.length > shown.length ? " ..." : ""}\` here; running that`,
    );
  }
  if (argv[0] === "run") {
    const flags = rewriteRunFlags(argv.slice(1), notices);
    if (!Array.isArray(flags)) return { kind: "refused", message: flags.refuse };
    argv = ["run", ...flags];
  } else if (argv[0] === "status" || argv[0] === "wait") {
    const runId = argv.findIndex((a) => splitFlag(a).name === "--run-id");
    const dash = argv.indexOf("--");
    if (runId >= 0 && (dash < 0 || runId < dash)) {
      return { kind: "refused", message: `the reference's --run-id is ${REFERENCE_RUN_FLAGS.find((r) => r.flag === "--run-id")!.say}` };
    }
  }
  return { kind: "ok", argv, notices };
}

/**
 * The reference commands a skill's text tells an agent to run, each with what to run here; for a
 * note under a projected skill (src/prompt/skills.ts). Empty when the text names none.
 */
export function referenceCommandNotes(text: string): string[] {
  const notes: string[] = [];
  const seen = new Set<string>();
  // A command as a skill writes it: in backticks, or after `pnpm exec` / `npx` (not the word in prose).
  const re = /(?:`|\bexec\s+|\bnpx\s+)wave\s+([a-z][a-z-]*)(?:\s+([a-z][a-z-]*))?/g;
  for (const m of text.matchAll(re)) {
    const words = [m[1]!, ...(m[2] ? [m[2]] : [])];
    const rule = ruleFor(words) ?? ruleFor([m[1]!]);
    if (!rule) continue;
    const name = `wave ${rule.words.join(" ")}`;
    if (seen.has(name)) continue;
    seen.add(name);
    if (rule.refuse) notes.push(`\`${name}\` does not exist here: use ${rule.refuse}`);
    else if (name === "wave feedback respond" || name === "wave control task")
      notes.push(`\`${name}\`: use \`wave feedback answer <id> "text"\``);
    else if (name === "wave launch" || name === "wave autonomous") notes.push(`\`${name}\`: use \`wave run --waves N-M\``);
  }
  if (/\bwave-feedback\s+ask\b/.test(text)) notes.push('`wave-feedback ask` is `wave feedback ask --question "..."` here');
  return notes;
}
