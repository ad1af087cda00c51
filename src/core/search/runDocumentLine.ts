// Where a search match is in the run document (renderTrajectoryText): the heading of its step or section.

/** The headings run-level fields sit under. */
const SECTION_HEADINGS: Record<string, string> = {
  task: '## Task',
  finalAnswer: '## Final answer',
  judge: '## Oracle events',
};

/** Index of the first line outside fenced blocks (where run data is) that starts with `prefix`, from line `from`. */
function headingLine(lines: readonly string[], prefix: string, from = 0): number {
  let fence: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (fence !== null) {
      if (line === fence) fence = null;
      continue;
    }
    const opening = /^`{3,}/.exec(line);
    if (opening) fence = opening[0];
    else if (i >= from && line.startsWith(prefix)) return i;
  }
  return -1;
}

/** 0-based line of the heading of step `step` (an index into the steps), or of the field's section; 0 when absent. */
export function runDocumentLine(text: string, step: number | null, field: string): number {
  const lines = text.split('\n');
  if (step === null) {
    const heading = SECTION_HEADINGS[field];
    return heading === undefined ? 0 : Math.max(headingLine(lines, heading), 0);
  }
  const steps = headingLine(lines, '## Steps');
  return Math.max(headingLine(lines, `### ${step + 1} · `, steps + 1), 0);
}
