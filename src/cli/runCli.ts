import { parseArgs } from 'node:util';
import { EXIT_OK, EXIT_USAGE, UsageError, type CliCommand, type CliIO, type ParsedArgs } from './command';
import { commands, type CommandEntry } from './commandTable';
import { version } from '../../package.json';

const PROGRAM = 'trajectory-lens';

function generalHelp(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  const list = commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join('\n');
  return (
    `Usage: ${PROGRAM} <command> <dir> [options]\n\n` +
    `Reads a directory of agent benchmark runs, pairs them across languages and lists cross-lingual regressions.\n\n` +
    `Commands:\n${list}\n\n` +
    `Options:\n  --version  print the version\n  --help     show this help\n\n` +
    `Run \`${PROGRAM} <command> --help\` for a command's options. Exit code 0 on success (also when files have ` +
    `problems: they are listed as diagnostics), 2 for bad usage or an unreadable directory.\n`
  );
}

function commandHelp(entry: CommandEntry, command: CliCommand): string {
  const options = Object.entries(command.options).map(([name, spec]) => [
    `${spec.short ? `-${spec.short}, ` : '    '}--${name}${spec.valueName ? ` ${spec.valueName}` : ''}`,
    spec.description,
  ]);
  options.push(['-h, --help', 'show this help']);
  const width = Math.max(...options.map(([left]) => (left ?? '').length));
  const lines = options.map(([left, right]) => `  ${(left ?? '').padEnd(width)}  ${right}`).join('\n');
  const details = command.details ? `\n${command.details.trimEnd()}\n` : '';
  return `Usage: ${PROGRAM} ${entry.name} ${command.arguments} [options]\n\n${entry.summary}\n${details}\nOptions:\n${lines}\n`;
}

function parse(command: CliCommand, argv: string[]): ParsedArgs & { help: boolean } {
  const options: Record<string, { type: 'string' | 'boolean'; short?: string }> = { help: { type: 'boolean', short: 'h' } };
  for (const [name, spec] of Object.entries(command.options)) {
    options[name] = spec.short === undefined ? { type: spec.type } : { type: spec.type, short: spec.short };
  }
  try {
    const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
    return { values, positionals, help: values.help === true };
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** Runs one CLI invocation; resolves to the process exit code. */
export async function runCli(argv: string[], io: CliIO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    io.err(generalHelp());
    return EXIT_USAGE;
  }
  if (name === '--version' || name === '-V') {
    io.out(`${version}\n`);
    return EXIT_OK;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    io.out(generalHelp());
    return EXIT_OK;
  }
  const entry = commands.find((c) => c.name === name);
  if (entry === undefined) {
    io.err(`${PROGRAM}: unknown command ${JSON.stringify(name)}\n\n${generalHelp()}`);
    return EXIT_USAGE;
  }
  const command = await entry.load();
  try {
    const args = parse(command, rest);
    if (args.help) {
      io.out(commandHelp(entry, command));
      return EXIT_OK;
    }
    return await command.run(args, io);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`${PROGRAM} ${entry.name}: ${error.message}\nRun \`${PROGRAM} ${entry.name} --help\` for usage.\n`);
    return EXIT_USAGE;
  }
}
