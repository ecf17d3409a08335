import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import * as api from '../../src/contract/api.ts';
import { endpoints } from '../../src/contract/endpoints.ts';
import { putSetting } from '../../src/server/repositories/settings.ts';
import { banks } from '../../src/server/db/schema.ts';
import { buildTestApp } from './helpers/app.ts';
import { call } from './helpers/http.ts';

describe('lookups', () => {
  it('lists the seeded banks with Thai and English names', async () => {
    const { app } = await buildTestApp();

    const response = await call(app, endpoints.lookupBanks);

    expect(response.statusCode).toBe(200);
    const body = v.parse(api.BanksResponse, response.json());
    expect(body.banks.map((bank) => bank.code)).toEqual(expect.arrayContaining(['KTB', 'TMB', 'BBL', 'SCB', 'KBANK', 'GSB', 'BCEL']));
    expect(body.banks.find((bank) => bank.code === 'BCEL')).toEqual({
      code: 'BCEL',
      nameTH: 'ธนาคารการค้าต่างประเทศลาว',
      nameEN: 'Banque pour le Commerce Extérieur Lao',
    });
  });

  it('leaves out a bank the operator switched off', async () => {
    const { app, db } = await buildTestApp();
    await db.update(banks).set({ active: false }).where(eq(banks.code, 'GSB'));

    const response = await call(app, endpoints.lookupBanks);

    const codes = response.json().banks.map((bank: { code: string }) => bank.code);
    expect(codes).not.toContain('GSB');
    expect(codes).toContain('KBANK');
  });

  it.each([
    ['th', 'เฟซบุ๊ก'],
    ['lo-LA,lo;q=0.9', 'ເຟສບຸກ'],
    ['la', 'ເຟສບຸກ'],
    ['en-US,en;q=0.8', 'Facebook'],
    ['fr-FR, en;q=0.5', 'Facebook'],
    ['de', 'เฟซบุ๊ก'],
  ])('describes sources in the language asked for (%s)', async (language, facebook) => {
    const { app } = await buildTestApp();

    const response = await call(app, endpoints.lookupSources, undefined, { language });

    const body = v.parse(api.SourcesResponse, response.json());
    expect(body.sources.map((source) => source.code)).toEqual(['facebook', 'google', 'line', 'youtube', 'friend', 'other']);
    expect(body.sources[0]!.description).toBe(facebook);
  });

  it('speaks Lao by default in the Laos build', async () => {
    const { app } = await buildTestApp({ variant: 'la' });

    const response = await call(app, endpoints.lookupSources);

    expect(response.json().sources[0].description).toBe('ເຟສບຸກ');
  });

  it('says whether registration needs an OTP, as REGISTER_OTP set it', async () => {
    const on = await buildTestApp({ registerOtp: true });
    const off = await buildTestApp({ registerOtp: false });

    expect((await call(on.app, endpoints.lookupRegisterOtp)).json()).toEqual({ registerOTP: true });
    expect((await call(off.app, endpoints.lookupRegisterOtp)).json()).toEqual({ registerOTP: false });
  });

  it('gives the product name and website', async () => {
    const { app } = await buildTestApp();

    const response = await call(app, endpoints.lookupInfo);

    expect(v.parse(api.InfoResponse, response.json()).info.name).toBe('Mekong Wallet');
  });

  it('gives the contact details with the text in the asked language', async () => {
    const { app } = await buildTestApp();

    const response = await call(app, endpoints.lookupContact, undefined, { language: 'en' });

    expect(v.parse(api.ContactResponse, response.json())).toEqual({
      contact: {
        contactText: 'Our team answers on LINE, 24 hours a day.',
        lineLink: 'https://line.me/R/ti/p/@mekongwallet',
        lineName: '@mekongwallet',
        lineQR: '/images/contact-qr.svg',
      },
    });
  });

  it.each([
    ['th', 'สมาชิกต้องมีอายุ'],
    ['la', 'ສະມາຊິກຕ້ອງມີອາຍຸ'],
    ['en', 'Members must be 18'],
  ])('lists conditions as HTML (%s)', async (language, firstWords) => {
    const { app } = await buildTestApp();

    const response = await call(app, endpoints.lookupConditions, undefined, { language });

    const { conditions } = v.parse(api.ConditionsResponse, response.json());
    expect(conditions.length).toBeGreaterThanOrEqual(2);
    expect(conditions[0]).toContain(firstWords);
    expect(conditions[0]).toMatch(/^<p>/);
  });

  it('lists agreements as HTML', async () => {
    const { app } = await buildTestApp();

    const response = await call(app, endpoints.lookupAgreements, undefined, { language: 'th' });

    const { agreements } = v.parse(api.AgreementsResponse, response.json());
    expect(agreements.length).toBeGreaterThanOrEqual(2);
    expect(agreements[0]).toContain('<ul>');
  });

  it('gives the notice, or null once the operator removes it', async () => {
    const { app, db } = await buildTestApp();
    const before = await call(app, endpoints.lookupNotice, undefined, { language: 'en' });

    await putSetting(db, 'notice', { th: '', la: '', en: '' });
    const after = await call(app, endpoints.lookupNotice, undefined, { language: 'en' });

    expect(v.parse(api.NoticeResponse, before.json()).notice).toMatch(/^<strong>Welcome to Mekong Wallet\.<\/strong>/);
    expect(after.json()).toEqual({ notice: null });
  });

  it('says the service is active', async () => {
    const { app } = await buildTestApp();

    const response = await call(app, endpoints.lookupActive);

    expect(response.json()).toEqual({ isActive: true, status: 'active' });
  });

  it('says the service is gone when terminated', async () => {
    const { app } = await buildTestApp({ serviceStatus: 'terminated' });

    const response = await call(app, endpoints.lookupActive);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ isActive: false, status: 'gone' });
  });

  it('says whether the chat widget is on, from the settings table', async () => {
    const { app, db } = await buildTestApp();
    // The demo seed turns it on (0104); an operator can turn it off.
    const before = await call(app, endpoints.lookupEnableChatWidget);

    await putSetting(db, 'enableChatWidget', false);
    const after = await call(app, endpoints.lookupEnableChatWidget);

    expect(before.json()).toEqual({ enableChatWidget: true });
    expect(after.json()).toEqual({ enableChatWidget: false });
  });
});
