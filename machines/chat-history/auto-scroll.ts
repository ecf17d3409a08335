/**
 * The auto-scroll rule (spec 9), one for the widget's history and the agent
 * inbox: a view follows new messages while within CHAT_AUTO_SCROLL_PX of its
 * bottom. Only the reader's own scrolling towards the top unpins it (content
 * growing below moves nothing, so it never does); scrolling back near the
 * bottom pins it again. The views report each scroll as its distance from
 * the bottom and its direction; the machines' guards decide with these.
 */
import { CHAT_AUTO_SCROLL_PX } from '../../src/contract/chat.ts';

/** Close enough to the bottom to follow what arrives. */
export function nearBottom(distanceFromBottom: number): boolean {
  return distanceFromBottom <= CHAT_AUTO_SCROLL_PX;
}

/** The reader scrolled up, away from the bottom: the view stops following. */
export function scrolledAway(distanceFromBottom: number, towardsTop: boolean): boolean {
  return towardsTop && !nearBottom(distanceFromBottom);
}
