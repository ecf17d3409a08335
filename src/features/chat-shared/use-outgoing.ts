/**
 * What a message being sent shows, read from its machines/chat-media actor
 * by its tags (spec 3 delivery statuses): uploading with its progress
 * (0-100), waiting for the connection, failed with its reason, or sending.
 * The widget's own messages and the agent inbox's replies are drawn from it
 * alike. No texts: it is in neither catalogue (lingui.config.ts).
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { chatMediaMachine } from '../../../machines/chat-media/chat-media.machine.ts';

export type ChatMediaRef = ActorRefFrom<typeof chatMediaMachine>;

export interface Outgoing {
  uploading: boolean;
  /** Waiting for the connection (the widget's item written offline). */
  queued: boolean;
  failed: boolean;
  /** How much of the file has gone, 0 to 100. */
  progress: number;
  /** Why it failed: a catalogue code or NETWORK_ERROR. */
  failure: string | null;
  /** The uploaded file (its signed link and type), once the upload is done. */
  uploaded: { url: string; fileType: 'image' | 'video' | 'file' } | null;
}

/** The item's state; an item not started yet (undefined: the inbox's reply waiting its turn) is sending. */
export function useOutgoing(item: ChatMediaRef | undefined): Outgoing {
  const uploading = useSelector(item, (snapshot) => snapshot?.hasTag('uploading_file') ?? false);
  const queued = useSelector(item, (snapshot) => snapshot?.hasTag('queued') ?? false);
  const failed = useSelector(item, (snapshot) => snapshot?.hasTag('failed') ?? false);
  const progress = useSelector(item, (snapshot) => snapshot?.context.progress ?? 0);
  const failure = useSelector(item, (snapshot) => snapshot?.context.failure ?? null);
  const uploaded = useSelector(item, (snapshot) => snapshot?.context.upload ?? null);
  return { uploading, queued, failed, progress, failure, uploaded };
}
