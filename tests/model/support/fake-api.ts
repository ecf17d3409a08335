/**
 * The API client the component replays give the views (through a mock of
 * src/app/use-app.ts, components/setup.ts): every call waits until the replay
 * answers it, as the model's fake actors do. No vitest here.
 */
import type { ApiClient } from '../../../src/api/client.ts';

export interface FakeCall {
  /** The endpoint's name (src/contract/endpoints.ts). */
  name: string;
  /** The call's body and options, without the abort signal. */
  args: unknown[];
  resolve: (answer: unknown) => void;
  reject: (error: Error) => void;
}

/** Options objects lose their `signal`: it is the view's, not part of what is asked. */
function withoutSignal(arg: unknown): unknown {
  if (typeof arg !== 'object' || arg === null || !('signal' in arg)) return arg;
  const { signal: _signal, ...rest } = arg as Record<string, unknown>;
  return rest;
}

export class FakeApi {
  /** Calls made since the last `take()`. */
  private made: FakeCall[] = [];

  readonly client = {
    call: (name: string, ...args: unknown[]) =>
      new Promise((resolve, reject) => {
        this.made.push({ name, args: args.map(withoutSignal).filter((arg) => arg !== undefined), resolve, reject });
      }),
    deps: {},
  } as unknown as ApiClient;

  /** The calls made since the last take. */
  take(): FakeCall[] {
    const made = this.made;
    this.made = [];
    return made;
  }
}

let current = new FakeApi();

/** A fresh API for the next replay. */
export function newFakeApi(): FakeApi {
  current = new FakeApi();
  return current;
}

/** What the mocked useApi() returns. */
export function fakeApiClient(): ApiClient {
  return current.client;
}

/** The random part of the money modals' idempotency keys: the model's prefix (the mocked newKeyPrefix()). */
export const keyPrefix = { current: 'model' };
