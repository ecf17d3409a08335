/**
 * The `expect` of the model tests' checks. Inside the check of an edge it is
 * `expect.soft`, its message naming the edge, so that one test reports every
 * broken edge of a state, and every broken assertion of an edge, by name.
 * Anywhere else it is vitest's `expect`.
 */
import { expect as vitestExpect } from 'vitest';

let edgeTitle: string | null = null;

export const expect: typeof vitestExpect = new Proxy(vitestExpect, {
  apply(target, thisArg, [actual, message]: [unknown, string | undefined]) {
    if (edgeTitle === null) return Reflect.apply(target, thisArg, [actual, message]);
    return target.soft(actual, message ? `${edgeTitle} (${message})` : edgeTitle);
  },
});

vitestExpect.extend({
  /** Records an error a check threw (a bug in it, or an error of the actor) as a soft failure. */
  toBeNoFailure(received: unknown) {
    const text = received instanceof Error ? (received.stack ?? received.message) : String(received);
    return { pass: received === undefined, message: () => text };
  },
});


/** Reports `error` as a soft failure of the current test, named by `title`. */
export function softFailure(title: string, error: unknown): void {
  (vitestExpect.soft(error, title) as unknown as { toBeNoFailure: () => void }).toBeNoFailure();
}

/** Runs the checks of one edge: their assertions are soft and named by the edge; an error they throw is reported the same way. */
export function checkEdge(title: string, checks: () => void): void {
  edgeTitle = title;
  try {
    checks();
  } catch (error) {
    softFailure(title, error);
  } finally {
    edgeTitle = null;
  }
}
