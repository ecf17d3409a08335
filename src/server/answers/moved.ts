/** The answer of every member movement (spec 7): the amount moved and what the wallet holds now, major units. */
import type * as v from 'valibot';
import type { MoneyMovedResponse } from '../../contract/api.ts';
import { toMajor } from '../../contract/money.ts';
import type { Moved } from '../money/movement.ts';

export function movedAnswer({ amount, transfer, available }: Moved): v.InferOutput<typeof MoneyMovedResponse> {
  return { message: 'SUCCESS', amount: toMajor(amount), wallet: { amount: toMajor(available) }, transferId: String(transfer.id) };
}
