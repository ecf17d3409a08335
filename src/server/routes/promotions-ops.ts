/**
 * The operator's offers and member-facing texts (marketing; admin always
 * may; finance lists offers and makes active those above the grant
 * ceiling): list, create, change, pause and resume bonuses and promotions;
 * write the agreements and the conditions; read who changed what
 * (promotions/offers-ops.ts, docs/decisions/0096-operator-api-for-offers.md).
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints.ts';
import { changeOffer, createOffer, latestChanges, listOffers, offerBoundsView, opsBonusOf, putContact, putMemberTexts, putNotice, setOfferStatus } from '../promotions/offers-ops.ts';
import { getSetting } from '../repositories/settings.ts';
import { route } from '../route.ts';

export async function promotionOpsRoutes(app: FastifyInstance): Promise<void> {
  const { clock } = app;

  // The bounds beside the offers: the console says before saving that an offer will wait for finance.
  route(app, endpoints.opsBonuses, async ({ db }) => ({ bonuses: (await listOffers(db)).map(opsBonusOf), bounds: await offerBoundsView(db) }));

  route(app, endpoints.opsBonusCreate, async ({ db, body, caller }) => ({
    bonus: opsBonusOf(await createOffer(db, caller, body, clock())),
  }));

  // The body names the offer too: it must be the path's (400 KEY_INVALID).
  route(app, endpoints.opsBonusChange, async ({ db, params, body, caller }) => ({
    bonus: opsBonusOf(await changeOffer(db, caller, params.code, body, clock())),
  }));

  route(app, endpoints.opsBonusPaused, async ({ db, params, caller }) => ({
    bonus: opsBonusOf(await setOfferStatus(db, caller, params.code, 'paused', clock())),
  }));

  route(app, endpoints.opsBonusActive, async ({ db, params, caller }) => ({
    bonus: opsBonusOf(await setOfferStatus(db, caller, params.code, 'active', clock())),
  }));

  route(app, endpoints.opsAgreements, async ({ db, body, caller }) => ({
    texts: await putMemberTexts(db, caller.operatorId, 'agreements', body.texts, clock()),
  }));

  route(app, endpoints.opsConditions, async ({ db, body, caller }) => ({
    texts: await putMemberTexts(db, caller.operatorId, 'conditions', body.texts, clock()),
  }));

  // What members read now, for the console's forms (marketing writes, finance reads).
  route(app, endpoints.opsAgreementsOf, async ({ db }) => ({ texts: await getSetting(db, 'agreements') }));

  route(app, endpoints.opsConditionsOf, async ({ db }) => ({ texts: await getSetting(db, 'conditions') }));

  route(app, endpoints.opsNoticeOf, async ({ db }) => ({ notice: await getSetting(db, 'notice') }));

  route(app, endpoints.opsNotice, async ({ db, body, caller }) => ({ notice: await putNotice(db, caller.operatorId, body.notice, clock()) }));

  route(app, endpoints.opsContactOf, async ({ db }) => ({ contact: await getSetting(db, 'contact') }));

  route(app, endpoints.opsContact, async ({ db, body, caller }) => ({ contact: await putContact(db, caller.operatorId, body.contact, clock()) }));

  route(app, endpoints.opsChanges, async ({ db }) => ({
    changes: (await latestChanges(db)).map((change) => ({ ...change, id: String(change.id), createdAt: change.createdAt.toISOString() })),
  }));
}
