/**
 * The member's language: the spec's keys th, la, en (menu, localStorage
 * 'locale', cookie TH|LA|EN) mapped to BCP 47 tags for the platform, where
 * `la` would mean Latin (STACK-NOTES.md): Intl, Luxon, plural rules and
 * `<html lang>` get `lo`.
 */
import { i18n } from '@lingui/core';
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

// Only the active catalogue is fetched: each .po becomes its own chunk.
const catalogues: Record<AppLocale, () => Promise<{ messages: Record<string, unknown> }>> = {
  th: () => import('../../locales/th/messages.po'),
  la: () => import('../../locales/la/messages.po'),
  en: () => import('../../locales/en/messages.po'),
};

/** Load the catalogue, activate it, and remember the choice (spec 9: local storage and an upper-case cookie). */
export async function activateLocale(locale: AppLocale): Promise<void> {
  const { messages } = await catalogues[locale]();
  // Lingui's plural rules come from Intl; it needs `lo`, not `la`, for Lao.
  i18n.load(locale, messages as Parameters<typeof i18n.load>[1]);
  i18n.activate(locale, [bcp47(locale)]);
  document.documentElement.lang = bcp47(locale);
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // storage blocked: the cookie still carries the choice
  }
  document.cookie = `locale=${locale.toUpperCase()}; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}
