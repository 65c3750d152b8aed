import { enterElevated } from "./agent-user/elevate.js";
import { runAction } from "./action/main.js";

await enterElevated(process.argv.slice(2));
await runAction();
