/**
 * What the console's promotions area reads before an operator edits
 * (docs/decisions/0130-promotions-console.md): the offers' bounds beside the
 * offers, so marketing is told before saving that an offer will wait for
 * finance; and the live invite, refund, banner, agreement and condition
 * settings, so each form starts from what members see; the notice (HTML,
 * cleaned on write) and the contact page written and read back. Who may call them is
 * role-matrix.test.ts's.
 */
import { describe, expect, it } from 'vitest';
import { NOTICE_MAX_LENGTH } from '../../src/contract/bonus.ts';
import { endpoints } from '../../src/contract/endpoints.ts';
import { inArray } from 'drizzle-orm';
import { auditLog } from '../../src/server/db/schema.ts';
import { getSetting, putSetting } from '../../src/server/repositories/settings.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { call } from './helpers/http.ts';
import { operatorToken } from './helpers/operators.ts';

const text = (en: string) => ({ th: `th ${en}`, la: `la ${en}`, en });

async function withOperators(): Promise<TestApp & { marketing: string; finance: string }> {
  const t = await buildTestApp({ registerOtp: false });
  return { ...t, marketing: await operatorToken(t, 'marketing', '0800000200'), finance: await operatorToken(t, 'finance', '0800000201') };
}

describe('the offers list carries the bounds', () => {
  it('answers the ceiling per currency in major units and the smallest turnover multiplier', async () => {
    const t = await withOperators();
    const response = await call(t.app, endpoints.opsBonuses, undefined, { token: t.finance });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().bounds).toEqual({ ceiling: { BAHT: 1_000, LAK: 500_000 }, minTurnoverMultiplier: 2 });
  });

  it('answers a minimum that is not a number as null (every offer waits) and a broken ceiling as 0', async () => {
    const t = await withOperators();
    await putSetting(t.db, 'offerMinTurnoverMultiplier', 'two' as never);
    await putSetting(t.db, 'offerGrantCeiling', { BAHT: -5, LAK: 12.345 } as never);
    const response = await call(t.app, endpoints.opsBonuses, undefined, { token: t.marketing });
    expect(response.json().bounds).toEqual({ ceiling: { BAHT: 0, LAK: 0 }, minTurnoverMultiplier: null });
  });
});

describe('the live settings for the forms', () => {
  it('reads back what marketing wrote: invite, refund, each banner area, agreements and conditions', async () => {
    const t = await withOperators();
    const invite = { active: true, percent: 5, minimumDeposit: 100, turnoverMultiplier: 2, windowDays: 7 };
    const refund = { active: true, percent: 3, period: 'day', minimum: 10, info: text('<p>Refund rules</p>') };
    const banners = [{ image: '/images/banners/invite.svg', html: text('<p>Invite a friend</p>') }];
    const texts = { th: ['<p>ข้อ 1</p>'], la: ['<p>ຂໍ້ 1</p>'], en: ['<p>Rule 1</p>', '<p>Rule 2</p>'] };
    const writes = [
      await call(t.app, endpoints.opsInvite, invite, { token: t.marketing }),
      await call(t.app, endpoints.opsRefund, refund, { token: t.marketing }),
      await call(t.app, endpoints.opsBanners, { banners }, { token: t.marketing, params: { area: 'refund' } }),
      await call(t.app, endpoints.opsAgreements, { texts }, { token: t.marketing }),
      await call(t.app, endpoints.opsConditions, { texts: { ...texts, en: ['<p>Only one</p>'] } }, { token: t.marketing }),
    ];
    expect(writes.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);

    const read = async (endpoint: (typeof endpoints)[keyof typeof endpoints], params?: Record<string, string>) => {
      const response = await call(t.app, endpoint, undefined, { token: t.finance, ...(params && { params }) });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    expect(await read(endpoints.opsInviteSettings)).toEqual(invite);
    expect(await read(endpoints.opsRefundSettings)).toEqual(refund);
    expect(await read(endpoints.opsBannersOf, { area: 'refund' })).toEqual({ banners });
    // The invite's banners were not written: what the seed put there, not the refund's.
    expect(await read(endpoints.opsBannersOf, { area: 'invite' })).toEqual({ banners: await getSetting(t.db, 'inviteBanners') });
    expect(await read(endpoints.opsAgreementsOf)).toEqual({ texts });
    expect(await read(endpoints.opsConditionsOf)).toEqual({ texts: { ...texts, en: ['<p>Only one</p>'] } });
  });

  it('refuses a banner area that does not exist with a catalogue code, not a 500', async () => {
    const t = await withOperators();
    const response = await call(t.app, endpoints.opsBannersOf, undefined, { token: t.marketing, params: { area: 'wheel' } });
    expect([response.statusCode, response.json().message]).toEqual([400, 'NO_DATA']);
  });

  it('writes and reads back the notice and the contact page, audited; members read them in their language', async () => {
    const t = await withOperators();
    const notice = { notice: { th: 'ประกาศ', la: 'ແຈ້ງການ', en: '' } };
    const contact = { contact: { contactText: text('Call us any time'), lineName: '@mekong', lineLink: 'https://line.me/R/ti/p/@mekong', lineQR: '/images/line-qr.png' } };
    expect((await call(t.app, endpoints.opsNotice, notice, { token: t.marketing })).json()).toEqual(notice);
    expect((await call(t.app, endpoints.opsContact, contact, { token: t.marketing })).json()).toEqual(contact);
    expect((await call(t.app, endpoints.opsNoticeOf, undefined, { token: t.finance })).json()).toEqual(notice);
    expect((await call(t.app, endpoints.opsContactOf, undefined, { token: t.finance })).json()).toEqual(contact);
    // Members: their language's text; an empty notice is none.
    expect((await call(t.app, endpoints.lookupNotice, undefined, { language: 'th' })).json()).toEqual({ notice: 'ประกาศ' });
    expect((await call(t.app, endpoints.lookupNotice, undefined, { language: 'en' })).json()).toEqual({ notice: null });
    expect((await call(t.app, endpoints.lookupContact, undefined, { language: 'en' })).json().contact.contactText).toBe('Call us any time');
    const audit = await t.db.select().from(auditLog).where(inArray(auditLog.action, ['settings.notice', 'settings.contact']));
    expect(audit.map((row) => row.action).sort()).toEqual(['settings.contact', 'settings.notice']);
  });

  it('cleans the notice as the agreements are: no script, no event handler, no javascript: link; members read it cleaned', async () => {
    const t = await withOperators();
    const written = {
      th: '<strong>สงกรานต์</strong><script>window.__pwned = 1</script>',
      la: '<p onclick="steal()">ບຸນປີໃໝ່</p><img src=x onerror="window.__pwned=1">',
      en: '<strong>Songkran</strong> bonus <a href="javascript:alert(1)" onmouseover="steal()">here</a> & <a href="https://example.com/t">terms</a>',
    };
    const cleaned = {
      th: '<strong>สงกรานต์</strong>',
      la: '<p>ບຸນປີໃໝ່</p>',
      en: '<strong>Songkran</strong> bonus <a rel="noopener noreferrer">here</a> &amp; <a href="https://example.com/t" rel="noopener noreferrer">terms</a>',
    };
    const response = await call(t.app, endpoints.opsNotice, { notice: written }, { token: t.marketing });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ notice: cleaned });
    expect(await getSetting(t.db, 'notice')).toEqual(cleaned);
    for (const language of ['th', 'la', 'en'] as const) {
      expect((await call(t.app, endpoints.lookupNotice, undefined, { language })).json()).toEqual({ notice: cleaned[language] });
    }
    const [audit] = await t.db.select().from(auditLog).where(inArray(auditLog.action, ['settings.notice']));
    expect(audit?.after).toEqual(cleaned);
  });

  it('stores a notice that shows nothing once cleaned as none', async () => {
    const t = await withOperators();
    const notice = { th: '<p> </p>', la: '<script>alert(1)</script>', en: '<br>&nbsp;<img src="javascript:alert(1)">' };
    expect((await call(t.app, endpoints.opsNotice, { notice }, { token: t.marketing })).json()).toEqual({ notice: { th: '', la: '', en: '' } });
    expect((await call(t.app, endpoints.lookupNotice, undefined, { language: 'en' })).json()).toEqual({ notice: null });
  });

  it('refuses a notice that cleaning made too long, writing nothing', async () => {
    const t = await withOperators();
    const before = await getSetting(t.db, 'notice');
    // 1,000 characters as sent (the contract's bound), 5,000 once each & is written &amp;.
    const notice = { th: 'ประกาศ', la: 'ແຈ້ງການ', en: '&'.repeat(NOTICE_MAX_LENGTH) };
    const response = await call(t.app, endpoints.opsNotice, { notice }, { token: t.marketing });
    expect([response.statusCode, response.json().message]).toEqual([400, 'KEY_INVALID']);
    expect(await getSetting(t.db, 'notice')).toEqual(before);
    expect(await t.db.select().from(auditLog).where(inArray(auditLog.action, ['settings.notice']))).toEqual([]);
  });

  it('refuses a contact link that is not https and a QR of another scheme, writing nothing', async () => {
    const t = await withOperators();
    const before = await getSetting(t.db, 'contact');
    const good = { contactText: text('Hi'), lineName: '@x', lineLink: 'https://line.me/x', lineQR: '' };
    for (const contact of [{ ...good, lineLink: 'javascript:alert(1)' }, { ...good, lineLink: 'http://line.me/x' }, { ...good, lineQR: 'data:image/png;base64,AAAA' }, { ...good, lineQR: '//evil.example/qr.png' }]) {
      const response = await call(t.app, endpoints.opsContact, { contact }, { token: t.marketing });
      expect([response.statusCode, response.json().message]).toEqual([400, 'KEY_INVALID']);
    }
    expect(await getSetting(t.db, 'contact')).toEqual(before);
  });
});
