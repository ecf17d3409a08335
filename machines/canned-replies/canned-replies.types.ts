/**
 * The agent inbox's canned replies: read when the picker first opens; an
 * admin adds, changes and deletes them (the server refuses anyone else with
 * 403 UNAUTHORIZED).
 */
import type { CannedReply } from '../../src/contract/chat.ts';
import type { Result } from '../shared/result.ts';

export interface CannedRepliesInput {
  /**
   * Whether the agent may change canned replies (admins). Null when the
   * caller does not know the role: the edits are offered and a refusal
   * (403 UNAUTHORIZED) takes them away.
   */
  canEditCanned: boolean | null;
}

export interface CannedRepliesContext extends CannedRepliesInput {
  canned: CannedReply[];
  /** Why the last read or change failed: a catalogue code or NETWORK_ERROR. */
  cannedError: string | null;
}

/** A change to the canned replies: add (id null), change, or delete. */
export type CannedChange =
  | { action: 'save'; id: string | null; title: string; text: string }
  | { action: 'delete'; id: string };

/** What a canned change answered: the reply as stored, or the id that is gone. */
export type CannedChanged = { saved: CannedReply } | { deleted: string };

export type CannedAnswer = Result<{ replies: CannedReply[] }>;
export type CannedChangeAnswer = Result<CannedChanged>;

export type CannedRepliesEvent =
  /** The picker opened: read the replies (the first time, or after a failure). */
  | { type: 'canned.open' }
  | { type: 'canned.change'; change: CannedChange };

/** Emitted for the view. */
export type CannedRepliesEmitted =
  /** The server took a change (saved or deleted): its form closes. A refusal emits nothing and keeps it open. */
  { type: 'canned.saved' };

/**
 * Actors the view provides (canned-replies.actors.ts): loadCanned
 * (→ CannedAnswer), changeCanned (CannedChange → CannedChangeAnswer).
 * Tags: 'canned:loading', 'canned:failed', 'canned:ready', 'canned:saving'.
 */
export type CannedRepliesTag = 'canned:loading' | 'canned:failed' | 'canned:ready' | 'canned:saving';
