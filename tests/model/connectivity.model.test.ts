import { nextAttempt, retryDelay } from '../../machines/shared/read-retry.ts';
import { connectivityModels } from './connectivity.model.ts';
import { describeModels } from './support/describe-model.ts';
import { stateKey } from './support/flow-model.ts';
import { expect } from './support/step-expect.ts';

const check = [{ actor: 'check', input: undefined }];

describeModels('connectivity', connectivityModels, {
  tags: {
    online: ['online'],
    offline: ['offline'],
    unreachable: ['offline'],
    checking: ['offline'],
  },
  check({ event, before, after, actions, calls, waited }) {
    const was = before ? stateKey(before) : null;
    const attempts = before?.context.attempts ?? 0;
    const expectAt = (state: string, context: { attempts: number }, expectedCalls: unknown[] = []) => {
      expect([stateKey(after), after.context]).toEqual([state, context]);
      expect(calls).toEqual(expectedCalls);
    };
    const unchanged = () => expectAt(was!, before!.context);
    expect(actions).toEqual([]);

    switch (event.type) {
      case 'xstate.init':
        return expectAt('online', { attempts: 0 });
      case 'browser.offline':
        // No network: nothing is checked until there is one again.
        return was === 'offline' ? unchanged() : expectAt('offline', { attempts });
      case 'browser.online':
        // A network again: the server is checked at once (a network is not yet an answer).
        return was === 'offline' || was === 'unreachable' ? expectAt('checking', { attempts }, check) : unchanged();
      case 'request.unanswered':
        return was === 'online' ? expectAt('unreachable', { attempts: nextAttempt(attempts) }) : unchanged();
      case 'request.answered':
        // Any answer from the server: online, the backoff forgotten.
        return was === 'online' ? unchanged() : expectAt('online', { attempts: 0 });
      case 'xstate.done.actor.check':
        return event.output ? expectAt('online', { attempts: 0 }) : expectAt('unreachable', { attempts: nextAttempt(attempts) });
      case 'xstate.error.actor.check':
        return expectAt('unreachable', { attempts: nextAttempt(attempts) });
      default:
        // The backoff: checked again 1 s after the first unanswered request, doubling to 30 s.
        expect(event.type).toMatch(/^xstate\.after\.retryDelay\./);
        expect(waited).toBe(retryDelay(attempts));
        return expectAt('checking', { attempts }, check);
    }
  },
});
