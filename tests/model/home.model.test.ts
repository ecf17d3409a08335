import type { HomeContext } from '../../machines/home/home.types.ts';
import { HOME_ACCOUNTS, HOME_CARD, HOME_INVITE, HOME_KEY_SEED, homeModels } from './home.model.ts';
import { describeModels } from './support/describe-model.ts';
import { expect } from './support/step-expect.ts';

const OPENS = {
  'deposit.open': 'depositing',
  'withdraw.open': 'withdrawing',
  'transfer.open': 'transferring',
  'game.open': 'gameAccount',
  'invite.open': 'inviteBanners',
  'refund.open': 'refundBanners',
  'invite.collect': 'collectingInvite',
  'wheel.open': 'wheel',
} as const;

/** After its banners, each area's modal. */
const AFTER_BANNERS = { inviteBanners: ['inviting', 'invite'], refundBanners: ['refunding', 'refund'] } as const;

/** What a money modal starts from, written out independently of the machine: each opening's keys start with its own prefix. */
const prefix = (openings: number) => `${HOME_KEY_SEED}-${openings}`;

describeModels('home', homeModels, {
  tags: {
    browsing: ['browsing'],
    depositing: ['modal:deposit'],
    withdrawing: ['modal:withdraw'],
    transferring: ['modal:transfer'],
    gameAccount: ['modal:game'],
    inviteBanners: ['modal:banners'],
    refundBanners: ['modal:banners'],
    inviting: ['modal:invite'],
    refunding: ['modal:refund'],
    collectingInvite: ['modal:invite-collect'],
    wheel: ['modal:wheel'],
  },
  check({ event, before, after, actions, calls }) {
    const was = (state: string) => before?.matches(state) ?? false;
    const previous = before?.context as HomeContext;
    const context = after.context as HomeContext;
    const unchanged = () => expect([after.value, context]).toEqual([before?.value, previous]);
    const forgotten = { withdraw: null, transfer: null, game: null, invite: null };
    let reloads = false;
    let expectedCalls: unknown[] = [];

    switch (event.type) {
      case 'xstate.init':
        expect([after.value, context]).toEqual(['browsing', { keySeed: HOME_KEY_SEED, openings: 0, accounts: [], ...forgotten }]);
        break;
      case 'deposit.open':
      case 'withdraw.open':
      case 'transfer.open':
      case 'game.open':
      case 'invite.open':
      case 'refund.open':
      case 'invite.collect':
      case 'wheel.open':
        if (!was('browsing')) {
          unchanged(); // one modal at a time
          break;
        }
        expect(after.value).toBe(OPENS[event.type]);
        if (event.type === 'deposit.open') {
          expect(context.openings).toBe(previous.openings + 1);
          expectedCalls = [{ actor: 'deposit', input: { keyPrefix: prefix(context.openings) } }];
        }
        if (event.type === 'withdraw.open') {
          expect(context.openings).toBe(previous.openings + 1);
          expectedCalls = [{ actor: 'withdraw', input: { balance: event.balance, keyPrefix: prefix(context.openings) } }];
        }
        if (event.type === 'transfer.open') {
          expect(context.openings).toBe(previous.openings + 1);
          expectedCalls = [{ actor: 'transfer', input: { accounts: HOME_ACCOUNTS, minimum: 1, initial: event.start, keyPrefix: prefix(context.openings) } }];
        }
        if (event.type === 'game.open') expectedCalls = [{ actor: 'gameAccount', input: { card: HOME_CARD } }];
        // Invite and refund read their banners first.
        if (event.type === 'invite.open') expectedCalls = [{ actor: 'banners', input: { area: 'invite' } }];
        if (event.type === 'refund.open') {
          // Receiving a refund is keyed: the opening gets its own prefix.
          expect(context).toEqual({ ...previous, openings: previous.openings + 1 });
          expectedCalls = [{ actor: 'banners', input: { area: 'refund' } }];
        }
        if (event.type === 'invite.collect') {
          expect(context).toEqual({ ...previous, openings: previous.openings + 1, invite: HOME_INVITE });
          expectedCalls = [{ actor: 'inviteCollect', input: { invite: HOME_INVITE, keyPrefix: prefix(context.openings) } }];
        }
        if (event.type === 'wheel.open') {
          // The wheel's spins are keyed: each opening gets its own prefix.
          expect(context).toEqual({ ...previous, openings: previous.openings + 1 });
          expectedCalls = [{ actor: 'wheel', input: { keyPrefix: prefix(context.openings) } }];
        }
        break;
      case 'deposit.credited':
        // The deposit modal (its machine tells) stays open; the wallet behind it is read again.
        unchanged();
        reloads = was('depositing');
        break;
      case 'wallet.changed':
        // Passed to the deposit or game account modal open now (their models take it); the home itself stays.
        unchanged();
        break;
      case 'game.gone':
        if (was('gameAccount')) expect([after.value, context]).toEqual(['browsing', { ...previous, ...forgotten }]);
        else unchanged();
        break;
      default: {
        const failed = event.type.startsWith('xstate.error.');
        const bannersOf = was('inviteBanners') ? 'inviteBanners' : was('refundBanners') ? 'refundBanners' : null;
        if (bannersOf) {
          // The banners are done (carousel closed, or none): the area's modal opens, unless the member closed the waiting dialog.
          const opens = !failed && (event as { output?: { open: boolean } }).output?.open === true;
          const [modal, actor] = AFTER_BANNERS[bannersOf];
          expect([after.value, context]).toEqual([opens ? modal : 'browsing', previous]);
          if (opens) expectedCalls = [{ actor, input: actor === 'refund' ? { keyPrefix: prefix(previous.openings) } : undefined }];
          break;
        }
        if (was('inviting')) {
          // The invite modal moves no money: nothing to read again.
          expect([after.value, context]).toEqual(['browsing', previous]);
          break;
        }
        // A modal's machine ended: the home reads its output.
        const output = (event as { output?: { saved: boolean; transferFrom?: string | null } }).output;
        if (event.type.startsWith('xstate.error.') || !output) {
          // A modal machine that fails (a bug) gives the home back, which reads the wallet again.
          expect([after.value, context]).toEqual(['browsing', { ...previous, ...forgotten }]);
          reloads = true;
          break;
        }
        if (output.transferFrom) {
          // The game modal gives way to the transfer modal, from that game to the wallet, with new keys.
          expect([after.value, context]).toEqual([
            'transferring',
            { ...previous, game: null, transfer: { from: output.transferFrom, to: 'WALLET' }, openings: previous.openings + 1 },
          ]);
          expectedCalls = [
            { actor: 'transfer', input: { accounts: HOME_ACCOUNTS, minimum: 1, initial: { from: output.transferFrom, to: 'WALLET' }, keyPrefix: prefix(previous.openings + 1) } },
          ];
          reloads = true;
        } else {
          expect([after.value, context]).toEqual(['browsing', { ...previous, ...forgotten }]);
          reloads = output.saved;
        }
      }
    }
    expect(calls).toEqual(expectedCalls);
    expect(actions).toEqual(reloads ? [{ type: 'reloadWallet' }] : []);
  },
});
