/**
 * A chat-media child's end, as its parent hears it: `xstate.done.actor.<id>`
 * with the item's output, or `xstate.error.actor.<id>` when it broke (a bug).
 * The widget's history and the inbox's outbox name their items by their
 * deliver ids, so the id says which item it was.
 */
import type { AnyEventObject } from 'xstate';
import type { ChatMediaOutput } from './chat-media.types.ts';

export function itemEnd(event: AnyEventObject): { actorId: string; output?: ChatMediaOutput } {
  const actorId = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type)?.[1] ?? '';
  return { actorId, output: (event as { output?: ChatMediaOutput }).output };
}
