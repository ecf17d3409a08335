/**
 * The agreement modal of the member home (spec 2: about 1.5 s after the page
 * loads, unless the member accepted it already; spec 3 local storage
 * `remember-agreement`; spec 7: its lookup fails silently).
 */
import type { Result } from '../shared/result.ts';

export interface AgreementInput {
  /** The member accepted before (local storage `remember-agreement`): nothing opens. */
  accepted: boolean;
}

export interface AgreementContext {
  /** From the input: accepted before, so nothing opens. */
  accepted: boolean;
  /** The agreements' HTML, as the server sent it (the view sanitises it). */
  agreements: string[];
}

export type AgreementEvent =
  /** The member accepts: remembered, the modal closes for good. */
  | { type: 'agreement.accept' }
  /** The member closes it without accepting: it opens again on a later visit. */
  | { type: 'agreement.dismiss' };

export type AgreementsAnswer = Result<{ agreements: string[] }>;

/**
 * Actor the view provides: read (GET /api/lookup/agreements → AgreementsAnswer).
 * Action the view provides: remember — store `remember-agreement`.
 * Tags: 'open' while the modal shows.
 */
export type AgreementTag = 'open';
