/**
 * A bank's name as the registration's bank choice and the deposit modal show
 * it: the server keeps Thai and English names only (spec 3 nameTH, nameEN),
 * so a Lao reader gets English, never Thai script.
 */
import { describe, expect, it } from 'vitest';
import { SEED_BANKS } from '../../src/server/db/seed-data.ts';
import { bankChoiceLabel, bankName } from '../../src/features/ui/bank-name.ts';

const BANKS = SEED_BANKS.map((bank) => ({ nameTH: bank.nameTh, nameEN: bank.nameEn }));
const THAI_SCRIPT = /[\u0E00-\u0E7F]/;

describe('bank names by language', () => {
  it('lists every bank without Thai script in Lao, by its English name', () => {
    const labels = BANKS.map((bank) => bankChoiceLabel(bank, 'la'));
    expect(labels.filter((label) => THAI_SCRIPT.test(label))).toEqual([]);
    expect(labels).toEqual(BANKS.map((bank) => bank.nameEN));
  });

  it('keeps Thai names in Thai, and the Thai name beside the English one in English', () => {
    const kbank = { nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank' };
    expect(bankChoiceLabel(kbank, 'th')).toBe('ธนาคารกสิกรไทย');
    expect(bankChoiceLabel(kbank, 'en')).toBe('Kasikornbank (ธนาคารกสิกรไทย)');
  });

  it('names a bank in the deposit modal as in the registration, without the Thai aside', () => {
    const bcel = { nameTH: 'ธนาคารการค้าต่างประเทศลาว', nameEN: 'Banque pour le Commerce Extérieur Lao' };
    expect([bankName(bcel, 'th'), bankName(bcel, 'la'), bankName(bcel, 'en')]).toEqual([bcel.nameTH, bcel.nameEN, bcel.nameEN]);
    // A bank kept without an English name still shows something.
    expect(bankName({ nameTH: 'ธนาคารใหม่', nameEN: '' }, 'la')).toBe('ธนาคารใหม่');
  });
});
