// docs/cli.md must say what the CLI's help says: regenerate it with `npm run docs:cli` after changing a command.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commands } from '../../../src/cli/commandTable';
import { CLI_REFERENCE_PATH, cliReference } from '../../../scripts/docs/cliReference';

const repoRoot = join(__dirname, '..', '..', '..');

describe('docs/cli.md', () => {
  it('is what `npm run docs:cli` generates from the commands’ help (run it after changing a command)', async () => {
    const committed = readFileSync(join(repoRoot, CLI_REFERENCE_PATH), 'utf8');
    expect(committed).toBe(await cliReference());
  });

  it('has a section with the usage line of every command', async () => {
    const reference = await cliReference();
    for (const entry of commands) {
      const command = await entry.load();
      expect(reference).toContain(`## ${entry.name}\n\n\`\`\`text\nUsage: trajectory-lens ${entry.name} ${command.arguments} [options]`);
    }
  });
});
