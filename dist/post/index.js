// The action's post step (action.yml `post`): the action bundle runs it, telling the step by
// this file's path (src/action/step.ts). Written by scripts/build.mjs.
import "../index.js";
