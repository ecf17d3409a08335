/**
 * Comparing what a bank shows of a transfer's two sides with accounts held
 * in full (server/slips/bank-match.ts; docs/decisions/0137-slip-verification.md):
 * masked numbers digit by digit, names whole in Thai or English whatever
 * the titles, spacing, case and punctuation, the receiver one of our
 * deposit accounts by number and holder's name, and the sender the
 * uploader's account and no other member's.
 */
import { describe, expect, it } from 'vitest';
import { maskedMatches, maskLikePattern, nameFit, receiverProblems, senderProblems, type Holder } from '../../src/server/slips/bank-match.ts';
import type { BankParty } from '../../src/server/slips/verifier.ts';

const party = (bankCode: string, account: string | null, nameEn: string | null, nameTh: string | null = null, proxy: string | null = null): BankParty => ({
  bankId: '000',
  bankCode,
  account,
  proxy,
  nameTh,
  nameEn,
});

describe('masked account numbers', () => {
  it('match position by position, every shown digit, at least four shown', () => {
    expect(maskedMatches('xxx-x-x4567-x', '4012345678')).toBe(true);
    expect(maskedMatches('XXX-X-X4567-X', '4012345678')).toBe(true);
    expect(maskedMatches('4012xxxx5678', '401234445678')).toBe(true);
    expect(maskedMatches('***-*-*4567-*', '4012345678')).toBe(true);
    // Every shown digit counts, wherever it is.
    expect(maskedMatches('4xx-x-x4567-x', '4012345678')).toBe(true);
    expect(maskedMatches('5xx-x-x4567-x', '4012345678')).toBe(false);
    expect(maskedMatches('xxx-x-x5678-x', '4012345678')).toBe(false);
    expect(maskedMatches('4012xxxx5679', '401234445678')).toBe(false);
    // The length is part of what the bank shows.
    expect(maskedMatches('xxx-x-x4567', '4012345678')).toBe(false);
    // Three digits prove nothing.
    expect(maskedMatches('xxxxxxx678x', '4012345678')).toBe(false);
    expect(maskedMatches(null, '4012345678')).toBe(false);
    expect(maskedMatches('xxx-x-x4567-x', '401-234-5678')).toBe(true);
    expect(maskedMatches('xxx-x-x4567-x', 'WW-0001ABCD')).toBe(false);
  });

  it('become a LIKE pattern that finds every account they can be', () => {
    expect(maskLikePattern('xxx-x-x4567-x')).toBe('_____4567_');
    expect(maskLikePattern('4012 xxxx 5678')).toBe('4012____5678');
    expect(maskLikePattern('xxxxxxx678x')).toBeNull();
    expect(maskLikePattern('xxx%x4567')).toBeNull();
    expect(maskLikePattern(null)).toBeNull();
  });
});

describe('names', () => {
  it('fit whole whatever the titles, spacing, case and punctuation, in English and Thai', () => {
    for (const shown of ['SOMSAK RAKDEE', 'MR. SOMSAK RAKDEE', 'Mr Somsak Rakdee', 'MR.SOMSAK  RAKDEE', ' mr.  somsak rakdee. ']) expect(nameFit(shown, 'SOMSAK RAKDEE'), shown).toBe('FULL');
    expect(nameFit('MRS. SOMSRI RAKDEE', 'SOMSRI RAKDEE')).toBe('FULL');
    expect(nameFit('MISS SOMSRI RAKDEE', 'SOMSRI RAKDEE')).toBe('FULL');
    expect(nameFit('นาย สมศักดิ์ รักดี', 'สมศักดิ์ รักดี')).toBe('FULL');
    expect(nameFit('นาง สมศรี รักดี', 'สมศรี รักดี')).toBe('FULL');
    expect(nameFit('นางสาว สมหญิง ใจดี', 'สมหญิง ใจดี')).toBe('FULL');
    expect(nameFit('น.ส.สมหญิง ใจดี', 'สมหญิง ใจดี')).toBe('FULL');
    expect(nameFit('น.ส. สมหญิง  ใจดี', 'นางสาว สมหญิง ใจดี')).toBe('FULL');
    // A zero-width space and sara am written as two marks are the same letters.
    expect(nameFit('นาย สม\u200Bชาย ใจดี', 'สมชาย ใจดี')).toBe('FULL');
    expect(nameFit('นาย สมชาย คำดี', 'สมชาย ค\u0E4D\u0E32ดี')).toBe('FULL');
    // A company's name, however the bank punctuates it.
    expect(nameFit('MEKONG WALLET CO.,LTD.', 'MEKONG WALLET CO LTD')).toBe('FULL');
  });

  it('cut short by the bank fit only in part; another name, a single word or none fits not at all', () => {
    expect(nameFit('MR. SOMSAK R', 'SOMSAK RAKDEE')).toBe('PARTIAL');
    expect(nameFit('MR. SOMSAK R.', 'SOMSAK RAKDEE')).toBe('PARTIAL');
    expect(nameFit('น.ส.สมหญิง ใ', 'สมหญิง ใจดี')).toBe('PARTIAL');
    expect(nameFit('MR. SOMCHAI J', 'SOMCHAI JOHN')).toBe('PARTIAL');
    expect(nameFit('MR. SOMCHAI JAIDEE', 'SOMCHAI JOHN')).toBe('NONE');
    expect(nameFit('MR. SOMSAK T', 'SOMSAK RAKDEE')).toBe('NONE');
    expect(nameFit('MR. SOMCHAI RAKDEE', 'SOMSAK RAKDEE')).toBe('NONE');
    expect(nameFit('MR. SOMSAK RAKDEEKUL', 'SOMSAK RAKDEE')).toBe('NONE');
    expect(nameFit('MR. SOMSAK', 'SOMSAK RAKDEE')).toBe('NONE');
    expect(nameFit('SOMSAK', 'SOMSAK')).toBe('NONE');
    expect(nameFit('MULE PERSON', 'MEKONG WALLET CO LTD')).toBe('NONE');
    // A title without its dot written against the name is part of the name ("นางนวล" is one).
    expect(nameFit('นายสมชาย ใจดี', 'สมชาย ใจดี')).toBe('NONE');
    expect(nameFit(null, 'SOMSAK RAKDEE')).toBe('NONE');
    expect(nameFit('SOMSAK RAKDEE', null)).toBe('NONE');
  });
});

describe('the receiver', () => {
  const ours: Holder[] = [
    { bankCode: 'KBANK', accountNo: '0418812345', name: 'MEKONG WALLET CO LTD' },
    { bankCode: 'SCB', accountNo: '1112223334', name: 'MEKONG WALLET CO LTD' },
  ];

  it('is one of our deposit accounts by bank, shown digits and holder’s name, Thai or English', () => {
    expect(receiverProblems(party('KBANK', 'xxx-x-x1234-x', 'MEKONG WALLET CO LTD'), ours)).toEqual([]);
    expect(receiverProblems(party('KBANK', 'xxx-x-x1234-x', null, 'MEKONG WALLET CO LTD'), ours)).toEqual([]);
    expect(receiverProblems(party('SCB', 'xxx-x-x2333-x', 'Mekong Wallet Co., Ltd.'), ours)).toEqual([]);
  });

  it('is not when the bank, the digits or the name differ, and paid to a proxy it waits', () => {
    expect(receiverProblems(party('SCB', 'xxx-x-x1234-x', 'MEKONG WALLET CO LTD'), ours)).toEqual(['RECEIVER_NOT_OURS']);
    expect(receiverProblems(party('KBANK', 'xxx-x-x9999-x', 'MEKONG WALLET CO LTD'), ours)).toEqual(['RECEIVER_NOT_OURS']);
    expect(receiverProblems(party('KBANK', null, 'MEKONG WALLET CO LTD', null, 'x-xxxx-xxxxx-56-7'), ours)).toEqual(['RECEIVER_NOT_OURS']);
    // Someone's 9999912349 shows as our 0418812345 does.
    expect(receiverProblems(party('KBANK', 'xxx-x-x1234-x', 'MULE PERSON'), ours)).toEqual(['RECEIVER_NAME_MISMATCH']);
    expect(receiverProblems(party('KBANK', 'xxx-x-x1234-x', 'MEKONG W'), ours)).toEqual(['RECEIVER_NAME_MISMATCH']);
    expect(receiverProblems(party('KBANK', 'xxx-x-x1234-x', null), ours)).toEqual(['RECEIVER_NAME_MISMATCH']);
    expect(receiverProblems(party('KBANK', 'xxx-x-x1234-x', 'MEKONG WALLET CO LTD', null, 'x-xxxx-xxxxx-56-7'), ours)).toEqual(['PAID_TO_PROXY']);
    expect(receiverProblems(party('KBANK', 'xxx-x-x1234-x', 'MEKONG WALLET CO LTD'), [])).toEqual(['RECEIVER_NOT_OURS']);
  });
});

describe('the sender', () => {
  const member: Holder = { bankCode: 'KBANK', accountNo: '1234567890', name: 'SOMCHAI JAIDEE' };
  const sender = party('KBANK', 'xxx-x-x6789-x', 'MR. SOMCHAI JAIDEE', 'นาย สมชาย ใจดี');

  it('is the uploader’s account under their whole name, and no other member’s', () => {
    expect(senderProblems(sender, member, [])).toEqual([]);
    expect(senderProblems(party('KBANK', 'xxx-x-x6789-x', null, 'นาย สมชาย ใจดี'), { ...member, name: 'สมชาย ใจดี' }, [])).toEqual([]);
    // Others at the bank whose number or name cannot be the one shown change nothing.
    const others: Holder[] = [
      { bankCode: 'KBANK', accountNo: '0000067890', name: 'SOMSAK RAKDEE' },
      { bankCode: 'KBANK', accountNo: '0000011110', name: 'SOMCHAI JAIDEE' },
    ];
    expect(senderProblems(sender, member, others)).toEqual([]);
  });

  it('is not when the account or the name differ, or the name is cut short', () => {
    expect(senderProblems(party('SCB', 'xxx-x-x6789-x', 'MR. SOMCHAI JAIDEE'), member, [])).toEqual(['SENDER_ACCOUNT_MISMATCH']);
    expect(senderProblems(party('KBANK', 'xxx-x-x6788-x', 'MR. SOMCHAI JAIDEE'), member, [])).toEqual(['SENDER_ACCOUNT_MISMATCH']);
    expect(senderProblems(party('KBANK', 'xxx-x-x6789-x', 'MR. SOMCHAI JOHN'), member, [])).toEqual(['SENDER_NAME_MISMATCH']);
    expect(senderProblems(party('KBANK', 'xxx-x-x6789-x', 'MR. SOMCHAI J'), member, [])).toEqual(['SENDER_NAME_PARTIAL']);
    // A member without a registered account.
    expect(senderProblems(sender, null, [])).toEqual(['SENDER_ACCOUNT_MISMATCH', 'SENDER_NAME_MISMATCH']);
  });

  it('is ambiguous when another member’s account fits the number and name shown', () => {
    // "SOMCHAI JOHN" at 0000067890 took the demo member's slip when first name and last initial were enough.
    const john: Holder = { bankCode: 'KBANK', accountNo: '0000067890', name: 'SOMCHAI JOHN' };
    expect(senderProblems(party('KBANK', 'xxx-x-x6789-x', 'MR. SOMCHAI J'), john, [member])).toEqual(['SENDER_NAME_PARTIAL', 'SENDER_AMBIGUOUS']);
    expect(senderProblems(sender, john, [member])).toEqual(['SENDER_NAME_MISMATCH']);
    // Two members of the same name whose numbers differ only where the bank hides digits.
    const namesake: Holder = { bankCode: 'KBANK', accountNo: '5555567895', name: 'SOMCHAI JAIDEE' };
    expect(senderProblems(sender, member, [namesake])).toEqual(['SENDER_AMBIGUOUS']);
    // A longer last name the shown one begins may be one the bank cut short.
    expect(senderProblems(sender, member, [{ ...namesake, name: 'SOMCHAI JAIDEEKUL' }])).toEqual(['SENDER_AMBIGUOUS']);
    expect(senderProblems(sender, member, [{ ...namesake, name: 'SOMCHAI JAI' }])).toEqual([]);
    expect(senderProblems(party('KBANK', 'xxx-x-x6789-x', 'MR. SOMCHAI J'), member, [{ ...namesake, name: 'SOMCHAI JAIDEEKUL' }])).toEqual(['SENDER_NAME_PARTIAL', 'SENDER_AMBIGUOUS']);
  });
});
