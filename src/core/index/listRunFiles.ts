import { joinPath, type FileSource } from '../fileSource';
import type { RunSummary } from '../model';

/** The files directly in a run's directory (or the one file holding the run); none when it cannot be listed. */
export async function listRunFiles(fs: FileSource, run: RunSummary): Promise<string[]> {
  try {
    const stat = await fs.stat(run.path);
    if (stat?.type === 'file') return [run.path];
    if (stat?.type !== 'directory') return [];
    const entries = await fs.list(run.path);
    return entries
      .filter((e) => e.type === 'file')
      .map((e) => joinPath(run.path, e.name))
      .sort();
  } catch {
    return [];
  }
}
