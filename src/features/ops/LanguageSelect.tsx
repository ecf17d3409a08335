/**
 * The operators' language: a native select of the three autonyms (each in
 * its own language, marked with `lang`), switching as the members' menu
 * does (activateLocale: the catalogues, <html lang>, the stored choice).
 * Not the members' LanguageMenu: importing that module from this chunk makes
 * the bundler move src/i18n/locale.ts out of the entry into a chunk of its
 * own, which costs /login ~0.3 KB gzip it does not have (measured with
 * `npm run bench:bundle`; docs/decisions/0106-chat-widget-and-inbox.md). No globe icon either: the names say
 * what the control is, and each icon the entry exports to this chunk costs
 * /login a few bytes.
 */
import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { activateLocale, APP_LOCALES, bcp47, currentLocale, isAppLocale, type AppLocale } from '../../i18n/locale.ts';
import { showErrorToast } from '../ui/toast.ts';
import { NETWORK_ERROR_MESSAGE } from '../errors/message-text.tsx';

const AUTONYMS: Record<AppLocale, string> = { th: 'ไทย', la: 'ລາວ', en: 'English' };

export function LanguageSelect() {
  const { t, i18n } = useLingui();
  const id = useId();
  void i18n.locale; // re-render on a language change
  return (
    <div className="ops-language">
      <label htmlFor={id} className="visually-hidden">
        {t`Language`}
      </label>
      <select
        id={id}
        className="ops-language__select"
        value={currentLocale()}
        onChange={(event) => {
          const locale = event.target.value;
          // Offline, the catalogue cannot come: say so, stay in the language shown.
          if (isAppLocale(locale)) activateLocale(locale).catch(() => showErrorToast(i18n._(NETWORK_ERROR_MESSAGE)));
        }}
      >
        {APP_LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={bcp47(locale)}>
            {AUTONYMS[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}
