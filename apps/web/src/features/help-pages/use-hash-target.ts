import { useEffect, useRef } from 'react';

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

/** The id the address's `#fragment` names, if any. */
function hashId(): string | null {
  const raw = window.location.hash.slice(1);
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    // a malformed escape: look the fragment up as written
    return raw;
  }
}

/**
 * Brings the section the address's `#fragment` names into view once the page's content is there
 * (`ready`), and again whenever the fragment changes (a table of contents link): the browser's own
 * jump happens before the content arrives, so a link to `/privacy-policy#cookies` from elsewhere
 * would otherwise land at the top. The focus moves there too, so keyboard and screen reader users
 * carry on from the section: onto its control when it holds one (a FAQ question's button), else
 * onto the heading itself. `reveal` runs first with the fragment's id, to open what it names.
 */
export function useHashTarget(ready: boolean, reveal?: (id: string) => void) {
  const revealRef = useRef(reveal);
  useEffect(() => {
    revealRef.current = reveal;
  });
  useEffect(() => {
    if (!ready) return;
    let frame = 0;
    const go = () => {
      const id = hashId();
      if (!id) return;
      revealRef.current?.(id);
      cancelAnimationFrame(frame);
      // after what `reveal` opened has rendered
      frame = requestAnimationFrame(() => {
        const element = document.getElementById(id);
        if (!element) return;
        element.scrollIntoView({ block: 'start' });
        const control = element.matches(FOCUSABLE) ? element : element.querySelector<HTMLElement>(FOCUSABLE);
        if (control) {
          control.focus({ preventScroll: true });
          return;
        }
        if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
        element.focus({ preventScroll: true });
      });
    };
    go();
    window.addEventListener('hashchange', go);
    return () => {
      window.removeEventListener('hashchange', go);
      cancelAnimationFrame(frame);
    };
  }, [ready]);
}
