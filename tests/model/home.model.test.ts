import { describeModels } from './support/describe-model.ts';
import { expect } from './support/step-expect.ts';
import { homeModels } from './home.model.ts';

const OPENS = {
  'deposit.open': 'depositing',
  'withdraw.open': 'withdrawing',
  'transfer.open': 'transferring',
  'game.open': 'gameAccount',
  'invite.open': 'inviteInfo',
  'refund.open': 'refundInfo',
} as const;

/** spec 2: transfer, withdraw (and the game account's activation, a deposit whose outcome is unknown) refresh the wallet when saved. */
const SAVES_MONEY = ['depositing', 'withdrawing', 'transferring', 'gameAccount'];

describeModels('home', homeModels, {
  tags: {
    browsing: [],
    depositing: ['modal:deposit'],
    withdrawing: ['modal:withdraw'],
    transferring: ['modal:transfer'],
    gameAccount: ['modal:game'],
    inviteInfo: ['modal:invite'],
    refundInfo: ['modal:refund'],
  },
  check({ event, before, after, actions }) {
    const was = (state: string) => before?.matches(state) ?? false;
    const unchanged = () => expect([after.value, after.context]).toEqual([before?.value, before?.context]);
    let reloads = false;

    switch (event.type) {
      case 'xstate.init':
        expect(after.value).toBe('browsing');
        break;
      case 'deposit.open':
      case 'withdraw.open':
      case 'transfer.open':
      case 'game.open':
      case 'invite.open':
      case 'refund.open':
        if (was('browsing')) {
          expect(after.value).toBe(OPENS[event.type]);
          if (event.type === 'game.open') expect(after.context.gameCode).toBe(event.gameCode);
          if (event.type === 'transfer.open') expect(after.context.transfer).toEqual(event.start);
        } else {
          unchanged(); // one modal at a time
        }
        break;
      case 'deposit.credited':
        // The deposit modal stays open; the wallet behind it is read again.
        unchanged();
        reloads = was('depositing');
        break;
      case 'game.transfer':
        if (was('gameAccount')) {
          expect(after.value).toBe('transferring');
          expect(after.context).toEqual({ gameCode: null, transfer: { from: event.gameCode, to: 'WALLET' } });
          reloads = true;
        } else {
          unchanged();
        }
        break;
      case 'modal.close':
        if (was('browsing')) {
          unchanged();
        } else {
          expect(after.value).toBe('browsing');
          expect(after.context).toEqual({ gameCode: null, transfer: null });
          reloads = event.saved && SAVES_MONEY.includes(before!.value as string);
        }
        break;
    }
    expect(actions).toEqual(reloads ? [{ type: 'reloadWallet' }] : []);
  },
});
