import { parse, TomlError } from 'smol-toml';
import type { Diagnostic } from '../../model';

// The few top-level keys of a PolyWorkBench task.toml the index needs (id, name, category, tags), read with a TOML
// parser. Tables (`[environment]`…) are parsed too but not kept.

export type TomlValue = string | number | boolean | TomlValue[];

export interface TaskToml {
  values: Map<string, TomlValue>;
  diagnostics: Diagnostic[];
}

/** A parsed value as the index keeps it: dates as their text, tables (not needed) as nothing. */
function keptValue(value: unknown): TomlValue | undefined {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) return value.map(keptValue).filter((v): v is TomlValue => v !== undefined);
  if (value instanceof Date) return value.toISOString();
  return undefined;
}

/** Lines set aside, one per parse error, before the file is given up on. */
const MAX_SKIPPED_LINES = 20;

function errorReason(error: TomlError): string {
  // The parser's message ends with a code excerpt; the first line says what is wrong.
  return error.message.split('\n')[0]?.replace(/^Invalid TOML document: /, '') ?? 'invalid';
}

/**
 * Top-level keys of a task.toml. A line the parser stops at is reported with its line and column and set aside (an
 * error at the end of the file sets aside the last statement), and the rest is parsed again: one bad line does not
 * take the task's tags away.
 */
export function parseTaskToml(text: string, path: string): TaskToml {
  const lines = text.split('\n');
  const diagnostics: Diagnostic[] = [];
  for (let attempt = 0; attempt <= MAX_SKIPPED_LINES; attempt++) {
    try {
      const values = new Map<string, TomlValue>();
      for (const [key, value] of Object.entries(parse(lines.join('\n')))) {
        const kept = keptValue(value);
        if (kept !== undefined) values.set(key, kept);
      }
      return { values, diagnostics };
    } catch (error) {
      if (!(error instanceof TomlError)) throw error;
      let index = Math.min(error.line, lines.length) - 1;
      while (index > 0 && (lines[index] ?? '').trim() === '') index--;
      if ((lines[index] ?? '').trim() === '') break;
      const column = index === error.line - 1 ? error.column : null;
      diagnostics.push({ path, line: index + 1, column, message: `not valid TOML, line not read: ${errorReason(error)}`, severity: 'warning' });
      lines[index] = '';
    }
  }
  return { values: new Map(), diagnostics };
}

export function tomlString(values: Map<string, TomlValue>, key: string): string | null {
  const value = values.get(key);
  return typeof value === 'string' ? value : null;
}

export function tomlStrings(values: Map<string, TomlValue>, key: string): string[] {
  const value = values.get(key);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
