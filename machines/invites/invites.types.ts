/**
 * The invite modal (spec 2 Invite modal; spec 9: 10 per page): the member's
 * invite rule, for the text beside the link, and the table of the friends
 * they invited, a page at a time. The link with its copy and share is the
 * view's: it needs no server. spec 7: a failed read is silently ignored.
 */
import type * as v from 'valibot';
import type { InviteItem, InviteRuleResponse, InvitesResponse } from '../../src/contract/rewards.ts';
import type { Result } from '../shared/result.ts';
import type { RetryContext } from '../shared/read-retry.ts';

export type InviteRule = v.InferOutput<typeof InviteRuleResponse>;

export type InviteRuleAnswer = Result<InviteRule>;
export type InvitesAnswer = Result<v.InferOutput<typeof InvitesResponse>>;

export interface InvitesPageQuery {
  page: number;
  limit: number;
}

export interface InvitesContext extends RetryContext {
  /** The rule as the server gives it; null until read, or when the read failed (the modal then says nothing of it). */
  rule: InviteRule | null;
  /** The page asked for last. */
  page: number;
  /** spec 9: 10 per page. */
  limit: number;
  /** The invites shown: the last page that loaded (a failed load keeps them). */
  rows: InviteItem[];
  /** How many invites there are in all, for the page links. */
  total: number;
  /** The page `rows` belong to; null until one has loaded. */
  shownPage: number | null;
}

export type InvitesEvent =
  /** The connection is back (the shell's connectivity actor): a page waiting for it is read now. */
  | { type: 'read.online' }
  /** Another page of the table (a page link, previous or next). */
  | { type: 'invites.page'; page: number }
  /** The member closed the modal. */
  | { type: 'modal.close' };

/**
 * Actors the view provides: readRule (() → InviteRuleAnswer), loadPage
 * (InvitesPageQuery → InvitesAnswer).
 * Tags: 'loading' (a page is being read), 'skeleton' (the first page is
 * slower than the loader delay).
 */
export type InvitesTag = 'loading' | 'skeleton' | 'offline';
