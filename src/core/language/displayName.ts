import { UNDETERMINED } from './normalizeLanguage';

const namesByLocale = new Map<string, Intl.DisplayNames | null>();

function displayNames(locale: string): Intl.DisplayNames | null {
  let names = namesByLocale.get(locale);
  if (names === undefined) {
    // Runtimes built without full ICU data may lack Intl.DisplayNames or the locale: the code is shown instead.
    try {
      names = new Intl.DisplayNames([locale], { type: 'language', fallback: 'none' });
    } catch {
      names = null;
    }
    namesByLocale.set(locale, names);
  }
  return names;
}

/** `jpn` → `Japanese`, `cmn` → `Chinese`; the code itself when no name is known. */
export function languageDisplayName(code: string, locale = 'en'): string {
  if (code === UNDETERMINED) return 'Undetermined';
  try {
    return displayNames(locale)?.of(code) ?? code;
  } catch {
    return code;
  }
}
