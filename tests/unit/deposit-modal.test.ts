/**
 * The deposit modal as the home runs it, with its real children (the QR
 * payments, the link) over stub I/O: money seen arriving in the modal reaches
 * the home at once, the modal does not close while a link is on its way, and
 * a link whose answer never came makes the home read the wallet on close.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { qrPayments, trueLink } from '../../machines/deposit/deposit.machine.ts';
import type { DepositLookupAnswer } from '../../machines/deposit/deposit.types.ts';
import { qrProvider } from '../../machines/deposit-qr/deposit-qr.machine.ts';
import { depositModal, homeMachine } from '../../machines/home/home.machine.ts';
import { moneyAction } from '../../machines/money-action/money-action.machine.ts';
import type { MoneyActionInput, MoneyMoved } from '../../machines/money-action/money-action.types.ts';
import type { QrAnswer, QrProvider, QrState } from '../../machines/qr-countdown/qr-countdown.types.ts';
import type { Result } from '../../machines/shared/result.ts';
import { DEPOSIT_LOOKUP as LOOKUP } from '../model/deposit.model.ts';

const NO_QR: QrState = { qrcodeId: null, hasQrcode: false, qrcode: '', payload: '', receiverName: '', amount: 0, expireIn: 0, message: 'NO_DATA' };
const MOVED: MoneyMoved = { message: 'SUCCESS', amount: 50, wallet: { amount: 150 }, transferId: '7' };

/** A link send the test answers by hand. */
function deferredSend() {
  const waiting: Array<(result: Result<MoneyMoved>) => void> = [];
  const send = fromPromise<Result<MoneyMoved>, MoneyActionInput<{ link: string }>>(() => new Promise((resolve) => waiting.push(resolve)));
  return { send, answer: (result: Result<MoneyMoved>) => waiting.shift()!(result) };
}

function homeWithDeposit(send: ReturnType<typeof deferredSend>['send'], reloads: string[]) {
  const read = fromPromise<QrAnswer, { provider: QrProvider }>(async () => ({ ok: true, data: NO_QR }));
  const deposit = depositModal({
    lookup: fromPromise<DepositLookupAnswer, void>(async () => ({ ok: true, data: LOOKUP })),
    qr: qrPayments({ provider: qrProvider({ loadQr: read, checkQr: read }) }),
    trueLink: trueLink({ moneyAction: moneyAction<{ link: string }>().provide({ actors: { send } }) }),
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
    expect(Object.keys(deposit.getSnapshot().children).sort()).toEqual(['qr', 'trueLink']);
    deposit.send({ type: 'deposit.close' });
    expect([home.getSnapshot().value, reloads]).toEqual(['browsing', []]);
    home.stop();
  });
});
