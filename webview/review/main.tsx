// Entry of the review webview: paints the queue embedded in the HTML at once, then talks to the host.
import { createRoot } from 'react-dom/client';
import type { ReviewBoot, ReviewEvent, ReviewRequests } from '../../src/protocol/review';
import '../shared/elements';
import { connectToHost } from '../shared/hostConnection';
import { App } from './App';
import './review.css';

const { initial, client, api } = connectToHost<ReviewRequests, ReviewEvent, ReviewBoot>();
const root = document.getElementById('root');
if (root) createRoot(root).render(<App initial={initial} client={client} save={(state) => {
      api.setState(state);
    }} />);
