/**
 * An operator's word on a member's way in, on the member's console page:
 * suspend, close or resume them (their standing), or end their sessions.
 * Each is confirmed first with what it will do (docs/decisions/0128-members-and-service-in-the-console.md).
 */
export type MemberStatus = 'active' | 'suspended' | 'closed';

/** A new standing, or the member's sessions ended (their standing unchanged). */
export type StandingChange = MemberStatus | 'sessionsEnded';

export interface MemberStandingInput {
  /** The member's standing as the page read it. */
  status: MemberStatus;
}

export interface MemberStandingContext {
  status: MemberStatus;
  /** What the operator chose and is asked to confirm (or is being done); null when nothing is. */
  change: StandingChange | null;
  /** The catalogue code of the last refusal; null once confirmed again or cancelled. */
  failure: string | null;
}

export type MemberStandingEvent =
  /** Choosing the standing the member has already changes nothing. */
  | { type: 'standing.choose'; change: StandingChange }
  | { type: 'standing.confirm' }
  | { type: 'standing.cancel' };

/**
 * Actor the view provides: applyChange ({ change } → Result<unknown>;
 * member-standing.actors.ts). Action the view provides: changed
 * ({ change }) — reads the page again and says it is done.
 * Tags: 'idle', 'confirming', 'applying'.
 */
export type MemberStandingTag = 'idle' | 'confirming' | 'applying';
