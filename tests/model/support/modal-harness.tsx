/**
 * A modal as the home runs it, for the component replays: the modal's
 * machine (with its real actors over the replay's fake API) started for one
 * opening, the view given it, and how the machine ended reported, as the
 * home reads its output; the modal is gone once it ended.
 */
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom, AnyMachineSnapshot, AnyStateMachine, InputFrom, OutputFrom } from 'xstate';

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
  return render(
    <I18nProvider i18n={i18n}>
      <ModalHarness {...props} />
    </I18nProvider>,
  );
}
