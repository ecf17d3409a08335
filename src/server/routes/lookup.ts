/**
 * spec 7 lookups. They read database tables (operator-editable without a
 * deploy); texts come in the language of the request.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints.ts';
import { noticeAnswer } from '../answers/notice.ts';
import { languageOf } from '../language.ts';
import { listActiveBanks, listActiveSources } from '../repositories/lookups.ts';
import { getSetting } from '../repositories/settings.ts';
import { route } from '../route.ts';

export async function lookupRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  route(app, endpoints.lookupBanks, async () => {
    const banks = await listActiveBanks(db);
    return { banks: banks.map((bank) => ({ code: bank.code, nameTH: bank.nameTh, nameEN: bank.nameEn })) };
  });

  route(app, endpoints.lookupSources, async ({ request }) => {
    const language = languageOf(request);
    const sources = await listActiveSources(db);
    return { sources: sources.map((source) => ({ code: source.code, description: source.description[language] })) };
  });

  route(app, endpoints.lookupRegisterOtp, async () => ({ registerOTP: await getSetting(db, 'registerOTP') }));

  route(app, endpoints.lookupInfo, async () => ({ info: await getSetting(db, 'info') }));

  route(app, endpoints.lookupContact, async ({ request }) => {
    const contact = await getSetting(db, 'contact');
    return { contact: { ...contact, contactText: contact.contactText[languageOf(request)] } };
  });

  route(app, endpoints.lookupConditions, async ({ request }) => ({
    conditions: (await getSetting(db, 'conditions'))[languageOf(request)],
  }));

  route(app, endpoints.lookupAgreements, async ({ request }) => ({
    agreements: (await getSetting(db, 'agreements'))[languageOf(request)],
  }));

  route(app, endpoints.lookupNotice, async ({ request }) => noticeAnswer(await getSetting(db, 'notice'), languageOf(request)));

  route(app, endpoints.lookupActive, async () => {
    const isActive = !(await app.service.isTerminated());
    return { isActive, status: isActive ? 'active' : 'gone' };
  });

  route(app, endpoints.lookupEnableChatWidget, async () => ({ enableChatWidget: await getSetting(db, 'enableChatWidget') }));
}
