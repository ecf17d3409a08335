/**
 * Keeps the chat sheet inside what the phone shows: with the on-screen
 * keyboard up, Android Chrome and iOS Safari shrink only the visual
 * viewport, so a sheet sized to the layout viewport would put the text box
 * under the keyboard. The sheet reads these two custom properties
 * (chat.css); without the API it keeps 100dvh.
 */
import { useEffect } from 'react';

export function useVisualViewport(target: HTMLElement | null): void {
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport || !target) return;
    const follow = () => {
      target.style.setProperty('--chat-viewport-height', `${viewport.height}px`);
      target.style.setProperty('--chat-viewport-top', `${viewport.offsetTop}px`);
    };
    follow();
    viewport.addEventListener('resize', follow);
    viewport.addEventListener('scroll', follow);
    return () => {
      viewport.removeEventListener('resize', follow);
      viewport.removeEventListener('scroll', follow);
      target.style.removeProperty('--chat-viewport-height');
      target.style.removeProperty('--chat-viewport-top');
    };
  }, [target]);
}
