/**
 * A bank's name in the member's language. The server keeps a Thai and an
 * English name for each bank (spec 3: nameTH, nameEN) and no Lao one, so a
 * Lao reader gets the English name, never Thai script.
 */
import type { AppLocale } from '../../i18n/locale.ts';

export interface BankNames {
  nameTH: string;
  nameEN: string;
}

/** Thai in Thai; the English name otherwise (the Thai one only when no English name is kept). */
export function bankName(bank: BankNames, locale: AppLocale): string {
  return locale === 'th' ? bank.nameTH : bank.nameEN || bank.nameTH;
}

/**
 * The registration's bank choice: as bankName, and in English the Thai name
 * beside it (the name on a Thai bank book); Lao readers see no Thai script.
 */
export function bankChoiceLabel(bank: BankNames, locale: AppLocale): string {
  const name = bankName(bank, locale);
  return locale === 'en' && bank.nameEN && bank.nameTH ? `${name} (${bank.nameTH})` : name;
}
