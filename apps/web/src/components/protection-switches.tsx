import { useRef, useState, type ReactNode } from 'react';
import { Lock, Mail, MessageSquare, Share2 } from 'lucide-react';
import type { Plugin, PluginList, ProtectionSettings } from '@baitcheck/contracts';
import { useProtectionManaged } from '@/lib/api/family';
import { usePlugins } from '@/lib/api/plugins';
import { useProtectionSettings, useUpdateProtectionSettings } from '@/lib/api/protection';
import { toast } from '@/components/ui/toast-store';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { SettingRow } from '@/components/setting-row';

export interface ProtectionSwitchSpec {
  key: keyof ProtectionSettings;
  label: string;
  /** What the switch does; for a channel, what it covers while no plugin brings its messages in. */
  description: string;
  badge?: ReactNode;
  icon?: ReactNode;
  /** Not built yet: shown, but not switchable (a switch that changes nothing would only mislead). */
  unavailable?: boolean;
  /** The plugins that bring this channel's messages in, and what the switch covers once one is connected. */
  source?: { types: readonly Plugin['type'][]; covering: (pluginName: string) => string };
}

const ICON = 'h-5 w-5';

/**
 * The three channel switches shared by the home screen and settings (spec section 2). Nothing
 * reaches Baitcheck by itself until a channel's plugin is connected (Settings → Plugins), so
 * until then each says so and where to connect one (the spec's 'Scanning incoming messages' and
 * its 'Active' badge would claim a scanning that does not happen), and that what a person pastes
 * into Scan is checked whatever the switch says.
 */
export const CHANNEL_SWITCHES: readonly ProtectionSwitchSpec[] = [
  {
    key: 'smsProtection',
    label: 'SMS Protection',
    description: "Incoming texts are checked once you connect SMS in Settings, Plugins. Texts you paste into Scan are always checked.",
    icon: <MessageSquare aria-hidden="true" className={ICON} />,
    source: { types: ['sms'], covering: () => 'Scanning the texts you forward to Baitcheck' },
  },
  {
    key: 'emailProtection',
    label: 'Email Protection',
    description: 'Your inbox is checked once you connect it in Settings, Plugins. Emails you paste into Scan are always checked.',
    icon: <Mail aria-hidden="true" className={ICON} />,
    source: { types: ['email'], covering: (name) => `Scanning new emails and their links in your ${name.toLowerCase()}` },
  },
  {
    key: 'socialMediaProtection',
    label: 'Social Media Protection',
    description: 'Social media messages are checked once you connect the social feed in Settings, Plugins. Messages you paste into Scan are always checked.',
    icon: <Share2 aria-hidden="true" className={ICON} />,
    source: { types: ['social', 'social-media'], covering: () => 'Scanning the simulated social feed' },
  },
];

/** The connected, enabled plugin feeding a channel, if any. */
function connectedSource(item: ProtectionSwitchSpec, plugins: PluginList | undefined): Plugin | undefined {
  if (!item.source || !plugins) return undefined;
  return Object.values(plugins).find((p) => item.source!.types.includes(p.type) && p.status.connected && p.status.enabled);
}

/** Says the switches are read-only because the family manager sets them (parental controls). */
export const MANAGED_NOTE = 'Your family manager sets these switches. Ask them if one should change.';

/**
 * Switches bound to `/api/protection-settings`: each change sends only the changed boolean and
 * shows the spec's toast. While a family manager sets the visitor's switches (parental
 * controls), they are shown read-only with a note saying so: a control the child could flip back
 * would control nothing, and the server refuses such a change too.
 */
export function ProtectionSwitches({ items, showActive = true }: { items: readonly ProtectionSwitchSpec[]; showActive?: boolean }) {
  const settings = useProtectionSettings();
  const update = useUpdateProtectionSettings();
  // Changes not saved yet, shown on their switches meanwhile.
  const [shown, setShown] = useState<Partial<ProtectionSettings>>({});
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const turns = useRef(0);
  const latest = useRef<Partial<Record<keyof ProtectionSettings, number>>>({});
  // Which channels really have messages coming in; unknown (loading, failed) counts as none.
  const plugins = usePlugins();
  const managed = useProtectionManaged();

  if (settings.isPending) {
    return (
      <div className="space-y-4 py-2" aria-busy="true" aria-label="Loading protection settings">
        {items.map((item) => (
          <Skeleton key={item.key} className="h-12 w-full" />
        ))}
      </div>
    );
  }
  if (settings.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm text-red-700">
        <span>Could not load your protection settings. Check your connection and try again.</span>
        <Button variant="outline" size="sm" onClick={() => void settings.refetch()} disabled={settings.isFetching}>
          Retry
        </Button>
      </div>
    );
  }

  // Each change shows at once and is sent in turn, one after another, so the answers come back in
  // order. No switch is disabled while a change is saved: disabling the switch a person has just
  // pressed Space on dropped the keyboard focus to the page.
  const change = (key: keyof ProtectionSettings, value: boolean) => {
    const turn = ++turns.current;
    latest.current[key] = turn;
    setShown((s) => ({ ...s, [key]: value }));
    queue.current = queue.current
      .then(() => update.mutateAsync({ [key]: value } as Partial<ProtectionSettings>))
      .then(
        () => toast({ title: 'Settings updated', description: 'Your protection settings have been updated.' }),
        (error: unknown) => {
          console.error(error);
          toast({ title: 'Error', description: 'Failed to update settings.', variant: 'destructive' });
        },
      )
      .finally(() => {
        // The saved value (or, after a failure, the old one) shows again, unless a newer change of
        // this switch is on its way.
        if (latest.current[key] !== turn) return;
        setShown((s) => {
          const rest = { ...s };
          delete rest[key];
          return rest;
        });
      });
  };

  return (
    <div className="divide-y divide-slate-100">
      {managed ? (
        <p role="note" className="flex items-start gap-2 rounded-lg bg-slate-100 p-3 text-sm text-slate-800">
          <Lock aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          {MANAGED_NOTE}
        </p>
      ) : null}
      {items.map((item) => {
        const source = connectedSource(item, plugins.data);
        const on = shown[item.key] ?? settings.data[item.key];
        // a connected source whose switch is off is paused: said so, never 'Scanning'
        const description = source ? (on ? item.source!.covering(source.name) : `Off: nothing from your connected ${source.name === 'SMS' ? 'phone' : source.name.toLowerCase()} is checked or kept.`) : item.description;
        return (
          <SettingRow
            key={item.key}
            label={item.label}
            description={description}
            badge={item.badge}
            icon={item.icon}
            // 'Active' only where something is really being scanned.
            showActive={showActive && (!item.source || Boolean(source))}
            checked={on}
            onCheckedChange={(value) => change(item.key, value)}
            disabled={managed || item.unavailable === true}
          />
        );
      })}
    </div>
  );
}
