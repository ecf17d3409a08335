/**
 * The prize wheel modal (src/features/wheel/WheelModal.tsx) given its
 * machine as the home invokes it (the home's actors over the fake API, the
 * opening's key prefix): what it reads, the spin under its key, the wheel
 * turning until it rests on the drawn slice, the prize, the reload, a coupon
 * claimed, and how its machine ends, which the home reads. Its machine's
 * every state and transition are
 * the model's (tests/model/spin-wheel.model.test.ts); a path replay does not
 * fit here because one read of the machine is two API calls (the setup and
 * the coupons), so these walk the member's main journeys.
 */
import { i18n } from '@lingui/core';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { homeActors } from '../../../machines/home/home.actors.ts';
import type { SpinResult, WheelData } from '../../../machines/spin-wheel/spin-wheel.types.ts';
import { messageText } from '../../../src/features/errors/messages.ts';
import WheelModal from '../../../src/features/wheel/WheelModal.tsx';
import { sliceUnderPointer } from '../../../src/features/wheel/wheel-motion.ts';
import { COUPONS, WHEEL_SLICES } from '../spin-wheel.model.ts';
import { walletAnswer } from '../balance.model.ts';
import { fakeApiClient, newFakeApi, type FakeApi } from '../support/fake-api.ts';
import { renderModal } from '../support/modal-harness.tsx';

// The fairness link needs no router here: a plain link with its address.
vi.mock('@tanstack/react-router', () => ({
  Link: ({ to, children, className }: { to: string; children: ReactNode; className?: string }) => (
    <a href={to} className={className}>
      {children}
    </a>
  ),
}));

/** The home's prefix for this opening of the wheel. */
const KEY_PREFIX = 'component-home-3';
const WALLET = walletAnswer(500, '2026-11-26T10:00:00.000Z');
const WHEEL = { name: 'Lucky wheel', slices: WHEEL_SLICES };

/** Lets settled promises reach the machine and React. */
async function flush() {
  for (let turn = 0; turn < 20; turn += 1) await Promise.resolve();
}

function setupAnswer(data: Pick<WheelData, 'wheel' | 'coins'>) {
  return { ok: true, data: { result: { activeSpinwheel: data.wheel, userCoin: data.coins } } };
}

function spinAnswer(result: Partial<SpinResult> = {}) {
  return {
    ok: true,
    data: {
      success: true,
      result: { code: 'B20', label: '฿20', index: 2, remainingCoin: 1, coupon: '9', seedHash: 'ab'.repeat(32), clientSeed: 'seed', nonce: 0, ...result },
    },
  };
}

/** Answers the modal's read: the setup and the coupons, in the order it asked. */
async function answerRead(api: FakeApi, data: WheelData) {
  const calls = api.take();
  expect(calls.map((call) => call.name)).toEqual(['spinSetup', 'coupons']);
  await act(async () => {
    calls[0]!.resolve(setupAnswer(data));
    calls[1]!.resolve({ ok: true, data: { coupons: data.coupons } });
    await flush();
  });
}

async function answer(api: FakeApi, name: string, result: unknown, args?: unknown[]) {
  const calls = api.take();
  expect(calls.map((call) => call.name)).toEqual([name]);
  if (args) expect(calls[0]!.args).toEqual(args);
  await act(async () => {
    calls[0]!.resolve(result);
    await flush();
  });
}

let reducedMotion = false;
let canvasRotations: number[] = [];

beforeEach(() => {
  reducedMotion = false;
  canvasRotations = [];
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) => ({ matches: query.includes('reduce') && reducedMotion, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList,
  );
  // happy-dom paints nothing: a 2D context that records each frame's rotation of slice 0 is enough to see where the wheel rests.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    let slice = 0;
    const noop = () => {};
    return {
      setTransform: noop,
      clearRect: noop,
      beginPath: noop,
      closePath: noop,
      moveTo: noop,
      fill: noop,
      stroke: noop,
      save: noop,
      restore: noop,
      translate: noop,
      rotate: noop,
      fillText: noop,
      measureText: () => ({ width: 10 }),
      arc: (_x: number, _y: number, radius: number, start: number) => {
        // The first slice's sector (the one from the centre at the slices' radius) starts at the wheel's rotation.
        if (radius === 163 && slice++ === 0) canvasRotations.push(start);
      },
    } as unknown as CanvasRenderingContext2D;
  } as never);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** One opening of the wheel as the home runs it: the machine with the home's actors, the view given it; onEnd hears its output. */
function open() {
  const api = newFakeApi();
  const logged = vi.fn();
  const onEnd = vi.fn();
  renderModal({
    logic: homeActors(fakeApiClient(), logged).wheel,
    input: { keyPrefix: KEY_PREFIX },
    onEnd,
    children: (machine) => <WheelModal machine={machine} wallet={WALLET} />,
  });
  return { api, onEnd, logged };
}

const dialog = () => screen.getAllByRole('dialog')[0]!;
const spinButton = () => within(dialog()).getByRole('button', { name: /Spin \(1 coin\)|Spinning…/ });

describe('wheel modal', () => {
  it('shows the coins, the wheel and the first page of coupons, then spins to the drawn slice, shows the prize and reads again', async () => {
    const { api } = open();
    await act(flush);
    await answerRead(api, { wheel: WHEEL, coins: 2, coupons: COUPONS });

    expect(within(dialog()).getByText('Your coins').nextSibling?.textContent).toBe('2');
    expect(within(dialog()).getByRole('img', { name: 'Prize wheel: ฿100, Try again, ฿20, Gift' })).toBeTruthy();
    // spec 9: 3 coupons a page.
    expect(within(dialog()).getAllByRole('listitem')).toHaveLength(3);
    expect(within(dialog()).getByText('Page 1 of 2')).toBeTruthy();
    expect(within(dialog()).getByRole('link', { name: /check your spins/ }).getAttribute('href')).toBe('/user/fairness');

    fireEvent.click(spinButton());
    await act(flush);
    await answer(api, 'spin', spinAnswer(), [{}, { idempotencyKey: `${KEY_PREFIX}.1` }]);
    // spec 2: the coin count updates from the result; spinning is blocked while spinning.
    expect(within(dialog()).getByText('Your coins').nextSibling?.textContent).toBe('1');
    expect(spinButton().textContent).toBe('Spinning…');
    expect(spinButton().hasAttribute('disabled')).toBe(true);
    fireEvent.click(spinButton());
    expect(api.take()).toEqual([]);

    // Not yet: the wheel turns for 2 or 3 turns × 4.5 s.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(8000);
    });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(6000);
    });
    // It rests with the drawn slice under the pointer.
    expect(sliceUnderPointer(canvasRotations.at(-1)!, WHEEL_SLICES.length)).toBe(2);
    const prize = screen.getByRole('alertdialog');
    expect(within(prize).getByText('You won ฿20')).toBeTruthy();
    expect(within(prize).getByText('Your prize is waiting in your coupons. Claim it there.')).toBeTruthy();

    fireEvent.click(within(prize).getByRole('button', { name: 'OK' }));
    await act(flush);
    // spec 2: setup reloads after the prize closes.
    await answerRead(api, { wheel: WHEEL, coins: 1, coupons: COUPONS });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(spinButton().textContent).toBe('Spin (1 coin)');
    expect(spinButton().hasAttribute('disabled')).toBe(false);
  });

  it('lands at once under prefers-reduced-motion', async () => {
    reducedMotion = true;
    const { api } = open();
    await act(flush);
    await answerRead(api, { wheel: WHEEL, coins: 1, coupons: [] });
    fireEvent.click(spinButton());
    await act(flush);
    await answer(api, 'spin', spinAnswer({ index: 3, code: 'GIFT', label: 'Gift', remainingCoin: 0 }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(20);
    });
    expect(sliceUnderPointer(canvasRotations.at(-1)!, WHEEL_SLICES.length)).toBe(3);
    expect(within(screen.getByRole('alertdialog')).getByText('You won Gift')).toBeTruthy();
  });

  it('blocks the spin at 0 coins and says how to earn one', async () => {
    const { api } = open();
    await act(flush);
    await answerRead(api, { wheel: WHEEL, coins: 0, coupons: [] });
    expect(spinButton().hasAttribute('disabled')).toBe(true);
    expect(within(dialog()).getByText('You have no coins yet. Play the games to earn coins, then spin.')).toBeTruthy();
    expect(within(dialog()).getByText('No coupons yet. A prize you win shows here.')).toBeTruthy();
    fireEvent.click(spinButton());
    await act(flush);
    expect(api.take()).toEqual([]);
  });

  it('shows a refused spin by its code and reads the coins again', async () => {
    const { api } = open();
    await act(flush);
    await answerRead(api, { wheel: WHEEL, coins: 1, coupons: [] });
    fireEvent.click(spinButton());
    await act(flush);
    await answer(api, 'spin', { ok: false, message: 'NO_COIN' });
    await answerRead(api, { wheel: WHEEL, coins: 0, coupons: [] });
    expect(within(dialog()).getByRole('alert').textContent).toBe(messageText(i18n, 'NO_COIN'));
    expect(spinButton().hasAttribute('disabled')).toBe(true);
  });

  it('asks again with the same key when a spin got no answer', async () => {
    const { api } = open();
    await act(flush);
    await answerRead(api, { wheel: WHEEL, coins: 1, coupons: [] });
    fireEvent.click(spinButton());
    await act(flush);
    const [call] = api.take();
    await act(async () => {
      call!.reject(new Error('offline'));
      await flush();
    });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Try again' }));
    await act(flush);
    await answer(api, 'spin', spinAnswer({ remainingCoin: 0 }), [{}, { idempotencyKey: `${KEY_PREFIX}.1` }]);
    expect(spinButton().textContent).toBe('Spinning…');
  });

  it('claims a coupon, reads the list again and ends saved', async () => {
    const { api, onEnd, logged } = open();
    await act(flush);
    await answerRead(api, { wheel: WHEEL, coins: 0, coupons: COUPONS });
    // The item has no claim (support hands it over); the claimed one neither.
    expect(within(dialog()).getAllByRole('button', { name: /^Claim/ }).map((button) => button.getAttribute('aria-label'))).toEqual(['Claim Prize 1']);

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Claim Prize 1' }));
    await act(flush);
    const confirm = screen.getByRole('alertdialog');
    expect(confirm.textContent).toContain('Prize 1: ฿20.00 goes to your wallet.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Claim' }));
    await act(flush);
    // Under the claim's key, from the opening's prefix (machines/coupon-claim claimKey): a retry of this claim would send it again.
    await answer(api, 'couponClaim', { ok: true, data: { message: 'SUCCESS', amount: 20 } }, [{ coupon: '1' }, { idempotencyKey: `${KEY_PREFIX}.coupon-1` }]);
    expect(screen.getByRole('alertdialog').textContent).toContain('฿20.00 was added to your wallet.');
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'OK' }));
    await act(flush);
    await answerRead(api, { wheel: WHEEL, coins: 0, coupons: COUPONS.slice(1) });

    // Close: the machine ends saved, so the home reads the wallet again; the modal is gone.
    expect(onEnd).not.toHaveBeenCalled();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Close' }));
    await act(flush);
    expect(onEnd.mock.calls).toEqual([[{ saved: true }]]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(logged).not.toHaveBeenCalled();
  });

  it('pages the coupons 3 at a time', async () => {
    const { api } = open();
    await act(flush);
    await answerRead(api, { wheel: WHEEL, coins: 0, coupons: COUPONS });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Next page' }));
    await act(flush);
    expect(within(dialog()).getAllByRole('listitem')).toHaveLength(1);
    expect(within(dialog()).getByText('Page 2 of 2')).toBeTruthy();
    expect(api.take()).toEqual([]);
  });

  it('offers a retry when nothing could be read, and closes unsaved', async () => {
    const { api, onEnd, logged } = open();
    await act(flush);
    const calls = api.take();
    await act(async () => {
      calls[0]!.resolve({ ok: false, message: 'INTERNAL_SERVER_ERROR' });
      calls[1]!.resolve({ ok: true, data: { coupons: [] } });
      await flush();
    });
    expect(within(dialog()).getByText('The prize wheel could not be loaded.')).toBeTruthy();
    // spec 7: the failed read is only logged, through the home's logger.
    expect(logged.mock.calls).toEqual([['spin wheel', 'INTERNAL_SERVER_ERROR']]);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Try again' }));
    await act(flush);
    await answerRead(api, { wheel: null, coins: 3, coupons: [] });
    expect(within(dialog()).getByText('The prize wheel is closed right now. Look again later.')).toBeTruthy();
    expect(spinButton().hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Close' }));
    await act(flush);
    expect(onEnd.mock.calls).toEqual([[{ saved: false }]]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
