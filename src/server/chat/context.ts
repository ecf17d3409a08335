/**
 * What the chat's functions work with, each handed what it needs: the
 * database, the hub to the sockets, the rooms' prefix, the secret that signs
 * links to stored files, and the upload storage. The routes build it from
 * the app at each call, so the hub is the app's at that moment (tests put a
 * recording hub in its place after the app is built).
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import type { ChatMediaQuotas } from '../config.ts';
import type { FileStorage } from '../storage/storage.ts';
import type { ChatHub } from './hub.ts';

export interface ChatContext {
  db: Db;
  hub: ChatHub;
  /** CHAT_PREFIX: a conversation's room is `{prefix}-{userId or guestId}`. */
  prefix: string;
  /**
   * FILE_LINK_SECRET: signs the links to every stored file, slips' and the
   * chat's alike (storage/signed-urls.ts; routes/files.ts checks them).
   */
  fileLinkSecret: string;
  /** The app's upload storage (app.uploads). */
  storage: FileStorage;
  /** The stored-bytes quotas of chat files (uploads.ts); the address's is null with LIMITS_PER_IP=off. */
  mediaQuotas: Omit<ChatMediaQuotas, 'perGuestAddressDay'> & { perGuestAddressDay: number | null };
}

export function chatContext(app: FastifyInstance): ChatContext {
  const { chatMediaQuotas, limits } = app.config;
  return {
    db: app.db,
    hub: app.chatHub,
    prefix: app.config.chatPrefix,
    fileLinkSecret: app.config.fileLinkSecret,
    storage: app.uploads,
    mediaQuotas: { ...chatMediaQuotas, perGuestAddressDay: limits.perIp === null ? null : chatMediaQuotas.perGuestAddressDay },
  };
}
