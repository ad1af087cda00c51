import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildCli, cli, REPO } from './cliProcess';

beforeAll(buildCli, 60_000);
// Each case starts a Node process; the machine may be busy.
vi.setConfig({ testTimeout: 60_000 });

const EXAMPLE = join(REPO, 'examples/gaia2-multilingual');

interface ClustersJson {
  clusters: { id: string; title: string; signature: Record<string, unknown>; members: Record<string, unknown>[] }[];
}

describe('trajectory-lens clusters', () => {
  it('prints the clusters with exactly the documented keys, largest first, with the same ids on every run', async () => {
    const first = await cli('clusters', EXAMPLE, '--json');
    expect(first.code).toBe(0);
    const out = JSON.parse(first.stdout) as ClustersJson;
    expect(Object.keys(out)).toEqual(['clusters']);
    for (const cluster of out.clusters) {
      expect(Object.keys(cluster)).toEqual(['id', 'title', 'signature', 'members']);
      for (const member of cluster.members) expect(Object.keys(member)).toEqual(['group', 'language', 'setting', 'agent']);
    }
    const sizes = out.clusters.map((c) => c.members.length);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    expect(out.clusters[0]).toMatchObject({
      title: 'Different arguments to Contacts.search_contacts (query) · script-variant miss · tool_count · T4',
      signature: { kind: 'different-arguments', tool: 'Contacts__search_contacts', argument: 'query', failureFamily: 'tool_count' },
    });
    expect(out.clusters[0]?.members.map((m) => m.language)).toEqual(['cmn', 'hin', 'jpn']);
    const again = JSON.parse((await cli('clusters', EXAMPLE, '--json', '--baseline', 'en')).stdout) as ClustersJson;
    expect(again.clusters.map((c) => c.id)).toEqual(out.clusters.map((c) => c.id));
  });

  it('prints each cause with its counts and regressions without --json', async () => {
    const { code, stdout } = await cli('clusters', EXAMPLE);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^7 causes of 9 regressions against eng\n/);
    expect(stdout).toContain('1. Different arguments to Contacts.search_contacts (query) · script-variant miss · tool_count · T4');
    expect(stdout).toMatch(/3 regressions · cmn 1, hin 1, jpn 1/);
    expect(stdout).toMatch(/Extra write Calendar\.delete_calendar_event · tool_count · A3\n.*\n.*\n\s+agent-a\/execution\/scn_yoga_cleanup\s+jpn\s+4/);
  });
});
