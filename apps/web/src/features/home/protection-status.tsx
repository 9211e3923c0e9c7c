import { useEffect } from 'react';
import { Bell, Cpu } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { SettingRow } from '@/components/setting-row';
import { CHANNEL_SWITCHES, ProtectionSwitches } from '@/components/protection-switches';
import { usePushSwitch } from '@/components/notifications/use-push-switch';

const ICON = 'h-5 w-5';

/** The switch before web push (issue 19) was a local choice only; what it saved means nothing now. */
const OLD_PUSH_KEY = 'baitcheck.pushNotifications';

/** 'Protection Status': server-backed channel switches, this browser's push alerts and what on-device scanning is today. */
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
      {/* The spec's 'Enhanced privacy (Premium)' with an Upgrade button sold a feature no plan has
          yet: it says what Settings says. */}
      <div className="flex items-start gap-3 border-t border-slate-100 py-3">
        <Cpu aria-hidden="true" className={`${ICON} mt-0.5 shrink-0 text-primary`} />
        <div>
          <p className="text-sm font-medium text-slate-900">On-Device Scanning</p>
          <p className="text-sm text-slate-600">Not available yet: your scans are checked on Baitcheck&apos;s server.</p>
        </div>
      </div>
    </Card>
  );
}
