import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { useRef, type ReactNode } from 'react';
import { useMessageDock } from './message-dock';

// jsdom lays nothing out: a phone's screen (390 × 844) stands in, its boxes following each list's
// `data-placement` as the classes place them (toaster.tsx, notification-popup.tsx).
const WIDTH = 390;
const NAV_TOP = 780;
const BANNER_BOTTOM = 100;
const TOASTS_HEIGHT = 90; // one toast of 58 px and the list's padding
const ALERT_HEIGHT = 120;

function box(top: number, height: number) {
  return new DOMRect(0, top, WIDTH, height);
}

/** Where each part of the harness is, given where the lists are now. */
function layout(element: Element): DOMRect {
  const style = document.documentElement.style;
  const offset = parseFloat(style.getPropertyValue('--message-dock-offset') || '0');
  const top = parseFloat(style.getPropertyValue('--message-dock-top') || '56');
  const part = (element as HTMLElement).dataset.part;
  const list = element.closest('ol');
  const placement = list?.dataset.placement;
  if (part === 'header') return box(0, 56);
  if (part === 'banner') return box(56, BANNER_BOTTOM - 56);
  if (part === 'control') return new DOMRect(16, Number((element as HTMLElement).dataset.top), 200, 44);
  if (list?.dataset.region === 'toasts') {
    const listTop = placement === 'other' ? top : NAV_TOP - TOASTS_HEIGHT;
    return element === list ? box(listTop, TOASTS_HEIGHT) : box(listTop + 16, TOASTS_HEIGHT - 32);
  }
  if (list?.dataset.region === 'alerts') {
    const listTop = placement === 'other' ? top + offset : NAV_TOP - offset - ALERT_HEIGHT - 32;
    return element === list ? box(listTop, ALERT_HEIGHT + 32) : box(listTop + 16, ALERT_HEIGHT);
  }
  return new DOMRect();
}

function Harness({ toast, alert, controlTop }: { toast?: string; alert?: number; controlTop: number }) {
  const toasts = useRef<HTMLOListElement>(null);
  const alerts = useRef<HTMLOListElement>(null);
  useMessageDock(toasts, 'toasts', toast);
  useMessageDock(alerts, 'alerts', alert);
  return (
    <>
      <header data-sticky-bar="top" data-part="header" />
      <div data-status-banner="" data-part="banner" />
      <button type="button" data-part="control" data-top={controlTop}>
        Control
      </button>
      {/* each list in its region, as Radix draws it */}
      <div role="region" aria-label="Notifications">
        <ol ref={toasts} data-region="toasts">
          {toast ? <li>{toast}</li> : null}
        </ol>
      </div>
      <div role="region" aria-label="New alerts">
        <ol ref={alerts} data-region="alerts">
          {alert ? <li>Alert</li> : null}
        </ol>
      </div>
    </>
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  document.documentElement.removeAttribute('style');
});

const placements = (container: HTMLElement) => [...container.querySelectorAll('ol')].map((list) => list.dataset.placement);

describe('the message dock', () => {
  it('stacks the pop-up past the toasts, and keeps the top edge under the header and the banner', () => {
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      return layout(this);
    });
    const { container, rerender } = render(<Harness alert={1} controlTop={300} />);
    expect(placements(container)).toEqual(['usual', 'usual']);
    expect(document.documentElement.style.getPropertyValue('--message-dock-top')).toBe(`${BANNER_BOTTOM}px`);
    // no toast: the pop-up at the edge
    expect(document.documentElement.style.getPropertyValue('--message-dock-offset')).toBe('0px');
    rerender(<Harness toast="Saved" alert={1} controlTop={300} />);
    // past the toast's items, 8 px apart
    expect(document.documentElement.style.getPropertyValue('--message-dock-offset')).toBe(`${TOASTS_HEIGHT - 32 + 8}px`);
  });

  it('moves both to the other place while the usual one covers what has focus, and back once it does not', () => {
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      return layout(this);
    });
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      callback(0);
      return 0;
    });
    // a control just above the navigation, where the toast shows
    const { container, getByRole, rerender } = render(<Harness controlTop={NAV_TOP - 60} />);
    act(() => getByRole('button').focus());
    rerender(<Harness toast="Saved" alert={1} controlTop={NAV_TOP - 60} />);
    expect(placements(container)).toEqual(['other', 'other']);

    // the focus leaves for a control nothing covers at the bottom: back to the usual place
    rerender(<Harness toast="Saved" alert={1} controlTop={400} />);
    act(() => {
      getByRole('button').blur();
      getByRole('button').focus();
    });
    expect(placements(container)).toEqual(['usual', 'usual']);
  });

  /** Where the dock goes when a toast comes while `near` (unfocused) sits just above the navigation. */
  function placementsBeside(near: (control: ReactNode) => ReactNode, control: { type: 'button' | 'submit'; name: string }) {
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      return layout(this);
    });
    function Page({ toast }: { toast?: string }) {
      return (
        <>
          {near(
            <button type={control.type} data-part="control" data-top={NAV_TOP - 50}>
              {control.name}
            </button>,
          )}
          <Harness toast={toast} controlTop={200} />
        </>
      );
    }
    const { container, rerender } = render(<Page />);
    rerender(<Page toast="Saved" />);
    return placements(container);
  }

  it("steps aside from a row of primary actions that nothing focused (a phone's tap)", () => {
    expect(placementsBeside((c) => <div data-keep-clear="">{c}</div>, { type: 'button', name: 'Scan New Content' })).toEqual(['other', 'other']);
  });

  it("steps aside from a form's submit button, which needs no mark (sign-up, settings, any form)", () => {
    expect(placementsBeside((c) => <form>{c}</form>, { type: 'submit', name: 'Create account' })).toEqual(['other', 'other']);
  });

  it('stays in its usual place over a plain button that is neither focused nor a primary action', () => {
    expect(placementsBeside((c) => c, { type: 'button', name: 'Show more' })).toEqual(['usual', 'usual']);
  });
});
