// Entry of the review webview: paints the queue embedded in the HTML at once, then talks to the host.
import { createRoot } from 'react-dom/client';
import { BOOT_ELEMENT_ID } from '../../src/protocol/compare';
import type { ReviewBoot, ReviewEvent, ReviewRequests } from '../../src/protocol/review';
import { createRpcClient } from '../../src/protocol/rpc';
import '../compare/elements';
import { vscodeApi } from '../compare/vscodeApi';
import { App } from './App';
import './review.css';

const boot = JSON.parse(document.getElementById(BOOT_ELEMENT_ID)?.textContent ?? 'null') as ReviewBoot;
const api = vscodeApi();
const client = createRpcClient<ReviewRequests, ReviewEvent>({
  post: (message) => api.postMessage(message),
  timeoutMs: boot.requestTimeoutMs,
});
window.addEventListener('message', (event: MessageEvent<unknown>) => client.receive(event.data));

const root = document.getElementById('root');
if (root) createRoot(root).render(<App initial={boot.state} client={client} />);
