import type { Step } from '../../src/core/model';

// Two realistic long trajectories of one scenario: an English baseline and a Japanese target that repeats most of
// it with translated free text, some calls changed, some steps dropped and some added. Seeded, so every bench run
// measures the same input.

function random(seed: number): () => number {
  // mulberry32
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['meeting', 'budget', 'review', 'project', 'team', 'lunch', 'report', 'travel', 'invoice', 'schedule', 'client', 'update'];
const JAPANESE: Record<string, string> = {
  meeting: '会議',
  budget: '予算',
  review: 'レビュー',
  project: 'プロジェクト',
  team: 'チーム',
  lunch: '昼食',
  report: '報告書',
  travel: '出張',
  invoice: '請求書',
  schedule: '予定',
  client: '顧客',
  update: '更新',
};
const PEOPLE = ['Zhang Wei', 'Aiko Tanaka', 'Maria Garcia', 'Omar Haddad', 'Priya Sharma', 'Lukas Weber'];

function sentence(next: () => number, length: number): string {
  return Array.from({ length }, () => WORDS[Math.floor(next() * WORDS.length)] as string).join(' ');
}

function translate(text: string): string {
  return text
    .split(' ')
    .map((w) => JAPANESE[w] ?? w)
    .join('');
}

function email(person: string): string {
  return `${person.toLowerCase().replace(' ', '.')}@example.com`;
}

function step(k: number, next: () => number): Step {
  const person = PEOPLE[Math.floor(next() * PEOPLE.length)] as string;
  const day = String(1 + (k % 28)).padStart(2, '0');
  const base = { result: null, error: null, requestor: 'assistant' as const, reasoning: null, time: k, callId: `evt-${k}` };
  const kind = next();
  if (kind < 0.2) return { kind: 'message', role: 'assistant', text: `I will check the ${sentence(next, 8)} now.`, reasoning: sentence(next, 20), time: k };
  if (kind < 0.5) {
    const id = `email-${k}-${Math.floor(next() * 1e6)}`;
    return { kind: 'tool_call', tool: 'EmailClientV2__get_email_by_id', app: 'EmailClientV2', fn: 'get_email_by_id', args: { email_id: id }, write: false, ...base };
  }
  if (kind < 0.65) {
    return { kind: 'tool_call', tool: 'Contacts__search_contacts', app: 'Contacts', fn: 'search_contacts', args: { query: person }, write: false, ...base };
  }
  if (kind < 0.8) {
    const args = { start_datetime: `2024-10-${day} 00:00:00`, end_datetime: `2024-10-${day} 23:59:59` };
    return { kind: 'tool_call', tool: 'Calendar__get_calendar_events_from_to', app: 'Calendar', fn: 'get_calendar_events_from_to', args, write: false, ...base };
  }
  if (kind < 0.9) {
    const args = { title: sentence(next, 3), start_datetime: `2024-10-${day} 10:00:00`, end_datetime: `2024-10-${day} 11:00:00`, attendees: [person] };
    return { kind: 'tool_call', tool: 'Calendar__add_calendar_event', app: 'Calendar', fn: 'add_calendar_event', args, write: true, ...base };
  }
  const args = { recipients: [email(person)], subject: sentence(next, 4), content: sentence(next, 40) };
  return { kind: 'tool_call', tool: 'EmailClientV2__send_email', app: 'EmailClientV2', fn: 'send_email', args, write: true, ...base };
}

function translated(s: Step): Step {
  if (s.kind === 'message') return { ...s, text: translate(s.text), reasoning: s.reasoning && translate(s.reasoning) };
  const args = Object.fromEntries(
    Object.entries(s.args).map(([key, value]) => [key, typeof value === 'string' && !/\d|@/.test(value) ? translate(value) : value]),
  );
  return { ...s, args };
}

export interface RunPair {
  baseline: Step[];
  target: Step[];
}

/** `length` baseline steps; the target translates the text, changes 3% of calls, drops 2% and adds 2%. */
export function syntheticRunPair(length: number, seed = 42): RunPair {
  const next = random(seed);
  const baseline: Step[] = [{ kind: 'message', role: 'user', text: `Please ${sentence(next, 30)}.`, reasoning: null, time: 0 }];
  for (let k = 1; k < length; k++) baseline.push(step(k, next));
  const target: Step[] = [];
  for (const s of baseline) {
    const roll = next();
    if (roll < 0.02) continue;
    if (roll < 0.04) target.push(translated(step(length + target.length, next)));
    if (roll < 0.07 && s.kind === 'tool_call') target.push({ ...s, args: { ...s.args, changed_by_target: `v${Math.floor(next() * 100)}` } });
    else target.push(translated(s));
  }
  return { baseline, target };
}
