/**
 * A codicon as a plain span: rows are many and short-lived under virtualization, so they use the page's codicon
 * font directly; toolbar controls use <vscode-icon>.
 */
export function Codicon({ name, label, className }: { name: string; label?: string; className?: string }) {
  return (
    <span
      className={`codicon codicon-${name}${className ? ` ${className}` : ''}`}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      title={label}
    />
  );
}
