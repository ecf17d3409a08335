/** spec 3 local storage `remember-agreement`: the member accepted the agreements on this device. */
const KEY = 'remember-agreement';

export function agreementAccepted(): boolean {
  try {
    return localStorage.getItem(KEY) === 'true';
  } catch {
    return false; // storage blocked: ask again, which is the safe side
  }
}

export function rememberAgreement(): void {
  try {
    localStorage.setItem(KEY, 'true');
  } catch {
    // Storage blocked: the modal shows again next time.
  }
}
