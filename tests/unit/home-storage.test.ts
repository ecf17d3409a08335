/**
 * What the member home keeps on the device: spec 3's `last_sync` (read back
 * only when it is a time, gone with the token at sign-out and at the next
 * sign-in) and the dismissed notices' keys (a key of ours, kept across
 * sign-outs); and the rules that read them: when a last read is recent,
 * and a notice's key.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LAST_SYNC_RECENT_MS, syncIsRecent } from '../../machines/balance/balance.machine.ts';
import { DISMISSED_NOTICES_COOKIE, keysOfDismissedCookie, noticeKey } from '../../src/contract/rules/notice-dismissals.ts';
import { readLastSync, storeLastSync } from '../../src/app/last-sync.ts';
import { clearStoredToken, storeToken } from '../../src/app/token-storage.ts';
import { dismissedNotices, mirrorDismissedNotices, rememberDismissedNotices } from '../../src/features/home/notice-storage.ts';
import { cookieValue } from '../../src/server/cookies.ts';
import { MemoryStorage } from '../support/memory-storage.ts';

/** Storage a browser blocks (private modes, a full quota): every call throws. */
const blocked = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
  removeItem: () => {
    throw new Error('SecurityError');
  },
};

const READ_AT = '2026-11-29T06:41:35.000Z';

/** The cookies written, as `document.cookie = …` writes them (the last one is what the browser keeps). */
let cookiesWritten: string[] = [];

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  cookiesWritten = [];
  vi.stubGlobal('document', {
    set cookie(value: string) {
      cookiesWritten.push(value);
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('last_sync (spec 3)', () => {
  it('keeps the last read under last_sync and reads it back; a value that is not a time reads as none', () => {
    expect(readLastSync()).toBeNull();
    storeLastSync(READ_AT);
    expect(localStorage.getItem('last_sync')).toBe(READ_AT);
    expect(readLastSync()).toBe(READ_AT);
    localStorage.setItem('last_sync', 'yesterday');
    expect(readLastSync()).toBeNull();
  });

  it('goes with the token: at sign-out, and when the next member signs in', () => {
    storeToken('token-1', true);
    storeLastSync(READ_AT);
    clearStoredToken();
    expect([localStorage.getItem('token'), localStorage.getItem('last_sync')]).toEqual([null, null]);

    storeLastSync(READ_AT);
    storeToken('token-2', false);
    expect([sessionStorage.getItem('token'), localStorage.getItem('last_sync')]).toEqual(['token-2', null]);
  });

  it('reads as none and writes nothing when storage is blocked', () => {
    vi.stubGlobal('localStorage', blocked);
    expect(readLastSync()).toBeNull();
    expect(() => storeLastSync(READ_AT)).not.toThrow();
    expect(() => clearStoredToken()).not.toThrow();
  });
});

describe('a recent last read', () => {
  const now = Date.parse(READ_AT);
  const at = (offset: number) => new Date(now + offset).toISOString();

  it('is one younger than LAST_SYNC_RECENT_MS (5 minutes)', () => {
    expect(LAST_SYNC_RECENT_MS).toBe(300_000);
    expect(syncIsRecent(at(0), now)).toBe(true);
    expect(syncIsRecent(at(-LAST_SYNC_RECENT_MS + 1), now)).toBe(true);
    expect(syncIsRecent(at(-LAST_SYNC_RECENT_MS), now)).toBe(false);
  });

  it('allows the server\'s clock as far ahead of the device\'s, no further', () => {
    expect(syncIsRecent(at(LAST_SYNC_RECENT_MS - 1), now)).toBe(true);
    expect(syncIsRecent(at(LAST_SYNC_RECENT_MS), now)).toBe(false);
  });

  it('is never none nor an unreadable value', () => {
    expect(syncIsRecent(null, now)).toBe(false);
    expect(syncIsRecent('not a time', now)).toBe(false);
  });
});

describe('dismissed notices', () => {
  it('keep their keys on the device, and read garbage or blocked storage as none dismissed', () => {
    expect(dismissedNotices()).toEqual([]);
    rememberDismissedNotices(['a1', 'b2']);
    expect(dismissedNotices()).toEqual(['a1', 'b2']);
    localStorage.setItem('dismissed-notice', '{"a1":true}');
    expect(dismissedNotices()).toEqual([]);
    localStorage.setItem('dismissed-notice', '["a1",7,null,"c3"]');
    expect(dismissedNotices()).toEqual(['a1', 'c3']);
    localStorage.setItem('dismissed-notice', 'not json');
    expect(dismissedNotices()).toEqual([]);
    vi.stubGlobal('localStorage', blocked);
    expect(dismissedNotices()).toEqual([]);
    expect(() => rememberDismissedNotices(['a1'])).not.toThrow();
  });

  it('are mirrored in a cookie the server reads back (the keys only), gone when none', () => {
    const written = () => {
      const cookie = cookiesWritten.at(-1)!;
      expect(cookie).toMatch(/^dismissed-notice=[^;]*; path=\/; max-age=\d+; SameSite=Lax$/);
      const value = /^dismissed-notice=([^;]*)/.exec(cookie)![1]!;
      return { keys: keysOfDismissedCookie(cookieValue(`locale=TH; ${DISMISSED_NOTICES_COOKIE}=${value}`, DISMISSED_NOTICES_COOKIE)), maxAge: Number(/max-age=(\d+)/.exec(cookie)![1]) };
    };
    const keys = [noticeKey('ประกาศ'), noticeKey('Notice')];
    rememberDismissedNotices(keys);
    expect(written()).toEqual({ keys, maxAge: 365 * 24 * 60 * 60 });
    // Dismissed before the cookie existed: the home mirrors what storage holds; what is not a key stays out.
    localStorage.setItem('dismissed-notice', JSON.stringify([keys[0], 'NOT;a=key']));
    mirrorDismissedNotices(dismissedNotices());
    expect(written()).toEqual({ keys: [keys[0]], maxAge: 365 * 24 * 60 * 60 });
    rememberDismissedNotices([]);
    expect(written()).toEqual({ keys: [], maxAge: 0 });
  });

  it('survive a sign-out: they hold no member\'s data', () => {
    rememberDismissedNotices(['a1']);
    clearStoredToken();
    expect(dismissedNotices()).toEqual(['a1']);
  });
});

describe('a notice\'s key', () => {
  it('is the same for the same text and differs when a character changes, in any script, markup included', () => {
    const texts = [
      'Maintenance tonight at 02:00.',
      'Maintenance tonight at 03:00.',
      '<strong>Maintenance</strong> tonight at 03:00.',
      '<b>Maintenance</b> tonight at 03:00.',
      'ปิดปรับปรุงคืนนี้',
      'ປິດປັບປຸງຄືນນີ້',
      'ປິດປັບປຸງຄືນນີ້ ',
      '',
    ];
    const keys = texts.map(noticeKey);
    expect(new Set(keys).size).toBe(texts.length);
    expect(texts.map(noticeKey)).toEqual(keys);
    for (const key of keys) expect(key).toMatch(/^[0-9a-z]{1,11}$/);
  });
});
