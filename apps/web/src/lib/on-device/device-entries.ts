import type { QueryClient } from '@tanstack/react-query';
import type { FamilyView, Message, MessageSummary, Subscription, ThreatLevel } from '@baitcheck/contracts';
import { MESSAGE_PREVIEW_CHARS, PLAN_IDS, PLANS } from '@baitcheck/contracts/lite';
import { queryKeys } from '../api/query-keys';
import { deviceIdOf, getDeviceScan, listDeviceScans, markDeviceScanDeleted, pruneDeviceScans, toMessage, toMessageSummary } from './device-history';
import { syncDeviceScans } from './device-sync';
import { clearPendingDeviceDelete, interruptedDeviceDeletes } from './pending-deletes';
import { deviceOwnerOf, planInEffect, readOnDeviceMirror } from './on-device-mirror';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The longest history window of any plan: nothing is kept on the device longer. */
const LONGEST_DAYS = Math.max(...PLAN_IDS.map((id) => PLANS[id].retentionDays));

/** Days of device history shown: the plan's window, as the server shows its own. */
function shownDays(queryClient: QueryClient, owner: string): number {
  const subscription = queryClient.getQueryData<Subscription>(queryKeys.subscription);
  const family = queryClient.getQueryData<FamilyView>(queryKeys.family);
  if (subscription && family) return PLANS[planInEffect(subscription, family)].retentionDays;
  const mirror = readOnDeviceMirror();
  return mirror.owner === owner ? mirror.retentionDays : LONGEST_DAYS;
}

/** A device entry as a list shows it: cut to the list's preview length, as the server cuts its own. */
function toListed(summary: MessageSummary): MessageSummary {
  if (summary.content.length <= MESSAGE_PREVIEW_CHARS) return summary;
  const { threatDetails } = summary;
  return {
    ...summary,
    content: summary.content.slice(0, MESSAGE_PREVIEW_CHARS),
    contentTruncated: true,
    threatDetails: { ...threatDetails, highlights: threatDetails.highlights.filter((h) => h.end <= MESSAGE_PREVIEW_CHARS) },
  };
}

/**
 * The device entries the lists show, newest first, optionally of one verdict: within the plan's
 * history window, as the server's own (past the longest window they are removed). None when this browser keeps no
 * IndexedDB (a private window may refuse it): the server's history still shows.
 */
export async function listedDeviceEntries(queryClient: QueryClient, threatLevel?: ThreatLevel): Promise<MessageSummary[]> {
  const owner = deviceOwnerOf(queryClient);
  if (owner === null) return [];
  try {
    // past every plan's window: gone; past this plan's: not shown (a plan that comes back shows them again)
    await pruneDeviceScans(owner, new Date(Date.now() - LONGEST_DAYS * DAY_MS));
    // deletes an earlier page could not finish (it closed within their Undo time): done now
    const interrupted = interruptedDeviceDeletes();
    for (const messageId of interrupted) {
      const id = deviceIdOf(messageId);
      if (id) await markDeviceScanDeleted(owner, id);
      clearPendingDeviceDelete(messageId);
    }
    // the server's counts drop too
    if (interrupted.length > 0) void syncDeviceScans(owner, queryClient);
    const shownSince = new Date(Date.now() - shownDays(queryClient, owner) * DAY_MS).toISOString();
    const all = await listDeviceScans(owner);
    return all.filter((r) => r.scanDate >= shownSince && (!threatLevel || r.threatLevel === threatLevel)).map((r) => toListed(toMessageSummary(r)));
  } catch (error) {
    console.warn('The device history could not be read', error);
    return [];
  }
}


/** A whole device entry by its list id; a 404 like the server's when it is not (or no longer) here. */
export async function wholeDeviceEntry(queryClient: QueryClient, messageId: string): Promise<Message> {
  const id = deviceIdOf(messageId);
  const owner = deviceOwnerOf(queryClient);
  const record = id && owner ? await getDeviceScan(owner, id) : null;
  if (!record) throw new Error('404: {"error":{"code":"MESSAGE_NOT_FOUND","message":"That message is not on this device."}}');
  return toMessage(record);
}

/** Deletes a device entry here, and its verdict on the server as soon as it can be told. */
export async function deleteDeviceEntry(queryClient: QueryClient, messageId: string): Promise<{ success: true }> {
  const id = deviceIdOf(messageId);
  const owner = deviceOwnerOf(queryClient);
  if (!id || !owner || !(await markDeviceScanDeleted(owner, id))) throw new Error('404: {"error":{"code":"MESSAGE_NOT_FOUND","message":"That message is not on this device."}}');
  void syncDeviceScans(owner, queryClient);
  return { success: true };
}
