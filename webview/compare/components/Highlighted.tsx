import { useView } from '../viewContext';

/** Text with the find query marked; always rendered as text nodes. */
export function Highlighted({ text }: { text: string }) {
  const { query } = useView();
  const needle = query.trim().toLowerCase();
  if (needle === '') return text;
  const lower = text.toLowerCase();
  // Lower-casing can change the length of some characters; then marking offsets would be wrong, so skip marking.
  if (lower.length !== text.length || !lower.includes(needle)) return text;
  const parts: React.ReactNode[] = [];
  let from = 0;
  for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, from)) {
    if (at > from) parts.push(text.slice(from, at));
    parts.push(
      <mark key={at} className="find-match">
        {text.slice(at, at + needle.length)}
      </mark>,
    );
    from = at + needle.length;
  }
  if (from < text.length) parts.push(text.slice(from));
  return parts;
}
