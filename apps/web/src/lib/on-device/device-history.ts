import type { Message, MessageSource, MessageSummary, ScanAnalysis, ThreatDetails, ThreatLevel } from '@baitcheck/contracts';
import { toThreatDetails } from '@baitcheck/contracts/lite';
import { newRandomId } from '../random-id';

/**
 * The history of scans made on this device (issue 20), in IndexedDB: the message, its sender and
 * the verdict stay here. Each entry belongs to the account it was made under (`owner`): another
 * person signing in on this browser sees none of it. `synced` says whether the server has been
 * told the verdict and date (nothing else); `deleted` marks an entry deleted here whose verdict the
 * server still counts, until it is told.
 */
export interface DeviceScanRecord {
  /** 32 hex characters: the id the server knows the verdict by. */
  id: string;
  owner: string;
  kind: 'text' | 'url';
  content: string;
  sender: string;
  source: MessageSource;
  threatLevel: ThreatLevel;
  score: number;
  threatDetails: ThreatDetails;
  /** ISO 8601. */
  scanDate: string;
  synced: boolean;
  deleted: boolean;
}

const DB_NAME = 'baitcheck-device';
const STORE = 'scans';
/** The entries kept at most, per person: the server's history keeps as many. */
export const MAX_DEVICE_ENTRIES = 5_000;
/** How a device entry's id shows in lists and links, told apart from the server's (UUIDs). */
const PREFIX = 'device-';

/** The list id of a device entry (`device-` and its 32 hex characters). */
export function deviceMessageId(id: string): string {
  return PREFIX + id;
}

/** The device id behind a list id, or null for a server entry. */
export function deviceIdOf(messageId: string): string | null {
  return messageId.startsWith(PREFIX) ? messageId.slice(PREFIX.length) : null;
}


let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore(STORE, { keyPath: 'id' });
      store.createIndex('owner', 'owner');
    };
    request.onsuccess = () => {
      const db = request.result;
      // another tab upgrading the database: let it, and open again next time
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
    request.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'));
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function finished(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** Every entry of `owner`, deleted ones too, newest first. */
async function allOf(owner: string): Promise<DeviceScanRecord[]> {
  const db = await open();
  const rows = await done(db.transaction(STORE, 'readonly').objectStore(STORE).index('owner').getAll(owner) as IDBRequest<DeviceScanRecord[]>);
  return rows.sort((a, b) => (a.scanDate < b.scanDate ? 1 : a.scanDate > b.scanDate ? -1 : 0));
}

/** `owner`'s entries as History lists them, newest first (deleted ones left out). */
export async function listDeviceScans(owner: string): Promise<DeviceScanRecord[]> {
  return (await allOf(owner)).filter((r) => !r.deleted);
}

/** One entry of `owner`, or null. */
export async function getDeviceScan(owner: string, id: string): Promise<DeviceScanRecord | null> {
  const db = await open();
  const row = (await done(db.transaction(STORE, 'readonly').objectStore(STORE).get(id))) as DeviceScanRecord | undefined;
  return row && row.owner === owner && !row.deleted ? row : null;
}

/**
 * Keeps a scan made on this device; past {@link MAX_DEVICE_ENTRIES} the oldest go (the verdicts
 * the server counts stay until its own retention). Answers the stored entry.
 */
export async function addDeviceScan(owner: string, entry: { kind: 'text' | 'url'; content: string; sender: string; source: MessageSource; analysis: ScanAnalysis; scanDate?: Date }): Promise<DeviceScanRecord> {
  const { analysis } = entry;
  const record: DeviceScanRecord = {
    id: newRandomId(),
    owner,
    kind: entry.kind,
    content: entry.content,
    sender: entry.sender,
    source: entry.source,
    threatLevel: analysis.threatLevel,
    score: analysis.score,
    threatDetails: toThreatDetails(analysis),
    scanDate: (entry.scanDate ?? new Date()).toISOString(),
    synced: false,
    deleted: false,
  };
  const db = await open();
  const tx = db.transaction(STORE, 'readwrite');
  tx.objectStore(STORE).put(record);
  await finished(tx);
  const all = await listDeviceScans(owner);
  if (all.length > MAX_DEVICE_ENTRIES) await removeDeviceScans(all.slice(MAX_DEVICE_ENTRIES).map((r) => r.id));
  return record;
}

/** Marks `owner`'s entry deleted (the server is told later, {@link removeDeviceScans} once it is); false when there was none. */
export async function markDeviceScanDeleted(owner: string, id: string): Promise<boolean> {
  const db = await open();
  const tx = db.transaction(STORE, 'readwrite');
  const store = tx.objectStore(STORE);
  const row = (await done(store.get(id))) as DeviceScanRecord | undefined;
  if (!row || row.owner !== owner) {
    await finished(tx);
    return false;
  }
  // never told the server: nothing to take back there
  if (row.synced) store.put({ ...row, deleted: true });
  else store.delete(id);
  await finished(tx);
  return true;
}

/** Entries of `owner` the server has yet to hear of: verdicts to send and deletions to tell. */
export async function pendingDeviceSync(owner: string): Promise<{ toSend: DeviceScanRecord[]; toDelete: DeviceScanRecord[] }> {
  const all = await allOf(owner);
  return { toSend: all.filter((r) => !r.synced && !r.deleted), toDelete: all.filter((r) => r.deleted) };
}

/** Marks entries as told to the server. */
export async function markDeviceScansSynced(ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const db = await open();
  const tx = db.transaction(STORE, 'readwrite');
  const store = tx.objectStore(STORE);
  await Promise.all(
    ids.map(async (id) => {
      const row = (await done(store.get(id))) as DeviceScanRecord | undefined;
      if (row) store.put({ ...row, synced: true });
    }),
  );
  await finished(tx);
}

/** Removes entries for good. */
export async function removeDeviceScans(ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const db = await open();
  const tx = db.transaction(STORE, 'readwrite');
  for (const id of ids) tx.objectStore(STORE).delete(id);
  await finished(tx);
}

/** Removes every entry of `owner`, deleted or not (their account is gone). */
export async function removeOwnerDeviceScans(owner: string): Promise<void> {
  await removeDeviceScans((await allOf(owner)).map((r) => r.id));
}

/** Removes `owner`'s entries made before `before` (past the plan's history window). */
export async function pruneDeviceScans(owner: string, before: Date): Promise<number> {
  const old = (await allOf(owner)).filter((r) => new Date(r.scanDate) < before);
  await removeDeviceScans(old.map((r) => r.id));
  return old.length;
}

/** A device entry as History lists it (the whole entry is here, nothing is cut). */
export function toMessageSummary(record: DeviceScanRecord): MessageSummary {
  const { reasons, reasonDetails, highlights } = record.threatDetails;
  return {
    id: deviceMessageId(record.id),
    sender: record.sender,
    content: record.content,
    source: record.source,
    kind: record.kind,
    threatLevel: record.threatLevel,
    scanDate: record.scanDate,
    threatDetails: { reasons, reasonDetails, highlights },
    contentTruncated: false,
  };
}

/** A device entry as a whole message. */
export function toMessage(record: DeviceScanRecord): Message {
  return { id: deviceMessageId(record.id), sender: record.sender, content: record.content, source: record.source, kind: record.kind, threatLevel: record.threatLevel, scanDate: record.scanDate, threatDetails: record.threatDetails };
}
