/** The history's calls over the API client (one's own conversation), and the machine of each message sent, with its calls. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import { chatMediaActors } from '../chat-media/chat-media.actors.ts';
import { chatMediaMachine } from '../chat-media/chat-media.machine.ts';
import type { Result } from '../shared/result.ts';
import type { PageAnswer, PageQuery, ReadQuery } from './chat-history.types.ts';

export function chatHistoryActors(api: ApiClient) {
  return {
    loadPage: fromPromise<PageAnswer, PageQuery>(({ input, signal }) => api.call('chatHistory', input, { signal })),
    markRead: fromPromise<Result<unknown>, ReadQuery>(({ input, signal }) => api.call('chatReadCustomer', input, { signal })),
    chatMedia: chatMediaMachine.provide({ actors: chatMediaActors(api) }),
  };
}
