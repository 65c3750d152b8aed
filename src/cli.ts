#!/usr/bin/env node
/** The `wave` CLI from sources (the bundle's is dist/cli/index.js, see src/program.ts). */
import "./cli/entry.js";
