import { runAction } from "./action/main.js";

await runAction();
