import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import {
  ACCESSIBILITY_STORAGE_KEY,
  SYSTEM_QUERIES,
  accessibilityStore,
  applyAccessibilityPreferences,
  createAccessibilityStore,
  getSystemDefaults,
  parseStoredPreferences,
  useAccessibility,
  type AccessibilityEnvironment,
  type AccessibilityPreferences,
} from './accessibility';

/** A matchMedia whose answers the test sets, and can change later like a system setting. */
function fakeMedia(initial: Record<string, boolean> = {}) {
  const answers = new Map(Object.entries(initial));
  const listeners = new Map<string, Set<() => void>>();
  const matchMedia = (query: string) => ({
    get matches() {
      return answers.get(query) ?? false;
    },
    addEventListener: (_type: string, fn: () => void) => {
      if (!listeners.has(query)) listeners.set(query, new Set());
      listeners.get(query)!.add(fn);
    },
    removeEventListener: (_type: string, fn: () => void) => listeners.get(query)?.delete(fn),
  });
  const change = (query: string, matches: boolean) => {
    answers.set(query, matches);
    for (const fn of listeners.get(query) ?? []) fn();
  };
  return { matchMedia: matchMedia as unknown as AccessibilityEnvironment['matchMedia'], change, listeners };
}

function memoryStorage(initial?: string) {
  const data = new Map<string, string>();
  if (initial !== undefined) data.set(ACCESSIBILITY_STORAGE_KEY, initial);
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

function makeEnv(overrides: Partial<AccessibilityEnvironment> = {}) {
  const root = document.createElement('div');
  const target = new EventTarget() as unknown as Window;
  const storage = memoryStorage();
  const env: AccessibilityEnvironment = {
    getStorage: () => storage,
    matchMedia: fakeMedia().matchMedia,
    eventTarget: target,
    getRoot: () => root,
    ...overrides,
  };
  return { env, root, target, storage };
}

const DEFAULTS: AccessibilityPreferences = { highContrast: false, largeText: false, reducedMotion: false, colorBlindMode: 'none' };

describe('getSystemDefaults', () => {
  it('takes high contrast and reduced motion from the system', () => {
    const media = fakeMedia({ [SYSTEM_QUERIES.highContrast]: true });
    expect(getSystemDefaults(media.matchMedia)).toEqual({ ...DEFAULTS, highContrast: true });
    const motion = fakeMedia({ [SYSTEM_QUERIES.reducedMotion]: true });
    expect(getSystemDefaults(motion.matchMedia)).toEqual({ ...DEFAULTS, reducedMotion: true });
  });

  it('falls back to everything off without matchMedia, or when it throws', () => {
    expect(getSystemDefaults(undefined)).toEqual(DEFAULTS);
    const throwing = () => {
      throw new Error('not supported');
    };
    expect(getSystemDefaults(throwing)).toEqual(DEFAULTS);
  });
});

describe('parseStoredPreferences', () => {
  it('keeps the valid fields and drops the rest, field by field', () => {
    expect(parseStoredPreferences('{"highContrast":true,"largeText":"yes","colorBlindMode":"tritanopia","extra":1}')).toEqual({
      highContrast: true,
      colorBlindMode: 'tritanopia',
    });
    expect(parseStoredPreferences('{"colorBlindMode":"purple","reducedMotion":false}')).toEqual({ reducedMotion: false });
  });

  it('answers nothing for corrupt, empty or non-object values, never throwing', () => {
    for (const raw of [null, undefined, '', '{not json', 'null', '42', '"text"', '[true]']) {
      expect(parseStoredPreferences(raw)).toEqual({});
    }
  });
});

describe('applyAccessibilityPreferences', () => {
  it('sets an attribute per preference that is on and removes those that are off', () => {
    const root = document.createElement('div');
    applyAccessibilityPreferences({ highContrast: true, largeText: true, reducedMotion: true, colorBlindMode: 'protanopia' }, root);
    expect(root.getAttribute('data-contrast')).toBe('high');
    expect(root.getAttribute('data-text')).toBe('large');
    expect(root.getAttribute('data-motion')).toBe('reduced');
    expect(root.getAttribute('data-colorblind')).toBe('protanopia');
    applyAccessibilityPreferences(DEFAULTS, root);
    for (const name of ['data-contrast', 'data-text', 'data-motion', 'data-colorblind']) {
      expect(root.hasAttribute(name)).toBe(false);
    }
  });
});

describe('createAccessibilityStore', () => {
  it('starts from the system defaults and draws them on the root at start', () => {
    const media = fakeMedia({ [SYSTEM_QUERIES.reducedMotion]: true });
    const { env, root } = makeEnv({ matchMedia: media.matchMedia });
    const store = createAccessibilityStore(env);
    expect(store.getSnapshot()).toEqual({ ...DEFAULTS, reducedMotion: true });
    expect(root.hasAttribute('data-motion')).toBe(false);
    const stop = store.start();
    expect(root.getAttribute('data-motion')).toBe('reduced');
    stop();
  });

  it('saves a change, applies it at once, tells subscribers, and a new visit reads it back', () => {
    const { env, root, storage } = makeEnv();
    const store = createAccessibilityStore(env);
    const listener = vi.fn();
    store.subscribe(listener);
    store.update({ largeText: true, colorBlindMode: 'deuteranopia' });
    expect(store.getSnapshot()).toEqual({ ...DEFAULTS, largeText: true, colorBlindMode: 'deuteranopia' });
    expect(root.getAttribute('data-text')).toBe('large');
    expect(root.getAttribute('data-colorblind')).toBe('deuteranopia');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(JSON.parse(storage.data.get(ACCESSIBILITY_STORAGE_KEY)!)).toEqual({ largeText: true, colorBlindMode: 'deuteranopia' });

    const nextVisit = createAccessibilityStore({ ...env, getRoot: () => document.createElement('div') });
    expect(nextVisit.getSnapshot()).toEqual({ ...DEFAULTS, largeText: true, colorBlindMode: 'deuteranopia' });
  });

  it('keeps the same snapshot object until something changes', () => {
    const { env } = makeEnv();
    const store = createAccessibilityStore(env);
    const first = store.getSnapshot();
    expect(store.getSnapshot()).toBe(first);
    const listener = vi.fn();
    store.subscribe(listener);
    store.update({ highContrast: false });
    expect(store.getSnapshot()).toBe(first);
    expect(listener).not.toHaveBeenCalled();
    store.update({ highContrast: true });
    expect(store.getSnapshot()).not.toBe(first);
  });

  it('ignores invalid values handed to update', () => {
    const { env, storage } = makeEnv();
    const store = createAccessibilityStore(env);
    store.update({ colorBlindMode: 'sepia' as never, largeText: 'yes' as never, highContrast: true });
    expect(store.getSnapshot()).toEqual({ ...DEFAULTS, highContrast: true });
    expect(JSON.parse(storage.data.get(ACCESSIBILITY_STORAGE_KEY)!)).toEqual({ highContrast: true });
  });

  it('falls back per field on a corrupt or partial stored value', () => {
    const media = fakeMedia({ [SYSTEM_QUERIES.highContrast]: true });
    const partial = makeEnv({ matchMedia: media.matchMedia });
    partial.storage.data.set(ACCESSIBILITY_STORAGE_KEY, '{"largeText":true,"colorBlindMode":7}');
    expect(createAccessibilityStore(partial.env).getSnapshot()).toEqual({ ...DEFAULTS, highContrast: true, largeText: true });

    const corrupt = makeEnv();
    corrupt.storage.data.set(ACCESSIBILITY_STORAGE_KEY, '{"largeText":tru');
    expect(createAccessibilityStore(corrupt.env).getSnapshot()).toEqual(DEFAULTS);
  });

  it('saves only what the person chose, so untouched preferences keep following the system', () => {
    const media = fakeMedia();
    const { env, root, storage } = makeEnv({ matchMedia: media.matchMedia });
    const store = createAccessibilityStore(env);
    const stop = store.start();
    store.update({ largeText: true });
    media.change(SYSTEM_QUERIES.highContrast, true);
    expect(store.getSnapshot()).toEqual({ ...DEFAULTS, largeText: true, highContrast: true });
    expect(root.getAttribute('data-contrast')).toBe('high');
    // An explicit choice wins over the system.
    store.update({ highContrast: false });
    media.change(SYSTEM_QUERIES.highContrast, true);
    expect(store.getSnapshot().highContrast).toBe(false);
    expect(JSON.parse(storage.data.get(ACCESSIBILITY_STORAGE_KEY)!)).toEqual({ largeText: true, highContrast: false });
    stop();
    expect(media.listeners.get(SYSTEM_QUERIES.highContrast)?.size).toBe(0);
  });

  it('still works, in memory, where storage is unavailable or refuses to write', () => {
    const blocked = makeEnv({
      getStorage: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
    const store = createAccessibilityStore(blocked.env);
    expect(() => store.start()).not.toThrow();
    store.update({ highContrast: true });
    store.update({ largeText: true });
    expect(store.getSnapshot()).toEqual({ ...DEFAULTS, highContrast: true, largeText: true });
    expect(blocked.root.getAttribute('data-contrast')).toBe('high');

    const full = makeEnv({
      getStorage: () => ({
        getItem: () => null,
        setItem: () => {
          throw new DOMException('full', 'QuotaExceededError');
        },
      }),
    });
    const fullStore = createAccessibilityStore(full.env);
    expect(() => fullStore.update({ reducedMotion: true })).not.toThrow();
    expect(full.root.getAttribute('data-motion')).toBe('reduced');

    const none = makeEnv({ getStorage: () => null, matchMedia: undefined, eventTarget: undefined });
    const noneStore = createAccessibilityStore(none.env);
    expect(() => noneStore.start()()).not.toThrow();
    noneStore.update({ colorBlindMode: 'tritanopia' });
    expect(noneStore.getSnapshot().colorBlindMode).toBe('tritanopia');
  });

  it('picks up a change made in another tab through the storage event', () => {
    const { env, root, target, storage } = makeEnv();
    const store = createAccessibilityStore(env);
    const stop = store.start();
    const listener = vi.fn();
    store.subscribe(listener);

    storage.data.set(ACCESSIBILITY_STORAGE_KEY, JSON.stringify({ highContrast: true, colorBlindMode: 'protanopia' }));
    target.dispatchEvent(new StorageEvent('storage', { key: 'some.other.key' }));
    expect(listener).not.toHaveBeenCalled();
    target.dispatchEvent(new StorageEvent('storage', { key: ACCESSIBILITY_STORAGE_KEY }));
    expect(store.getSnapshot()).toEqual({ ...DEFAULTS, highContrast: true, colorBlindMode: 'protanopia' });
    expect(root.getAttribute('data-colorblind')).toBe('protanopia');
    expect(listener).toHaveBeenCalledTimes(1);

    // Another tab cleared all storage (key null): back to the defaults.
    storage.data.clear();
    target.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(store.getSnapshot()).toEqual(DEFAULTS);
    expect(root.hasAttribute('data-colorblind')).toBe(false);

    stop();
    storage.data.set(ACCESSIBILITY_STORAGE_KEY, JSON.stringify({ largeText: true }));
    target.dispatchEvent(new StorageEvent('storage', { key: ACCESSIBILITY_STORAGE_KEY }));
    expect(store.getSnapshot().largeText).toBe(false);
  });
});

describe('useAccessibility (the app store over localStorage and <html>)', () => {
  beforeEach(() => {
    localStorage.clear();
    accessibilityStore.reload();
  });
  afterEach(() => {
    localStorage.clear();
    accessibilityStore.reload();
  });

  it('re-renders with the change and draws it on <html>', () => {
    const { result } = renderHook(() => useAccessibility());
    expect(result.current[0]).toEqual(DEFAULTS);
    act(() => result.current[1]({ highContrast: true }));
    expect(result.current[0].highContrast).toBe(true);
    expect(document.documentElement.getAttribute('data-contrast')).toBe('high');
    expect(JSON.parse(localStorage.getItem(ACCESSIBILITY_STORAGE_KEY)!)).toEqual({ highContrast: true });
  });
});
