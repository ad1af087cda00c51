// The API VS Code injects into webviews (a test page injects a fake one speaking the same protocol).
export interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

let api: VsCodeApi | null = null;

/** acquireVsCodeApi may be called only once per page. */
export function vscodeApi(): VsCodeApi {
  api ??= acquireVsCodeApi();
  return api;
}
