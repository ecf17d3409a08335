import { describe, expect, it } from 'vitest';
import { profileIdFromInviteCode } from '../../src/contract/rules/members.ts';
import { formatPeriodStart } from '../../src/features/rewards/rewards-dates.ts';
import { inviteLink, inviteShares } from '../../src/features/rewards/rewards-rules.ts';

describe('invite link (spec 2: {origin}/register?code=PR{profile id})', () => {
  it('is the registration page with the PR code of the profile', () => {
    expect(inviteLink('https://wallet.example', '42')).toBe('https://wallet.example/register?code=PR42');
  });

  it('keeps a port and drops anything after the origin', () => {
    expect(inviteLink('http://127.0.0.1:3122', '7')).toBe('http://127.0.0.1:3122/register?code=PR7');
  });

  it('carries a code the registration reads back to the same profile', () => {
    const code = new URL(inviteLink('https://wallet.example', '1234567')).searchParams.get('code')!;
    expect(profileIdFromInviteCode(code)).toBe('1234567');
  });
});

describe('invite shares (spec 2: the percentage of invites that succeeded and failed)', () => {
  it('divides the decided invites', () => {
    expect(inviteShares({ success: 3, fail: 1 })).toEqual({ success: 0.75, fail: 0.25 });
  });

  it('is 0 and 0 with no invites decided', () => {
    expect(inviteShares({ success: 0, fail: 0 })).toEqual({ success: 0, fail: 0 });
  });

  it('is all success or all fail when only one kind is decided', () => {
    expect(inviteShares({ success: 0, fail: 4 })).toEqual({ success: 0, fail: 1 });
    expect(inviteShares({ success: 2, fail: 0 })).toEqual({ success: 1, fail: 0 });
  });
});

describe('refund period start (spec 9: DD/MM/YYYY, in the variant\'s time zone)', () => {
  it('reads a Bangkok midnight as that day, whatever the phone\'s clock says', () => {
    expect(formatPeriodStart('2026-11-15T17:00:00.000Z', 'Asia/Bangkok')).toBe('16/11/2026');
  });

  it('is empty for a malformed instant', () => {
    expect(formatPeriodStart('not a date', 'Asia/Bangkok')).toBe('');
  });
});
