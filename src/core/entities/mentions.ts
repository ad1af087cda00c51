import { MIN_KEY_LENGTH, phoneticKey } from './phoneticKey';
import type { MentionPlace } from './inventory';
import { nameForm, type NameForm } from './romanize';
import type { NameRecord, TextField } from './textFields';

// Names found in structured places: the values of name-like keys, the local parts of email addresses
// (zhang.wei@ → "zhang wei") and first + last name records. These anchor the inventory: free text only adds
// mentions that match one of them.

export interface Mention {
  form: NameForm;
  place: MentionPlace;
  source: TextField['source'];
  /**
   * value: the whole value of a name-like key (a search query, a recipient); email: an address's local part (a weaker
   * display form than a written name); record: first + last name fields; text: a span of free text; alias: a form of a
   * known equivalence (a value set, a term table).
   */
  kind: 'value' | 'email' | 'record' | 'text' | 'alias';
}

/** A mention of a listed entity. */
export interface LinkedMention {
  mention: Mention;
  entity: string;
}

const NAME_KEY =
  /^(?:query|q|search|name|names|full_?name|display_?name|user_?name|contact|contacts|contact_?name|recipient|recipients|to|cc|bcc|sender|from|author|organi[sz]er|attendees?|participants?|guests?|person|people|first_?name|last_?name|given_?name|family_?name|customer_?name|passenger_?name|assignee|owner|member|members|invitees?)$/i;
const EMAIL = /([\p{L}\p{N}][\p{L}\p{N}._%+-]*)@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
const MAX_NAME_LENGTH = 60;
const MAX_NAME_WORDS = 5;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;

/**
 * A form is worth linking when it reads as a full name: two or more tokens (a family and a given name), or a kana
 * name long enough for its key. A lone family name (张, "Zhang") would link to every member of the family.
 */
export function isLinkableName(form: NameForm): boolean {
  return form.readings.some((reading) => {
    const key = reading.tokens.map((t) => phoneticKey(t, { vowels: 'full', kana: false })).join('');
    if (key.length < MIN_KEY_LENGTH.full) return false;
    return reading.tokens.length >= 2 || (reading.flexible && KANA.test(form.text));
  });
}

function placeOf(field: TextField, start: number | null, end: number | null): MentionPlace {
  return { side: field.side, step: field.step, field: field.field, start, end };
}

function emailMentions(field: TextField): Mention[] {
  const mentions: Mention[] = [];
  for (const m of field.text.matchAll(EMAIL)) {
    const local = m[1] as string;
    if (!/[._-]/.test(local)) continue;
    const form = nameForm(local);
    if (isLinkableName(form)) {
      mentions.push({ form, place: placeOf(field, m.index, m.index + local.length), source: field.source, kind: 'email' });
    }
  }
  return mentions;
}

function looksLikeName(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length > 0 && trimmed.length <= MAX_NAME_LENGTH && trimmed.split(/\s+/).length <= MAX_NAME_WORDS && !trimmed.includes('@');
}

/** Anchors of one field: its whole value when the key names a person or a search, and email local parts. */
export function anchorMentions(field: TextField): Mention[] {
  const mentions = emailMentions(field);
  if (field.key !== null && NAME_KEY.test(field.key) && looksLikeName(field.text)) {
    const start = field.text.length - field.text.trimStart().length;
    const text = field.text.trim();
    const form = nameForm(text);
    if (isLinkableName(form)) {
      mentions.push({ form, place: placeOf(field, start, start + text.length), source: field.source, kind: 'value' });
    }
  }
  return mentions;
}

export function recordMention(record: NameRecord): Mention | null {
  const form = nameForm(record.name);
  if (!isLinkableName(form)) return null;
  const place: MentionPlace = { side: record.side, step: record.step, field: record.field, start: null, end: null };
  return { form, place, source: record.source, kind: 'record' };
}
