/**
 * Fails when the Lingui catalogs are not complete and current:
 *  1. `lingui extract --clean` would change a catalog (a message was added,
 *     changed or removed in code without extracting);
 *  2. a Thai or Lao message is missing or left untranslated (still the
 *     English text, or not a single Thai/Lao letter in it).
 * The catalogs are restored afterwards: this check never edits the tree.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const LOCALES = ['th', 'la', 'en'] as const;
const catalogPath = (locale: string) => `locales/${locale}/messages.po`;

/** Scripts a translation must contain at least one letter of. */
const SCRIPT: Record<string, RegExp> = { th: /[\u0E00-\u0E7F]/, la: /[\u0E80-\u0EFF]/ };

/** Messages that are the same in every language (codes, brand names, placeholders only). */
const SAME_EVERYWHERE = new Set(['Mekong Wallet', 'TH', 'LA', 'EN', 'OTP', 'LINE', 'BAHT', 'LAK', '{0}', 'English', 'ไทย', 'ລາວ']);

/** Drops the line Lingui rewrites on every run. */
const normalise = (po: string) => po.replace(/^"POT-Creation-Date: .*\\n"\n/m, '');

interface Entry {
  msgid: string;
  msgstr: string;
}

function unquote(lines: string[]): string {
  return lines.map((l) => JSON.parse(l.replace(/^msg(id|str) /, ''))).join('');
}

export function parsePo(po: string): Entry[] {
  const entries: Entry[] = [];
  for (const block of po.split(/\n\s*\n/)) {
    const lines = block.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#'));
    const idStart = lines.findIndex((l) => l.startsWith('msgid '));
    const strStart = lines.findIndex((l) => l.startsWith('msgstr '));
    if (idStart < 0 || strStart < 0) continue;
    const msgid = unquote(lines.slice(idStart, strStart));
    const msgstr = unquote(lines.slice(strStart));
    if (msgid !== '') entries.push({ msgid, msgstr });
  }
  return entries;
}

const before = new Map(LOCALES.map((l) => [l, readFileSync(catalogPath(l), 'utf8')]));
const extract = spawnSync('lingui', ['extract', '--clean'], { encoding: 'utf8' });
const after = new Map(LOCALES.map((l) => [l, readFileSync(catalogPath(l), 'utf8')]));
for (const [locale, text] of before) writeFileSync(catalogPath(locale), text);

const problems: string[] = [];
if (extract.status !== 0) problems.push(`lingui extract failed:\n${extract.stderr}`);
for (const locale of LOCALES) {
  if (normalise(before.get(locale)!) !== normalise(after.get(locale)!)) {
    problems.push(`${catalogPath(locale)} is stale: run \`npm run i18n:extract\` and translate the new messages.`);
  }
}

for (const locale of ['th', 'la'] as const) {
  for (const { msgid, msgstr } of parsePo(before.get(locale)!)) {
    const shown = JSON.stringify(msgid.length > 60 ? `${msgid.slice(0, 60)}…` : msgid);
    if (msgstr.trim() === '') problems.push(`${locale}: missing translation for ${shown}`);
    else if (!SAME_EVERYWHERE.has(msgid) && /[A-Za-z]{3}/.test(msgid) && !SCRIPT[locale]!.test(msgstr)) {
      problems.push(`${locale}: untranslated (no ${locale === 'th' ? 'Thai' : 'Lao'} text) for ${shown}`);
    }
  }
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
const counts = LOCALES.map((l) => `${l} ${parsePo(before.get(l)!).length}`).join(', ');
console.log(`i18n: catalogs current and complete (${counts} messages).`);
