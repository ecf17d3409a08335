/** The check of the loader delay's end (machines/shared/delays.ts), shared by the models of reads. */
import { LOADER_DELAY_MS } from '../../../machines/shared/delays.ts';
import type { ReplayedStep } from './replay.ts';
import { expect } from './step-expect.ts';

/** The skeleton shows after spec 9's 200 ms, not a millisecond sooner. */
export function checkLoaderDelayEnded({ event, waited, after }: ReplayedStep): void {
  expect(event.type).toMatch(/^xstate\.after\.loaderDelay\./);
  expect(waited).toBe(LOADER_DELAY_MS);
  expect(after.matches({ loading: 'slow' })).toBe(true);
}
