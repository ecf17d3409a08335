/**
 * The deposit modal's QR payments with their real provider children (stub
 * I/O): a QR created on one provider makes the others read theirs again
 * (spec 2), and a payment seen by a provider is told to the deposit modal once.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { depositQrMachine, qrProvider } from '../../machines/deposit-qr/deposit-qr.machine.ts';
import type { QrAnswer, QrProvider, QrState } from '../../machines/qr-countdown/qr-countdown.types.ts';

const NO_QR: QrState = { qrcodeId: null, hasQrcode: false, qrcode: '', payload: '', receiverName: '', amount: 0, expireIn: 0, message: 'NO_DATA' };
const openQr = (provider: QrProvider): QrState => ({
  qrcodeId: `${provider}-1`,
  hasQrcode: true,
  qrcode: '<svg/>',
  payload: '000201',
  receiverName: 'MEKONG WALLET',
  amount: 100,
  expireIn: 600,
  message: 'SUCCESS',
});

/** Provider children whose reads answer from `server`, recording every read; payments told to `paid`. */
function withStubProviders(server: { open: Set<QrProvider>; reads: QrProvider[] }, paid: number[] = []) {
  const read = fromPromise<QrAnswer, { provider: QrProvider }>(async ({ input }) => {
    server.reads.push(input.provider);
    return { ok: true, data: server.open.has(input.provider) ? openQr(input.provider) : NO_QR };
  });
  const provider = qrProvider({
    loadQr: read,
    checkQr: read,
      createQr: fromPromise<QrAnswer, { provider: QrProvider; amount: number }>(async ({ input }) => {
        server.open.add(input.provider);
        return { ok: true, data: openQr(input.provider) };
      }),
  });
  return depositQrMachine.provide({ actors: { provider }, actions: { announcePaid: (_, { amount }) => paid.push(amount) } });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('deposit QR payments', () => {
  it('reads the other providers again when one creates a QR, and only the others', async () => {
    const server = { open: new Set<QrProvider>(), reads: [] as QrProvider[] };
    const actor = createActor(withStubProviders(server), { input: { serverMinimums: undefined, serverMaximum: undefined } }).start();
    await settle();
    expect([...server.reads].sort()).toEqual(['E2P', 'KBANK', 'WW']);
    server.reads.length = 0;

    const kbank = actor.getSnapshot().children.KBANK!;
    kbank.send({ type: 'amount.change', value: '100' });
    kbank.send({ type: 'qr.create' });
    await settle();
    expect(kbank.getSnapshot().hasTag('open')).toBe(true);
    expect([...server.reads].sort()).toEqual(['E2P', 'WW']);
    actor.stop();
  });

  it('tells, once, of a payment its provider saw', async () => {
    const server = { open: new Set<QrProvider>(['WW']), reads: [] as QrProvider[] };
    const clock = new SimulatedClock();
    const paid: number[] = [];
    const actor = createActor(withStubProviders(server, paid), { input: { serverMinimums: { WW: 100 }, serverMaximum: undefined }, clock }).start();
    await settle();
    expect(actor.getSnapshot().children.WW!.getSnapshot().hasTag('open')).toBe(true);
    // The member pays in the banking app: the server no longer holds the QR open.
    server.open.delete('WW');
    for (let second = 0; second < 10; second += 1) {
      clock.increment(1000);
      await settle();
    }
    expect(actor.getSnapshot().children.WW!.getSnapshot().hasTag('paid')).toBe(true);
    expect(paid).toEqual([100]);
    actor.stop();
  });

  it('reads every QR at once on a deposit the server tells of, and shows the paid one paid without waiting for the 5 s re-read (docs/decisions/0141-wallet-news.md)', async () => {
    const server = { open: new Set<QrProvider>(['WW']), reads: [] as QrProvider[] };
    const paid: number[] = [];
    const actor = createActor(withStubProviders(server, paid), { input: { serverMinimums: undefined, serverMaximum: undefined } }).start();
    await settle();
    server.reads.length = 0;
    const news = (kind: 'deposit' | 'transfer') => ({
      type: 'wallet.changed' as const,
      news: { currency: 'BAHT' as const, wallet: { amount: 100 }, slots: [], changes: [{ kind, amount: 100, direction: 'in' as const }], at: '2026-03-02T10:00:00.000Z' },
    });

    actor.send(news('transfer'));
    await settle();
    expect(server.reads).toEqual([]);

    server.open.delete('WW'); // the payment closed it on the server
    actor.send(news('deposit'));
    await settle();
    expect([...server.reads].sort()).toEqual(['E2P', 'KBANK', 'WW']);
    expect(actor.getSnapshot().children.WW!.getSnapshot().hasTag('paid')).toBe(true);
    expect(paid).toEqual([100]);
    actor.stop();
  });
});
