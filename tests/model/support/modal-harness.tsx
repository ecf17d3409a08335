/**
 * A modal as the home runs it, for the component replays: the modal's
 * machine (with its real actors over the replay's fake API) started for one
 * opening, the view given it, and how the machine ended reported, as the
 * home reads its output; the modal is gone once it ended. The member
 * shell's connectivity actor is given as the shell gives it.
 */
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { createActor, fromPromise, type ActorRefFrom, type AnyMachineSnapshot, type AnyStateMachine, type InputFrom, type OutputFrom } from 'xstate';
import { connectivityMachine } from '../../../machines/connectivity/connectivity.machine.ts';
import { ConnectivityContext, type ConnectivityActor } from '../../../src/app/connectivity.ts';

/** The member shell's connectivity actor of the current render (its check always answers). */
let connectivity: ConnectivityActor | null = null;

/** The connection drops and comes back, as the shell's actor hears it: the views waiting for it are told. */
export function backOnline(): void {
  connectivity!.send({ type: 'browser.offline' });
  connectivity!.send({ type: 'request.answered' });
}

export function ModalHarness<TLogic extends AnyStateMachine>({
  logic,
  input,
  onEnd,
  children,
}: {
  logic: TLogic;
  input: InputFrom<TLogic>;
  onEnd: (output: OutputFrom<TLogic>) => void;
  children: (machine: ActorRefFrom<TLogic>) => ReactNode;
}) {
  const machine = useActorRef(logic, { input });
  useEffect(() => {
    const subscription = machine.subscribe({ complete: () => onEnd((machine.getSnapshot() as AnyMachineSnapshot).output as OutputFrom<TLogic>) });
    return () => subscription.unsubscribe();
  }, [machine, onEnd]);
  const ended = useSelector(machine, (snapshot) => (snapshot as AnyMachineSnapshot).status === 'done');
  return ended ? null : children(machine as ActorRefFrom<TLogic>);
}

/** Renders the modal's view for one opening of its machine, in the app's language provider. */
export function renderModal<TLogic extends AnyStateMachine>(props: {
  logic: TLogic;
  input: InputFrom<TLogic>;
  onEnd: (output: OutputFrom<TLogic>) => void;
  children: (machine: ActorRefFrom<TLogic>) => ReactNode;
}) {
  connectivity?.stop();
  connectivity = createActor(connectivityMachine.provide({ actors: { check: fromPromise(async () => true) } })).start();
  return render(
    <I18nProvider i18n={i18n}>
      <ConnectivityContext.Provider value={connectivity}>
        <ModalHarness {...props} />
      </ConnectivityContext.Provider>
    </I18nProvider>,
  );
}
