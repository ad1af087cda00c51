import { describe, expect, it } from 'vitest';
import { codeText, familyOf, firstInTaxonomy, parseTriageCode, TAXONOMY } from '../../../src/core/triage/taxonomy';

describe('the triage taxonomy', () => {
  it('has the OmnilingualGAIA2 codes in top-down order, each with its family', () => {
    expect(TAXONOMY.map((c) => `${c.code}:${c.family}`)).toEqual([
      'I1:infrastructure', 'I2:infrastructure',
      'T1:translation', 'T2:translation', 'T3:translation', 'T4:translation',
      'K1:verifier', 'K2:verifier', 'K3:verifier',
      'A1:agent', 'A2:agent', 'A3:agent', 'A4:agent', 'A5:agent', 'A6:agent', 'A7:agent',
      'E1:inconclusive',
    ]);
    expect(codeText('K2')).toBe('K2 (locale or format mismatch on a hard checker)');
  });

  it('reads codes as people type them and rejects the rest', () => {
    expect(parseTriageCode(' t3 ')).toBe('T3');
    expect(parseTriageCode('A8')).toBeNull();
    expect(parseTriageCode('translation')).toBeNull();
    expect(familyOf('A7')).toBe('agent');
  });

  it('picks the code checked first', () => {
    expect(firstInTaxonomy(['A1', 'K3', 'T4', 'T2'])).toBe('T2');
    expect(firstInTaxonomy([])).toBeNull();
  });
});
