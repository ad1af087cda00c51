import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../../src/core/analysis/compareRuns';
import { firstDivergence } from '../../../src/core/analysis/firstDivergence';
import type { Step, Trajectory } from '../../../src/core/model';
import { call, judgeRecord, message, oracleEvent, run, trajectory, write } from './steps';

// Each kind of first divergence on small hand-built pairs: an English run that passes and a target run that fails.

const failing = run({ id: 'fra/run_1/x', path: 'fra/run_1/x', language: 'fra', languageLabel: 'fra', outcome: 'fail', failureFamily: 'tool_count' });

function divergence(baseline: Step[], target: Step[], over: { baseline?: Partial<Trajectory>; target?: Partial<Trajectory> } = {}) {
  return firstDivergence(compareRuns(trajectory(baseline, over.baseline), trajectory(target, { run: failing, ...over.target })));
}

const time = call('SystemApp__get_current_time', {}, { result: { now: '2024-10-16 09:00:00' } });
const events = call('Calendar__search_events', { query: 'yoga' }, { result: [{ event_id: 'evt_7f21', title: 'Yoga' }] });
const deleteYoga = write('Calendar__delete_calendar_event', { event_id: 'evt_7f21' }, 'ok');

describe('firstDivergence', () => {
  it('finds nothing when the runs differ only in their messages and the free text of reads', () => {
    const found = divergence(
      [message('user', 'Delete the yoga class.'), call('Calendar__search_events', { query: 'yoga class' }, { result: [{ event_id: 'evt_7f21' }] }), deleteYoga],
      [message('user', 'Supprime le cours de yoga.'), call('Calendar__search_events', { query: 'cours de yoga' }, { result: [{ event_id: 'evt_7f21' }] }), deleteYoga],
    );
    expect(found).toMatchObject({ kind: 'none', row: null, tool: null, summary: 'No divergence that can change the verdict' });
  });

  it('reports a missing write', () => {
    const found = divergence([time, deleteYoga], [time]);
    expect(found).toMatchObject({ kind: 'missing-step', row: 1, tool: 'Calendar__delete_calendar_event', baselineStep: 1, targetStep: null });
    expect(found.summary).toBe('First divergence: row 1 — missing write Calendar.delete_calendar_event(event_id "evt_7f21")');
  });

  it('reports a missing read that fed a write the target never made, and passes over one that fed nothing', () => {
    const found = divergence([time, events, deleteYoga], []);
    expect(found).toMatchObject({ kind: 'missing-step', row: 1, tool: 'Calendar__search_events', related: 'Calendar__delete_calendar_event' });
    expect(found.summary).toMatch(/missing read Calendar\.search_events\(query "yoga"\), which feeds Calendar\.delete_calendar_event$/);
  });

  it('reports an extra write', () => {
    const deleteOther = write('Contacts__delete_contact', { contact_id: 'c_lena_munich' }, 'ok');
    const found = divergence([time, events, deleteYoga], [time, events, deleteYoga, deleteOther]);
    expect(found).toMatchObject({ kind: 'extra-step', row: 3, tool: 'Contacts__delete_contact', baselineStep: null, targetStep: 3 });
    expect(found.summary).toBe('First divergence: row 3 — extra write Contacts.delete_contact(contact_id "c_lena_munich")');
  });

  it('reports a different tool where one run writes with one tool and the other with another', () => {
    const edit = write('Calendar__edit_calendar_event', { event_id: 'evt_7f21', title: 'Cancelled' }, 'ok');
    const found = divergence([events, deleteYoga], [events, edit]);
    expect(found).toMatchObject({ kind: 'different-tool', tool: 'Calendar__edit_calendar_event', related: 'Calendar__delete_calendar_event' });
    expect(found.summary).toMatch(/different tool: Calendar\.delete_calendar_event\(event_id "evt_7f21"\) in the baseline, Calendar\.edit_calendar_event\(.*\) in the target$/);
  });

  it('reports the differing argument of a write by its key, leaving free text out when an id differs too', () => {
    const add = (title: string, start: string) => write('Calendar__add_calendar_event', { title, start_datetime: start }, 'evt_1');
    const found = divergence([add('Supplier review', '2024-10-21 09:00:00')], [add('Revue fournisseur', '2024-10-19 09:00:00')]);
    expect(found).toMatchObject({ kind: 'different-arguments', row: 0, tool: 'Calendar__add_calendar_event', argument: 'start_datetime' });
    expect(found.summary).toBe(
      'First divergence: row 0 — different arguments of write Calendar.add_calendar_event: start_datetime "2024-10-21 09:00:00" → "2024-10-19 09:00:00"',
    );
  });

  it('names an argument inside a list by its key, whichever element differs', () => {
    const book = (flight: string) => write('book', { flights: [{ number: 'HAT001' }, { number: flight }] });
    expect(divergence([book('HAT002')], [book('HAT003')]).argument).toBe('flights[].number');
  });

  it('reports a read with other arguments only when its result differs', () => {
    const search = (query: string, result: unknown) => call('Contacts__search_contacts', { query }, { result });
    const found = divergence([search('Zhang Wei', [{ id: 'c_0193' }])], [search('张伟', [])]);
    expect(found).toMatchObject({ kind: 'different-arguments', tool: 'Contacts__search_contacts', argument: 'query' });
    expect(found.summary).toMatch(/; the result differs$/);
  });

  it('reports a different result of the same call: an error, or nothing found', () => {
    const send = (error: string | null) => call('EmailClientV2__send_email', { to: 'a@b.com' }, { write: true, error, result: error ? null : 'mail_1' });
    expect(divergence([send(null)], [send('quota exceeded')])).toMatchObject({ kind: 'different-result', row: 0, tool: 'EmailClientV2__send_email' });
    // A write's own fresh id is no difference.
    const sent = (id: string) => write('EmailClientV2__send_email', { to: 'a@b.com' }, id);
    expect(divergence([sent('mail_1')], [sent('mail_2')]).kind).toBe('none');
  });

  it('passes over a harmless self-correction to the divergence after it', () => {
    const add = (title: string) => write('Calendar__add_calendar_event', { title, start: '2024-10-22 10:00:00' }, 'evt_3f03');
    const removeFirst = write('Calendar__delete_calendar_event', { event_id: 'evt_3f03' }, 'ok');
    const extra = write('Contacts__delete_contact', { contact_id: 'c_1' });
    const found = divergence([add('Offsite')], [add('Offsite'), removeFirst, add('Offsite'), extra]);
    expect(found).toMatchObject({ kind: 'extra-step', tool: 'Contacts__delete_contact' });
  });

  it('points at a harmless self-correction when it is the only difference and the target failed', () => {
    const add = write('Calendar__add_calendar_event', { title: 'Offsite', start: '2024-10-22 10:00:00' }, 'evt_3f03');
    const removeFirst = write('Calendar__delete_calendar_event', { event_id: 'evt_3f03' }, 'ok');
    const found = divergence([add], [add, removeFirst, add]);
    expect(found).toMatchObject({ kind: 'none', tool: 'Calendar__add_calendar_event', related: 'Calendar__delete_calendar_event' });
    expect(found.summary).toMatch(/^No divergence that can change the verdict; row \d — harmless self-correction/);
  });

  it('counts a write differing only in free text when the oracle rejected it in the target', () => {
    const reply = (content: string) => write('EmailClientV2__reply_to_email', { email_id: 'e_5521', content }, 'mail');
    const event = oracleEvent('reply', 'EmailClientV2__reply_to_email', { email_id: 'e_5521' });
    const baseline = [reply('Hi Carmen, Saturday at 11:00 is fine.')];
    const target = [reply('Hola Carmen, el sábado a las 11:00 me va bien.')];
    expect(divergence(baseline, target).kind).toBe('none');
    const found = divergence(baseline, target, {
      baseline: { oracle: [event], judge: [judgeRecord({ oracleId: 'reply', matched: true })] },
      target: { oracle: [event], judge: [judgeRecord({ oracleId: 'reply', matched: false, check: 'email_checker', llm: true })] },
    });
    expect(found).toMatchObject({ kind: 'different-arguments', row: 0, tool: 'EmailClientV2__reply_to_email', argument: 'content' });
  });

  it('reports a different final answer by its numbers and ids, not its words', () => {
    const answer = (finalAnswer: string) => ({ finalAnswer });
    const same = divergence([time], [time], { baseline: answer('It costs 45.5 USD.'), target: { ...answer('Il coûte 45.5 USD.') } });
    expect(same.kind).toBe('none');
    const found = divergence([time], [time], { baseline: answer('The kettle costs 31.94 USD.'), target: answer('Il coûte 45.5 USD.') });
    expect(found).toMatchObject({ kind: 'different-answer', row: null, tool: null });
    expect(found.summary).toBe('First divergence: the final answer — "The kettle costs 31.94 USD." → "Il coûte 45.5 USD."');
  });
});
