#!/usr/bin/env node
"use strict";
// The `retrylens` command: runs the bundled CLI in ../dist/cli.js.
const fs = require("fs");
const path = require("path");

const bundle = path.join(__dirname, "..", "dist", "cli.js");
if (!fs.existsSync(bundle)) {
  process.stderr.write(`retrylens: ${path.relative(process.cwd(), bundle) || bundle} is missing; run npm run build\n`);
  process.exit(2);
}
require(bundle).run();
