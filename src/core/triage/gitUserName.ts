import { execFile } from 'node:child_process';
import { homedir } from 'node:os';
import { parse } from 'node:path';

// Who made a triage decision, by default: git's user name. Read from the global git configuration only, started in
// the file system's root, so that no repository's configuration — and nothing inside a run directory — is consulted.

/** git's global user.name; null when git is not installed or no name is set. */
export function gitUserName(): Promise<string | null> {
  return new Promise((resolve) => {
    const options = { cwd: parse(homedir()).root, timeout: 5_000 };
    execFile('git', ['config', '--global', '--get', 'user.name'], options, (error, stdout) => {
      const name = error ? '' : stdout.trim();
      resolve(name === '' ? null : name);
    });
  });
}
