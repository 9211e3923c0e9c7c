/**
 * Keeps what receives focus clear of the sticky header and bottom navigation (WCAG 2.4.11, focus
 * not obscured). `scroll-padding` (index.css) covers the scrolls the browser decides to make,
 * but Chrome does not scroll at all for an element that is inside the viewport, even when a
 * sticky bar covers it: a message box 2 px under the bottom navigation stayed there. After each
 * focus change, the page is scrolled by what the bars cover of the focused element, plus a
 * margin for its focus ring.
 */
const RING = 8;

function covered(el: Element): number {
  const r = el.getBoundingClientRect();
  if (r.height === 0 || r.height > window.innerHeight / 2) return 0;
  const header = document.querySelector('[data-sticky-bar="top"]')?.getBoundingClientRect();
  const nav = document.querySelector('[data-sticky-bar="bottom"]')?.getBoundingClientRect();
  if (nav && r.bottom + RING > nav.top && r.top < nav.top) return r.bottom + RING - nav.top;
  if (header && r.top - RING < header.bottom && r.bottom > header.bottom) return r.top - RING - header.bottom;
  return 0;
}

/** Starts watching focus changes; returns a function that stops. */
export function keepFocusClearOfBars(): () => void {
  const onFocus = (event: FocusEvent) => {
    const target = event.target;
    if (!(target instanceof Element) || target === document.body) return;
    // after the browser's own scroll for this focus change
    requestAnimationFrame(() => {
      if (document.activeElement !== target) return;
      const by = covered(target);
      if (by !== 0) window.scrollBy({ top: by, behavior: 'instant' });
    });
  };
  document.addEventListener('focusin', onFocus);
  return () => document.removeEventListener('focusin', onFocus);
}
