import { useLocation, useSearch } from 'wouter';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Card } from '@/components/ui/card';
import { Badge } from '@/components/ui/badge';
import { CHANNEL_SWITCHES, ProtectionSwitches, type ProtectionSwitchSpec } from '@/components/protection-switches';
import { AccessibilityPanel } from '@/components/accessibility/accessibility-panel';
import { OnDeviceSwitch } from '@/components/on-device-switch';
import { paths } from '@/config/paths';
import { BlockedSendersSection } from './blocked-senders-section';
import { NotificationsTab, readConfirmEmailToken, useEmailConfirmationLink } from './notifications-tab';
import { PluginsTab } from './plugins/plugins-tab';

const PREMIUM = <Badge variant="premium">Premium</Badge>;

const SWITCHES: readonly ProtectionSwitchSpec[] = CHANNEL_SWITCHES.map((item) => (item.key === 'socialMediaProtection' ? { ...item, badge: PREMIUM } : item));

/** The tabs of spec section 2, Protection first (the default). */
export const SETTINGS_TABS = [
  { value: 'protection', label: 'Protection' },
  { value: 'accessibility', label: 'Accessibility' },
  { value: 'notifications', label: 'Notifications' },
  { value: 'plugins', label: 'Plugins' },
] as const;

export type SettingsTab = (typeof SETTINGS_TABS)[number]['value'];

/**
 * The tab a link opens: `/settings?tab=notifications`; Notifications for an email confirmation
 * link (`confirm-email=`); Protection when absent or unknown.
 */
export function readTabParam(search: string): SettingsTab {
  if (readConfirmEmailToken(search)) return 'notifications';
  const tab = new URLSearchParams(search).get('tab');
  return SETTINGS_TABS.find((t) => t.value === tab)?.value ?? 'protection';
}

/** The address of a settings tab, for links (the header's notifications button). */
export function settingsTabHref(tab: SettingsTab): string {
  return tab === 'protection' ? paths.settings : `${paths.settings}?tab=${tab}`;
}

export default function SettingsPage() {
  // The address holds the tab, so a link to another tab works while this page is open and a
  // reload stays on the tab.
  const tab = readTabParam(useSearch());
  const [, navigate] = useLocation();
  useEmailConfirmationLink();

  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="mb-4 text-2xl font-bold text-slate-900">Settings</h1>
      <Tabs value={tab} onValueChange={(value) => navigate(settingsTabHref(readTabParam(`tab=${value}`)), { replace: true })}>
        <TabsList aria-label="Settings sections" className="grid grid-cols-2 sm:flex">
          {SETTINGS_TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="protection" className="space-y-4">
          <Card className="px-4 py-1">
            <h2 className="pt-3 text-base font-semibold text-slate-900">Protection</h2>
            <p className="text-sm text-slate-600">Choose which channels Baitcheck watches once their plugins are connected.</p>
            <ProtectionSwitches items={SWITCHES} showActive={false} />
            <div className="border-t border-slate-100">
              <OnDeviceSwitch place="settings" />
            </div>
          </Card>
          <BlockedSendersSection />
        </TabsContent>
        <TabsContent value="accessibility">
          <Card className="p-4">
            <h2 className="text-base font-semibold text-slate-900">Accessibility</h2>
            <p className="mb-2 text-sm text-slate-600">Saved on this device and applied across Baitcheck at once.</p>
            <AccessibilityPanel />
          </Card>
        </TabsContent>
        <TabsContent value="notifications">
          <NotificationsTab />
        </TabsContent>
        <TabsContent value="plugins">
          <PluginsTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
