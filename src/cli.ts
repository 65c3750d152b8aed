#!/usr/bin/env node
import { enterElevated } from "./agent-user/elevate.js";
import { runCli } from "./cli/main.js";

process.exitCode = await runCli(await enterElevated(process.argv.slice(2)));
