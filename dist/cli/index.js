#!/usr/bin/env node
// The `wave` CLI (package.json `bin`): the bundle runs it, telling the program by this file's
// path (src/program.ts). Written by scripts/build.mjs.
import "../index.js";
