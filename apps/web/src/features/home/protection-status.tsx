import { useEffect } from 'react';
import { Bell } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { SettingRow } from '@/components/setting-row';
import { CHANNEL_SWITCHES, ProtectionSwitches } from '@/components/protection-switches';
import { usePushSwitch } from '@/components/notifications/use-push-switch';
import { OnDeviceSwitch } from '@/components/on-device-switch';

const ICON = 'h-5 w-5';

/** The switch before web push (issue 19) was a local choice only; what it saved means nothing now. */
const OLD_PUSH_KEY = 'baitcheck.pushNotifications';

/** 'Protection Status': server-backed channel switches, this browser's push alerts and on-device scanning. */
export function ProtectionStatusPanel() {
  // The spec's local-only toggle (section 4) is real web push now: permission, subscription, the server told.
  const push = usePushSwitch();
  useEffect(() => {
    try {
      localStorage.removeItem(OLD_PUSH_KEY);
    } catch {
      // storage unavailable (private mode): nothing was kept either
    }
  }, []);

  return (
    <Card className="px-4 py-1">
      <ProtectionSwitches items={CHANNEL_SWITCHES} />
      <div className="border-t border-slate-100">
        <SettingRow
          label="Push Notifications"
          description={push.description}
          icon={<Bell aria-hidden="true" className={ICON} />}
          checked={push.checked}
          onCheckedChange={push.setOn}
        />
      </div>
      <div className="border-t border-slate-100">
        <OnDeviceSwitch place="home" />
      </div>
    </Card>
  );
}
