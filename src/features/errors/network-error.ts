/**
 * The network failure's text, always at hand (public catalogue): it is also
 * what a member sees when the errors catalogue itself cannot be fetched,
 * since then the network is down. A module of its own so that the catalogue
 * of texts (messages.ts) and the loader that fetches it (message-text.tsx)
 * both use it without importing each other.
 */
import { msg } from '@lingui/core/macro';

export const NETWORK_ERROR_MESSAGE = msg`We could not reach the server. Check your internet connection and try again.`;
