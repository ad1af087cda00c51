// What every CLI command is made of. A new command is one file under commands/ and one entry in commandTable.ts (its
// name and summary).

export interface CliIO {
  /** Bytes: UTF-8 text written as it is (a kept output, see keptIndex). */
  out(text: string | Uint8Array): void;
  err(text: string): void;
}

export interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  /** Shown in help, e.g. `<code>` for `--baseline <code>`. */
  valueName?: string;
  description: string;
}

export interface ParsedArgs {
  positionals: string[];
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
}

export interface CliCommand {
  /** More help after the summary (input syntax, what the output means), as lines of at most 120 characters. */
  details?: string;
  /** Positional arguments as help shows them, e.g. `<dir>`. */
  arguments: string;
  options: Record<string, OptionSpec>;
  /** Resolves to the exit code; throws UsageError for bad usage. */
  run(args: ParsedArgs, io: CliIO): Promise<number>;
}

export const EXIT_OK = 0;
export const EXIT_USAGE = 2;

/** Bad arguments or an unreadable run directory: reported on stderr with exit code 2. */
export class UsageError extends Error {}

export function stringOption(args: ParsedArgs, name: string): string | undefined {
  const value = args.values[name];
  return typeof value === 'string' ? value : undefined;
}

export function flag(args: ParsedArgs, name: string): boolean {
  return args.values[name] === true;
}

/** JSON as the commands print it: two-space indentation, one trailing newline. */
export function jsonText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
