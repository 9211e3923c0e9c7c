import { useEffect, useRef, type RefObject } from 'react';

/**
 * Gives the keyboard focus back when it leaves a Radix Toast region (the toasts' or the alert
 * pop-up's) by itself. Radix puts the focus on the empty list when the toast that had it closes
 * (Escape, Close, its action), and F8 then Tab past the last toast goes on from the end of the
 * page: either way the next Tab started again at "Skip to main content". Here the focus goes back
 * to what had it before it came into the region, or to the main content when that is gone.
 *
 * `open`: whether anything is open in the region; when the last closes with the focus in the
 * region (Escape on the list after F8), the focus goes back too.
 *
 * Tab out is taken over only when F8 brought the focus (onto the list itself): whoever came in
 * with Tab goes on with Tab, and no one is sent back to where they came from for ever.
 */
export function useReturnFocus(listRef: RefObject<HTMLElement | null>, open: boolean): void {
  const giveBackRef = useRef<(() => void) | null>(null);

  useEffect(() => {
    const list = listRef.current;
    const region = list?.parentElement;
    if (!list || !region) return;
    let returnTo: HTMLElement | null = null;
    let byHotkey = false;
    let timer = 0;

    const giveBack = () => {
      const target = returnTo?.isConnected && !region.contains(returnTo) ? returnTo : document.getElementById('main');
      returnTo = null;
      byHotkey = false;
      target?.focus();
    };
    // when the last one closes: if the focus is still in the region, nothing is left there for it
    giveBackRef.current = () => {
      const focused = document.activeElement;
      if (focused && region.contains(focused)) giveBack();
    };

    const onFocusIn = (event: FocusEvent) => {
      const from = event.relatedTarget;
      if (!(from instanceof Node) || !region.contains(from)) {
        returnTo = from instanceof HTMLElement && from !== document.body ? from : null;
        byHotkey = event.target === list;
      }
      // Radix focuses the list as the toast with the focus closes: once it has, nothing is left there
      if (event.target === list) {
        window.clearTimeout(timer);
        timer = window.setTimeout(() => {
          if (document.activeElement === list && !list.querySelector('[data-state="open"]')) giveBack();
        });
      }
    };

    // after Radix's own Tab handling on the list: past the first or the last control it moves the
    // focus to one of its proxies just inside the region, for the browser to go on from there
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey || !byHotkey) return;
      const focused = document.activeElement;
      if (focused && focused !== region && region.contains(focused) && !list.contains(focused)) {
        event.preventDefault();
        giveBack();
      }
    };

    region.addEventListener('focusin', onFocusIn);
    region.addEventListener('keydown', onKeyDown);
    return () => {
      giveBackRef.current = null;
      window.clearTimeout(timer);
      region.removeEventListener('focusin', onFocusIn);
      region.removeEventListener('keydown', onKeyDown);
    };
  }, [listRef]);

  useEffect(() => {
    if (open) return;
    // after Radix has moved the focus as the toast closed, if it did
    const timer = window.setTimeout(() => giveBackRef.current?.());
    return () => window.clearTimeout(timer);
  }, [open]);
}
