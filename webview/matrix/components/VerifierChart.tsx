// Verifier decomposition: per agent and language, the rate of failed runs by failure family as a stacked bar, and
// each family's difference to the baseline language.
import type { VerifierShare } from '../../../src/core/metrics/types';
import type { MatrixReport } from '../../../src/protocol/matrixReport';
import { rowLabel } from '../model/layout';
import { familyKind, FAMILY_KINDS } from '../model/families';
import * as l10n from '@vscode/l10n';

interface LanguageBar {
  language: string;
  shares: VerifierShare[];
  total: number;
}

interface AgentBars {
  label: string;
  bars: LanguageBar[];
}

function points(delta: number): string {
  const text = (Math.abs(delta) * 100).toFixed(1);
  return `${delta < 0 ? '−' : delta > 0 ? '+' : '±'}${text} pp`;
}

function percent(rate: number): string {
  return `${(rate * 100).toFixed(1)}%`;
}

function agentBars(report: MatrixReport, baseline: string): AgentBars[] {
  const agents = new Map<string, Map<string, VerifierShare[]>>();
  for (const share of report.verifier) {
    const key = rowLabel(share.agent, share.setting);
    const languages = agents.get(key) ?? new Map<string, VerifierShare[]>();
    languages.set(share.language, [...(languages.get(share.language) ?? []), share]);
    agents.set(key, languages);
  }
  return [...agents.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([label, languages]) => ({
      label,
      bars: [...languages.entries()]
        .sort(([a], [b]) => Number(b === baseline) - Number(a === baseline) || a.localeCompare(b))
        .map(([language, shares]) => {
          const sorted = [...shares].sort((a, b) => FAMILY_KINDS.indexOf(familyKind(a.family)) - FAMILY_KINDS.indexOf(familyKind(b.family)) || a.family.localeCompare(b.family));
          return { language, shares: sorted, total: sorted.reduce((sum, s) => sum + s.rate, 0) };
        }),
    }));
}

/** The family whose rate moved most against the baseline, as `tool_count +20.0 pp`. */
function largestChange(shares: VerifierShare[]): string {
  let largest: VerifierShare | null = null;
  for (const share of shares) if (share.delta !== null && (largest === null || Math.abs(share.delta) > Math.abs(largest.delta ?? 0))) largest = share;
  return largest === null || largest.delta === null || largest.delta === 0 ? '' : `${largest.family} ${points(largest.delta)}`;
}

function barLabel(agent: string, bar: LanguageBar): string {
  const families = bar.shares
    .filter((s) => s.rate > 0 || (s.delta ?? 0) !== 0)
    .map((s) => `${s.family} ${percent(s.rate)}${s.delta === null ? '' : ` ${l10n.t('({0} against baseline)', points(s.delta))}`}`);
  return `${l10n.t('{0}, {1}: {2} of clean runs failed', agent, bar.language, percent(bar.total))}${families.length > 0 ? `: ${families.join(', ')}` : ''}`;
}

export function VerifierChart({ report, baseline }: { report: MatrixReport; baseline: string }) {
  if (report.verifier.length === 0) return null;
  const agents = agentBars(report, baseline);
  const present = new Set(report.verifier.map((s) => familyKind(s.family)));
  return (
    <details className="matrix-section verifier" open>
      <summary>
        <h2>{l10n.t('Verifier decomposition')}</h2>
        <span className="muted"> {l10n.t('failed runs by failure family, share of clean runs')}</span>
      </summary>
      <ul className="family-legend" aria-label={l10n.t('Failure families')}>
        {FAMILY_KINDS.filter((k) => present.has(k)).map((kind) => (
          <li key={kind}>
            <span className={`swatch family-${kind}`} aria-hidden="true" />
            {kind.replace(/_/g, ' ')}
          </li>
        ))}
      </ul>
      <div className="verifier-agents">
        {agents.map((agent) => (
          <section key={agent.label} className="verifier-agent" aria-label={l10n.t('Verifier decomposition of {0}', agent.label)}>
            <h3>{agent.label}</h3>
            {agent.bars.map((bar) => (
              <div key={bar.language} className="verifier-row" role="img" aria-label={barLabel(agent.label, bar)}>
                <span className={`verifier-language${bar.language === baseline ? ' baseline' : ''}`}>{bar.language}</span>
                <span className="verifier-track">
                  {bar.shares
                    .filter((s) => s.rate > 0)
                    .map((s) => (
                      <span
                        key={s.family}
                        className={`verifier-segment family-${familyKind(s.family)}`}
                        style={{ width: `${s.rate * 100}%` }}
                        title={`${s.family}: ${percent(s.rate)}${s.delta === null ? '' : ` ${l10n.t('({0} against {1})', points(s.delta), baseline)}`}`}
                      />
                    ))}
                </span>
                <span className="verifier-total">{percent(bar.total)}</span>
                <span className="verifier-change muted">{largestChange(bar.shares)}</span>
              </div>
            ))}
          </section>
        ))}
      </div>
    </details>
  );
}
