// Writes docs/cli.md from the CLI's own help (npm run docs:cli).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI_REFERENCE_PATH, cliReference } from './docs/cliReference';

void cliReference().then((text) => {
  writeFileSync(join(__dirname, '..', CLI_REFERENCE_PATH), text);
  console.log(`wrote ${CLI_REFERENCE_PATH}`);
});
