// Failure families grouped into the kinds the verifier chart colours (a hard or soft check of any checker is one kind).

export const FAMILY_KINDS = ['tool_count', 'hard_check', 'soft_check', 'tool_name', 'causality', 'time', 'timeout', 'other'] as const;
export type FamilyKind = (typeof FAMILY_KINDS)[number];

export function familyKind(family: string): FamilyKind {
  const base = family.split(':')[0] ?? family;
  if (base === 'smu_count') return 'tool_count';
  return (FAMILY_KINDS as readonly string[]).includes(base) ? (base as FamilyKind) : 'other';
}
