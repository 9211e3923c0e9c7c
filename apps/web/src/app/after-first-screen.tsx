import LiveNotifications from '@/components/notifications/live-notifications';
import { useDeviceSync } from '@/lib/on-device/use-device-sync';

/**
 * What runs behind every screen once the first one is drawn (loaded as its own chunk by the
 * shell): the live notifications, and telling the server the verdicts of scans made on this
 * device while it was offline.
 */
export default function AfterFirstScreen() {
  useDeviceSync();
  return <LiveNotifications />;
}
