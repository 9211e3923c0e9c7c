import { useCallback, useLayoutEffect, useRef, useState, type ComponentProps } from 'react';
import { Tabs as RadixTabs } from 'radix-ui';
import { cn } from '@/lib/cn';

export const Tabs = RadixTabs.Root;

/**
 * The tabs. Radix's roving focus sends a keyboard Tab into the list on to the selected tab, but
 * after a mouse click on a tab it can miss one entry and leave the focus on the list itself (no
 * outline, arrows dead): a focus on the list is passed on to the selected tab here.
 */
export function TabsList({ className, onFocus, ...props }: ComponentProps<typeof RadixTabs.List>) {
  return (
    <RadixTabs.List
      className={cn('flex w-full gap-1 rounded-lg bg-slate-100 p-1', className)}
      onFocus={(event) => {
        onFocus?.(event);
        if (event.target !== event.currentTarget) return;
        event.currentTarget.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]:not([disabled])')?.focus();
      }}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: RadixTabs.TabsTriggerProps) {
  return (
    <RadixTabs.Trigger
      className={cn(
        'flex-1 cursor-pointer rounded-md px-3 py-2 text-sm font-medium text-slate-700 transition-colors focus-ring hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:font-semibold data-[state=active]:text-primary-strong data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

const FOCUSABLE = 'a[href], button, input, select, textarea, iframe, summary, audio[controls], video[controls], [tabindex], [contenteditable]';

/** Whether Tab can reach something inside `panel` (not the panel itself). */
function hasTabbableContent(panel: HTMLElement): boolean {
  for (const el of panel.querySelectorAll<HTMLElement>(FOCUSABLE)) {
    if (el.tabIndex < 0) continue;
    if ('disabled' in el && el.disabled === true) continue;
    if (el instanceof HTMLInputElement && el.type === 'hidden') continue;
    const hiddenBy = el.closest('[hidden], [inert]');
    if (hiddenBy && hiddenBy !== panel && panel.contains(hiddenBy)) continue;
    return true;
  }
  return false;
}

// What can change whether a panel holds something Tab reaches.
const WATCHED_ATTRIBUTES = ['disabled', 'tabindex', 'hidden', 'inert', 'href', 'contenteditable', 'type', 'controls'];

/**
 * A tab panel is a Tab stop of its own (Radix gives it tabIndex 0) only when nothing inside it
 * can take focus, as WAI-ARIA's tabs pattern says: with a form, a list or switches inside, Tab
 * goes from the tab straight to them, not first to the whole panel (an extra stop whose outline
 * ran under the sticky header). Content that comes later (a list once loaded, an empty state)
 * is watched. An explicit `tabIndex` wins.
 */
export function TabsContent({ className, tabIndex, ref, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  const panelRef = useRef<HTMLDivElement | null>(null);
  const [ownStop, setOwnStop] = useState(true);
  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const update = () => setOwnStop(!hasTabbableContent(panel));
    update();
    const observer = new MutationObserver(update);
    observer.observe(panel, { subtree: true, childList: true, attributes: true, attributeFilter: WATCHED_ATTRIBUTES });
    return () => observer.disconnect();
  }, []);
  const setRefs = useCallback(
    (node: HTMLDivElement | null) => {
      panelRef.current = node;
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );
  return (
    <RadixTabs.Content
      ref={setRefs}
      tabIndex={tabIndex ?? (ownStop ? 0 : undefined)}
      className={cn('mt-4 focus-ring rounded-lg', className)}
      {...props}
    />
  );
}
