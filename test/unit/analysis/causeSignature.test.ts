import { describe, expect, it } from 'vitest';
import { causeSignature } from '../../../src/core/analysis/causeSignature';
import { clusterRegressions, type RegressionCause } from '../../../src/core/analysis/clusterRegressions';
import { compareRuns } from '../../../src/core/analysis/compareRuns';
import { firstDivergence } from '../../../src/core/analysis/firstDivergence';
import type { Step, Trajectory } from '../../../src/core/model';
import { suggestCode } from '../../../src/core/triage/suggestCode';
import type { TranslationProblem } from '../../../src/core/triage/translationSuspicion';
import { call, oracleEvent, run, trajectory, write } from './steps';

// Signatures leave every free-text value out, so the same cause in two scenarios is one cluster, and two causes that
// end in the same failure family are two.

const countFail = { outcome: 'fail' as const, failureFamily: 'tool_count', failureReason: 'Tool count mismatch' };

function pair(scenarioId: string, language: string, baseline: Step[], target: Step[], oracle = baseline): [Trajectory, Trajectory] {
  const events = oracle.flatMap((s, k) => (s.kind === 'tool_call' && s.write ? [oracleEvent(`e${k}`, s.tool, s.args)] : []));
  const ids = (lang: string) => ({ id: `${lang}/${scenarioId}`, path: `${lang}/${scenarioId}`, group: scenarioId, scenarioId });
  return [
    trajectory(baseline, { run: run(ids('eng')), oracle: events }),
    trajectory(target, { run: run({ ...ids(language), language, languageLabel: language, ...countFail }), oracle: events }),
  ];
}

function causeOf([baseline, target]: [Trajectory, Trajectory], translationProblems: TranslationProblem[] = []): RegressionCause {
  const comparison = compareRuns(baseline, target, { textParts: false });
  const divergence = firstDivergence(comparison);
  const prior = suggestCode({ target, baseline, translationProblems }).code;
  return {
    signature: causeSignature({ comparison, divergence, baseline, target, prior, translationProblems }),
    member: {
      group: target.run.group,
      scenarioId: target.run.scenarioId,
      language: target.run.language,
      setting: null,
      agent: null,
      baselineRunId: baseline.run.id,
      targetRunId: target.run.id,
      divergence,
    },
  };
}

const lookup = (name: string, id: string) => call('Contacts__search_contacts', { query: name }, { result: [{ contact_id: id }] });
const remove = (id: string) => write('Contacts__delete_contact', { contact_id: id }, 'ok');

describe('causeSignature and clusters', () => {
  it('merges the same extra delete in two scenarios and languages, whatever the ids and names', () => {
    const a = causeOf(pair('scn_a', 'jpn', [lookup('Lena', 'c_lena_berlin'), remove('c_lena_berlin')], [lookup('レナ', 'c_lena_berlin'), remove('c_lena_berlin'), remove('c_lena_munich')]));
    const b = causeOf(pair('scn_b', 'deu', [lookup('Omar', 'c_omar_1'), remove('c_omar_1')], [lookup('Omar', 'c_omar_1'), remove('c_omar_1'), remove('c_omar_2')]));
    expect(a.signature).toEqual(b.signature);
    expect(a.signature).toMatchObject({ kind: 'extra-step', tool: 'Contacts__delete_contact', argument: null, failureFamily: 'tool_count', prior: 'A3' });
    const clusters = clusterRegressions([a, b]);
    expect(clusters).toHaveLength(1);
    expect(clusters[0]?.members.map((m) => m.scenarioId)).toEqual(['scn_a', 'scn_b']);
  });

  it('keeps a missing write and an extra write of the same tool apart, though both fail the count check', () => {
    const steps = [lookup('Lena', 'c_lena_berlin'), remove('c_lena_berlin')];
    const missing = causeOf(pair('scn_a', 'jpn', steps, [lookup('Lena', 'c_lena_berlin')]));
    const extra = causeOf(pair('scn_b', 'jpn', steps, [...steps, remove('c_lena_munich')]));
    expect(missing.signature).toMatchObject({ kind: 'missing-step', tool: 'Contacts__delete_contact', failureFamily: 'tool_count' });
    expect(extra.signature).toMatchObject({ kind: 'extra-step', failureFamily: 'tool_count', prior: 'A3' });
    const clusters = clusterRegressions([missing, extra, extra]);
    expect(clusters.map((c) => c.members.length)).toEqual([2, 1]);
    expect(clusters[0]?.title).toBe('Extra write Contacts.delete_contact · tool_count · A3');
    expect(clusters[1]?.title).toBe(`Missing write Contacts.delete_contact · tool_count · ${missing.signature.prior}`);
  });

  it('notes a translation finding that names the diverging step, and never a value of the step', () => {
    const problem: TranslationProblem = {
      scenarioId: 'scn_a',
      language: 'deu',
      code: 'T4',
      message: 'frozen-span-changed: c_lena_berlin became c_lena_munich',
      file: 'deu/scn_a.json',
      line: 3,
      source: 'c_lena_berlin',
      translation: 'c_lena_munich',
    };
    const runs = pair('scn_a', 'deu', [remove('c_lena_berlin')], [remove('c_lena_munich')]);
    const touched = causeOf(runs, [problem]);
    expect(touched.signature).toMatchObject({ kind: 'different-arguments', argument: 'contact_id', translationFinding: true });
    expect(JSON.stringify(touched.signature)).not.toMatch(/lena/);
    expect(causeOf(runs, [{ ...problem, scenarioId: 'scn_other' }]).signature.translationFinding).toBe(false);
  });
});
