import { describe, expect, it } from 'vitest';
import { findSelfCorrections } from '../../../src/core/analysis/findSelfCorrections';
import { call, message, write } from './steps';

const offsite = { title: 'Offsite', start_datetime: '2024-10-22 09:00:00', end_datetime: '2024-10-22 17:00:00' };
const yoga = { event_id: 'evt_8c04', title: 'Yoga', start_datetime: '2024-10-19 09:00:00', end_datetime: '2024-10-19 10:00:00', location: 'Studio 4' };

describe('findSelfCorrections', () => {
  it('labels create → delete (by the id the create returned) → recreate as a harmless self-correction', () => {
    const steps = [
      message('user', 'Planifie la journée offsite avec Anna et Lukas.'),
      write('Calendar__add_calendar_event', { ...offsite, attendees: ['Anna Roth'] }, 'evt_3724'),
      write('Calendar__delete_calendar_event', { event_id: 'evt_3724' }),
      write('Calendar__add_calendar_event', { ...offsite, attendees: ['Anna Roth', 'Lukas Becker'] }, 'evt_3725'),
    ];
    const found = findSelfCorrections(steps, 'target');
    expect(found).toEqual([{ side: 'target', step: 1, undoneBy: 2, harmless: true, explanation: expect.stringContaining('recreated') }]);
    expect(found[0]?.explanation).toContain('harmless');
  });

  it('finds the id inside a result object or message, and a delete that repeats the create arguments', () => {
    const byObject = [
      write('Contacts__add_new_contact', { first_name: 'Li', last_name: 'Na' }, { contact_id: 'c-77', status: 'ok' }),
      write('Contacts__delete_contact', { contact_id: 'c-77' }),
    ];
    // Created and deleted, never recreated: undone, but what the task asked for is missing from the end state.
    expect(findSelfCorrections(byObject, 'baseline')).toMatchObject([{ step: 0, undoneBy: 1, harmless: false }]);
    const byMessage = [
      write('Calendar__add_calendar_event', offsite, 'Event created with id evt_42.'),
      write('Calendar__delete_calendar_event', { event_id: 'evt_42' }),
    ];
    expect(findSelfCorrections(byMessage, 'baseline')).toMatchObject([{ step: 0, undoneBy: 1 }]);
    const byArgs = [write('Notes__add_note', { title: 'Groceries' }), write('Notes__remove_note', { title: 'Groceries' })];
    expect(findSelfCorrections(byArgs, 'baseline')).toMatchObject([{ step: 0, undoneBy: 1 }]);
  });

  it('labels deleting an existing item and recreating it with the same details', () => {
    const steps = [
      call('Calendar__search_events', { query: 'yoga' }, { result: [yoga] }),
      write('Calendar__delete_calendar_event', { event_id: 'evt_8c04' }),
      write('Calendar__add_calendar_event', {
        title: 'Yoga',
        start_datetime: '2024-10-19 09:00:00',
        end_datetime: '2024-10-19 10:00:00',
        location: 'Studio 4',
      }),
    ];
    expect(findSelfCorrections(steps, 'target')).toMatchObject([{ side: 'target', step: 1, undoneBy: 2, harmless: true }]);
  });

  it('does not excuse a plain extra delete', () => {
    const steps = [
      call('Calendar__search_events', { query: 'yoga' }, { result: [yoga, { ...yoga, event_id: 'evt_8c05', start_datetime: '2024-10-19 18:00:00' }] }),
      write('Calendar__delete_calendar_event', { event_id: 'evt_8c04' }),
      write('Calendar__delete_calendar_event', { event_id: 'evt_8c05' }),
    ];
    expect(findSelfCorrections(steps, 'target')).toEqual([]);
  });

  it('does not pair a delete with a create of something else, or of another app', () => {
    const steps = [
      write('Calendar__add_calendar_event', offsite, 'evt_1'),
      write('Calendar__delete_calendar_event', { event_id: 'evt_9' }),
      write('Notes__delete_note', { note_id: 'evt_1' }),
    ];
    expect(findSelfCorrections(steps, 'target')).toEqual([]);
  });

  it('never calls deleting a sent email a self-correction: sending cannot be undone', () => {
    const steps = [
      write('EmailClientV2__send_email', { recipients: ['zw@example.com'], subject: 'Budget' }, 'mail_9'),
      write('EmailClientV2__delete_email', { email_id: 'mail_9' }),
    ];
    expect(findSelfCorrections(steps, 'target')).toEqual([]);
  });
});
