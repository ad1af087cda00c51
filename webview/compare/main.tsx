// Entry of the compare webview: paints the state embedded in the HTML at once, then talks to the host.
import { createRoot } from 'react-dom/client';
import { BOOT_ELEMENT_ID, type CompareBoot, type CompareEvent, type CompareRequests } from '../../src/protocol/compare';
import { createRpcClient } from '../../src/protocol/rpc';
import { App } from './App';
import './compare.css';
import './elements';
import { loadJsonHighlightingWhenIdle } from './highlight/json';
import { vscodeApi } from './vscodeApi';

const boot = JSON.parse(document.getElementById(BOOT_ELEMENT_ID)?.textContent ?? 'null') as CompareBoot;
const api = vscodeApi();
const client = createRpcClient<CompareRequests, CompareEvent>({
  post: (message) => api.postMessage(message),
  timeoutMs: boot.requestTimeoutMs,
});
window.addEventListener('message', (event: MessageEvent<unknown>) => client.receive(event.data));

const root = document.getElementById('root');
if (root) createRoot(root).render(<App initial={boot.state} client={client} api={api} />);
// JSON colours are not needed for the first paint: their tokenizer loads once the page is idle.
loadJsonHighlightingWhenIdle();
