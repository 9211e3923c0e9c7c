import { useCallback, useEffect, useLayoutEffect, type RefObject } from 'react';

/** Room for the focus ring (3 px, 2 px away; 4 px, 3 px away in high contrast) around what has focus. */
export const FOCUS_RING_PX = 7;

/** The area two boxes share, in square pixels. */
export function overlapArea(a: DOMRect, b: DOMRect): number {
  const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return width > 0 && height > 0 ? width * height : 0;
}

/** `element`'s box with room for its focus ring. */
export function ringedBox(element: Element): DOMRect {
  const r = element.getBoundingClientRect();
  return new DOMRect(r.x - FOCUS_RING_PX, r.y - FOCUS_RING_PX, r.width + 2 * FOCUS_RING_PX, r.height + 2 * FOCUS_RING_PX);
}

/** What has keyboard focus outside `region`, if anything (the page itself is nothing). */
export function focusedOutside(region: Element): Element | null {
  const focused = document.activeElement;
  if (!focused || focused === document.body || focused === document.documentElement || region.contains(focused)) return null;
  return focused;
}

/**
 * Keeps what shows in `viewport` (toasts, the alert pop-up) out of the way (WCAG 2.4.11): it shows
 * in its usual place (`data-placement="usual"`) and moves to the other edge (`"other"`) when
 * `cost` (what it covers there, in square pixels) is lower. The place is an attribute set here,
 * not React state: trying the other place to measure it and putting it back happens between two
 * paints. A new `key` (a new item) starts in the usual place; focus moves, scrolling, resizing and
 * `subscribe`'s calls (others that share the screen) place it again after the frame.
 */
export function useStepAside(
  viewportRef: RefObject<HTMLElement | null>,
  key: string | number | undefined,
  cost: (viewport: HTMLElement) => number,
  subscribe?: (listener: () => void) => () => void,
): void {
  const place = useCallback(
    (reset: boolean) => {
      const viewport = viewportRef.current;
      if (!viewport) return;
      if (reset) viewport.dataset.placement = 'usual';
      if (viewport.children.length === 0) return;
      const current = viewport.dataset.placement === 'other' ? 'other' : 'usual';
      const here = cost(viewport);
      if (here === 0) return;
      const other = current === 'usual' ? 'other' : 'usual';
      viewport.dataset.placement = other;
      const there = cost(viewport);
      viewport.dataset.placement = there < here ? other : current;
    },
    [viewportRef, cost],
  );

  useLayoutEffect(() => {
    if (key !== undefined) place(true);
  }, [key, place]);

  useEffect(() => {
    let frame = 0;
    // After the frame: focus() has scrolled its element into view by then.
    const later = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => place(false));
    };
    document.addEventListener('focusin', later);
    window.addEventListener('scrollend', later);
    window.addEventListener('resize', later);
    const unsubscribe = subscribe?.(later);
    return () => {
      cancelAnimationFrame(frame);
      unsubscribe?.();
      document.removeEventListener('focusin', later);
      window.removeEventListener('scrollend', later);
      window.removeEventListener('resize', later);
    };
  }, [place, subscribe]);
}
