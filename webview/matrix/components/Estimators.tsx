import * as l10n from '@vscode/l10n';
/** Which estimator produced each number, as the report defines them. */
export function Estimators({ estimators }: { estimators: Record<string, string> }) {
  const entries = Object.entries(estimators);
  if (entries.length === 0) return null;
  return (
    <details className="matrix-section estimators">
      <summary>
        <h2>{l10n.t('Estimators')}</h2>
      </summary>
      <dl>
        {entries.map(([name, definition]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{definition}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
