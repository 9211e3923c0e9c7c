import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';

/** Where drafts are kept: this browser tab only, gone when it closes. */
const PREFIX = 'baitcheck:draft:';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // storage refused (a privacy setting): drafts live as long as the screen
    return null;
  }
}

/** The JSON kept in this tab's session storage under `key`; undefined when none, unreadable or refused. */
export function readSessionJson(key: string): unknown {
  let raw: string | null = null;
  try {
    raw = storage()?.getItem(key) ?? null;
  } catch {
    return undefined;
  }
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/** Keeps `value` as JSON under `key` in this tab's session storage (`undefined` forgets it); full or refused storage keeps nothing, silently. */
export function writeSessionJson(key: string, value: unknown): void {
  try {
    const store = storage();
    if (!store) return;
    if (value === undefined) store.removeItem(key);
    else store.setItem(key, JSON.stringify(value));
  } catch {
    // full or refused: what is on screen stays, which is all it was before
  }
}

/**
 * A stored draft read back over `defaults`: only the fields `defaults` has, each only when its
 * type matches (a draft from an older version of the app, or tampered with, cannot break a form).
 */
export function readDraft<T extends object>(key: string, defaults: T, isValid: (value: T) => boolean = () => true): T {
  const parsed = readSessionJson(PREFIX + key);
  if (parsed === undefined || parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return defaults;
  const result = { ...defaults };
  for (const field of Object.keys(defaults) as Array<keyof T>) {
    const value = (parsed as Record<string, unknown>)[field as string];
    const wanted = defaults[field];
    if (value !== undefined && (typeof value === typeof wanted || (wanted === null && typeof value === 'string'))) result[field] = value as T[keyof T];
  }
  return isValid(result) ? result : defaults;
}

function writeDraft<T extends object>(key: string, value: T, defaults: T): void {
  writeSessionJson(PREFIX + key, JSON.stringify(value) === JSON.stringify(defaults) ? undefined : value);
}

/**
 * State that survives leaving the screen and coming back in this browser tab: what a person typed
 * into a form is still there after they looked at another tab of the app, followed a link, or
 * the screen was rebuilt. It stays on the device (the tab's session storage) and goes when the
 * tab closes. `clear()` forgets the stored copy (after the draft was used), leaving the state.
 * `isValid` refuses a stored draft the form could not show (an unknown choice in a list).
 */
export function useSessionDraft<T extends object>(key: string, defaults: T, isValid?: (value: T) => boolean): [T, Dispatch<SetStateAction<T>>, () => void] {
  const defaultsRef = useRef(defaults);
  const [value, setValue] = useState<T>(() => readDraft(key, defaults, isValid));
  // the first write is skipped: it would only store back what was just read
  const skip = useRef(true);
  useEffect(() => {
    if (skip.current) {
      skip.current = false;
      return;
    }
    writeDraft(key, value, defaultsRef.current);
  }, [key, value]);
  const clear = useCallback(() => {
    try {
      storage()?.removeItem(PREFIX + key);
    } catch {
      // nothing stored, nothing to forget
    }
  }, [key]);
  return [value, setValue, clear];
}
