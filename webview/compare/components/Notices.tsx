import { Codicon } from './Codicon';
import * as l10n from '@vscode/l10n';

/** Errors from the host (or its silence), progress while the host works, and short confirmations. */
export function Notices({
  error,
  notice,
  busy,
  onDismiss,
}: {
  error: string | null;
  notice: string | null;
  busy: string | null;
  onDismiss(): void;
}) {
  return (
    <>
      {error && (
        <div className="notice notice--error" role="alert">
          <Codicon name="error" />
          <span className="notice-text">{error}</span>
          <button type="button" className="icon-button" title={l10n.t('Dismiss')} onClick={onDismiss}>
            <Codicon name="close" label={l10n.t('Dismiss')} />
          </button>
        </div>
      )}
      {busy && (
        <div className="notice notice--busy" role="status">
          <Codicon name="loading" className="codicon-modifier-spin" />
          <span className="notice-text">{busy}…</span>
        </div>
      )}
      {notice && (
        <div className="notice notice--info" role="status">
          <Codicon name="check" />
          <span className="notice-text">{notice}</span>
        </div>
      )}
    </>
  );
}
