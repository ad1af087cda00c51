import { jsonTokens, useJsonHighlighting, type JsonToken } from '../highlight/json';
import { isStructured, truncate, valueText } from '../model/format';
import { Highlighted } from './Highlighted';
import * as l10n from '@vscode/l10n';

/** A value in full: JSON highlighted and pretty-printed, text as text. */
export function ValueBlock({ value }: { value: unknown }) {
  useJsonHighlighting();
  if (!isStructured(value)) {
    return (
      <pre className="value-text">
        <Highlighted text={valueText(value)} />
      </pre>
    );
  }
  return (
    <pre className="json">
      {jsonTokens(valueText(value)).map((line, i) => (
        <div key={i} className="json-line">
          <Tokens tokens={line} />
        </div>
      ))}
    </pre>
  );
}

/** A value on one line, as JSON, cut at `max` characters. */
export function InlineJson({ value, max = 240 }: { value: unknown; max?: number }) {
  useJsonHighlighting();
  if (value === undefined) return <span className="absent">{l10n.t('(absent)')}</span>;
  const code = truncate(JSON.stringify(value) ?? String(value), max);
  // A scalar needs no tokenizer: its colour is its type.
  const lines: JsonToken[][] = isStructured(value) ? jsonTokens(code) : [[{ text: code, tone: typeof value === 'string' ? 'string' : 'literal' }]];
  return (
    <code className="json-inline">
      {lines.map((line, i) => (
        <Tokens key={i} tokens={line} />
      ))}
    </code>
  );
}

function Tokens({ tokens }: { tokens: JsonToken[] }) {
  return tokens.map((t, i) => (
    <span key={i} className={`tok-${t.tone}`}>
      <Highlighted text={t.text} />
    </span>
  ));
}
