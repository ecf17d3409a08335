/**
 * The widget's children with their I/O over the member's API client (the
 * view provides these, it writes none), and the socket under the
 * connection's link (src/features/chat-shared/chat-socket.ts).
 */
import type { ApiClient } from '../../src/api/client.ts';
import { chatConnectionActions, chatConnectionActors } from '../chat-connection/chat-connection.actors.ts';
import { chatHistoryActors } from '../chat-history/chat-history.actors.ts';
import { socketLinkFor } from '../socket-link/socket-link.machine.ts';
import type { SocketLogic } from '../socket-link/socket-link.types.ts';
import { chatConnectionFor, chatHistoryFor } from './chat-widget.children.ts';

export function chatWidgetActors(api: ApiClient, socket: SocketLogic) {
  return {
    connection: chatConnectionFor({ actors: { ...chatConnectionActors(api), socketLink: socketLinkFor(socket) }, actions: chatConnectionActions(api) }),
    history: chatHistoryFor(chatHistoryActors(api)),
  };
}
