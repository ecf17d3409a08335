/**
 * The deposit modal as the home runs it, with its real children (the QR
 * payments, the link, the slip upload) over stub I/O: money seen arriving in
 * the modal (a link redeemed, a slip credited as it was sent) reaches the home at once, the modal does not close while a link is on its way, and
 * a link whose answer never came makes the home read the wallet on close.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { qrPayments, slipUpload, trueLink } from '../../machines/deposit/deposit.machine.ts';
import type { DepositLookupAnswer } from '../../machines/deposit/deposit.types.ts';
import { qrProvider } from '../../machines/deposit-qr/deposit-qr.machine.ts';
import { depositModal, homeMachine } from '../../machines/home/home.machine.ts';
import { moneyAction } from '../../machines/money-action/money-action.machine.ts';
import type { MoneyActionInput, MoneyMoved } from '../../machines/money-action/money-action.types.ts';
import type { QrAnswer, QrProvider, QrState } from '../../machines/qr-countdown/qr-countdown.types.ts';
import type { Result } from '../../machines/shared/result.ts';
import type { UploadAnswer, UploadInput } from '../../machines/slip-upload/slip-upload.types.ts';
import { DEPOSIT_LOOKUP as LOOKUP } from '../model/deposit.model.ts';
import { CREDITED_SLIP, RECEIVED_SLIP } from '../model/slip-upload.model.ts';

const NO_QR: QrState = { qrcodeId: null, hasQrcode: false, qrcode: '', payload: '', receiverName: '', amount: 0, expireIn: 0, message: 'NO_DATA' };
const MOVED: MoneyMoved = { message: 'SUCCESS', amount: 50, wallet: { amount: 150 }, transferId: '7' };

/** A link send the test answers by hand. */
function deferredSend() {
  const waiting: Array<(result: Result<MoneyMoved>) => void> = [];
  const send = fromPromise<Result<MoneyMoved>, MoneyActionInput<{ link: string }>>(() => new Promise((resolve) => waiting.push(resolve)));
  return { send, answer: (result: Result<MoneyMoved>) => waiting.shift()!(result) };
}

/** The server's answer to every slip sent: taken for an operator, or credited at once. */
function uploadAnswering(slip: typeof RECEIVED_SLIP | typeof CREDITED_SLIP) {
  return fromPromise<UploadAnswer, UploadInput>(async () => ({ ok: true, data: { message: 'SUCCESS', slip } }));
}

function homeWithDeposit(send: ReturnType<typeof deferredSend>['send'], reloads: string[], upload = uploadAnswering(RECEIVED_SLIP)) {
  const read = fromPromise<QrAnswer, { provider: QrProvider }>(async () => ({ ok: true, data: NO_QR }));
  const deposit = depositModal({
    lookup: fromPromise<DepositLookupAnswer, void>(async () => ({ ok: true, data: LOOKUP })),
    qr: qrPayments({ provider: qrProvider({ loadQr: read, checkQr: read }) }),
    trueLink: trueLink({ moneyAction: moneyAction<{ link: string }>().provide({ actors: { send } }) }),
    slipUpload: slipUpload({ upload }),
  });
  return homeMachine.provide({ actors: { deposit }, actions: { reloadWallet: () => void reloads.push('wallet') } });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The home with its deposit modal open, and a link on its way (its answer waits for the test). */
async function linkSent() {
  const link = deferredSend();
  const reloads: string[] = [];
  const home = createActor(homeWithDeposit(link.send, reloads), { input: { keySeed: 'seed' } }).start();
  home.send({ type: 'deposit.open' });
  await settle();
  const deposit = home.getSnapshot().children.deposit!;
  const linkActor = deposit.getSnapshot().children.trueLink!;
  linkActor.send({ type: 'link.change', value: 'https://gift.truemoney.com/campaign/?v=1' });
  linkActor.send({ type: 'link.send' });
  await settle();
  return { link, reloads, home, deposit, linkActor };
}

describe('the deposit modal in the home', () => {
  it('tells the home of a redeemed link while it stays open, and stays open while a link is on its way', async () => {
    const { link, reloads, home, deposit } = await linkSent();

    deposit.send({ type: 'deposit.close' });
    expect(home.getSnapshot().value).toBe('depositing');

    link.answer({ ok: true, data: MOVED });
    await settle();
    expect([home.getSnapshot().value, reloads]).toEqual(['depositing', ['wallet']]);

    deposit.send({ type: 'deposit.close' });
    expect(home.getSnapshot().value).toBe('browsing');
    home.stop();
  });

  it('makes the home read the wallet on close when a link\'s answer never came', async () => {
    const { link, reloads, home, deposit, linkActor } = await linkSent();
    link.answer({ ok: false, message: 'NETWORK_ERROR' });
    await settle();
    expect(linkActor.getSnapshot().hasTag('outcomeUnknown')).toBe(true);
    expect(reloads).toEqual([]);

    deposit.send({ type: 'deposit.close' });
    expect([home.getSnapshot().value, reloads]).toEqual(['browsing', ['wallet']]);
    home.stop();
  });

  it('closes without reading the wallet when nothing was sent', async () => {
    const reloads: string[] = [];
    const home = createActor(homeWithDeposit(deferredSend().send, reloads), { input: { keySeed: 'seed' } }).start();
    home.send({ type: 'deposit.open' });
    await settle();
    const deposit = home.getSnapshot().children.deposit!;
    // The QR payments started once the lookup answered.
    expect(Object.keys(deposit.getSnapshot().children).sort()).toEqual(['qr', 'slipUpload', 'trueLink']);
    deposit.send({ type: 'deposit.close' });
    expect([home.getSnapshot().value, reloads]).toEqual(['browsing', []]);
    home.stop();
  });

  it.each([
    ['credited as it was sent: the home reads the wallet at once', CREDITED_SLIP, 'credited', ['wallet']],
    ['taken for an operator: the wallet is not read', RECEIVED_SLIP, 'received', []],
  ] as const)('a slip %s', async (_, slip, state, expected) => {
    const reloads: string[] = [];
    const home = createActor(homeWithDeposit(deferredSend().send, reloads, uploadAnswering(slip)), { input: { keySeed: 'seed' } }).start();
    home.send({ type: 'deposit.open' });
    await settle();
    const upload = home.getSnapshot().children.deposit!.getSnapshot().children.slipUpload!;
    upload.send({ type: 'slip.pick', file: new File([new Uint8Array(16)], 'slip.png', { type: 'image/png' }) });
    upload.send({ type: 'slip.send' });
    await settle();
    expect([upload.getSnapshot().value, home.getSnapshot().value, reloads]).toEqual([state, 'depositing', expected]);
    home.stop();
  });
});
