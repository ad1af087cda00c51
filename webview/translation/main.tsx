// Entry of the translation side-by-side webview: paints the rows embedded in the HTML at once, then talks to the host.
import { createRoot } from 'react-dom/client';
import type { TranslationBoot, TranslationEvent, TranslationRequests } from '../../src/protocol/translation';
import { connectToHost } from '../shared/hostConnection';
import { App } from './App';
import './translation.css';

const { initial, client, api } = connectToHost<TranslationRequests, TranslationEvent, TranslationBoot>();
const root = document.getElementById('root');
if (root) createRoot(root).render(<App initial={initial} client={client} save={(state) => {
      api.setState(state);
    }} />);
