/**
 * The invite modal's model paths replayed in the real InviteModal: the
 * member's link ({origin}/register?code=PR{profile id}) with copy, the rule
 * when it was read, the invites table with its pages, and closing.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, it, vi } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { invitesActors } from '../../../machines/invites/invites.actors.ts';
import { invitesMachine } from '../../../machines/invites/invites.machine.ts';
import type { InvitesContext } from '../../../machines/invites/invites.types.ts';
import InviteModal from '../../../src/features/rewards/InviteModal.tsx';
import { showSuccessToast } from '../../../src/features/ui/toast.ts';
import { walletAnswer } from '../balance.model.ts';
import { invitesModels } from '../invites.model.ts';
import { replayInView, viewPaths, viewPathTitle, type ViewDriver } from '../support/component-replay.ts';
import { fakeApiClient, newFakeApi } from '../support/fake-api.ts';
import { renderModal } from '../support/modal-harness.tsx';
import { expect } from '../support/step-expect.ts';

const [flow] = invitesModels;
const WALLET = walletAnswer(500, '2026-11-26T10:00:00.000Z');
const LINK = `${window.location.origin}/register?code=PR${WALLET.profile._id}`;

let clipboard: { writeText: ReturnType<typeof vi.fn> };
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  clipboard = { writeText: vi.fn(() => Promise.resolve()) };
  vi.stubGlobal('navigator', { ...navigator, clipboard, share: undefined });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Page links show once there are two pages. */
function offers(event: AnyEventObject, before: AnyMachineSnapshot): boolean {
  const context = before.context as InvitesContext;
  if (event.type === 'invites.page') return context.total > context.limit;
  return true;
}

function driver(onEnd: () => void): ViewDriver {
  const dialog = () => screen.getByRole('dialog');
  const view = () => within(dialog());
  return {
    render: () =>
      renderModal({
        logic: invitesMachine.provide({ actors: invitesActors(fakeApiClient()) }),
        input: undefined,
        onEnd,
        children: (machine) => <InviteModal machine={machine} wallet={WALLET} />,
      }),
    perform(event: AnyEventObject) {
      if (event.type === 'invites.page') return void fireEvent.click(view().getByRole('button', { name: `Page ${event.page}` }));
      if (event.type === 'modal.close') return void fireEvent.click(view().getAllByRole('button', { name: 'Close' })[0]!);
      throw new Error(`No gesture for ${event.type}`);
    },
    apiCall: ({ actor, input }) => (actor === 'readRule' ? { name: 'inviteRule', args: [{}] } : { name: 'invites', args: [input, {}] }),
    expectView({ after }) {
      if (after.status === 'done') {
        expect(vi.mocked(onEnd).mock.calls.length, 'ended').toBe(1);
        return expect(screen.queryByRole('dialog'), 'the dialog closes').toBeNull();
      }
      const context = after.context as InvitesContext;
      // spec 2: the link, with the profile's PR code.
      expect(view().getByText(LINK)).toBeTruthy();
      expect(view().queryByText(/^You earn 10% of a friend's first deposit/) !== null, 'rule').toBe(context.rule !== null);
      const table = view().getByText('Friends you invited').closest('section')!;
      const rows = within(table).queryAllByRole('listitem').filter((item) => item.classList.contains('reward-row'));
      expect(rows.length, 'rows').toBe(context.shownPage === null ? 0 : context.rows.length);
      if (context.shownPage !== null && context.rows.length > 0) expect(within(table).getByText(context.rows[0]!.from.name)).toBeTruthy();
      expect(within(table).queryByRole('navigation') !== null, 'page links').toBe(context.total > context.limit);
    },
  };
}

describe('invite modal', () => {
  for (const path of viewPaths(flow!, { offers })) {
    it(viewPathTitle(flow!, path), async () => {
      const api = newFakeApi();
      await replayInView(flow!, path, driver(vi.fn()), api);
    });
  }

  it('copies the link and says so (spec 2: Copied: {text})', async () => {
    newFakeApi();
    renderModal({
      logic: invitesMachine.provide({ actors: invitesActors(fakeApiClient()) }),
      input: undefined,
      onEnd: () => {},
      children: (machine) => <InviteModal machine={machine} wallet={WALLET} />,
    });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Copy link' }));
    await vi.waitFor(() => expect(vi.mocked(showSuccessToast)).toHaveBeenCalledWith(`Copied: ${LINK}`));
    expect(clipboard.writeText).toHaveBeenCalledWith(LINK);
    // No share sheet on this device: no share button.
    expect(within(screen.getByRole('dialog')).queryByRole('button', { name: 'Share' })).toBeNull();
  });
});
