import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIndex } from '../../../src/core/index/buildIndex';
import { NodeFileSource } from '../../../src/core/nodeFileSource';
import { reviewEvidence } from '../../../src/host/review/reviewEvidence';
import { parseReviewRequest } from '../../../src/protocol/review';

// What a reviewer sees of an item, read from the example runs; and what the host accepts from the review webview.

const EXAMPLE = join(__dirname, '../../../examples/gaia2-multilingual');

describe('review evidence', () => {
  it('shows the source and translated task, both final answers, the oracle reference and what the target failed', async () => {
    const fs = new NodeFileSource(EXAMPLE);
    const { runs } = await buildIndex(fs);
    const evidence = await reviewEvidence(fs, runs, { group: 'agent-a/execution/scn_email_budget', language: 'jpn', run: null }, 'eng');
    expect(evidence.baseline).toMatchObject({ label: 'eng run 1', outcome: 'pass' });
    expect(evidence.target).toMatchObject({ label: 'jpn run 1', outcome: 'fail' });
    expect(evidence.baseline?.task).toMatch(/[A-Za-z]{4}/);
    expect(evidence.target.task).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    expect(evidence.target.task).not.toBe(evidence.baseline?.task);
    expect(evidence.oracle.map((e) => e.tool)).toContain('EmailClientV2__send_email');
    expect(evidence.target.failureReason).not.toBeNull();
    expect(evidence.failed.length).toBeGreaterThan(0);
    // A reason the verdict repeats word for word is shown once.
    expect(new Set(evidence.failed.map((f) => f.rationale)).size).toBe(evidence.failed.length);
    expect(evidence.problems).toEqual([]);
  });

  it('refuses an item that names no run', async () => {
    const fs = new NodeFileSource(EXAMPLE);
    const { runs } = await buildIndex(fs);
    await expect(reviewEvidence(fs, runs, { group: 'nope', language: 'jpn', run: null }, 'eng')).rejects.toThrow('has no run');
  });
});

describe('review requests from the webview', () => {
  const request = (method: string, params: unknown) => parseReviewRequest({ kind: 'request', id: 3, method, params });

  it('accepts the three methods with exactly their parameters', () => {
    expect(request('ready', {}).ok).toBe(true);
    expect(request('evidence', { position: 0 }).ok).toBe(true);
    expect(request('decide', { position: 2, verdict: 'reject', side: 'translation', note: 'a, "b"' }).ok).toBe(true);
    expect(request('decide', { position: 2, verdict: 'confirm', side: null, note: '' }).ok).toBe(true);
  });

  it('refuses a rejection without a side, a side without a rejection, and anything unknown, naming the id', () => {
    expect(request('decide', { position: 0, verdict: 'reject', side: null, note: '' })).toMatchObject({ ok: false, id: 3, error: expect.stringContaining('side') });
    expect(request('decide', { position: 0, verdict: 'confirm', side: 'agent', note: '' })).toMatchObject({ ok: false, error: expect.stringContaining('only a rejection') });
    expect(request('decide', { position: 0, verdict: 'maybe', side: null, note: '' }).ok).toBe(false);
    expect(request('decide', { position: -1, verdict: 'confirm', side: null, note: '' }).ok).toBe(false);
    expect(request('decide', { position: 0, verdict: 'confirm', side: null, note: 'x'.repeat(10_001) }).ok).toBe(false);
    expect(request('decide', { position: 0, verdict: 'confirm', side: null }).ok).toBe(false);
    expect(request('evidence', { position: 0, extra: 1 }).ok).toBe(false);
    expect(request('openFile', { path: 'a' }).ok).toBe(false);
  });
});
