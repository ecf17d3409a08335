/**
 * What the agent writes in the open conversation: the draft (Enter sends),
 * a file, a built message (machines/reply-builder in its dialog), a canned
 * reply put into the draft, ending the conversation; and whether the agent
 * types. Each is checked by the chat's rules (src/contract/rules/chat.ts)
 * before it is queued in the outbox.
 */

export interface InboxComposerInput {
  conversationId: string;
  /** The customer's ids, for the replies as the history shows them. */
  userId: string | null;
  guestId: string | null;
  /** This site's origin, for the cards' images (machines/reply-builder). */
  origin: string;
}

export interface InboxComposerContext extends InboxComposerInput {
  draft: string;
  /** Why a picked file, the draft or a built message was not taken (CHAT_FILE_NOT_SUPPORTED, CHAT_FILE_TOO_LARGE, CHAT_TEXT_INVALID, KEY_INVALID). */
  composerError: string | null;
}

export type ComposerDialog = 'canned' | 'buttons' | 'cards' | 'end';

export type InboxComposerEvent =
  | { type: 'draft.change'; text: string }
  /** Send the draft as text; `id` is the new message's deliver id (the view makes it). */
  | { type: 'draft.send'; id: string }
  /** Send a file: uploaded first, then sent as a media message. */
  | { type: 'media.pick'; id: string; file: File }
  | { type: 'conversation.end'; id: string }
  | { type: 'dialog.open'; dialog: ComposerDialog }
  | { type: 'dialog.close' }
  /** A canned reply chosen: it goes into the draft, after what is written. */
  | { type: 'canned.insert'; text: string }
  // its own, raised from the events above
  | { type: 'agent.typing'; typing: boolean };

/**
 * Actors: builder (machines/reply-builder; the machine's own).
 * Actions the inbox provides (agent-inbox.children.ts): queue(OutboxRequest),
 * tellTyping({ typing }) (the agent started or stopped typing).
 * Tags: 'dialog:canned', 'dialog:buttons', 'dialog:cards', 'dialog:end'
 * (which dialog is open; the builder's is the `builder` child).
 */
export type InboxComposerTag = 'dialog:canned' | 'dialog:buttons' | 'dialog:cards' | 'dialog:end';
