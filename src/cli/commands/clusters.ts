import { clusterCountsText, clusterRegressions, type CauseCluster } from '../../core/analysis/clusterRegressions';
import { regressionCauses } from '../../core/analysis/regressionCauses';
import { countText } from '../../core/render/runLabels';
import { baselineOf, baselineOptionSpec, missingBaselineNote } from '../baselineOption';
import { EXIT_OK, flag, jsonText, type CliCommand } from '../command';
import { diagnosticsNote } from '../diagnosticsText';
import { openRunDirectory } from '../runDirectory';
import { textTable } from '../textTable';
import { translationProblemsOf, translationProblemsOptionSpec } from './triage';

// `trajectory-lens clusters`: the regressions grouped by cause, largest cluster first.

function clusterJson(cluster: CauseCluster) {
  return {
    id: cluster.id,
    title: cluster.title,
    signature: cluster.signature,
    members: cluster.members.map(({ group, language, setting, agent }) => ({ group, language, setting, agent })),
  };
}

function clusterText(cluster: CauseCluster, k: number): string {
  const bySetting = cluster.members.some((m) => m.setting !== null);
  const rows = cluster.members.map((m) => [
    m.group,
    m.language,
    ...(bySetting ? [m.setting ?? ''] : []),
    m.divergence.row === null ? '' : String(m.divergence.row),
  ]);
  const table = textTable(['GROUP', 'LANGUAGE', ...(bySetting ? ['SETTING'] : []), 'ROW'], rows);
  const indented = table.split('\n').map((line) => `   ${line}`).join('\n');
  return `${k + 1}. ${cluster.title}\n   ${cluster.id} · ${clusterCountsText(cluster)}\n${indented}`;
}

export const clustersCommand: CliCommand = {
  arguments: '<dir>',
  options: {
    baseline: baselineOptionSpec,
    'translation-problems': translationProblemsOptionSpec,
    json: { type: 'boolean', description: 'print {"clusters":[{"id","title","signature","members":[{"group","language","setting","agent"}]}]}' },
  },
  async run(args, io) {
    const { fs, index } = await openRunDirectory(args);
    const baseline = baselineOf(args, index);
    const translationProblems = await translationProblemsOf(args, io, fs);
    io.err(missingBaselineNote(index, baseline) + diagnosticsNote(index.diagnostics.length, args.positionals[0] ?? ''));
    const clusters = clusterRegressions(await regressionCauses(fs, index, { baseline, translationProblems }));
    if (flag(args, 'json')) {
      io.out(jsonText({ clusters: clusters.map(clusterJson) }));
      return EXIT_OK;
    }
    if (clusters.length === 0) {
      io.out(`No regressions against ${baseline}: nothing to cluster.\n`);
      return EXIT_OK;
    }
    const regressions = clusters.reduce((n, c) => n + c.members.length, 0);
    const head = `${countText(clusters.length, 'cause')} of ${countText(regressions, 'regression')} against ${baseline}`;
    io.out(`${head}\n\n${clusters.map(clusterText).join('\n\n')}\n`);
    return EXIT_OK;
  },
};
