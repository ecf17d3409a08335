/**
 * What the builders' drafts become (spec 3 button and generic card), and
 * which of their fields the chat's rules refuse (src/contract/rules/chat.ts:
 * the codes the server answers).
 */
import type { ChatButton, ChatMessageBody, GenericCard } from '../../src/contract/chat.ts';
import {
  CHAT_BUTTONS_MAX,
  CHAT_QUICK_REPLIES_MAX,
  chatButtonRefusal,
  chatCardRefusal,
  chatTextRefusal,
  mediaUrl,
  webButtonUrl,
} from '../../src/contract/rules/chat.ts';
import type { ButtonDraft, CardDraft, ChoiceKind, ReplyBuilderContext } from './reply-builder.types.ts';

/** The contract's most of each kind of choices. */
export const MOST_CHOICES: Record<ChoiceKind, number> = { buttons: CHAT_BUTTONS_MAX, quick_replies: CHAT_QUICK_REPLIES_MAX };

export const emptyButton = (type: ButtonDraft['type'] = 'postback'): ButtonDraft => ({ type, title: '', payload: '' });
export const emptyCard = (): CardDraft => ({ title: '', subtitle: '', imageUrl: '', button: null });

/** The buttons shown and sent: the first up to the kind's most (switching to buttons hides the rest, switching back shows them). */
export const shownButtons = (context: Pick<ReplyBuilderContext, 'buttons' | 'choice'>): ButtonDraft[] => context.buttons.slice(0, MOST_CHOICES[context.choice]);

/** The button as the contract has it: a text button sends its title, a web button its address normalised. */
export function toChatButton(button: ButtonDraft): ChatButton {
  const title = button.title.trim();
  const payload = button.type === 'text' ? title : button.type === 'web' ? webButtonUrl(button.payload)! : button.payload.trim();
  return { type: button.type, title, payload };
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

/** Every field's refusal (null where it passes), for the view to say what is wrong. */
export function builderRefusals(context: ReplyBuilderContext) {
  return {
    text: context.kind === 'choices' ? chatTextRefusal(context.text) : null,
    buttons: context.kind === 'choices' ? shownButtons(context).map(chatButtonRefusal) : [],
    cards: context.kind === 'cards' ? context.cards.map((card) => chatCardRefusal(card, context.origin)) : [],
  };
}

/** Nothing refused: the message may go. */
export function builtFits(context: ReplyBuilderContext): boolean {
  const refusals = builderRefusals(context);
  return refusals.text === null && [...refusals.buttons, ...refusals.cards].every((refusal) => refusal === null);
}

/** The message built, under the deliver id `id`. */
export function builtMessage(context: ReplyBuilderContext, id: string): ChatMessageBody {
  const deliver = { id, status: 'sending' as const };
  if (context.kind === 'cards') return { message_type: 'generic', payloads: context.cards.map((card) => toCard(card, context.origin)), deliver };
  return { message_type: context.choice, payload: { text: context.text.trim() }, payloads: shownButtons(context).map(toChatButton), deliver };
}
