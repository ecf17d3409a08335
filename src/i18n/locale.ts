/**
 * The member's language: the spec's keys th, la, en (menu, localStorage
 * 'locale', cookie TH|LA|EN) mapped to BCP 47 tags for the platform, where
 * `la` would mean Latin (docs/stack-notes.md): Intl, Luxon, plural rules and
 * `<html lang>` get `lo`.
 */
import { i18n, type Messages } from '@lingui/core';
import type { LaterCatalogue } from '../../lingui.config.ts';
import { VARIANT } from './variant.ts';

export type AppLocale = 'th' | 'la' | 'en';
export const APP_LOCALES: readonly AppLocale[] = ['th', 'la', 'en'];

/** spec 1 and 9: th by default, la in the Laos build. */
export const DEFAULT_LOCALE: AppLocale = VARIANT === 'la' ? 'la' : 'th';

const STORAGE_KEY = 'locale';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function isAppLocale(value: unknown): value is AppLocale {
  return typeof value === 'string' && (APP_LOCALES as readonly string[]).includes(value);
}

/** The platform's tag for a spec locale key: Lao is `lo`, never `la`. */
export function bcp47(locale: AppLocale): 'th' | 'lo' | 'en' {
  return locale === 'la' ? 'lo' : locale;
}

function readCookieLocale(): AppLocale | null {
  const match = /(?:^|;\s*)locale=([A-Za-z]{2})/.exec(document.cookie);
  const value = match?.[1]?.toLowerCase();
  return isAppLocale(value) ? value : null;
}

export function initialLocale(): AppLocale {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (isAppLocale(stored)) return stored;
  } catch {
    // storage blocked (private mode): fall back to the cookie
  }
  return readCookieLocale() ?? DEFAULT_LOCALE;
}

/** The active spec locale key ('th' | 'la' | 'en'); Lingui holds it as its locale. */
export function currentLocale(): AppLocale {
  return isAppLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

/**
 * The catalogues of lingui.config.ts: `public` at start, the others when
 * their pages load (a route loader, or message-text.tsx for the error texts).
 * Only the active language's are fetched; each .po becomes its own chunk.
 */
export type CatalogueName = 'public' | LaterCatalogue;
const CATALOGUES = import.meta.glob<{ messages: Messages }>('./*/*.po', { base: '../../locales' });
const fetchCatalogue = (name: CatalogueName, locale: AppLocale) => CATALOGUES[`./${locale}/${name}.po`]!();

/** Catalogues asked for so far: a language switch loads all of them before it shows. */
const wanted = new Set<CatalogueName>(['public']);
/** Catalogues already given to Lingui, per language. */
const loaded: Record<AppLocale, Set<CatalogueName>> = { th: new Set(), la: new Set(), en: new Set() };

/** Load every wanted catalogue of a language into Lingui (`i18n.load` merges). */
async function loadWanted(locale: AppLocale): Promise<void> {
  // Another round if a catalogue was asked for while this one was loading.
  for (;;) {
    const missing = [...wanted].filter((name) => !loaded[locale].has(name));
    if (missing.length === 0) return;
    const catalogues = await Promise.all(missing.map((name) => fetchCatalogue(name, locale)));
    missing.forEach((name, index) => {
      i18n.load(locale, catalogues[index]!.messages);
      loaded[locale].add(name);
    });
  }
}

/**
 * Make a catalogue's texts available from now on, in this language and every
 * later one. Loading emits Lingui's change event, so mounted views re-render.
 */
export async function loadCatalogue(name: CatalogueName): Promise<void> {
  wanted.add(name);
  // Before the first activation there is nothing to add to: activateLocale loads it.
  if (isAppLocale(i18n.locale)) await loadWanted(i18n.locale);
}

/** Load the catalogues, activate them, and remember the choice (spec 9: local storage and an upper-case cookie). */
export async function activateLocale(locale: AppLocale): Promise<void> {
  await loadWanted(locale);
  // Lingui's plural rules come from Intl; it needs `lo`, not `la`, for Lao.
  i18n.activate(locale, [bcp47(locale)]);
  document.documentElement.lang = bcp47(locale);
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // storage blocked: the cookie still carries the choice
  }
  document.cookie = `locale=${locale.toUpperCase()}; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}
