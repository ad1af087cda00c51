// How every webview app starts: the state and the UI strings embedded in the HTML for the first paint, and a client
// for requests to the host, fed with everything the host posts to the page.
import * as l10n from '@vscode/l10n';
import { BOOT_ELEMENT_ID, createRpcClient, type L10nBundle, type RequestMap, type RpcClient } from '../../src/protocol/rpc';
import { vscodeApi, type VsCodeApi } from './vscodeApi';

/** What the host embeds in the HTML (CompareBoot, ReviewBoot). */
interface Boot {
  state: unknown;
  requestTimeoutMs: number;
  l10n?: L10nBundle;
}

export interface HostConnection<M extends RequestMap, E, B extends Boot> {
  /** The state the host embedded. */
  initial: B['state'];
  api: VsCodeApi;
  client: RpcClient<M, E>;
}

export function connectToHost<M extends RequestMap, E, B extends Boot>(): HostConnection<M, E, B> {
  const boot = JSON.parse(document.getElementById(BOOT_ELEMENT_ID)?.textContent ?? 'null') as B;
  // Before the first render: every l10n.t call of the app then reads the display language's strings.
  if (boot.l10n) l10n.config({ contents: boot.l10n });
  const api = vscodeApi();
  const client = createRpcClient<M, E>({
    post: (message) => api.postMessage(message),
    timeoutMs: boot.requestTimeoutMs,
  });
  window.addEventListener('message', (event: MessageEvent<unknown>) => client.receive(event.data));
  return { initial: boot.state, api, client };
}
