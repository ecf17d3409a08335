/**
 * spec 9: "loader delay before calls about 200 ms". A read that answers
 * sooner shows no loader at all, so a quick answer never flashes a skeleton.
 */
export const LOADER_DELAY_MS = 200;

/**
 * The inside of a loading state whose skeleton waits for the loader delay:
 * 'quiet' until the delay ends, then 'slow' with the tag 'skeleton'. Spread
 * into the state (`{ ...skeletonAfterLoaderDelay, invoke: … }`) of a machine
 * whose setup has `delays: loaderDelays`.
 */
export const skeletonAfterLoaderDelay = {
  initial: 'quiet',
  states: {
    quiet: {
      after: { loaderDelay: 'slow' },
    },
    slow: {
      tags: 'skeleton',
    },
  },
} as const;

/** The delays of a machine using skeletonAfterLoaderDelay. */
export const loaderDelays = { loaderDelay: LOADER_DELAY_MS };
