// The canonical JSONL format: its reader and the schema constants the docs and tests check against.
export { canonicalReader } from './canonicalReader';
export { CANONICAL_SCHEMA, KNOWN_FIELDS, RECORD_TYPES, REQUIRED_FIELDS } from './schema';
