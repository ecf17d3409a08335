/** The conversation pane before one is chosen (wide screens; phones show the list instead). */
import { Trans } from '@lingui/react/macro';
import { ChatIcon } from '../../ui/icons.tsx';

export function NoConversation() {
  return (
    <div className="inbox-empty">
      <ChatIcon size={40} />
      <p>
        <Trans>Choose a conversation to read and answer it.</Trans>
      </p>
    </div>
  );
}
