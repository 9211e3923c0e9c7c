import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Bell, Lightbulb, Mail, MessageSquare, MonitorSmartphone, RefreshCw, ShieldAlert, TriangleAlert } from 'lucide-react';
import { Slider } from 'radix-ui';
import type { AlertChannels, NotificationPreferences, NotificationPreferencesPatch } from '@baitcheck/contracts';
import {
  useAlertChannels,
  useConfirmAlertEmail,
  useNotificationPreferences,
  useSendAlertEmailConfirmation,
  useUpdateNotificationPreferences,
} from '@/lib/api/notifications';
import { readAuthError } from '@/lib/api/auth';
import { formatAlertDate } from '@/lib/format-date';
import { paths } from '@/config/paths';
import { toast } from '@/components/ui/toast-store';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/load-error';
import { SkeletonList } from '@/components/ui/skeleton';
import { SettingRow } from '@/components/setting-row';
import { PUSH_WORDS, usePushSwitch } from '@/components/notifications/use-push-switch';
import { SENSITIVITY_DEBOUNCE_MS, describeSensitivity, labelSensitivity } from './sensitivity';

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

/** Which alerts leave the app (issue 19): a scan made in the app is being looked at already. */
export const ONLY_IN_APP_NOTE =
  'Push, email and SMS alerts go out for messages that arrive through a connected source (SMS, email inbox, Slack) and for account events. Alerts about scans you make yourself show only in the app: you are already looking at the result.';

/** The query parameter of the link the confirmation email carries: `/settings?tab=notifications&confirm-email=<token>`. */
export const CONFIRM_EMAIL_PARAM = 'confirm-email';

/** The token of an email confirmation link in `search`, or null. */
export function readConfirmEmailToken(search: string): string | null {
  return new URLSearchParams(search).get(CONFIRM_EMAIL_PARAM) || null;
}

/**
 * Opened from the confirmation email: sends its token once (one request per token, also under
 * StrictMode's double effects), takes it out of the address at once (a reload or a shared address
 * does not send it again; the Notifications tab stays open) and says how it went.
 */
export function useEmailConfirmationLink() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const token = readConfirmEmailToken(search);
  const sent = useRef<string | null>(null);
  const confirm = useConfirmAlertEmail({
    onSuccess: (channels) =>
      toast({ title: 'Email alerts confirmed', description: `Alerts will also go to ${channels.email.sendsTo ?? 'your email address'}.` }),
    onError: (error) => {
      console.error(error);
      toast({ title: 'Error', description: readAuthError(error).message, variant: 'destructive' });
    },
  });
  const { mutate } = confirm;

  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    const rest = new URLSearchParams(search);
    rest.delete(CONFIRM_EMAIL_PARAM);
    rest.set('tab', 'notifications');
    // wouter's replace is history.replaceState, and keeps its own location in step
    navigate(`${paths.settings}?${rest}`, { replace: true });
    mutate(token);
  }, [token, search, navigate, mutate]);
}

export function NotificationsTab() {
  return (
    <div className="space-y-4">
      <WhereAlertsGoCard />
      <NotificationPreferencesCards />
    </div>
  );
}

/** One way alerts reach the person: what it is, where it sends now (or why it cannot), maybe a button. */
function ChannelLine({ icon, title, children, action }: { icon: ReactNode; title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2 py-3">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="mt-0.5 text-primary">{icon}</span>
        <div className="min-w-0">
          <h3 className="text-sm font-medium text-slate-900">{title}</h3>
          <div className="text-sm text-slate-600">{children}</div>
        </div>
      </div>
      {action}
    </li>
  );
}

/** How this browser stands for push, in words. */
function pushStatusWords(push: ReturnType<typeof usePushSwitch>, channels: AlertChannels | undefined): string {
  if (push.state === null) return 'Checking this browser…';
  if (push.state === 'unsupported') return 'Not supported by this browser.';
  if (push.state === 'denied') return "Blocked in this browser's settings.";
  if (push.notOnServer && push.state !== 'on') return channels?.webPush.reason ?? `${PUSH_WORDS.notOnServer}.`;
  const onOff = push.state === 'on' ? 'On in this browser.' : 'Off in this browser.';
  return push.description === PUSH_WORDS.usual ? onOff : `${onOff} ${push.description}`;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** When a link was sent, in the person's own time: 'at 3:04 PM', 'yesterday at 3:04 PM', 'on Jan 5 at 3:04 PM'. */
export function sentAtWords(value: string, now: Date = new Date()): string | null {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const parts = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const time = `${get('hour')}:${get('minute')} ${get('dayPeriod').toUpperCase()}`;
  const day = formatAlertDate(date, now);
  if (day === 'Today') return `at ${time}`;
  if (day === 'Yesterday') return `yesterday at ${time}`;
  return `on ${day} at ${time}`;
}

/** What the Email line says while the address waits for its owner's yes. */
function confirmEmailWords(email: AlertChannels['email'] & { sendsTo: string }): string {
  if (!email.confirmationSentAt) return `Confirm ${email.sendsTo} to start email alerts.`;
  const when = sentAtWords(email.confirmationSentAt);
  return `Check your inbox: we sent a link to ${email.sendsTo}${when ? ` (${when})` : ''}. Open it to start email alerts.`;
}

/**
 * The Email line of 'Where alerts go': where alerts go; or, while the address is not confirmed,
 * what to do, with a button that sends the link (again); or why email cannot be used.
 */
function EmailChannelLine({ email }: { email: AlertChannels['email'] | undefined }) {
  const id = useId();
  const send = useSendAlertEmailConfirmation({
    onSuccess: (channels) =>
      toast({ title: 'Confirmation link sent', description: `Check ${channels.email.sendsTo ?? 'your inbox'}, and your spam folder.` }),
    onError: (error) => {
      console.error(error);
      toast({ title: 'Error', description: readAuthError(error).message, variant: 'destructive' });
    },
  });
  const waiting = email?.needsConfirmation && email.sendsTo ? { ...email, sendsTo: email.sendsTo } : null;
  const words = !email ? 'Checking…' : waiting ? confirmEmailWords(waiting) : email.available ? `Sends to ${email.sendsTo ?? 'you'}.` : email.reason;

  return (
    <ChannelLine
      icon={<Mail aria-hidden="true" className={ICON} />}
      title="Email"
      action={
        waiting ? (
          <Button
            variant="outline"
            size="sm"
            className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
            aria-describedby={`${id}-email`}
            // aria-disabled, not disabled: the button keeps the keyboard focus while the link is sent
            aria-disabled={send.isPending || undefined}
            onClick={() => {
              if (!send.isPending) send.mutate();
            }}
          >
            {send.isPending ? 'Sending…' : waiting.confirmationSentAt ? 'Send the link again' : 'Send a confirmation link'}
          </Button>
        ) : null
      }
    >
      <p id={`${id}-email`} data-testid="email-status">
        {words}
      </p>
    </ChannelLine>
  );
}

/**
 * 'Where alerts go': the app itself always; push on this device (the same switch as Home's); the
 * phone apps; email and SMS with the address or number they go to, or why they cannot.
 */
function WhereAlertsGoCard() {
  const id = useId();
  const channels = useAlertChannels();
  const push = usePushSwitch();
  const data = channels.data;
  const canSwitch = push.state === 'on' || (push.state === 'off' && !push.notOnServer);

  const reachOf = (channel: 'sms') => {
    if (!data) return 'Checking…';
    const status = data[channel];
    return status.available ? `Sends to ${status.sendsTo ?? 'you'}.` : status.reason;
  };

  return (
    <Card className="px-4 py-1">
      <h2 className="pt-3 text-base font-semibold text-slate-900">Where alerts go</h2>
      <p className="text-sm text-slate-600">{ONLY_IN_APP_NOTE}</p>
      {channels.isError && !data ? (
        <LoadError
          className="mt-3"
          error={channels.error}
          message="Could not check where alerts can go."
          onRetry={() => void channels.refetch()}
          retrying={channels.isFetching}
        />
      ) : null}
      <ul className="divide-y divide-slate-100">
        <ChannelLine icon={<Bell aria-hidden="true" className={ICON} />} title="In the app">
          Always: the bell and pop-ups while Baitcheck is open.
        </ChannelLine>
        <ChannelLine
          icon={<MonitorSmartphone aria-hidden="true" className={ICON} />}
          title="Push on this device"
          action={
            canSwitch ? (
              <Button
                variant="outline"
                size="sm"
                aria-describedby={`${id}-push`}
                aria-disabled={push.busy || undefined}
                onClick={() => push.setOn(!push.checked)}
              >
                {push.busy ? (push.checked ? 'Turning on…' : 'Turning off…') : push.state === 'on' ? 'Turn off push' : 'Turn on push'}
              </Button>
            ) : null
          }
        >
          <p id={`${id}-push`} data-testid="push-status">
            {pushStatusWords(push, data)}
          </p>
          {data ? (
            <p data-testid="native-push-status">
              {data.nativePush.available
                ? `The Baitcheck phone app: ${data.nativePush.devices === 0 ? 'not signed in on any phone yet' : `on ${plural(data.nativePush.devices, 'phone', 'phones')}`}.`
                : data.nativePush.reason}
              {data.webPush.devices > 0 ? ` Browsers getting push alerts: ${data.webPush.devices}.` : ''}
            </p>
          ) : null}
        </ChannelLine>
        <EmailChannelLine email={data?.email} />
        <ChannelLine icon={<MessageSquare aria-hidden="true" className={ICON} />} title="SMS">
          <p data-testid="sms-status">{reachOf('sms')}</p>
        </ChannelLine>
      </ul>
    </Card>
  );
}

/** Why a channel switched on sends nothing, or null when it can send. */
function channelProblem(key: NotificationChannel, channels: AlertChannels | undefined): string | null {
  if (!channels) return null;
  if (key === 'push') {
    const { webPush, nativePush } = channels;
    if (!webPush.available && !nativePush.available) return `Not available: ${webPush.reason ?? PUSH_WORDS.notOnServer}`;
    if (webPush.devices + nativePush.devices === 0) {
      return webPush.available
        ? 'No device gets push alerts yet: turn on Push on this device above.'
        : 'No device gets push alerts yet: sign in to the Baitcheck phone app.';
    }
    return null;
  }
  const status = channels[key];
  if (key === 'email' && status.needsConfirmation && status.sendsTo) return `Waiting for you to confirm ${status.sendsTo}`;
  return status.available ? null : `Not available: ${status.reason ?? 'this server cannot send these.'}`;
}

function NotificationPreferencesCards() {
  const prefs = useNotificationPreferences();
  const channels = useAlertChannels();
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
        // switched on but sending nothing: the row says so, and why
        describe={(key) => (data.channels[key] ? channelProblem(key, channels.data) : null)}
        onChange={(key, value) => update.mutate({ channels: { [key]: value } })}
      />

      <SensitivityCard value={data.sensitivity} onCommit={(sensitivity) => update.mutate({ sensitivity })} />
    </div>
  );
}

/** A card of switches, one per item; `describe` may say more of an item than its description. */
function SwitchCard<K extends string>({
  title,
  description,
  items,
  isOn,
  describe,
  onChange,
}: {
  title: string;
  description: string;
  items: ReadonlyArray<SwitchItem<K>>;
  isOn: (key: K) => boolean;
  describe?: (key: K) => string | null;
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
            description={describe?.(item.key) ?? item.description}
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

/**
 * The sensitivity slider follows the pointer or the keys locally and sends one request once the
 * person lets go (debounced, so holding an arrow key sends one request too). Under it, what the
 * shown level alerts about.
 */
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
  const meaning = describeSensitivity(shown);

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
        Higher sensitivity will warn you about more messages, including ones that are only slightly suspicious. It changes alerts only, never how messages are checked.
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
          aria-describedby={`${id}-desc ${id}-meaning`}
          aria-valuetext={label}
          className="block h-6 w-6 cursor-grab rounded-full border-2 border-primary bg-white shadow-md focus-ring"
        />
      </Slider.Root>
      <div aria-hidden="true" className="flex justify-between text-xs text-slate-600">
        <span>Low</span>
        <span>High</span>
      </div>
      <p id={`${id}-meaning`} data-testid="sensitivity-meaning" className="mt-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
        <span className="font-semibold">{label}:</span> {meaning}
      </p>
    </Card>
  );
}
