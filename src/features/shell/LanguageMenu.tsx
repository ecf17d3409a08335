/**
 * Language dropdown (spec 2 member shell): th, la, en; the current one is
 * disabled. A disclosure button with a list of buttons: simple to operate by
 * touch, keyboard and screen reader. Language names are autonyms (each in its
 * own language, marked with `lang`), so a member finds theirs in any UI language.
 *
 * The button is named by what it shows ("EN", "ไทย", "ລາວ"), so a member who
 * says what they see to voice control reaches it (WCAG 2.5.3, label in
 * name); what it does is its description.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { activateLocale, APP_LOCALES, bcp47, currentLocale, type AppLocale } from '../../i18n/locale.ts';
import { CheckIcon, ChevronDownIcon, GlobeIcon } from '../ui/icons.tsx';
import { showErrorToast } from '../ui/toast.ts';
import { NETWORK_ERROR_MESSAGE } from '../errors/message-text.tsx';

const AUTONYMS: Record<AppLocale, string> = { th: 'ไทย', la: 'ລາວ', en: 'English' };
const SHORT: Record<AppLocale, string> = { th: 'ไทย', la: 'ລາວ', en: 'EN' };

export function LanguageMenu() {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const descriptionId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // i18n.locale changes re-render this component through useLingui.
  void i18n.locale; // re-render on language change
  const current = currentLocale();
  const currentName = AUTONYMS[current];

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    }
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    // Move focus to the first choice that can be taken.
    rootRef.current?.querySelector<HTMLButtonElement>('[data-lang-option]:not(:disabled)')?.focus();
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  async function choose(locale: AppLocale) {
    setOpen(false);
    buttonRef.current?.focus();
    try {
      await activateLocale(locale);
    } catch {
      // The catalogue could not be fetched (offline): keep the current language and say why.
      showErrorToast(i18n._(NETWORK_ERROR_MESSAGE), 'language');
    }
  }

  return (
    <div className="lang-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="icon-text-button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-describedby={descriptionId}
        onClick={() => setOpen((value) => !value)}
      >
        <GlobeIcon size={20} />
        <span lang={bcp47(current)}>{SHORT[current]}</span>
        <ChevronDownIcon size={16} />
      </button>
      <span id={descriptionId} hidden>
        {t`Language: ${currentName}. Change language`}
      </span>
      {open && (
        <ul id={menuId} className="lang-menu__list" aria-label={t`Choose a language`}>
          {APP_LOCALES.map((locale) => (
            <li key={locale}>
              <button
                type="button"
                data-lang-option
                className="lang-menu__option"
                lang={bcp47(locale)}
                disabled={locale === current}
                aria-current={locale === current ? 'true' : undefined}
                onClick={() => void choose(locale)}
              >
                <span>{AUTONYMS[locale]}</span>
                {locale === current && <CheckIcon size={18} />}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
