import { isObject, type JsonObject } from '../gaia2/values';
import type { FileDiagnostics } from '../fileDiagnostics';

// Typed access to one line's fields. A required field that is missing or of the wrong type makes the line unusable
// (`usable` turns false, an error is reported); an optional one of the wrong type is reported and read as absent.

export class RecordFields {
  usable = true;

  constructor(
    private readonly record: JsonObject,
    private readonly line: number,
    private readonly what: string,
    private readonly problems: FileDiagnostics,
  ) {}

  private missing(name: string): void {
    this.usable = false;
    this.problems.add(this.line, `line ${this.line}: ${this.what} has no "${name}"; skipped`, 'error');
  }

  private wrong(name: string, expected: string, required: boolean): void {
    const found = JSON.stringify(this.record[name])?.slice(0, 60) ?? 'undefined';
    const consequence = required ? 'the line is skipped' : 'ignored';
    const message = `line ${this.line}: ${this.what} "${name}" must be ${expected}, not ${found}; ${consequence}`;
    this.problems.add(this.line, message, required ? 'error' : 'warning');
    if (required) this.usable = false;
  }

  /** A required field checked by `test`; `fallback` is returned (and never used) when the line is unusable. */
  private required<T>(name: string, expected: string, test: (value: unknown) => value is T, fallback: T): T {
    const value = this.record[name];
    if (value === undefined) {
      this.missing(name);
      return fallback;
    }
    if (test(value)) return value;
    this.wrong(name, expected, true);
    return fallback;
  }

  /** An optional field: null when absent or null; reported and null when of the wrong type. */
  private optional<T>(name: string, expected: string, test: (value: unknown) => value is T): T | null {
    const value = this.record[name];
    if (value === undefined || value === null) return null;
    if (test(value)) return value;
    this.wrong(name, expected, false);
    return null;
  }

  text(name: string): string {
    return this.required(name, 'a non-empty string', isText, '');
  }

  anyText(name: string): string {
    return this.required(name, 'a string', isString, '');
  }

  oneOf<T extends string>(name: string, values: readonly T[]): T {
    const fallback = values[0] as T;
    return this.required(name, `one of ${values.join(', ')}`, isOneOf(values), fallback);
  }

  requiredBooleanOrNull(name: string): boolean | null {
    return this.required(name, 'true, false or null', (v): v is boolean | null => v === null || typeof v === 'boolean', null);
  }

  string(name: string): string | null {
    return this.optional(name, 'a string', isString);
  }

  optionalOneOf<T extends string>(name: string, values: readonly T[]): T | null {
    return this.optional(name, `one of ${values.join(', ')} or null`, isOneOf(values));
  }

  number(name: string): number | null {
    return this.optional(name, 'a number', (v): v is number => typeof v === 'number' && Number.isFinite(v));
  }

  count(name: string): number | null {
    return this.optional(name, 'a whole number ≥ 0', (v): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0);
  }

  boolean(name: string): boolean | null {
    return this.optional(name, 'true or false', (v): v is boolean => typeof v === 'boolean');
  }

  object(name: string): Record<string, unknown> | null {
    return this.optional(name, 'an object', isObject);
  }

  /** Any JSON value; absent reads as null. */
  value(name: string): unknown {
    return this.record[name] ?? null;
  }
}

function isOneOf<T extends string>(values: readonly T[]): (value: unknown) => value is T {
  return (value): value is T => typeof value === 'string' && (values as readonly string[]).includes(value);
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}
