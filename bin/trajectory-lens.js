#!/usr/bin/env node
'use strict';
// dist/cli.js, started from the code cache the build keeps for it (see src/cli/codeCache.ts).
const { join } = require('node:path');
require('../dist/codeCache.js').runBundle(join(__dirname, '..', 'dist', 'cli.js'));
