import type { ReactNode } from 'react';
import { Mail, MessageSquare, Share2 } from 'lucide-react';
import type { ProtectionSettings } from '@baitcheck/contracts';
import { useProtectionSettings, useUpdateProtectionSettings } from '@/lib/api/protection';
import { toast } from '@/components/ui/toast-store';
import { Skeleton } from '@/components/ui/skeleton';
import { SettingRow } from '@/components/setting-row';

export interface ProtectionSwitchSpec {
  key: keyof ProtectionSettings;
  label: string;
  description: string;
  badge?: ReactNode;
  icon?: ReactNode;
}

const ICON = 'h-5 w-5';

/** The three channel switches shared by the home screen and settings (spec section 2). */
export const CHANNEL_SWITCHES: readonly ProtectionSwitchSpec[] = [
  { key: 'smsProtection', label: 'SMS Protection', description: 'Scanning incoming messages', icon: <MessageSquare aria-hidden="true" className={ICON} /> },
  { key: 'emailProtection', label: 'Email Protection', description: 'Scanning messages and links', icon: <Mail aria-hidden="true" className={ICON} /> },
  {
    key: 'socialMediaProtection',
    label: 'Social Media Protection',
    description: 'Protection for common platforms',
    icon: <Share2 aria-hidden="true" className={ICON} />,
  },
];

/**
 * Switches bound to `/api/protection-settings`: each change sends only the changed boolean and
 * shows the spec's toast.
 */
export function ProtectionSwitches({ items, showActive = true }: { items: readonly ProtectionSwitchSpec[]; showActive?: boolean }) {
  const settings = useProtectionSettings();
  const update = useUpdateProtectionSettings();

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
      <p role="alert" className="py-3 text-sm text-red-700">
        Could not load your protection settings. Check your connection and reload the page.
      </p>
    );
  }

  const change = (key: keyof ProtectionSettings, value: boolean) => {
    update.mutate({ [key]: value } as Partial<ProtectionSettings>, {
      onSuccess: () => toast({ title: 'Settings updated', description: 'Your protection settings have been updated.' }),
      onError: (error) => {
        console.error(error);
        toast({ title: 'Error', description: 'Failed to update settings.', variant: 'destructive' });
      },
    });
  };

  return (
    <div className="divide-y divide-slate-100">
      {items.map((item) => (
        <SettingRow
          key={item.key}
          label={item.label}
          description={item.description}
          badge={item.badge}
          icon={item.icon}
          showActive={showActive}
          checked={
            update.isPending && update.variables && item.key in update.variables
              ? Boolean(update.variables[item.key])
              : settings.data[item.key]
          }
          disabled={update.isPending}
          onCheckedChange={(value) => change(item.key, value)}
        />
      ))}
    </div>
  );
}
