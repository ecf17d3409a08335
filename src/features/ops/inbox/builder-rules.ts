/**
 * The builders' checks of a button and a card (spec 3 button and generic
 * card), on the chat's rules (src/contract/rules/chat.ts): a title; a web
 * button opens an http(s) address, a call button dials a phone number, a
 * postback sends a value back; a text button sends its title; a card's image
 * is one on this site. What the contract allows and the widget would refuse
 * to open or show is refused here too, so an agent learns it while writing.
 */
import type { ButtonType, ChatButton, GenericCard } from '../../../contract/chat.ts';
import {
  CHAT_PAYLOAD_MAX,
  CHAT_SUBTITLE_MAX,
  callButtonHref,
  chatTitleRefusal,
  mediaUrl,
  webButtonUrl,
} from '../../../contract/rules/chat.ts';

export interface ButtonDraft {
  type: ButtonType;
  title: string;
  payload: string;
}

export const emptyButton = (type: ButtonType = 'postback'): ButtonDraft => ({ type, title: '', payload: '' });

/** Why a button cannot be sent: a catalogue-free reason the builder words itself; null when it is fine. */
export function buttonProblem(button: ButtonDraft): 'title' | 'web' | 'call' | 'postback' | null {
  if (chatTitleRefusal(button.title) !== null) return 'title';
  if (button.type === 'web' && webButtonUrl(button.payload) === null) return 'web';
  if (button.type === 'call' && callButtonHref(button.payload) === null) return 'call';
  if (button.type === 'postback' && (button.payload.trim() === '' || button.payload.length > CHAT_PAYLOAD_MAX)) return 'postback';
  return null;
}

/** The button as the contract has it. */
export function toChatButton(button: ButtonDraft): ChatButton {
  const title = button.title.trim();
  const payload = button.type === 'text' ? title : button.type === 'web' ? webButtonUrl(button.payload)! : button.payload.trim();
  return { type: button.type, title, payload };
}

export interface CardDraft {
  title: string;
  subtitle: string;
  /** What the agent typed: a path on this site or one of its addresses; empty for none. */
  imageUrl: string;
  /** The card's one button, when it has one. */
  button: ButtonDraft | null;
}

export const emptyCard = (): CardDraft => ({ title: '', subtitle: '', imageUrl: '', button: null });

/**
 * Why a card cannot be sent, or null. Its image must show in the widget,
 * which loads images from this site only (`origin`: the inbox's, the same
 * site the widget runs on).
 */
export function cardProblem(card: CardDraft, origin: string): 'title' | 'subtitle' | 'image' | 'button' | null {
  if (chatTitleRefusal(card.title) !== null) return 'title';
  if (card.subtitle.trim().length > CHAT_SUBTITLE_MAX) return 'subtitle';
  if (card.imageUrl.trim() !== '' && mediaUrl(card.imageUrl.trim(), origin) === null) return 'image';
  if (card.button && buttonProblem(card.button) !== null) return 'button';
  return null;
}

/** The card as the contract has it: the image as a path on this site (what the contract's image rule takes as this site's). */
export function toCard(card: CardDraft, origin: string): GenericCard {
  const image = card.imageUrl.trim();
  return {
    title: card.title.trim(),
    subtitle: card.subtitle.trim(),
    image_url: image ? mediaUrl(image, origin)! : '',
    buttons: card.button ? [toChatButton(card.button)] : [],
  };
}
