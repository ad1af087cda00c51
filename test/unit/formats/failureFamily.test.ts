import { describe, expect, it } from 'vitest';
import { decidingCheck, failureFamilyOf, parseFailureReason } from '../../../src/core/formats/failureFamily';

const failed = { success: false } as const;

describe('failureFamilyOf', () => {
  it.each([
    ["Tool count mismatch: agent={'EmailClientV2__send_email': 2}, oracle={'EmailClientV2__send_email': 1}", 'tool_count'],
    ['SMU count mismatch: agent=0, oracle=1, allowed_extra=1', 'smu_count'],
    [
      'Cannot match CabApp__order_ride (oracle_2): agent_4: eq_checker:end_location (agent=Aeropuerto Internacional, oracle=Airport)',
      'hard_check:eq_checker',
    ],
    [
      "Cannot match Calendar__add_calendar_event (oracle_1): agent_2: datetime_checker:start_datetime (agent=2024-10-18 10:00:00, oracle=2024-10-18 09:00:00)",
      'hard_check:datetime_checker',
    ],
    [
      "Cannot match Calendar__add_calendar_event (oracle_1): agent_2: list_attendees_checker:attendees (agent=['张伟'], oracle=['Zhang Wei'])",
      'hard_check:list_attendees_checker',
    ],
    ['Cannot match Messages__send (oracle_5): agent_1: contain_any_checker:content (agent=Bonjour)', 'hard_check:contain_any_checker'],
    [
      "Cannot match EmailClientV2__send_email (oracle_3): agent_7: email_checker (agent_args={'content': 'Hola Wei; te escribo: la reunión es el viernes'})",
      'soft_check:email_checker',
    ],
    [
      'Cannot match AgentUserInterface__send_message_to_user (oracle_9): agent_8: inconclusive (user_message_checker:inconclusive)',
      'soft_check:user_message_checker',
    ],
    ['Cannot match Chats__send_message (oracle_4): agent_3: placeholder_checker (agent_args={\'content\': \'Hi [User Name]\'})', 'soft_check:placeholder_checker'],
    ['Cannot match Chats__send_message (oracle_4): agent_3: tool name mismatch: agent=Chats__send_message, oracle=Chats__send_message_to_group', 'tool_name'],
    [
      'Cannot match Contacts__delete_contact (oracle_6): agent_5: causality violation (parent oracle_2 not matched before idx 3)',
      'causality',
    ],
    [
      'Cannot match EmailClientV2__send_email (oracle_7): agent_9: time check failed (agent_relative=12s, oracle_relative=180s)',
      'time',
    ],
    ['Cannot match Contacts__delete_contact (oracle_8): no candidates', 'no_candidates'],
    ['ENV event Event-ENV-1 not found in agent events', 'other'],
  ])('%s → %s', (reason, family) => {
    expect(failureFamilyOf(reason, failed)).toBe(family);
  });

  it('takes the first candidate when several agent events were tried', () => {
    const reason =
      "Cannot match EmailClientV2__send_email (oracle_3): agent_1: eq_checker:recipients (agent=['a@x.com'], oracle=['b@x.com']); " +
      "agent_2: email_checker (agent_args={'content': 'x'})";
    expect(failureFamilyOf(reason, failed)).toBe('hard_check:eq_checker');
  });

  it('classifies from the verdict when the run did not finish', () => {
    expect(failureFamilyOf(null, { success: null, timed_out: true, error: 'timed out' })).toBe('timeout');
    expect(failureFamilyOf(null, { success: null, error: 'Container exited with code 137' })).toBe('infra');
    expect(failureFamilyOf(null, { success: null })).toBe('infra');
    expect(failureFamilyOf('Tool count mismatch: agent={}, oracle={}', { success: false, error: 'adapter crashed' })).toBe('infra');
  });

  it('is null for a pass and other for a failure without a reason', () => {
    expect(failureFamilyOf(null, { success: true })).toBeNull();
    expect(failureFamilyOf('', failed)).toBe('other');
    expect(failureFamilyOf(null, failed)).toBe('other');
  });
});

describe('parseFailureReason / decidingCheck', () => {
  it('names the oracle event, the agent event and the deciding check of a hard-check failure', () => {
    expect(
      parseFailureReason(
        'Cannot match CabApp__order_ride (Event-AGENT-c41d7e02): AGENT-CabApp.order_ride-0b9e4f11: eq_checker:end_location (agent=Aeropuerto, oracle=Airport)',
      ),
    ).toEqual({
      family: 'hard_check:eq_checker',
      check: 'eq_checker:end_location',
      tool: 'CabApp__order_ride',
      oracleId: 'Event-AGENT-c41d7e02',
      agentId: 'AGENT-CabApp.order_ride-0b9e4f11',
      detail: 'AGENT-CabApp.order_ride-0b9e4f11: eq_checker:end_location (agent=Aeropuerto, oracle=Airport)',
    });
  });

  it.each([
    ["Cannot match EmailClientV2__send_email (oracle_3): agent_7: email_checker (agent_args={'content': '…'})", 'email_checker'],
    ["Tool count mismatch: agent={'A__b': 2}, oracle={'A__b': 1}", 'tool_count'],
    ['SMU count mismatch: agent=2, oracle=0, allowed_extra=1', 'smu_count'],
    ['Cannot match Contacts__delete_contact (oracle_8): no candidates', 'no_candidates'],
    ['Cannot match X__y (o): a: time check failed (agent_relative=1s, oracle_relative=60s)', 'time'],
    ['something nobody documented', null],
  ])('deciding check of %s is %s', (reason, check) => {
    expect(decidingCheck(reason)).toBe(check);
  });
});
