import type { PushPayload } from '@baitcheck/contracts';

/**
 * The outside channels the alerts service delivers on (issue 19), each behind a small adapter
 * that talks the real protocol: web push (`web-push`, VAPID), native push (Firebase Cloud
 * Messaging HTTP v1), SMS (Twilio's Messages API); email is the shared `EmailSender`.
 * Every `send` answers, never throws: a service being down is a result, not a crash.
 */

/** What one push or SMS attempt did. */
export type DeliveryResult =
  | { ok: true }
  /**
   * `gone`: the subscription, token or number will never work again (web push 404/410, FCM
   * UNREGISTERED or an invalid token): it is removed. `retry`: worth trying again later (a 5xx,
   * a 429, a timeout, a refused connection). `detail` is for the log only: never a secret.
   */
  | { ok: false; gone: boolean; retry: boolean; detail: string };

/** A browser's push subscription as stored. */
export interface WebPushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Web push with the server's VAPID keys. */
export interface WebPushSender {
  /** The VAPID public key (base64url, uncompressed P-256 point) the browser subscribes with. */
  readonly publicKey: string;
  /** Whether `endpoint` is a push service this server sends to (https, a known push service host, unless configured otherwise). */
  acceptsEndpoint(endpoint: string): boolean;
  send(target: WebPushTarget, payload: PushPayload): Promise<DeliveryResult>;
}

/** Native push through Firebase Cloud Messaging (HTTP v1). */
export interface NativePushSender {
  send(token: string, platform: 'ios' | 'android', payload: PushPayload): Promise<DeliveryResult>;
}

/** Text messages through Twilio's Messages API, from the configured number. */
export interface SmsSender {
  /** The number texts come from (E.164). */
  readonly from: string;
  send(to: string, body: string): Promise<DeliveryResult>;
}
