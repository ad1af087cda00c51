// Path globs for trajectory-lens.json `exclude`: `*` matches within one folder name, `?` one character, `**` any
// number of folders (`logs/**` also matches `logs` itself). Patterns are relative to the run directory, POSIX separators.

function escape(text: string): string {
  return text.replace(/[.+^${}()|[\]\\]/g, '\\$&');
}

export function globToRegExp(pattern: string): RegExp {
  const cleaned = pattern.trim().replace(/^\.?\/+/, '').replace(/\/+$/, '');
  const wholeFolder = cleaned.endsWith('/**');
  const trimmed = wholeFolder ? cleaned.slice(0, -3) : cleaned;
  let source = '';
  for (let i = 0; i < trimmed.length; i++) {
    const c = trimmed.charAt(i);
    if (c === '*' && trimmed.charAt(i + 1) === '*') {
      const slash = trimmed.charAt(i + 2) === '/';
      source += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (c === '*') {
      source += '[^/]*';
    } else if (c === '?') {
      source += '[^/]';
    } else {
      source += escape(c);
    }
  }
  return new RegExp(`^${source}${wholeFolder ? '(?:/.*)?' : ''}$`);
}
