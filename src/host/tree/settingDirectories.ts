import { DEFAULT_SETTINGS } from '../../core/index/runIndex';
import { settingViews } from '../../core/analysis/settingViews';
import { loadRunDirectory, type LoadedRunDirectory } from '../loadedRunDirectory';

// SEATau-style directories, whose languages run in several settings each compared with the English setting, are shown
// setting by setting: one view of the directory per compared setting, holding that setting's runs and the baseline
// setting's, so that every element below it (groups, languages, runs, regressions, compare) counts one setting only.
// A view keeps the directory's uri and files (labels, compare and problems act on the directory); element ids tell
// the views apart by their setting.

export interface SettingDirectory {
  setting: string;
  dir: LoadedRunDirectory;
}

const viewsOf = new WeakMap<LoadedRunDirectory, SettingDirectory[]>();
const settingOf = new WeakMap<LoadedRunDirectory, string>();

/** One view per compared setting; none when the runs are not split by setting or trajectory-lens.json pools them. */
export function settingDirectories(dir: LoadedRunDirectory): SettingDirectory[] {
  const known = viewsOf.get(dir);
  if (known !== undefined) return known;
  const options = dir.index.settings ?? DEFAULT_SETTINGS;
  const views = options.level ? settingViews(dir.index.runs, options.baseline) : [];
  const split = views.flatMap(({ setting, runs }) => {
    if (setting === null) return [];
    const view = loadRunDirectory(dir.uri, dir.fs, dir.name, { ...dir.index, runs }, dir.baseline);
    settingOf.set(view, setting);
    return [{ setting, dir: view }];
  });
  viewsOf.set(dir, split);
  return split;
}

/** The setting a directory view is limited to; null for a whole directory. */
export function viewSetting(dir: LoadedRunDirectory): string | null {
  return settingOf.get(dir) ?? null;
}

/** What the ids of a directory's elements start with: its uri, and the setting for a setting's view of it. */
export function idScope(dir: LoadedRunDirectory): string {
  const setting = viewSetting(dir);
  return setting === null ? dir.uri.toString() : `${dir.uri.toString()}#setting=${setting}`;
}
