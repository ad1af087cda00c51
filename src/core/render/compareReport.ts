// A comparison exported as one HTML file: the compare view's own bundle with the state embedded, read-only. Requests
// that need VS Code (switching runs, labelling, opening files, links) are answered with an error the view shows.
import { renderStandalonePage } from './standalonePage';
import { REPORT_THEME_CSS } from './reportTheme';
import type { WebviewAssets } from './webviewAssets';
import type { CompareBoot, CompareState } from '../../protocol/compare';
import { BOOT_ELEMENT_ID } from '../../protocol/rpc';

export const NOT_IN_REPORT = 'Not available in an exported report.';

/** Long enough for any answer: the stand-in host answers at once. */
const REQUEST_TIMEOUT_MS = 10_000;

// Stands in for acquireVsCodeApi: the handshake and the run choices are answered from the embedded state, every other
// request with NOT_IN_REPORT. It also gives <body> the theme class VS Code would, after the reader's system theme.
const REPORT_HOST_SCRIPT = `(() => {
  const boot = JSON.parse(document.getElementById(${JSON.stringify(BOOT_ELEMENT_ID)}).textContent);
  const answers = {
    ready: () => ({ kind: 'current', labels: boot.state.labels }),
    getRunChoices: () => boot.state.choices,
  };
  let saved;
  window.acquireVsCodeApi = () => ({
    postMessage(message) {
      if (!message || message.kind !== 'request') return;
      const answer = answers[message.method];
      const response = answer
        ? { kind: 'response', id: message.id, ok: true, result: answer() }
        : { kind: 'response', id: message.id, ok: false, error: ${JSON.stringify(NOT_IN_REPORT)} };
      setTimeout(() => window.postMessage(response, '*'), 0);
    },
    getState: () => saved,
    setState: (state) => { saved = state; },
  });
  const dark = window.matchMedia('(prefers-color-scheme: dark)');
  const theme = () => {
    document.body.classList.toggle('vscode-dark', dark.matches);
    document.body.classList.toggle('vscode-light', !dark.matches);
  };
  theme();
  dark.addEventListener('change', theme);
})();
`;

export function compareReportTitle(state: CompareState): string {
  const { baseline, target } = state.comparison;
  const side = (s: typeof baseline) => `${s.run.languageLabel} run ${s.run.runIndex}`;
  return `${baseline.run.scenarioId}: ${side(baseline)} ↔ ${side(target)}`;
}

/** The report of one comparison; `nonce` is fresh for every export. */
export function compareReportHtml(assets: WebviewAssets, state: CompareState, nonce: string): string {
  const readOnly: CompareState = { ...state, labels: { ...state.labels, readOnly: `Labelling: ${NOT_IN_REPORT}` }, reveal: null };
  const boot: CompareBoot = { state: readOnly, requestTimeoutMs: REQUEST_TIMEOUT_MS };
  return renderStandalonePage({
    title: compareReportTitle(state),
    bootElementId: BOOT_ELEMENT_ID,
    boot,
    hostScript: REPORT_HOST_SCRIPT,
    appScript: assets.script,
    styles: [REPORT_THEME_CSS, assets.css],
    linkedStyle: { id: 'vscode-codicon-stylesheet', css: assets.codiconCss },
    nonce,
  });
}
