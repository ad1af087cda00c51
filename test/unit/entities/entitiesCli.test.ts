import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli/runCli';
import { captureIo } from '../cli/captureIo';

const EXAMPLE = join(__dirname, '../../../examples/gaia2-multilingual');

async function entities(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const captured = captureIo();
  const code = await runCli(['entities', EXAMPLE, ...args], captured.io);
  return { code, out: captured.out(), err: captured.err() };
}

describe('trajectory-lens entities', () => {
  it('prints exactly the documented JSON shape', async () => {
    const { code, out } = await entities('--group', 'agent-a/execution/scn_email_budget', '--language', 'cmn', '--json');
    expect(code).toBe(0);
    const json = JSON.parse(out) as {
      entities: Array<{ id: string; forms: Array<Record<string, unknown>> }>;
      warnings: Array<Record<string, unknown>>;
    };
    expect(Object.keys(json)).toEqual(['entities', 'warnings']);
    for (const entity of json.entities) {
      expect(Object.keys(entity)).toEqual(['id', 'forms']);
      for (const form of entity.forms) {
        expect(Object.keys(form)).toEqual(['text', 'script', 'where']);
        for (const where of form.where as Array<Record<string, unknown>>) expect(Object.keys(where)).toEqual(['side', 'step', 'field']);
      }
    }
    expect(json.warnings).toEqual([{ kind: 'script-variant-miss', side: 'target', step: 1, searched: '张伟', heldAs: 'Zhang Wei' }]);
  });

  it('picks the first passing baseline run and the first failing target run, or the runs asked for', async () => {
    const chosen = await entities('--group', 'agent-a/execution/scn_email_budget', '--language', 'hin', '--target-run', '3');
    expect(chosen.code).toBe(0);
    expect(chosen.out).toContain('target step 1: searched झांग वेई');
    const missing = await entities('--group', 'agent-a/execution/scn_email_budget', '--language', 'hin', '--target-run', '9');
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('--target-run 9: no such run');
  });

  it('asks for --language before reading anything', async () => {
    const { code, err } = await entities('--group', 'agent-a/execution/scn_email_budget');
    expect(code).toBe(2);
    expect(err).toContain('missing --language');
  });
});
