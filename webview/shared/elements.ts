// The @vscode-elements web components the webview apps use, imported one by one to keep the bundles small,
// and their JSX typings for React 19 (which sets known properties and listens to `on<event>` props on custom elements).
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import '@vscode-elements/elements/dist/vscode-badge/index.js';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-icon/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';

type ElementProps<P> = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & P;

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'vscode-badge': ElementProps<{ variant?: 'default' | 'counter' }>;
      'vscode-button': ElementProps<{ icon?: string; secondary?: boolean; disabled?: boolean }>;
      'vscode-icon': ElementProps<{ name: string; size?: number; spin?: boolean; label?: string; 'action-icon'?: boolean }>;
      'vscode-option': ElementProps<{ value: string; selected?: boolean; description?: string }>;
      'vscode-single-select': ElementProps<{ value?: string; disabled?: boolean; onchange?: (event: Event) => void }>;
      'vscode-textfield': ElementProps<{ value?: string; placeholder?: string; oninput?: (event: Event) => void }>;
    }
  }
}
