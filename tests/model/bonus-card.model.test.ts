import type { BonusCardContext, BonusCardEvent } from '../../machines/bonus-card/bonus-card.types.ts';
import { bonusCardModels, CARD_FIXTURES, NOW, ZONE } from './bonus-card.model.ts';
import { describeModels } from './support/describe-model.ts';
import { stateKey } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { expect } from './support/step-expect.ts';

/** The status spec 4 gives the fixture the event carries (by hand, not by the rule under test). */
function expectedStatus(event: BonusCardEvent) {
  return CARD_FIXTURES.find((fixture) => fixture.bonus === event.bonus && fixture.now === event.now)!.status;
}

function check({ event, after, actions, calls, emitted }: ReplayedStep) {
  const now = stateKey(after);
  const context = after.context as BonusCardContext;
  if (event.type === 'xstate.init') {
    // A day bonus received at 00:30 Bangkok counts today there.
    expect([now, context]).toEqual(['receivedToLimit', { bonus: CARD_FIXTURES[0]!.bonus, now: NOW, zone: ZONE }]);
  } else {
    const update = event as BonusCardEvent;
    expect(now).toBe(expectedStatus(update));
    expect(context).toEqual({ bonus: update.bonus, now: update.now, zone: ZONE });
  }
  // Pure: no I/O, nothing for the view beyond its tags.
  expect([calls, actions, emitted]).toEqual([[], [], []]);
}

describeModels('bonus-card', bonusCardModels, {
  tags: {
    active: ['active'],
    receivedToLimit: ['receivedToLimit'],
    available: ['available'],
  },
  check,
});
