import type * as vscode from 'vscode';
import { describe, expect, it } from 'vitest';
import type { RunIndex } from '../../../src/core/index/runIndex';
import { loadRunDirectory } from '../../../src/host/loadedRunDirectory';
import { idScope, settingDirectories, viewSetting } from '../../../src/host/tree/settingDirectories';
import type { VscodeFileSource } from '../../../src/host/vscodeFileSource';
import { settingRuns } from '../index/settingRuns';

// What the Runs and Regressions views are built from for a SEATau directory: one view of it per compared setting.

const uri = { toString: () => 'file:///runs' } as unknown as vscode.Uri;
const fs = {} as VscodeFileSource;

function directory(index: RunIndex) {
  return loadRunDirectory(uri, fs, 'runs', index, 'eng');
}

const all = [...settingRuns('eng', 'english', ['pass', 'pass']), ...settingRuns('vie', 'l2_interaction', ['pass', 'pass']), ...settingRuns('vie', 'l2_tools', ['fail', 'fail'])];

describe('settingDirectories', () => {
  it('gives each compared setting a view whose groups, languages and regressions count that setting only', () => {
    const whole = directory({ runs: all, diagnostics: [] });
    // Pooled, vie reads 2/4: a stochastic regression that is really a deterministic one in l2_tools.
    expect(whole.regressions.map((r) => r.cell)).toEqual(['pass->partial']);
    const views = settingDirectories(whole);
    expect(views.map((v) => v.setting)).toEqual(['l2_interaction', 'l2_tools']);
    const [interaction, tools] = views;
    expect(interaction?.dir.regressions).toEqual([]);
    expect(tools?.dir.regressions.map((r) => [r.language, r.cell, r.stratum])).toEqual([['vie', 'pass->fail', 'deterministic']]);
    expect(tools?.dir.groups[0]?.languages.map((l) => `${l.language} ${l.passes}/${l.runs}`)).toEqual(['eng 2/2', 'vie 0/2']);
    expect(settingDirectories(whole)).toBe(views);
  });

  it('tells the views apart in element ids, and keeps the directory itself as it is', () => {
    const whole = directory({ runs: all, diagnostics: [] });
    const [interaction, tools] = settingDirectories(whole);
    expect(idScope(whole)).toBe('file:///runs');
    expect(viewSetting(whole)).toBeNull();
    expect(interaction && idScope(interaction.dir)).toBe('file:///runs#setting=l2_interaction');
    expect(tools && viewSetting(tools.dir)).toBe('l2_tools');
    expect(tools?.dir.uri).toBe(uri);
  });

  it('makes no views when trajectory-lens.json pools the settings, or when runs are not compared by setting', () => {
    expect(settingDirectories(directory({ runs: all, diagnostics: [], settings: { baseline: 'english', level: false } }))).toEqual([]);
    const harnesses = [...settingRuns('deu', 'codex', ['pass']), ...settingRuns('deu', 'openclaw', ['fail'])];
    expect(settingDirectories(directory({ runs: harnesses, diagnostics: [] }))).toEqual([]);
  });
});
