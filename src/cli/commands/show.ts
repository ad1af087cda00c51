import { loadTrajectory } from '../../core/index/loadTrajectory';
import { renderTrajectoryText } from '../../core/render/renderTrajectoryText';
import { EXIT_OK, flag, jsonText, stringOption, UsageError, type CliCommand } from '../command';
import { diagnosticsText } from '../diagnosticsText';
import { trajectoryJson } from '../jsonShapes';
import { openRunDirectory } from '../runDirectory';

export const showCommand: CliCommand = {
  arguments: '<dir> --id <id>',
  options: {
    id: { type: 'string', valueName: '<id>', description: 'the run, as `index` lists it' },
    json: { type: 'boolean', description: 'print the run in the canonical model as JSON' },
  },
  async run(args, io) {
    const id = stringOption(args, 'id');
    if (id === undefined) throw new UsageError('missing --id <id>: `trajectory-lens index <dir>` lists the ids');
    const { fs, index } = await openRunDirectory(args);
    const run = index.runs.find((r) => r.id === id);
    if (run === undefined) {
      const dir = args.positionals[0] ?? '';
      throw new UsageError(`no run with id ${JSON.stringify(id)} in ${dir}; \`trajectory-lens index ${dir}\` lists the ids`);
    }
    const trajectory = await loadTrajectory(fs, run);
    if (flag(args, 'json')) {
      // The JSON shape has no diagnostics: they go to stderr so that problems are still seen.
      io.err(diagnosticsText(trajectory.diagnostics));
      io.out(jsonText(trajectoryJson(trajectory)));
    } else {
      io.out(`${renderTrajectoryText(trajectory)}\n`);
    }
    return EXIT_OK;
  },
};
