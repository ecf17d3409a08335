import { describeModels } from './support/describe-model.ts';
import { expect } from './support/step-expect.ts';
import { stateKey } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { memberNewsModels } from './member-news.model.ts';

/** docs/decisions/0141-wallet-news.md, written out: a failed link is opened again after 5 s. */
const RETRY_MS = 5000;
/** The kinds a toast tells of: what happened elsewhere. */
const ANNOUNCED = ['deposit', 'withdrawalPaid', 'withdrawalReturned', 'adjustment'];
/** The link's input: the member's token is read at each handshake; a refused handshake other than for good is tried again. */
const LINK = { actor: 'link', input: { guestToken: null, everyRefusalEnds: false } };

function check({ event, before, after, actions, calls, emitted, waited }: ReplayedStep) {
  const was = before ? stateKey(before) : '';
  const now = stateKey(after);
  let expectedActions: unknown[] = [];
  let expectedEmitted: unknown[] = [];
  let expectedCalls: unknown[] = [];

  switch (event.type) {
    case 'xstate.init':
      expect(now).toBe('linked');
      expectedCalls = [LINK];
      break;
    case 'socket.wallet': {
      const news = event.news as { currency: string; changes: { kind: string }[] };
      expect(now).toBe(was);
      expectedEmitted = [{ type: 'wallet.changed', news }];
      const change = news.changes.find(({ kind }) => ANNOUNCED.includes(kind));
      if (change) expectedActions = [{ type: 'announce', params: { change, currency: news.currency } }];
      break;
    }
    case 'link.up':
    case 'socket.presence':
      expect(now).toBe(was);
      break;
    case 'xstate.done.actor.link': {
      const { outcome } = event.output as { outcome: string };
      expect(now).toBe(outcome === 'refused' ? 'ended' : 'resting');
      if (outcome === 'refused') expect(after.status).toBe('done');
      break;
    }
    case 'xstate.error.actor.link':
      expect(now).toBe('resting');
      break;
    default:
      if (/^xstate\.after\.retry\./.test(event.type)) {
        expect([waited, was, now]).toEqual([RETRY_MS, 'resting', 'linked']);
        expectedCalls = [LINK];
      } else throw new Error(`unexpected event ${event.type}`);
  }
  expect(actions).toEqual(expectedActions);
  expect(emitted).toEqual(expectedEmitted);
  expect(calls).toEqual(expectedCalls);
}

describeModels('member-news', memberNewsModels, {
  tags: {
    linked: ['linked'],
    resting: ['resting'],
    ended: [],
  },
  check,
});
