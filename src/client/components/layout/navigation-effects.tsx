import { useEffect, useRef } from 'react';
import { useMatches, useRouterState } from '@tanstack/react-router';
import { documentTitle } from '../../lib/route-meta.js';
import { dismissScreenToasts } from '../../lib/screen-toast.js';

const HEADING_WAIT_MS = 3_000;

/**
 * After a move to another screen, focus goes to its h1, so a screen-reader or keyboard user
 * starts at the new content rather than on the link they left (or on nothing). The heading may
 * appear only once the screen's data has loaded, so it is waited for, briefly; focus the person
 * moved themselves in the meantime is left alone.
 */
function focusHeadingSoon(): () => void {
  const before = document.activeElement;
  const started = Date.now();
  let frame = 0;
  const attempt = () => {
    const moved = document.activeElement !== before && document.activeElement !== document.body;
    if (moved) return;
    const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector('h1');
    if (heading) {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus();
      return;
    }
    if (Date.now() - started < HEADING_WAIT_MS) frame = requestAnimationFrame(attempt);
  };
  frame = requestAnimationFrame(attempt);
  return () => cancelAnimationFrame(frame);
}

/**
 * What changes with the screen: the document title (each route's staticData.title), focus on the
 * new heading, and the toasts about the screen left behind (lib/screen-toast.ts).
 */
export function NavigationEffects() {
  // The location once its screen has loaded and rendered (not when the move starts).
  const pathname = useRouterState({
    select: (state) => (state.resolvedLocation ?? state.location).pathname,
  });
  const title = useMatches({
    select: (matches) => matches.findLast((match) => match.staticData.title)?.staticData.title,
  });
  const previous = useRef<string | null>(null);

  useEffect(() => {
    if (title) document.title = documentTitle(title);
  }, [title, pathname]);

  useEffect(() => {
    const first = previous.current === null;
    const changed = previous.current !== pathname;
    previous.current = pathname;
    if (first || !changed) return;
    dismissScreenToasts();
    return focusHeadingSoon();
  }, [pathname]);

  return null;
}
