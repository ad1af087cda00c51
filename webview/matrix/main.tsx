// Entry of the matrix webview: paints the report embedded in the HTML at once, then talks to the host.
import { createRoot } from 'react-dom/client';
import { parseSavedMatrixState, type MatrixBoot, type MatrixEvent, type MatrixRequests } from '../../src/protocol/matrix';
import './elements';
import { connectToHost } from '../shared/hostConnection';
import { App } from './App';
import './matrix.css';

const { initial, client, api } = connectToHost<MatrixRequests, MatrixEvent, MatrixBoot>();
const saved = parseSavedMatrixState(api.getState());
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <App initial={initial} client={client} savedMeasure={saved?.runDir === initial.runDir ? saved.measure : null} save={(state) => api.setState(state)} />,
  );
}
