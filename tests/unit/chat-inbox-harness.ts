/**
 * The agent inbox with its real children and socket link, over fake I/O
 * that the tests answer (or that answers at once where a test gives an
 * answer), and a socket that lets the test play the server. No vitest here.
 */
import { createActor, fromCallback, fromPromise } from 'xstate';
import { agentInboxMachine } from '../../machines/agent-inbox/agent-inbox.machine.ts';
import { inboxConversationFor, inboxOutboxFor } from '../../machines/agent-inbox/agent-inbox.children.ts';
import { inboxListMachine } from '../../machines/inbox-list/inbox-list.machine.ts';
import { outboxItemFor } from '../../machines/inbox-outbox/inbox-outbox.machine.ts';
import { socketLinkFor } from '../../machines/socket-link/socket-link.machine.ts';
import type { SocketCommand, SocketInput, SocketLogic, SocketReport } from '../../machines/socket-link/socket-link.types.ts';
import { FIRST_PAGE, PANELS, page } from '../model/agent-inbox.fixtures.ts';

export interface Call {
  name: string;
  input: unknown;
  resolve: (answer: unknown) => void;
  reject: (error: Error) => void;
}

/** A socket whose reports the test sends and whose commands it reads. */
export function fakeSocket() {
  const socket = { report: (_: SocketReport) => {}, commands: [] as SocketCommand[], opened: 0 };
  const logic: SocketLogic = fromCallback<SocketCommand, SocketInput>(({ sendBack, receive }) => {
    socket.opened += 1;
    socket.report = (event) => sendBack(event);
    receive((command) => socket.commands.push(command));
  });
  return { socket, logic };
}

const OK = { ok: true, data: { message: 'SUCCESS' } };

/** Answers given at once, by call; any other call waits for the test. */
const immediate: Record<string, (input: unknown) => unknown> = {
  loadInbox: () => ({ ok: true, data: FIRST_PAGE }),
  openConversation: (input) => {
    const { id } = input as { id: string };
    return { ok: true, data: { panel: PANELS[id], messages: page(id, 50, 3) } };
  },
  markRead: () => OK,
};

/** What the view provides: the socket's refusal for good, and the log of background failures, recorded. */
export interface ViewActions {
  refused: string[];
  logged: string[];
}

/** The inbox, not started yet. */
export function inboxHarness(socket: SocketLogic, answerNow: Record<string, (input: unknown) => unknown> = immediate) {
  const view: ViewActions = { refused: [], logged: [] };
  const calls: Call[] = [];
  // Any answer a test gives, for any call: one fake stands in for each I/O actor, whatever its types.
  const io = (name: string) =>
    fromPromise<any, any>(
      ({ input }) =>
        answerNow[name] ? Promise.resolve(answerNow[name](input)) : new Promise((resolve, reject) => calls.push({ name, input, resolve, reject })),
    );
  const machine = agentInboxMachine.provide({
    actors: {
      socketLink: socketLinkFor(socket),
      list: inboxListMachine.provide({ actors: { loadInbox: io('loadInbox') } }),
      conversation: inboxConversationFor({ openConversation: io('openConversation'), loadOlder: io('loadOlder'), catchUp: io('catchUp'), markRead: io('markRead') }),
      outbox: inboxOutboxFor({
        outboxItem: outboxItemFor({ upload: io('upload'), send: io('send') }),
        endConversation: io('endConversation'),
      }),
    },
    actions: {
      refused: (_, { message }) => void view.refused.push(message),
      logFailure: (_, { message }) => void view.logged.push(message),
    },
  });
  const actor = createActor(machine, { input: { canEditCanned: null, origin: 'https://wallet.example' } });
  /** The calls made and not answered yet, by name; taken from the list. */
  const take = (name: string): Call[] => {
    const taken = calls.filter((call) => call.name === name);
    calls.splice(0, calls.length, ...calls.filter((call) => call.name !== name));
    return taken;
  };
  const child = <K extends 'list' | 'conversation' | 'composer' | 'outbox'>(id: K) => actor.getSnapshot().children[id]!;
  return { actor, calls, take, child, view };
}

/** Lets answered promises reach the machines. */
export const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
