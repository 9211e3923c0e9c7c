import { useCallback, useSyncExternalStore } from 'react';

/**
 * Accessibility preferences (spec section 3), kept in this browser's local storage and applied
 * to `<html>` as data attributes that `index.css` styles (DESIGN.md section 6: reduced motion
 * honoured, colour never the only signal).
 */

export const COLOR_BLIND_MODES = ['none', 'protanopia', 'deuteranopia', 'tritanopia'] as const;
export type ColorBlindMode = (typeof COLOR_BLIND_MODES)[number];

export interface AccessibilityPreferences {
  highContrast: boolean;
  largeText: boolean;
  reducedMotion: boolean;
  colorBlindMode: ColorBlindMode;
}

export const ACCESSIBILITY_STORAGE_KEY = 'baitcheck.accessibility';

const BOOLEAN_KEYS = ['highContrast', 'largeText', 'reducedMotion'] as const;

/** The media queries whose answers seed the defaults. */
export const SYSTEM_QUERIES = {
  highContrast: '(prefers-contrast: more)',
  reducedMotion: '(prefers-reduced-motion: reduce)',
} as const;

type MatchMedia = (query: string) => Pick<MediaQueryList, 'matches'> &
  Partial<Pick<MediaQueryList, 'addEventListener' | 'removeEventListener'>>;

export interface AccessibilityEnvironment {
  /** The storage, or null where there is none (private mode, storage blocked). */
  getStorage: () => Pick<Storage, 'getItem' | 'setItem'> | null;
  /** `window.matchMedia`, or undefined where the browser has none. */
  matchMedia: MatchMedia | undefined;
  /** Where `storage` events from other tabs arrive. */
  eventTarget: Pick<Window, 'addEventListener' | 'removeEventListener'> | undefined;
  /** The element the preferences are drawn on. */
  getRoot: () => HTMLElement | undefined;
}

function browserEnvironment(): AccessibilityEnvironment {
  const hasWindow = typeof window !== 'undefined';
  return {
    getStorage: () => {
      try {
        // Reading the property itself throws where storage is blocked.
        return hasWindow ? window.localStorage : null;
      } catch {
        return null;
      }
    },
    matchMedia: hasWindow && typeof window.matchMedia === 'function' ? (q) => window.matchMedia(q) : undefined,
    eventTarget: hasWindow ? window : undefined,
    getRoot: () => (typeof document !== 'undefined' ? document.documentElement : undefined),
  };
}

function queryMatches(matchMedia: MatchMedia | undefined, query: string): boolean {
  try {
    return matchMedia?.(query).matches === true;
  } catch {
    return false;
  }
}

/** The preferences a person gets before choosing: what the operating system asks for. */
export function getSystemDefaults(matchMedia: MatchMedia | undefined = browserEnvironment().matchMedia): AccessibilityPreferences {
  return {
    highContrast: queryMatches(matchMedia, SYSTEM_QUERIES.highContrast),
    largeText: false,
    reducedMotion: queryMatches(matchMedia, SYSTEM_QUERIES.reducedMotion),
    colorBlindMode: 'none',
  };
}

function isColorBlindMode(value: unknown): value is ColorBlindMode {
  return typeof value === 'string' && (COLOR_BLIND_MODES as readonly string[]).includes(value);
}

/**
 * The valid fields of a stored value; anything missing, of the wrong type or not JSON is left
 * out, so that field falls back to its default. Never throws.
 */
export function parseStoredPreferences(raw: string | null | undefined): Partial<AccessibilityPreferences> {
  if (!raw) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const record = value as Record<string, unknown>;
  const out: Partial<AccessibilityPreferences> = {};
  for (const key of BOOLEAN_KEYS) {
    if (typeof record[key] === 'boolean') out[key] = record[key];
  }
  if (isColorBlindMode(record.colorBlindMode)) out.colorBlindMode = record.colorBlindMode;
  return out;
}

/** Draws the preferences on `root` (the `<html>` element) as the data attributes `index.css` styles. */
export function applyAccessibilityPreferences(prefs: AccessibilityPreferences, root: HTMLElement | undefined = browserEnvironment().getRoot()) {
  if (!root) return;
  const set = (name: string, value: string | null) => {
    if (value === null) root.removeAttribute(name);
    else root.setAttribute(name, value);
  };
  set('data-contrast', prefs.highContrast ? 'high' : null);
  set('data-text', prefs.largeText ? 'large' : null);
  set('data-motion', prefs.reducedMotion ? 'reduced' : null);
  set('data-colorblind', prefs.colorBlindMode === 'none' ? null : prefs.colorBlindMode);
}

function samePreferences(a: AccessibilityPreferences, b: AccessibilityPreferences) {
  return (
    a.highContrast === b.highContrast &&
    a.largeText === b.largeText &&
    a.reducedMotion === b.reducedMotion &&
    a.colorBlindMode === b.colorBlindMode
  );
}

export interface AccessibilityStore {
  /** The current preferences; the same object until something changes (for useSyncExternalStore). */
  getSnapshot: () => AccessibilityPreferences;
  subscribe: (listener: () => void) => () => void;
  /** Changes some preferences: saved, drawn and announced to subscribers at once. */
  update: (patch: Partial<AccessibilityPreferences>) => void;
  /** Reads storage and the system again (after another tab wrote, or in tests). */
  reload: () => void;
  /**
   * Draws the preferences now and follows other tabs (`storage` events) and system changes
   * until the returned function is called.
   */
  start: () => () => void;
}

/**
 * A store over an environment. Only the choices a person made are saved, so a preference never
 * touched keeps following the system (turning on the OS's reduced motion later still counts).
 */
export function createAccessibilityStore(env: AccessibilityEnvironment = browserEnvironment()): AccessibilityStore {
  const listeners = new Set<() => void>();
  // In memory too, so choices still hold for this visit where storage is unavailable.
  let chosen: Partial<AccessibilityPreferences> = {};
  let prefs: AccessibilityPreferences = getSystemDefaults(env.matchMedia);
  let loaded = false;

  function readStored(): Partial<AccessibilityPreferences> | null {
    try {
      const storage = env.getStorage();
      return storage ? parseStoredPreferences(storage.getItem(ACCESSIBILITY_STORAGE_KEY)) : null;
    } catch {
      return null;
    }
  }

  function commit(next: AccessibilityPreferences) {
    if (samePreferences(prefs, next)) return;
    prefs = next;
    applyAccessibilityPreferences(prefs, env.getRoot());
    for (const listener of listeners) listener();
  }

  function recompute() {
    commit({ ...getSystemDefaults(env.matchMedia), ...chosen });
  }

  function load() {
    loaded = true;
    const stored = readStored();
    if (stored) chosen = stored;
    recompute();
  }

  function ensureLoaded() {
    if (!loaded) load();
  }

  return {
    getSnapshot() {
      ensureLoaded();
      return prefs;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update(patch) {
      ensureLoaded();
      // Keep only valid fields, so a bad caller cannot save a value the reader would drop.
      const valid = parseStoredPreferences(JSON.stringify(patch));
      chosen = { ...chosen, ...valid };
      try {
        env.getStorage()?.setItem(ACCESSIBILITY_STORAGE_KEY, JSON.stringify(chosen));
      } catch {
        // Full or blocked storage: the choice still applies for this visit.
      }
      recompute();
    },
    reload: load,
    start() {
      ensureLoaded();
      applyAccessibilityPreferences(prefs, env.getRoot());
      const onStorage = (event: StorageEvent) => {
        // key is null when another tab cleared the whole storage.
        if (event.key === ACCESSIBILITY_STORAGE_KEY || event.key === null) load();
      };
      env.eventTarget?.addEventListener('storage', onStorage);
      const queries = Object.values(SYSTEM_QUERIES).flatMap((q) => {
        try {
          const list = env.matchMedia?.(q);
          return list?.addEventListener ? [list] : [];
        } catch {
          return [];
        }
      });
      for (const list of queries) list.addEventListener?.('change', recompute);
      return () => {
        env.eventTarget?.removeEventListener('storage', onStorage);
        for (const list of queries) list.removeEventListener?.('change', recompute);
      };
    },
  };
}

/** The app's store, over this browser's storage and `<html>`. */
export const accessibilityStore = createAccessibilityStore();

/** Draws the saved preferences on `<html>` and keeps following other tabs; call once before the first render. */
export function startAccessibility(): () => void {
  return accessibilityStore.start();
}

/** The current preferences and a function to change some of them (applied across the app at once). */
export function useAccessibility(): [AccessibilityPreferences, (patch: Partial<AccessibilityPreferences>) => void] {
  const prefs = useSyncExternalStore(accessibilityStore.subscribe, accessibilityStore.getSnapshot, accessibilityStore.getSnapshot);
  const update = useCallback((patch: Partial<AccessibilityPreferences>) => accessibilityStore.update(patch), []);
  return [prefs, update];
}
