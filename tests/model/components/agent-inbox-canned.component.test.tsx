/**
 * The canned replies dialog in the real component (happy-dom), drawn from
 * the inbox's canned-replies child: a change the server takes closes its
 * form, because the machine says so ('canned.saved'); a refusal keeps the
 * form, with the reason, for the agent to try again.
 */
import { act, fireEvent, render as renderInDom, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { agentInboxMachine } from '../../../machines/agent-inbox/agent-inbox.machine.ts';
import { cannedRepliesMachine } from '../../../machines/canned-replies/canned-replies.machine.ts';
import type { CannedAnswer, CannedChange, CannedChangeAnswer } from '../../../machines/canned-replies/canned-replies.types.ts';
import { inboxListMachine } from '../../../machines/inbox-list/inbox-list.machine.ts';
import type { InboxAnswer, InboxQueryInput } from '../../../machines/inbox-list/inbox-list.types.ts';
import CannedDialog from '../../../src/features/ops/inbox/CannedDialog.tsx';
import { InboxContext, type InboxActor } from '../../../src/features/ops/inbox/inbox-context.ts';
import { CANNED } from '../agent-inbox.fixtures.ts';

const running: InboxActor[] = [];
afterEach(() => {
  for (const actor of running.splice(0)) actor.stop();
});

/** The inbox with its canned replies read, answering a change with `answer`. */
function inboxAnswering(answer: (change: CannedChange) => CannedChangeAnswer): InboxActor {
  const machine = agentInboxMachine.provide({
    actors: {
      list: inboxListMachine.provide({
        actors: { loadInbox: fromPromise<InboxAnswer, InboxQueryInput>(async () => ({ ok: true, data: { conversations: [], total: 0 } })) },
      }),
      canned: cannedRepliesMachine.provide({
        actors: {
          loadCanned: fromPromise<CannedAnswer, void>(async () => ({ ok: true, data: { replies: CANNED } })),
          changeCanned: fromPromise<CannedChangeAnswer, CannedChange>(async ({ input }) => answer(input)),
        },
      }),
    },
  });
  const actor = createActor(machine, { input: { canEditCanned: true, origin: 'https://wallet.example' } }).start();
  running.push(actor);
  return actor;
}

/** Lets answered promises reach the machine and React. */
const settle = () =>
  act(async () => {
    for (let turn = 0; turn < 5; turn++) await Promise.resolve();
  });

async function openAndChangeGreeting(inbox: InboxActor) {
  renderInDom(
    <I18nProvider i18n={i18n}>
      <InboxContext.Provider value={inbox}>
        <CannedDialog onClose={() => {}} onInsert={() => {}} />
      </InboxContext.Provider>
    </I18nProvider>,
  );
  await settle();
  fireEvent.click(screen.getByRole('button', { name: 'Change Greeting' }));
  fireEvent.change(screen.getByRole('textbox', { name: 'Text' }), { target: { value: 'Hello! How can I help?' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await settle();
}

describe('canned replies dialog', () => {
  it('closes the form once the server took the change', async () => {
    const inbox = inboxAnswering((change) => ({
      ok: true,
      data: { saved: { id: change.id!, title: change.action === 'save' ? change.title : '', text: change.action === 'save' ? change.text : '' } },
    }));
    await openAndChangeGreeting(inbox);

    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByText('Hello! How can I help?')).toBeTruthy();
  });

  it('keeps the form, with the reason, when the change is refused', async () => {
    const inbox = inboxAnswering(() => ({ ok: false, message: 'INTERNAL_SERVER_ERROR' }));
    await openAndChangeGreeting(inbox);

    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Text' }) as HTMLTextAreaElement).value).toBe('Hello! How can I help?');
    expect(screen.getByRole('alert')).toBeTruthy();
  });
});
