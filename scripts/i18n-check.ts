/**
 * Fails when the Lingui catalogs are not complete and current:
 *  1. `lingui extract --clean` would change a catalog (a message was added,
 *     changed or removed in code without extracting);
 *  2. a Thai or Lao message is missing or left untranslated (still the
 *     English text, or not a single Thai/Lao letter in it).
 *  3. a file imports a file of a catalogue loaded later (LATER_CATALOGUES in
 *     lingui.config.ts) without being in that catalogue or the one that loads
 *     it: that file's texts could show before their catalogue is there.
 * The catalogs are restored afterwards: this check never edits the tree.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join, relative, resolve } from 'node:path';
import { CATALOGUE_NAMES, LATER_CATALOGUES } from '../lingui.config.ts';

const LOCALES = ['th', 'la', 'en'] as const;
const CATALOGS = LOCALES.flatMap((locale) =>
  CATALOGUE_NAMES.map((name) => ({ locale, path: `locales/${locale}/${name}.po` })),
);

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

const before = new Map(CATALOGS.map(({ path }) => [path, readFileSync(path, 'utf8')]));
const extract = spawnSync('lingui', ['extract', '--clean'], { encoding: 'utf8' });
const after = new Map(CATALOGS.map(({ path }) => [path, readFileSync(path, 'utf8')]));
for (const [path, text] of before) writeFileSync(path, text);

const problems: string[] = [];
if (extract.status !== 0) problems.push(`lingui extract failed:\n${extract.stderr}`);
for (const { path } of CATALOGS) {
  if (normalise(before.get(path)!) !== normalise(after.get(path)!)) {
    problems.push(`${path} is stale: run \`npm run i18n:extract\` and translate the new messages.`);
  }
}

for (const { locale, path } of CATALOGS) {
  if (locale === 'en') continue;
  for (const { msgid, msgstr } of parsePo(before.get(path)!)) {
    const shown = JSON.stringify(msgid.length > 60 ? `${msgid.slice(0, 60)}…` : msgid);
    if (msgstr.trim() === '') problems.push(`${locale}: missing translation for ${shown}`);
    else if (!SAME_EVERYWHERE.has(msgid) && /[A-Za-z]{3}/.test(msgid) && !SCRIPT[locale]!.test(msgstr)) {
      problems.push(`${locale}: untranslated (no ${locale === 'th' ? 'Thai' : 'Lao'} text) for ${shown}`);
    }
  }
}

// Imports into a later catalogue's files (relative imports; the SPA has no aliases).
const fromRoot = (path: string) => resolve(path.replace('<rootDir>', '.'));
const later = Object.entries(LATER_CATALOGUES).map(([name, { loadedBy, files }]) => ({
  name,
  loadedBy: fromRoot(loadedBy),
  files: files.map(fromRoot),
}));
const inFiles = (file: string, files: string[]) => files.some((path) => file === path || file.startsWith(`${path}/`));
// The generated route tree lists every route; the route files decide what loads.
const routeTree = resolve('src/routeTree.gen.ts');
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'server' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}
for (const file of [...sourceFiles(resolve('src')), ...sourceFiles(resolve('machines'))]) {
  if (file === routeTree) continue;
  const source = readFileSync(file, 'utf8');
  for (const [, staticImport, dynamicImport] of source.matchAll(/\bfrom\s+'(\.[^']+)'|\bimport\(\s*'(\.[^']+)'/g)) {
    const imported = resolve(dirname(file), (staticImport ?? dynamicImport)!);
    for (const catalogue of later) {
      if (inFiles(imported, catalogue.files) && !inFiles(file, catalogue.files) && file !== catalogue.loadedBy) {
        problems.push(
          `${relative('.', file)} imports ${relative('.', imported)}, whose texts are in the \`${catalogue.name}\` catalogue (lingui.config.ts).`,
        );
      }
    }
  }
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
const counts = CATALOGS.filter(({ locale }) => locale === 'th')
  .map(({ path }) => `${path.replace(/^locales\/th\/|\.po$/g, '')} ${parsePo(before.get(path)!).length}`)
  .join(', ');
console.log(`i18n: catalogs current and complete (per language: ${counts} messages).`);
