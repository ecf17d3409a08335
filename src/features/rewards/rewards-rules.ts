/**
 * The invite link and the invite shares, apart from the views so they can be
 * read and tested on their own (spec 2 Member home, spec 9: "Invite code
 * prefix PR followed by the profile id").
 */
import { inviteCodeFor } from '../../contract/rules/members.ts';

/** spec 2: {origin}/register?code=PR{profile id}; the registration page keeps the code (localStorage 'code'). */
export function inviteLink(origin: string, profileId: string): string {
  const url = new URL('/register', origin);
  url.searchParams.set('code', inviteCodeFor(profileId));
  return url.href;
}

/**
 * spec 2: the receive dialog's "percentage of invites that succeeded and
 * failed", as fractions for Intl's percent style. Of invites that are
 * decided: those still waiting count in neither. No invites: 0 and 0.
 */
export function inviteShares({ success, fail }: { success: number; fail: number }): { success: number; fail: number } {
  const decided = success + fail;
  if (decided <= 0) return { success: 0, fail: 0 };
  return { success: success / decided, fail: fail / decided };
}
