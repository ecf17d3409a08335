/**
 * A message the agent builds in the inbox's dialogs (spec 3 button, generic
 * card): buttons (up to 3, shown under a text) or quick replies (up to 10
 * chips the customer taps once), or a carousel of up to 3 cards, each with
 * a title, a subtitle, an image on this site and at most one button.
 */
import type { ButtonType, ChatMessageBody } from '../../src/contract/chat.ts';

export interface ButtonDraft {
  type: ButtonType;
  title: string;
  payload: string;
}

export interface CardDraft {
  title: string;
  subtitle: string;
  /** What the agent typed: a path on this site or one of its addresses; empty for none. */
  imageUrl: string;
  /** The card's one button, when it has one. */
  button: ButtonDraft | null;
}

export type BuilderKind = 'choices' | 'cards';
export type ChoiceKind = 'buttons' | 'quick_replies';

export interface ReplyBuilderInput {
  kind: BuilderKind;
  /** This site's origin: a card's image must be one of its (the widget loads images from it only). */
  origin: string;
}

export interface ReplyBuilderContext extends ReplyBuilderInput {
  /** Choices: shown as buttons or as quick replies. */
  choice: ChoiceKind;
  /** Choices: the text above them. */
  text: string;
  /** Choices: the buttons written; the first of them up to the kind's most are shown and sent. */
  buttons: ButtonDraft[];
  cards: CardDraft[];
  /** The message built, once sent. */
  message: ChatMessageBody | null;
}

export type ReplyBuilderEvent =
  | { type: 'builder.choose'; choice: ChoiceKind }
  | { type: 'builder.text'; text: string }
  | { type: 'builder.button'; index: number; button: ButtonDraft }
  | { type: 'builder.addButton' }
  | { type: 'builder.removeButton'; index: number }
  | { type: 'builder.card'; index: number; card: CardDraft }
  | { type: 'builder.addCard' }
  | { type: 'builder.removeCard'; index: number }
  /** Send what is built; `id` is the new message's deliver id (the view makes it). */
  | { type: 'builder.send'; id: string };

/** The message built, once every field passes. */
export interface ReplyBuilderOutput {
  message: ChatMessageBody;
}

/**
 * Tags: 'checked' (the agent tried to send something that does not pass:
 * every field's refusal shows; reply-builder.selectors.ts says which).
 */
export type ReplyBuilderTag = 'checked';
