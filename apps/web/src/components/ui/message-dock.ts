import { useLayoutEffect, type RefObject } from 'react';

/**
 * The one place on the screen for what comes and goes by itself: the toasts and the alert pop-up
 * (two Radix Toast regions: the toasts show over open dialogs, the pop-up under them). Both stack
 * at the same edge, the toasts nearest to it and the pop-up just beyond them, so they never cover
 * each other. Their usual place is the bottom, above the bottom navigation (and a phone's home
 * indicator), at every width: full width on a phone, the right-hand side from the md breakpoint.
 * The other place is the top, just under the header and the status banner while it is on screen:
 * a region never covers either. Both move there together when that covers less of what has focus
 * (WCAG 2.4.11) and of the screen's primary actions ({@link KEEP_CLEAR_SELECTOR}: every form's
 * submit button, and the controls in a `data-keep-clear` row, such as a scan result's Scan New
 * Content and Report), which a tap on a phone does not always focus.
 *
 * The place is an attribute on each list (`data-placement`: `usual` or `other`), set here rather
 * than through React state: trying the other place to measure it and putting it back happens
 * between two paints. The edge offsets are CSS variables on the root element:
 * `--message-dock-top` (the bottom of the header or the banner, whichever is lower) and
 * `--message-dock-offset` (how far the pop-up stands from the edge: past the toasts).
 */

/** Room for the focus ring (3 px, 2 px away; 4 px, 3 px away in high contrast) around what has focus. */
export const FOCUS_RING_PX = 7;
/** Each list's padding around its items (`p-4`). */
const LIST_PADDING_PX = 16;
/** Between the last toast and the pop-up. */
const GAP_PX = 8;
// Covering what has focus or a primary action weighs more than covering the page; covering the
// header or the banner is never worth it (only a very tall stack on a very short screen could).
const FOCUS_WEIGHT = 4;
const KEEP_CLEAR_WEIGHT = 4;
const BAR_WEIGHT = 1000;

/**
 * The primary actions kept clear even when nothing has focus: a form's submit button wherever it
 * is (no form has to remember a mark), and the controls of a row marked `data-keep-clear` (not
 * the row's empty end).
 */
export const KEEP_CLEAR_SELECTOR = 'button[type="submit"], [data-keep-clear] > *';

/** Which region a list is: the toasts (nearest the edge) or the alert pop-up (past them). */
export type DockRegion = 'toasts' | 'alerts';
type Placement = 'usual' | 'other';

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

const lists = new Map<HTMLElement, DockRegion>();
let placement: Placement = 'usual';
/** Watches the toasts and the bars while any region is mounted. */
let resizes: ResizeObserver | undefined;

/** The header and the status banner: never covered. */
function bars(): Element[] {
  return [...document.querySelectorAll('[data-sticky-bar="top"], [data-status-banner]')];
}

/** What has keyboard focus outside the regions, if anything (the page itself is nothing). */
function focusedOutsideRegions(): Element | null {
  const focused = document.activeElement;
  if (!focused || focused === document.body || focused === document.documentElement) return null;
  for (const list of lists.keys()) if ((list.parentElement ?? list).contains(focused)) return null;
  return focused;
}

function anythingShown(): boolean {
  return [...lists.keys()].some((list) => list.children.length > 0);
}

/** The boxes of everything shown in the regions. */
function shownBoxes(): DOMRect[] {
  return [...lists.keys()].flatMap((list) => [...list.children].map((item) => item.getBoundingClientRect()));
}

/** What the regions cover where they are now, weighted. */
function cost(): number {
  const boxes = shownBoxes();
  if (boxes.length === 0) return 0;
  const covered = (weight: number, target: DOMRect) => weight * boxes.reduce((sum, box) => sum + overlapArea(box, target), 0);
  let total = 0;
  const focused = focusedOutsideRegions();
  if (focused) total += covered(FOCUS_WEIGHT, ringedBox(focused));
  for (const control of document.querySelectorAll(KEEP_CLEAR_SELECTOR)) total += covered(KEEP_CLEAR_WEIGHT, ringedBox(control));
  for (const bar of bars()) total += covered(BAR_WEIGHT, bar.getBoundingClientRect());
  return total;
}

function setPlacement(next: Placement) {
  placement = next;
  for (const list of lists.keys()) list.dataset.placement = next;
}

/** The top edge (under the header, and under the banner while it shows) and the pop-up's distance from the edge. */
function measureEdges() {
  const root = document.documentElement.style;
  const shown = bars();
  // the banner grows when its text changes (offline, an alert): the edge under it moves too
  for (const bar of shown) resizes?.observe(bar);
  const top = Math.max(0, ...shown.map((bar) => bar.getBoundingClientRect().bottom));
  root.setProperty('--message-dock-top', `${Math.round(top)}px`);
  let offset = 0;
  for (const [list, region] of lists) {
    if (region === 'toasts' && list.children.length > 0) offset = Math.max(0, list.getBoundingClientRect().height - 2 * LIST_PADDING_PX + GAP_PX);
  }
  root.setProperty('--message-dock-offset', `${Math.round(offset)}px`);
}

/** Puts the regions where they cover least: the usual place unless the other covers less. */
function place() {
  if (lists.size === 0) return;
  measureEdges();
  setPlacement('usual');
  const usual = cost();
  if (usual === 0) return;
  setPlacement('other');
  if (cost() >= usual) setPlacement('usual');
}

let frame = 0;
/** After the frame: focus() has scrolled its element into view by then. */
function placeLater() {
  cancelAnimationFrame(frame);
  frame = requestAnimationFrame(place);
}
/** While the page scrolls, the banner moves: a region under it follows it (scroll events come once a frame). */
function followEdges() {
  if (placement === 'other' && anythingShown()) measureEdges();
}

function startWatching() {
  document.addEventListener('focusin', placeLater);
  window.addEventListener('scroll', followEdges, { passive: true });
  window.addEventListener('scrollend', placeLater);
  window.addEventListener('resize', placeLater);
  // a toast shown, grown or gone moves the pop-up beyond it, before the frame is painted
  if (typeof ResizeObserver === 'function') resizes = new ResizeObserver(place);
}

function stopWatching() {
  cancelAnimationFrame(frame);
  document.removeEventListener('focusin', placeLater);
  window.removeEventListener('scroll', followEdges);
  window.removeEventListener('scrollend', placeLater);
  window.removeEventListener('resize', placeLater);
  resizes?.disconnect();
  resizes = undefined;
}

/**
 * Puts the list in `listRef` (a Radix Toast viewport) in the dock as `region` while mounted. A new
 * `key` (something new shown in it) places both regions again.
 */
export function useMessageDock(listRef: RefObject<HTMLElement | null>, region: DockRegion, key: string | number | undefined): void {
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    if (lists.size === 0) startWatching();
    lists.set(list, region);
    list.dataset.placement = placement;
    if (region === 'toasts') resizes?.observe(list);
    return () => {
      lists.delete(list);
      resizes?.unobserve(list);
      if (lists.size === 0) {
        stopWatching();
        placement = 'usual';
      }
    };
  }, [listRef, region]);

  useLayoutEffect(() => {
    if (key !== undefined) place();
  }, [key]);
}
