import { enterElevated } from "./agent-user/elevate.js";
import { runPost } from "./action/post.js";

await enterElevated(process.argv.slice(2));
await runPost();
