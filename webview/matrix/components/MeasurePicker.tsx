import { measureId, measureLabel, type Measure } from '../model/measures';
import * as l10n from '@vscode/l10n';

/** The measure the cells show and are coloured by. */
export function MeasurePicker({ choices, value, onChange }: { choices: Measure[]; value: Measure; onChange(measure: Measure): void }) {
  const current = measureId(value);
  return (
    <label className="measure-picker">
      <span>{l10n.t('Measure')}</span>
      <vscode-single-select
        aria-label={l10n.t('Measure')}
        value={current}
        onchange={(event: Event) => {
          const id = (event.target as HTMLElement & { value: string }).value;
          const picked = choices.find((m) => measureId(m) === id);
          if (picked) onChange(picked);
        }}
      >
        {choices.map((m) => (
          <vscode-option key={measureId(m)} value={measureId(m)} selected={measureId(m) === current}>
            {measureLabel(m)}
          </vscode-option>
        ))}
      </vscode-single-select>
    </label>
  );
}
