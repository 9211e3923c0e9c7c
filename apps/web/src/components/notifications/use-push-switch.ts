import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { alertChannelsOptions, useAlertChannels } from '@/lib/api/notifications';
import { queryKeys } from '@/lib/api/query-keys';
import { readAuthError } from '@/lib/api/auth';
import { PushNotAllowedError, currentPushState, isPushSupported, turnPushOff, turnPushOn, type PushState } from '@/lib/web-push';
import { toast } from '@/components/ui/toast-store';

/** What the push switch says under its label, by state (the spec's line while it can work). */
export const PUSH_WORDS = {
  usual: 'Real-time phishing alerts',
  unsupported: "This browser can't receive push alerts",
  denied: "Blocked in this browser's settings",
  notOnServer: 'Push alerts are not set up on this server',
  failed: "Push alerts couldn't be turned on. Please try again.",
} as const;

/** The spec's toasts (section 8, push toggle), word for word. */
const ENABLED = { title: 'Notifications enabled', description: "You'll receive real-time phishing alerts." };
const DISABLED = { title: 'Notifications disabled', description: "You won't receive real-time phishing alerts." };

export interface PushSwitch {
  /** This browser's state; null while it is being read. */
  state: PushState | null;
  /** The server sends no web push. */
  notOnServer: boolean;
  /** Whether the switch shows on (the wanted position while a change runs). */
  checked: boolean;
  busy: boolean;
  /** Why it is off when it cannot be on, else the spec's line. */
  description: string;
  setOn: (on: boolean) => void;
}

/**
 * The push switch of Home and of Settings → Notifications (one behaviour): on asks the browser's
 * permission, subscribes and tells the server; off unsubscribes. A refusal (permission denied, no
 * push in this browser or on the server, a push error) is only logged (spec section 8) and the
 * switch shows the truth: it stays off and says why.
 */
export function usePushSwitch(): PushSwitch {
  const supported = isPushSupported();
  const queryClient = useQueryClient();
  const channels = useAlertChannels({ enabled: supported });
  const [state, setState] = useState<PushState | null>(supported ? null : 'unsupported');
  const [wanted, setWanted] = useState<boolean | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!supported) return;
    let live = true;
    void currentPushState().then((s) => {
      if (live) setState(s);
    });
    return () => {
      live = false;
    };
  }, [supported]);

  const notOnServer = channels.data ? !channels.data.webPush.available : false;

  const turnOn = async () => {
    if (!supported) {
      console.warn('Push notifications: this browser cannot receive push alerts.');
      setState('unsupported');
      return;
    }
    const data = channels.data ?? (await queryClient.fetchQuery(alertChannelsOptions).catch(() => null));
    const publicKey = data?.webPush.available ? data.webPush.publicKey : undefined;
    if (!publicKey) {
      console.warn('Push notifications: not set up on this server.');
      if (!data) setProblem(PUSH_WORDS.failed);
      return;
    }
    setWanted(true);
    try {
      queryClient.setQueryData(queryKeys.notificationChannels, await turnPushOn(publicKey));
      setState('on');
      toast(ENABLED);
    } catch (error) {
      console.error('Push notifications not turned on', error);
      if (error instanceof PushNotAllowedError) {
        setState(error.reason === 'dismissed' ? 'off' : error.reason);
      } else {
        setState(await currentPushState());
        const { code, message } = readAuthError(error);
        setProblem(code === 'PUSH_UNAVAILABLE' ? PUSH_WORDS.notOnServer : code === 'PUSH_ENDPOINT_REFUSED' ? message : PUSH_WORDS.failed);
        if (code === 'PUSH_UNAVAILABLE') void queryClient.invalidateQueries({ queryKey: queryKeys.notificationChannels });
      }
    } finally {
      setWanted(null);
    }
  };

  const turnOff = async () => {
    setWanted(false);
    try {
      const next = await turnPushOff();
      if (next) queryClient.setQueryData(queryKeys.notificationChannels, next);
    } catch (error) {
      // the browser's subscription is gone whatever the server said: nothing shows here any more
      console.error('Push notifications: the server was not told', error);
    }
    const after = await currentPushState();
    setState(after);
    setWanted(null);
    if (after !== 'on') toast(DISABLED);
  };

  const setOn = (on: boolean) => {
    if (wanted !== null) return;
    setProblem(null);
    void (on ? turnOn() : turnOff());
  };

  let description: string = PUSH_WORDS.usual;
  if (state === 'unsupported') description = PUSH_WORDS.unsupported;
  else if (state === 'denied') description = PUSH_WORDS.denied;
  else if (problem) description = problem;
  else if (notOnServer && state !== 'on') description = PUSH_WORDS.notOnServer;

  return { state, notOnServer, checked: wanted ?? state === 'on', busy: wanted !== null, description, setOn };
}
