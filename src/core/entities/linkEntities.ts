import type { Trajectory } from '../model';
import { candidateSpans } from './candidateSpans';
import type { Entity, EntityForm, EntityInventory, MentionPlace, Side } from './inventory';
import { anchorMentions, recordMention, type LinkedMention, type Mention } from './mentions';
import { normalizeName } from './normalizeName';
import { nameForm, type NameForm } from './romanize';
import { bucketKeys, sameName } from './sameName';
import { scriptVariantWarnings } from './scriptVariantWarnings';
import { textFields, type TextField } from './textFields';

// Links the names of two runs across scripts into entities: anchors (structured names) are linked pairwise within
// phonetic buckets; free text adds the spans that match an anchor. Bounded by the caps below.

const MAX_JSON_LEAVES = 20_000;
const MAX_SCANNED_CHARS = 4_000;
const MAX_MENTIONS = 5_000;

class Groups {
  private readonly parent: number[] = [];
  add(): number {
    this.parent.push(this.parent.length);
    return this.parent.length - 1;
  }
  find(i: number): number {
    let root = i;
    while (this.parent[root] !== root) root = this.parent[root] as number;
    this.parent[i] = root;
    return root;
  }
  union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
}

class AnchorIndex {
  readonly anchors: Mention[] = [];
  readonly groups = new Groups();
  private readonly buckets = new Map<string, number[]>();
  // Names repeat (the same query, address and contact in many steps): each distinct spelling is compared once.
  private readonly bySpelling = new Map<string, number>();
  private readonly matched = new Map<string, number | null>();

  add(mention: Mention): void {
    const id = this.groups.add();
    this.anchors.push(mention);
    const spelling = normalizeName(mention.form.text);
    const known = this.bySpelling.get(spelling);
    if (known !== undefined) {
      this.groups.union(id, known);
      return;
    }
    this.bySpelling.set(spelling, id);
    for (const key of bucketKeys(mention.form)) {
      const bucket = this.buckets.get(key) ?? [];
      for (const other of bucket) if (sameName(mention.form, (this.anchors[other] as Mention).form)) this.groups.union(id, other);
      bucket.push(id);
      this.buckets.set(key, bucket);
    }
  }

  /** The group of the first anchor the spelling matches, or null. */
  match(text: string): number | null {
    const spelling = normalizeName(text);
    let id = this.matched.get(spelling);
    if (id === undefined) {
      id = this.bySpelling.get(spelling) ?? this.firstMatch(nameForm(text));
      this.matched.set(spelling, id);
    }
    return id === null ? null : this.groups.find(id);
  }

  private firstMatch(form: NameForm): number | null {
    for (const key of bucketKeys(form)) {
      for (const id of this.buckets.get(key) ?? []) if (sameName(form, (this.anchors[id] as Mention).form)) return id;
    }
    return null;
  }
}

function overlaps(a: MentionPlace, b: MentionPlace): boolean {
  return (a.start as number) < (b.end as number) && (b.start as number) < (a.end as number);
}

/** Spans of one free-text field that match an anchor; the longest wins where they overlap. */
function textMentions(field: TextField, index: AnchorIndex, taken: readonly Mention[]): Array<[Mention, number]> {
  const text = field.text.length > MAX_SCANNED_CHARS ? field.text.slice(0, MAX_SCANNED_CHARS) : field.text;
  const found: Array<[Mention, number]> = [];
  const seen = new Set<string>();
  const spans = candidateSpans(text).sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  for (const span of spans) {
    const spanKey = `${span.start}:${span.end}`;
    if (seen.has(spanKey)) continue;
    seen.add(spanKey);
    const place = { side: field.side, step: field.step, field: field.field, start: span.start, end: span.end };
    if ([...taken, ...found.map(([m]) => m)].some((other) => overlaps(place, other.place))) continue;
    const group = index.match(span.text);
    if (group !== null) found.push([{ form: nameForm(span.text), place, source: field.source, kind: 'text' }, group]);
  }
  return found;
}

function entitiesOf(mentions: ReadonlyArray<[Mention, number]>): { entities: Entity[]; linked: LinkedMention[] } {
  const byGroup = new Map<number, Array<Mention>>();
  for (const [mention, group] of mentions) {
    const members = byGroup.get(group);
    if (members === undefined) byGroup.set(group, [mention]);
    else members.push(mention);
  }
  const entities: Entity[] = [];
  const linked: LinkedMention[] = [];
  for (const members of byGroup.values()) {
    // A name met once is nothing to follow across lanes.
    if (members.length < 2) continue;
    const id = `entity-${entities.length + 1}`;
    linked.push(...members.map((mention) => ({ mention, entity: id })));
    const forms = new Map<string, EntityForm>();
    for (const m of members) {
      const text = m.form.text.normalize('NFC');
      const form = forms.get(text) ?? { text, script: m.form.script, where: [] };
      form.where.push(m.place);
      forms.set(text, form);
    }
    entities.push({ id, forms: [...forms.values()] });
  }
  return { entities, linked };
}

/** The entity inventory of a compared pair, with the script-variant misses of either run. */
export function linkEntities(baseline: Trajectory, target: Trajectory): EntityInventory {
  const runs: ReadonlyArray<readonly [Side, Trajectory]> = [
    ['baseline', baseline],
    ['target', target],
  ];
  const { fields, records } = textFields(runs, MAX_JSON_LEAVES);
  const index = new AnchorIndex();
  for (const field of fields) for (const anchor of anchorMentions(field)) index.add(anchor);
  for (const record of records) {
    const mention = recordMention(record);
    if (mention !== null) index.add(mention);
  }
  const mentions: Array<[Mention, number]> = [];
  // Mentions in reading order (baseline then target, field by field), so entity numbering follows the runs.
  const byPlace = new Map<string, Array<[Mention, number]>>();
  index.anchors.forEach((anchor, id) => {
    const key = `${anchor.place.side}|${anchor.place.step}|${anchor.place.field}`;
    const here = byPlace.get(key);
    if (here === undefined) byPlace.set(key, [[anchor, id]]);
    else here.push([anchor, id]);
  });
  for (const field of fields) {
    if (mentions.length >= MAX_MENTIONS) break;
    const key = `${field.side}|${field.step}|${field.field}`;
    const anchors = byPlace.get(key) ?? [];
    byPlace.delete(key);
    for (const [anchor, id] of anchors) mentions.push([anchor, index.groups.find(id)]);
    const wholeValue = anchors.some(([a]) => a.kind === 'value');
    if (!wholeValue) mentions.push(...textMentions(field, index, anchors.map(([a]) => a)));
  }
  for (const rest of byPlace.values()) for (const [anchor, id] of rest) mentions.push([anchor, index.groups.find(id)]);
  const { entities, linked } = entitiesOf(mentions);
  return { entities, warnings: scriptVariantWarnings(baseline, target, linked) };
}
