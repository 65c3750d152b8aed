/**
 * The action's entry (dist/index.js): the main step, or the post step when the runner started
 * dist/post/index.js (src/post.ts), which only imports this module (action/step.ts). Each step's
 * code is loaded when that step runs: the post step loads none of the engine.
 */
import { actionStep } from "./action/step.js";

/** The first argument of a step run again as root (agent-user/elevate.ts), checked against it by type. */
const ELEVATED_MARK: typeof import("./agent-user/elevate.js").ELEVATED_MARK = "__elevated";

const step = actionStep(process.argv[1]);
const argv = process.argv.slice(2);
if (argv[0] === ELEVATED_MARK) await (await import("./agent-user/elevate.js")).enterElevated(argv);
if (step === "post") await (await import("./action/post.js")).runPost();
else await (await import("./action/main.js")).runAction();
