/**
 * The words the films look for on screen, in the language they are shot in:
 * a film names a button by its English message id ('Deposit') and finds the
 * text the app shows ('ฝากเงิน'), read from the same catalogues the app is
 * built with (locales/<locale>/*.po), so a changed translation never breaks
 * a film.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { AppLocale } from '../../src/i18n/locale.ts';

/** The quoted pieces of a .po entry's lines, joined and unescaped. */
function unquote(lines: string[]): string {
  return lines.map((line) => JSON.parse(line.slice(line.indexOf('"'))) as string).join('');
}

/** msgid → msgstr of every catalogue of one language (entries without context or plurals: the app's labels). */
function readCatalogues(locale: AppLocale): Map<string, string> {
  const folder = path.resolve('locales', locale);
  const texts = new Map<string, string>();
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.po'))) {
    for (const entry of readFileSync(path.join(folder, file), 'utf8').split(/\n\s*\n/)) {
      const lines = entry.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
      const idAt = lines.findIndex((line) => line.startsWith('msgid '));
      const strAt = lines.findIndex((line) => line.startsWith('msgstr '));
      if (idAt < 0 || strAt < idAt || lines.some((line) => line.startsWith('msgctxt'))) continue;
      const id = unquote(lines.slice(idAt, strAt));
      const translation = unquote(lines.slice(strAt));
      if (id !== '' && translation !== '') texts.set(id, translation);
    }
  }
  return texts;
}

/** `text('Deposit')`: what the app shows for that message in `locale`; English is the id itself. */
export function uiTexts(locale: AppLocale): (id: string) => string {
  if (locale === 'en') return (id) => id;
  const texts = readCatalogues(locale);
  return (id) => {
    const translation = texts.get(id);
    if (translation === undefined) throw new Error(`no ${locale} text for "${id}" in locales/${locale}`);
    return translation;
  };
}
