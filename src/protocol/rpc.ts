// A small typed request/response protocol between a webview and the extension host.
// Requests carry ids from a counter; every request gets exactly one response (ok with a result, or an error message);
// the host may also push events. Shared by both sides: no 'vscode' and no DOM imports.

/** Method name → its parameters and result. */
export type RequestMap = Record<string, { params: object; result: unknown }>;

export type RpcRequest<M extends RequestMap> = {
  [K in keyof M & string]: { kind: 'request'; id: number; method: K; params: M[K]['params'] };
}[keyof M & string];

export type RpcResponse<Result = unknown> =
  | { kind: 'response'; id: number; ok: true; result: Result }
  | { kind: 'response'; id: number; ok: false; error: string };

export interface RpcEvent<E> {
  kind: 'event';
  event: E;
}

export type HostMessage<E> = RpcResponse | RpcEvent<E>;

/** Parameters of a method that takes none. */
export type NoParams = Record<string, never>;

/** The host's whole new state of a panel, pushed on its own (files changed on disk, another window wrote). */
export type StateEvent<State> = { type: 'state'; state: State };

/** Id of the <script type="application/json"> element holding a panel's PanelBoot. */
export const BOOT_ELEMENT_ID = 'panel-boot';

/** Embedded in a panel's HTML so the first paint needs no round trip. */
export interface PanelBoot<State> {
  state: State;
  requestTimeoutMs: number;
  /** The UI strings in VS Code's display language (`vscode.l10n.bundle`); absent in English, and in exported reports. */
  l10n?: L10nBundle;
}

/** English message → its translation, as `@vscode/l10n` takes it. */
export type L10nBundle = Record<string, string>;

/** The host answered with an error. */
export class RpcError extends Error {
  override readonly name = 'RpcError';
}

/** The host did not answer in time. */
export class RpcTimeoutError extends Error {
  override readonly name = 'RpcTimeoutError';
}

export interface RpcClient<M extends RequestMap, E> {
  request<K extends keyof M & string>(method: K, params: M[K]['params']): Promise<M[K]['result']>;
  /** Feed every message received from the host here. Returns false when the message is not part of the protocol. */
  receive(message: unknown): boolean;
  onEvent(listener: (event: E) => void): () => void;
}

interface Pending {
  resolve(result: unknown): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

export function createRpcClient<M extends RequestMap, E>(options: {
  post(message: RpcRequest<M>): void;
  timeoutMs: number;
}): RpcClient<M, E> {
  let nextId = 1;
  const pending = new Map<number, Pending>();
  const listeners = new Set<(event: E) => void>();

  return {
    request(method, params) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new RpcTimeoutError(`No answer to ${method} within ${Math.round(options.timeoutMs / 1000)} s`));
        }, options.timeoutMs);
        pending.set(id, { resolve: resolve as (result: unknown) => void, reject, timer });
        options.post({ kind: 'request', id, method, params } as RpcRequest<M>);
      });
    },
    receive(message) {
      if (!isRecord(message)) return false;
      if (message.kind === 'response' && typeof message.id === 'number') {
        const waiting = pending.get(message.id);
        if (!waiting) return true; // answered after its timeout: already rejected
        pending.delete(message.id);
        clearTimeout(waiting.timer);
        if (message.ok === true) waiting.resolve(message.result);
        else waiting.reject(new RpcError(typeof message.error === 'string' ? message.error : 'Unknown error'));
        return true;
      }
      if (message.kind === 'event' && 'event' in message) {
        for (const listener of listeners) listener(message.event as E);
        return true;
      }
      return false;
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
