// Every Russian screen free of English and every English one free of Cyrillic (issue 18, design §13):
// a check over a namespace's words, for each remote's and the host's tests (and a remote team's own).
import { initI18n } from './i18n';

/**
 * Latin names a Russian text may carry: file formats and programs a Russian user knows by these
 * names. Anything else in Latin letters is an English word left in a Russian screen.
 */
export const LATIN_IN_RUSSIAN = ['CSV', 'XLSX', 'Excel', 'PDF', 'JPEG', 'PNG', 'Markdown', 'URL', 'UTF', 'Windows'];

/** Each language's own name is written in that language on a language switch, whatever the screen's. */
const LANGUAGE_NAMES = { ru: 'English', en: 'Русский' };

/**
 * Left out of the check: `{{count}}`, `$t(key)` and the like (words filled in elsewhere), a command in
 * backticks, an example address.
 */
const placeholders = /\{\{[^}]*\}\}|\$t\([^)]*\)|<\/?\d+>|`[^`]*`|\S+@\S+/g;

function* strings(value: unknown, path: string): Generator<[string, string]> {
  if (typeof value === 'string') yield [path, value];
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) yield* strings(inner, path ? `${path}.${key}` : key);
  }
}

/**
 * The words of `namespace` that break the rule, as `ru|en key: text — why`; empty when all is well.
 * Russian: no Latin word outside LATIN_IN_RUSSIAN, and «№» followed by a space («№ 2026-000033»).
 * English: no Cyrillic letter, and no «№».
 */
export function wordsInWrongLanguage(namespace: string): string[] {
  const i18n = initI18n();
  const problems: string[] = [];
  const allowed = new Set(LATIN_IN_RUSSIAN);
  for (const [key, text] of strings(i18n.getResourceBundle('ru', namespace), '')) {
    const plain = text.replace(placeholders, ' ');
    const latin = (plain.match(/[A-Za-z]+(?:['’-][A-Za-z]+)*/g) ?? []).filter((word) => !allowed.has(word) && word !== LANGUAGE_NAMES.ru);
    if (latin.length) problems.push(`ru ${key}: «${text}» — English in Russian: ${latin.join(', ')}`);
    if (/№(?=[\d{])/.test(text)) problems.push(`ru ${key}: «${text}» — «№» without a space after it`);
  }
  for (const [key, text] of strings(i18n.getResourceBundle('en', namespace), '')) {
    const plain = text.replace(placeholders, ' ');
    const cyrillic = plain.replace(LANGUAGE_NAMES.en, ' ').match(/[\u0400-\u04FF]+/g);
    if (cyrillic) problems.push(`en ${key}: “${text}” — Cyrillic in English: ${cyrillic.join(', ')}`);
    if (plain.includes('№')) problems.push(`en ${key}: “${text}” — «№» in English (use “No.” or “#”)`);
  }
  return problems;
}
