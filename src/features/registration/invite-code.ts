/** spec 2 and 3: the invite code from ?code= is kept in localStorage 'code'. */
const INVITE_CODE_KEY = 'code';

export function rememberInviteCode(code: string): void {
  try {
    localStorage.setItem(INVITE_CODE_KEY, code);
  } catch {
    // storage blocked: the code is lost, the member can still type it
  }
}

export function storedInviteCode(): string | null {
  try {
    return localStorage.getItem(INVITE_CODE_KEY) || null;
  } catch {
    return null;
  }
}

export function forgetInviteCode(): void {
  try {
    localStorage.removeItem(INVITE_CODE_KEY);
  } catch {
    // nothing stored
  }
}
