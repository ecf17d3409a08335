/**
 * A mobile-wallet gift link sent by a member (spec 5): at least
 * trueWalletMinimum, from the registered phone, at most trueWalletMaximum,
 * so that no large sum is credited without a person looking (such a voucher
 * is refused before it is redeemed and stays with its sender). The voucher
 * is inspected with the provider first; then it is redeemed, credited and
 * recorded in one transaction. Of two sends of one voucher the provider
 * refuses the second redeem, and the ledger key `truelink:{voucher}` and the
 * unique voucher make the second a duplicate even where it does not.
 */
import type { FastifyBaseLogger } from 'fastify';
import { TRUELINK_SHARED_SECRET } from '../../contract/deposit.ts';
import { toMinor } from '../../contract/money.ts';
import { inTransaction, violatedUniqueConstraint, type Queryable } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import { IdempotencyConflict } from '../ledger/transfers.ts';
import { getSettings } from '../repositories/settings.ts';
import { insertTrueLink, isVoucherUsed, registeredPhone } from '../repositories/true-links.ts';
import { memberCurrency } from '../repositories/users.ts';
import { creditDeposit } from './credit.ts';
import { decryptLink, voucherOf, VoucherRefused, type VoucherProvider } from '../payments/truemoney.ts';

export interface GiftCredited {
  /** Minor units. */
  amount: bigint;
  /** What the member can spend now, minor units. */
  available: bigint;
  transferId: number;
}

/** Credits the gift link's voucher to the member's wallet; an ApiError with the catalogue code when it is refused. */
export async function creditGiftLink(
  db: Queryable,
  vouchers: VoucherProvider,
  { userId, link: encrypted }: { userId: number; link: string },
  now: Date,
  log: FastifyBaseLogger,
): Promise<GiftCredited> {
  const link = decryptLink(encrypted, TRUELINK_SHARED_SECRET);
  const voucher = link === null ? null : voucherOf(link);
  if (voucher === null) throw new ApiError(400, 'TRUELINK_INVALID');
  if (await isVoucherUsed(db, voucher)) throw new ApiError(400, 'TRUELINK_DUPLICATE');
  // One after the other: with an Idempotency-Key, `db` is a transaction, one connection.
  const phone = await registeredPhone(db, userId);
  const currency = await memberCurrency(db, userId);
  const { trueWalletMinimum: minimum, trueWalletMaximum: maximum } = await getSettings(db, 'trueWalletMinimum', 'trueWalletMaximum');
  try {
    const found = await vouchers.inspect(voucher);
    // TrueMoney holds baht only.
    if (currency !== 'BAHT' || found.amount < toMinor(minimum)) throw new ApiError(400, 'TRUELINK_INVALID');
    // Refused before the redeem: the voucher stays with its sender, nothing moves.
    if (found.amount > toMinor(maximum)) throw new ApiError(400, 'TRUELINK_INVALID');
    if (found.senderPhone !== phone) throw new ApiError(400, 'NOT_MATCH');
    return await inTransaction(db, async (tx) => {
      // Redeemed before the ledger write: the provider's call holds no row lock (every deposit updates the deposits account).
      const redeemed = await vouchers.redeem(voucher);
      if (redeemed.amount !== found.amount) throw new VoucherRefused('TRUELINK_INVALID', 'the voucher changed between inspect and redeem');
      const credited = await creditDeposit(tx, { userId, currency, amount: found.amount, reference: 'TRUEMONEY', idempotencyKey: `truelink:${voucher}` }, now);
      if (credited.replayed) throw new ApiError(400, 'TRUELINK_DUPLICATE');
      await insertTrueLink(tx, { userId, voucher, amount: found.amount, transferId: credited.transfer.id, createdAt: now });
      return { amount: found.amount, available: credited.available, transferId: credited.transfer.id };
    });
  } catch (error) {
    if (error instanceof VoucherRefused) {
      log.info({ code: error.code }, `voucher refused: ${error.message}`);
      throw new ApiError(400, error.code);
    }
    // Another member's send of the same voucher won the race.
    if (error instanceof IdempotencyConflict || violatedUniqueConstraint(error) === 'true_links_voucher_unique') throw new ApiError(400, 'TRUELINK_DUPLICATE');
    throw error;
  }
}
