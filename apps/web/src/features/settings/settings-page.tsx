import { Cpu } from 'lucide-react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Card } from '@/components/ui/card';
import { Badge } from '@/components/ui/badge';
import { CHANNEL_SWITCHES, ProtectionSwitches, type ProtectionSwitchSpec } from '@/components/protection-switches';

const ICON = 'h-5 w-5';
const PREMIUM = <Badge variant="premium">Premium</Badge>;

const SWITCHES: readonly ProtectionSwitchSpec[] = [
  ...CHANNEL_SWITCHES.map((item) => (item.key === 'socialMediaProtection' ? { ...item, badge: PREMIUM } : item)),
  {
    key: 'onDeviceScanning',
    label: 'On-Device Scanning',
    description: 'Enhanced privacy: messages are checked on this device',
    badge: PREMIUM,
    icon: <Cpu aria-hidden="true" className={ICON} />,
  },
];

export default function SettingsPage() {
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="mb-4 text-2xl font-bold text-slate-900">Settings</h1>
      <Tabs defaultValue="protection">
        <TabsList aria-label="Settings sections">
          <TabsTrigger value="protection">Protection</TabsTrigger>
        </TabsList>
        <TabsContent value="protection">
          <Card className="px-4 py-1">
            <h2 className="pt-3 text-base font-semibold text-slate-900">Protection</h2>
            <p className="text-sm text-slate-600">Choose which channels Baitcheck protects.</p>
            <ProtectionSwitches items={SWITCHES} showActive={false} />
          </Card>
        </TabsContent>
      </Tabs>
    </div>
  );
}
