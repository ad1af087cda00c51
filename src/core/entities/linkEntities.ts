import type { Trajectory } from '../model';
import { AliasMatcher, type EntityAlias } from './aliases';
import { candidateSpans } from './candidateSpans';
import type { Entity, EntityForm, EntityInventory, MentionPlace, Side } from './inventory';
import { anchorMentions, recordMention, type LinkedMention, type Mention } from './mentions';
import { normalizeName } from './normalizeName';
import { nameForm, type NameForm } from './romanize';
import { bucketKeys, sameName } from './sameName';
import { scriptVariantWarnings } from './scriptVariantWarnings';
import { textFields, type TextField } from './textFields';

// Links the names of two runs across scripts into entities: anchors (structured names) are linked pairwise within
// phonetic buckets; free text adds the spans that match an anchor. Known equivalences (value sets, term tables) link
// their forms whatever the scripts, and join the entity of an anchor spelled like one of them. Bounded by the caps below.

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

/** The part of a field's text that is scanned for names and alias forms. */
function scanned(text: string): string {
  return text.length > MAX_SCANNED_CHARS ? text.slice(0, MAX_SCANNED_CHARS) : text;
}

/** Spans of one free-text field that match an anchor; the longest wins where they overlap. */
function textMentions(field: TextField, index: AnchorIndex, taken: readonly Mention[]): Array<[Mention, number]> {
  const text = scanned(field.text);
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

export interface LinkOptions {
  /** Known equivalences; only those whose forms occur in the runs become entities. */
  aliases?: readonly EntityAlias[];
}

/** Alias groups in the anchors' union-find, each joined with the anchors spelled like one of its forms. */
function aliasGroups(matcher: AliasMatcher, index: AnchorIndex): number[] {
  const groups = matcher.aliases.map(() => index.groups.add());
  matcher.aliases.forEach((alias, a) => {
    for (const form of alias.forms) {
      const anchor = index.match(form);
      if (anchor !== null) index.groups.union(groups[a] as number, anchor);
    }
  });
  for (const [a, b] of matcher.shared) index.groups.union(groups[a] as number, groups[b] as number);
  return groups;
}

interface AliasFound {
  /** `<alias>:<form>` of each alias mention, to tell one form met twice from two forms. */
  formOf: Map<Mention, string>;
  /** Alias sources by group root. */
  sources: Map<number, Set<string>>;
}

/**
 * A group is worth listing when met twice; a group only aliases found needs two of their forms, else every enum
 * literal both runs use alike would be listed.
 */
function isListed(members: readonly Mention[], found: AliasFound): boolean {
  if (members.length < 2) return false;
  if (members.some((m) => m.kind !== 'alias')) return true;
  return new Set(members.map((m) => found.formOf.get(m))).size >= 2;
}

function entitiesOf(mentions: ReadonlyArray<[Mention, number]>, found: AliasFound): { entities: Entity[]; linked: LinkedMention[] } {
  const byGroup = new Map<number, Array<Mention>>();
  for (const [mention, group] of mentions) {
    const members = byGroup.get(group);
    if (members === undefined) byGroup.set(group, [mention]);
    else members.push(mention);
  }
  const entities: Entity[] = [];
  const linked: LinkedMention[] = [];
  for (const [group, members] of byGroup) {
    // A name met once is nothing to follow across lanes.
    if (!isListed(members, found)) continue;
    const id = `entity-${entities.length + 1}`;
    linked.push(...members.map((mention) => ({ mention, entity: id })));
    const forms = new Map<string, EntityForm>();
    for (const m of members) {
      const text = m.form.text.normalize('NFC');
      const form = forms.get(text) ?? { text, script: m.form.script, where: [] };
      form.where.push(m.place);
      forms.set(text, form);
    }
    const sources = found.sources.get(group);
    entities.push({ id, forms: [...forms.values()], ...(sources === undefined ? {} : { linkedBy: [...sources] }) });
  }
  return { entities, linked };
}

/** The entity inventory of a compared pair, with the script-variant misses of either run. */
export function linkEntities(baseline: Trajectory, target: Trajectory, options: LinkOptions = {}): EntityInventory {
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
  const matcher = new AliasMatcher(options.aliases ?? []);
  const groups = aliasGroups(matcher, index);
  const found: AliasFound = { formOf: new Map(), sources: new Map() };
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
    const taken = anchors.map(([a]) => a);
    for (const hit of matcher.hits(field, scanned(field.text))) {
      const group = index.groups.find(groups[hit.alias] as number);
      const sources = found.sources.get(group) ?? new Set<string>();
      found.sources.set(group, sources.add((matcher.aliases[hit.alias] as EntityAlias).source));
      // A form an anchor already holds is that anchor's mention (the alias joined its group above).
      if (taken.some((other) => overlaps(hit.place, other.place))) continue;
      const mention: Mention = { form: nameForm(hit.text), place: hit.place, source: field.source, kind: 'alias' };
      found.formOf.set(mention, `${hit.alias}:${hit.form}`);
      taken.push(mention);
      mentions.push([mention, group]);
    }
    const wholeValue = anchors.some(([a]) => a.kind === 'value');
    if (!wholeValue) mentions.push(...textMentions(field, index, taken));
  }
  for (const rest of byPlace.values()) for (const [anchor, id] of rest) mentions.push([anchor, index.groups.find(id)]);
  const { entities, linked } = entitiesOf(mentions, found);
  return { entities, warnings: scriptVariantWarnings(baseline, target, linked) };
}
