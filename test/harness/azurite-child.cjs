// Runs Azurite's blob server in this process and exits as soon as the parent that started it is
// gone (its IPC channel closes), so a crashed test never leaves an emulator behind.
"use strict";
const path = require("node:path");

const pkg = require.resolve("azurite/package.json");
const main = path.join(path.dirname(pkg), "dist", "src", "blob", "main.js");

if (typeof process.send === "function") {
  process.on("disconnect", () => process.exit(0));
}
require(main);
