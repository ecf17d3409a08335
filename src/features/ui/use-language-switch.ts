/**
 * Runs `onSwitch` when the member switches language (not on the first
 * render): server texts come in the request's language (Accept-Language),
 * so what a view read must be read again.
 */
import { useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react';

export function useLanguageSwitch(onSwitch: () => void): void {
  const { i18n } = useLingui();
  const locale = useRef(i18n.locale);
  useEffect(() => {
    if (locale.current === i18n.locale) return;
    locale.current = i18n.locale;
    onSwitch();
  }, [i18n.locale, onSwitch]);
}
