import { fromPythonLiteral } from '../gaia2/pythonLiteral';
import { isObject, stringOrNull } from '../gaia2/values';

// ARE exports every action argument as `{name, value, value_type}` with `value` a string: json.dumps() for lists
// and dicts, str() for everything else. Return values are str() of whatever the tool returned (Python repr text,
// not JSON). Decoding restores what can be restored exactly and keeps the text otherwise.

const INTEGER = /^-?\d+$/;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** One argument value, decoded by its Python type name; text that does not fit its type stays text. */
export function decodeArgValue(value: unknown, valueType: string | null): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') return value;
  switch (valueType) {
    case 'list':
    case 'dict':
      return parseJson(value);
    case 'int':
      return INTEGER.test(value) && Number.isSafeInteger(Number(value)) ? Number(value) : value;
    case 'float': {
      const number = Number(value);
      return value.trim() !== '' && Number.isFinite(number) ? number : value;
    }
    case 'bool':
      return value === 'True' ? true : value === 'False' ? false : value;
    case 'NoneType':
      return value === 'None' ? null : value;
    case null: {
      // Oracle descriptions may omit the type: only unambiguous JSON containers are decoded.
      const trimmed = value.trim();
      return trimmed.startsWith('[') || trimmed.startsWith('{') ? parseJson(value) : value;
    }
    default:
      return value;
  }
}

/** The `args` list of an exported action as an object; entries without a string name are skipped. */
export function decodeArgs(args: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!Array.isArray(args)) return out;
  for (const arg of args) {
    if (!isObject(arg)) continue;
    const name = stringOrNull(arg.name);
    if (name !== null) out[name] = decodeArgValue(arg.value, stringOrNull(arg.value_type));
  }
  return out;
}

/** A return value as text, or as the list/dict it spells when it is a complete Python literal of plain values. */
export function decodeReturnValue(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null;
  return fromPythonLiteral(value);
}
