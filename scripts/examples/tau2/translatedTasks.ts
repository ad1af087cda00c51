// The domain folder's task files as SEATau ships them: the untranslated original data/tau2/domains/airline/tasks.json
// and translations under <lang>/tasks.json. The Thai file carries planted translation defects for the translation
// lint and the Problems panel: task 27's reservation id is altered, and task 3's travel date loses its year.

import type { Lang } from './airlineWorld';
import type { Json } from './chat';
import { TASKS, taskObject } from './tasks';

export const SOURCE_TASKS_PATH = 'data/tau2/domains/airline/tasks.json';
const TRANSLATED: readonly Lang[] = ['th', 'vi'];

interface PlantedDefect {
  file: string;
  scenarioId: string;
  field: 'reason_for_call';
  code: 'frozen-span-changed' | 'value-changed';
  source: string;
  /** The text as the translation has it in place of `source`. */
  translation: string;
  /** The correct translation's text that the defect replaces. */
  correct: string;
}

export const PLANTED_TRANSLATION_DEFECTS: readonly PlantedDefect[] = [
  { file: 'data/tau2/domains/airline/th/tasks.json', scenarioId: '3', field: 'reason_for_call', code: 'value-changed', source: 'May 20, 2024', correct: '20 พฤษภาคม 2024', translation: '20 พฤษภาคม' },
  { file: 'data/tau2/domains/airline/th/tasks.json', scenarioId: '27', field: 'reason_for_call', code: 'frozen-span-changed', source: '7PX284', correct: '7PX284', translation: '7PX824' },
];

function withDefects(task: Json, lang: Lang, file: string): Json {
  const defects = PLANTED_TRANSLATION_DEFECTS.filter((d) => d.file === file && d.scenarioId === task.id);
  if (defects.length === 0) return task;
  const scenario = task.user_scenario as { instructions: Record<string, string | null> };
  const instructions = { ...scenario.instructions };
  for (const defect of defects) {
    const text = instructions[defect.field] ?? '';
    if (!text.includes(defect.correct)) throw new Error(`planted defect: "${defect.correct}" is not in the ${lang} task ${defect.scenarioId}`);
    instructions[defect.field] = text.replace(defect.correct, defect.translation);
  }
  return { ...task, user_scenario: { ...scenario, instructions } };
}

/** [path, content] of the source task file and each translated one. */
export function taskFiles(): Array<[string, Json[]]> {
  const translated = TRANSLATED.map((lang): [string, Json[]] => {
    const file = `data/tau2/domains/airline/${lang}/tasks.json`;
    return [file, TASKS.map((t) => withDefects(taskObject(t, lang), lang, file))];
  });
  return [[SOURCE_TASKS_PATH, TASKS.map((t) => taskObject(t, 'en'))], ...translated];
}
