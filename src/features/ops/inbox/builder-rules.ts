/**
 * The builders' checks of a button (spec 3 button), before the contract's:
 * a title; a web button opens an http(s) address, a call button dials a
 * phone number, a postback sends a value back; a text button sends its title.
 * What the contract allows and the widget would refuse to open is refused here.
 */
import type { ButtonType, ChatButton } from '../../../contract/chat.ts';
import { callButtonHref, webButtonUrl } from './links.ts';

export interface ButtonDraft {
  type: ButtonType;
  title: string;
  payload: string;
}

export const emptyButton = (type: ButtonType = 'postback'): ButtonDraft => ({ type, title: '', payload: '' });

/** Why a button cannot be sent: a catalogue-free reason the builder words itself; null when it is fine. */
export function buttonProblem(button: ButtonDraft): 'title' | 'web' | 'call' | 'postback' | null {
  const title = button.title.trim();
  if (title === '' || title.length > 80) return 'title';
  if (button.type === 'web' && webButtonUrl(button.payload) === null) return 'web';
  if (button.type === 'call' && callButtonHref(button.payload) === null) return 'call';
  if (button.type === 'postback' && (button.payload.trim() === '' || button.payload.length > 1000)) return 'postback';
  return null;
}

/** The button as the contract has it. */
export function toChatButton(button: ButtonDraft): ChatButton {
  const title = button.title.trim();
  const payload = button.type === 'text' ? title : button.type === 'web' ? webButtonUrl(button.payload)! : button.payload.trim();
  return { type: button.type, title, payload };
}
