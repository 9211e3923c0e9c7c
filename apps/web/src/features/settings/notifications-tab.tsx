import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Bell, Info, Lightbulb, Mail, MessageSquare, RefreshCw, ShieldAlert, TriangleAlert } from 'lucide-react';
import { Slider } from 'radix-ui';
import type { NotificationPreferences, NotificationPreferencesPatch } from '@baitcheck/contracts';
import { useNotificationPreferences, useUpdateNotificationPreferences } from '@/lib/api/notifications';
import { toast } from '@/components/ui/toast-store';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/load-error';
import { SkeletonList } from '@/components/ui/skeleton';
import { SettingRow } from '@/components/setting-row';
import { SENSITIVITY_DEBOUNCE_MS, labelSensitivity } from './sensitivity';

type NotificationType = keyof NotificationPreferences['types'];
type NotificationChannel = keyof NotificationPreferences['channels'];

const ICON = 'h-5 w-5';

/** A switch of the tab: a notification type or channel. */
interface SwitchItem<K extends string> {
  key: K;
  label: string;
  description: string;
  icon: ReactNode;
}

const TYPES: ReadonlyArray<SwitchItem<NotificationType>> = [
  {
    key: 'phishing_alerts',
    label: 'Phishing Alerts',
    description: 'When a message or link is identified as phishing',
    icon: <ShieldAlert aria-hidden="true" className={ICON} />,
  },
  {
    key: 'security_updates',
    label: 'Security Updates',
    description: 'Changes to your protection and account security',
    icon: <RefreshCw aria-hidden="true" className={ICON} />,
  },
  {
    key: 'suspicious_content',
    label: 'Suspicious Content',
    description: 'When something looks suspicious but is not clearly phishing',
    icon: <TriangleAlert aria-hidden="true" className={ICON} />,
  },
  {
    key: 'tips_and_education',
    label: 'Tips and Education',
    description: 'Advice on spotting scams and staying safe',
    icon: <Lightbulb aria-hidden="true" className={ICON} />,
  },
];

const CHANNELS: ReadonlyArray<SwitchItem<NotificationChannel>> = [
  { key: 'push', label: 'Push Notifications', description: 'Alerts on this device', icon: <Bell aria-hidden="true" className={ICON} /> },
  { key: 'email', label: 'Email', description: 'Alerts sent to your email address', icon: <Mail aria-hidden="true" className={ICON} /> },
  { key: 'sms', label: 'SMS', description: 'Alerts sent as text messages', icon: <MessageSquare aria-hidden="true" className={ICON} /> },
];

function titleFor(patch: NotificationPreferencesPatch): string {
  if (patch.types) return 'Notification setting updated';
  if (patch.channels) return 'Notification channel updated';
  return 'Sensitivity updated';
}

/** Alerts come in a later issue: the tab must not read as if choosing a channel starts them. */
export const ALERTS_NOT_SENT_YET = "Baitcheck doesn't send alerts yet. Your choices here are saved and will apply when alerts arrive.";

function AlertsNotSentNote() {
  return (
    <p className="flex items-start gap-2 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-slate-900">
      <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-sky-800" />
      {ALERTS_NOT_SENT_YET}
    </p>
  );
}

export function NotificationsTab() {
  return (
    <div className="space-y-4">
      <AlertsNotSentNote />
      <NotificationPreferencesCards />
    </div>
  );
}

function NotificationPreferencesCards() {
  const prefs = useNotificationPreferences();
  const update = useUpdateNotificationPreferences({
    onSuccess: (_prefs, patch) => toast({ title: titleFor(patch) }),
    onError: (error) => {
      console.error(error);
      toast({ title: 'Error', description: 'Failed to update settings.', variant: 'destructive' });
    },
  });

  if (!prefs.data) {
    if (prefs.isError) {
      return (
        <LoadError error={prefs.error} message="Could not load your notification settings." onRetry={() => void prefs.refetch()} retrying={prefs.isFetching} />
      );
    }
    return <SkeletonList label="Loading notification settings" items={['h-64', 'h-48', 'h-32']} />;
  }

  const data = prefs.data;
  return (
    <div className="space-y-4">
      <SwitchCard
        title="Alert Types"
        description="Choose what alerts will tell you about."
        items={TYPES}
        isOn={(key) => data.types[key]}
        onChange={(key, value) => update.mutate({ types: { [key]: value } })}
      />
      <SwitchCard
        title="Channels"
        description="Choose how alerts will reach you."
        items={CHANNELS}
        isOn={(key) => data.channels[key]}
        onChange={(key, value) => update.mutate({ channels: { [key]: value } })}
      />

      <SensitivityCard value={data.sensitivity} onCommit={(sensitivity) => update.mutate({ sensitivity })} />
    </div>
  );
}

/**
 * The sensitivity slider follows the pointer or the keys locally and sends one request once the
 * person lets go (debounced, so holding an arrow key sends one request too).
 */
/** A card of switches, one per item. */
function SwitchCard<K extends string>({
  title,
  description,
  items,
  isOn,
  onChange,
}: {
  title: string;
  description: string;
  items: ReadonlyArray<SwitchItem<K>>;
  isOn: (key: K) => boolean;
  onChange: (key: K, value: boolean) => void;
}) {
  return (
    <Card className="px-4 py-1">
      <h2 className="pt-3 text-base font-semibold text-slate-900">{title}</h2>
      <p className="text-sm text-slate-600">{description}</p>
      <div className="divide-y divide-slate-100">
        {items.map((item) => (
          <SettingRow
            key={item.key}
            label={item.label}
            description={item.description}
            icon={item.icon}
            showActive={false}
            checked={isOn(item.key)}
            onCheckedChange={(value) => onChange(item.key, value)}
          />
        ))}
      </div>
    </Card>
  );
}

function SensitivityCard({ value, onCommit }: { value: number; onCommit: (value: number) => void }) {
  const id = useId();
  const [draft, setDraft] = useState<number | null>(null);
  const pending = useRef<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const serverValue = useRef(value);
  const commitRef = useRef(onCommit);
  useEffect(() => {
    serverValue.current = value;
    commitRef.current = onCommit;
  });

  const flush = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const next = pending.current;
    pending.current = null;
    if (next !== null && next !== serverValue.current) commitRef.current(next);
  };

  // Leaving the tab before the debounce ends still saves the change.
  useEffect(() => flush, []);

  const shown = draft ?? value;
  const label = labelSensitivity(shown);

  return (
    <Card className="p-4">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={`${id}-label`} className="text-base font-semibold text-slate-900">
          Sensitivity
        </h2>
        <p className="text-sm font-semibold text-primary-strong" aria-hidden="true" data-testid="sensitivity-label">
          {label}
        </p>
      </div>
      <p id={`${id}-desc`} className="text-sm text-slate-600">
        Higher sensitivity will warn you about more messages, including ones that are only slightly suspicious.
      </p>
      <Slider.Root
        data-testid="sensitivity-slider"
        className="relative mt-2 flex h-11 w-full touch-none select-none items-center"
        min={1}
        max={5}
        step={1}
        value={[shown]}
        onValueChange={([next = value]) => setDraft(next)}
        onValueCommit={([next = value]) => {
          pending.current = next;
          if (timer.current) clearTimeout(timer.current);
          timer.current = setTimeout(() => {
            flush();
            setDraft(null);
          }, SENSITIVITY_DEBOUNCE_MS);
        }}
      >
        <Slider.Track className="relative h-2 grow overflow-hidden rounded-full bg-slate-300">
          <Slider.Range className="absolute h-full bg-primary" />
        </Slider.Track>
        <Slider.Thumb
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-desc`}
          aria-valuetext={label}
          className="block h-6 w-6 cursor-grab rounded-full border-2 border-primary bg-white shadow-md focus-ring"
        />
      </Slider.Root>
      <div aria-hidden="true" className="flex justify-between text-xs text-slate-600">
        <span>Low</span>
        <span>High</span>
      </div>
    </Card>
  );
}
