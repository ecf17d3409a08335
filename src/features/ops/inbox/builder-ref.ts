/** The builder dialogs' machine (machines/reply-builder), which the composer runs while one is open. */
import type { ActorRefFrom } from 'xstate';
import type { replyBuilderMachine } from '../../../../machines/reply-builder/reply-builder.machine.ts';

export type BuilderRef = ActorRefFrom<typeof replyBuilderMachine>;
