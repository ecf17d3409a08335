import type { Variant } from '../contract/rules/members.ts';

/**
 * The build's variant (Thailand or Laos). The server's VARIANT env decides it;
 * `npm start` builds with the same environment and vite.config.ts copies
 * VARIANT into VITE_VARIANT, so the SPA reads it at build time (docs/decisions/0006-variant-at-build-time.md).
 */
export const VARIANT: Variant = import.meta.env.VITE_VARIANT === 'la' ? 'la' : 'th';
