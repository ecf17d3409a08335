/**
 * Deposits (spec 2 Deposit modal, spec 7): the deposit lookup, QR payments
 * (create, read, cancel), mobile-wallet links, and the operator's credit of
 * a bank deposit. Each route validates, calls one function of deposits/
 * and shapes the answer. The payment that pays a QR arrives through the
 * provider's webhook (routes/hooks.ts). Member routes are keyed by the
 * caller's user id.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints.ts';
import { toMajor, toMinor } from '../../contract/money.ts';
import { depositOrAsk, isAsked } from '../approvals/dual-control.ts';
import { cancelMemberQr, createQr, depositLookup, openQr } from '../deposits/qr.ts';
import { creditGiftLink } from '../deposits/truelink.ts';
import type { VoucherProvider } from '../payments/truemoney.ts';
import { QR_CREATIONS_PER_MEMBER, TRUELINK_ATTEMPTS_PER_MEMBER } from '../policy.ts';
import { accepted, route } from '../route.ts';
import { recordId } from '../validation.ts';

export async function depositRoutes(app: FastifyInstance): Promise<void> {
  const { clock, config } = app;

  route(app, endpoints.lookupDeposit, async ({ db, caller }) => depositLookup(db, caller.userId, { opn: app.opn }));

  route(app, endpoints.qrGet, async ({ db, caller, params }) => openQr(db, caller.userId, params.bankCode, clock()));

  route(app, endpoints.qrCreate, async ({ db, caller, params, body, request }) => {
    const { qr, id, chargeId } = await createQr(db, { userId: caller.userId, provider: params.bankCode, amount: body.amount }, clock(), { opn: app.opn, log: request.log });
    // For trying the app: the payment simulator, or the fake of Opn, pays a QR (there is neither in production).
    const pay = chargeId ? `npm run fake:opn -- pay ${chargeId}` : `npm run simulate:pay -- ${id}`;
    const hint = config.production ? '' : `; pay it with: ${pay}`;
    request.log.info({ qrcodeId: id, provider: params.bankCode, chargeId }, `QR ${id} created${hint}`);
    return qr;
  }, {
    // Each QR is a row and a drawn code; a member needs a few a day, not hundreds.
    before: async ({ caller }) => {
      await app.limits.count(`qr:${caller.userId}`, QR_CREATIONS_PER_MEMBER, clock());
    },
  });

  route(app, endpoints.qrCancel, async ({ db, caller, params, request }) => {
    await cancelMemberQr(db, caller.userId, recordId(params.qrcodeId), clock(), { opn: app.opn, log: request.log });
    return { message: 'SUCCESS' };
  });

  if (app.vouchers) trueLinkRoute(app, app.vouchers);

  // ---------------------------------------------------------------- operator

  // Credits a member's wallet from outside money, once per bank reference; above the approval threshold, asks a second operator (202).
  route(app, endpoints.opsDeposit, async ({ db, body, caller, request, reply }) => {
    const deposit = { phone: body.username, amount: toMinor(body.amount), reference: body.reference };
    const done = await depositOrAsk(db, request.log, caller.operatorId, deposit, clock());
    if (isAsked(done)) return accepted(reply, done);
    return { message: 'SUCCESS', username: body.username, amount: body.amount, reference: body.reference, transferId: String(done.id) };
  });
}

/**
 * A mobile-wallet gift link (deposits/truelink.ts). Registered only when
 * the app has a voucher provider (none in production yet).
 */
function trueLinkRoute(app: FastifyInstance, vouchers: VoucherProvider): void {
  const { clock } = app;
  route(app, endpoints.trueLink, async ({ db, caller, body, request }) => {
    const credited = await creditGiftLink(db, vouchers, { userId: caller.userId, link: body.link }, clock(), request.log);
    return { message: 'SUCCESS', amount: toMajor(credited.amount), wallet: { amount: toMajor(credited.available) }, transferId: String(credited.transferId) };
  }, {
    // Every attempt asks the voucher provider: a member may not make us probe vouchers for them.
    before: async ({ caller }) => {
      await app.limits.count(`truelink:${caller.userId}`, TRUELINK_ATTEMPTS_PER_MEMBER, clock());
    },
  });
}
