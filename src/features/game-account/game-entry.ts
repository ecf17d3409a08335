/**
 * Opening a game the way the server's autoLogin answer says (spec 2, game
 * account modal): a web link, or a login form posted to the provider's page.
 * App links are shown by the modal for the member to choose.
 */
import type { GameEntry } from '../../contract/api.ts';

type OpenedEntry = Exclude<GameEntry, { kind: 'apps' }>;

/** Only web addresses: a `javascript:` or `data:` URL from a bad answer must never run here. */
export function webUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, window.location.href);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * A link opens in a new tab, so the wallet stays where it was; when the
 * browser blocks the tab (the answer came after the tap, which some phones
 * treat as a pop-up) the game opens in this tab instead. A form is a real
 * <form> posted in this tab: its fields carry the entry (spec 2), for our
 * reference games a one-time token, never the game password. Both are the
 * browser's own navigations from this page, so they carry this origin in
 * Sec-Fetch-Site and Origin, which the game pages require
 * (docs/decisions/0084-game-entry-from-this-server-only.md).
 */
export function openGameEntry(entry: OpenedEntry): boolean {
  if (entry.kind === 'link') {
    const url = webUrl(entry.url);
    if (!url) return false;
    const tab = window.open(url, '_blank');
    if (tab) tab.opener = null;
    else window.location.assign(url);
    return true;
  }
  const action = webUrl(entry.action);
  if (!action) return false;
  const form = document.createElement('form');
  form.method = 'post';
  form.action = action;
  form.hidden = true;
  for (const [name, value] of Object.entries(entry.fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
  form.remove();
  return true;
}
