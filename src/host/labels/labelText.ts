import type { LabelRecord } from '../../core/triage/labelRecord';

// How a current label shows on a tree element: a short suffix of the description, e.g. `🏷 A2`.

export function labelBadge(record: LabelRecord): string {
  return `🏷 ${record.code}`;
}

/** The description with the label appended: `1/3 → 0/3 · 🏷 A2`. */
export function withLabelBadge(description: string, record: LabelRecord | undefined): string {
  if (record === undefined) return description;
  return description === '' ? labelBadge(record) : `${description} · ${labelBadge(record)}`;
}
