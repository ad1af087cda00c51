// Entry of the compare webview: paints the state embedded in the HTML at once, then talks to the host.
import { createRoot } from 'react-dom/client';
import type { CompareBoot, CompareEvent, CompareRequests } from '../../src/protocol/compare';
import { App } from './App';
import './compare.css';
import '../shared/elements';
import { connectToHost } from '../shared/hostConnection';
import { loadJsonHighlightingWhenIdle } from './highlight/json';

const { initial, api, client } = connectToHost<CompareRequests, CompareEvent, CompareBoot>();
const root = document.getElementById('root');
if (root) createRoot(root).render(<App initial={initial} client={client} api={api} />);
// JSON colours are not needed for the first paint: their tokenizer loads once the page is idle.
loadJsonHighlightingWhenIdle();
