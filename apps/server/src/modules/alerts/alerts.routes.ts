import { ENDPOINTS, NOTIFICATION_STREAM_EVENTS, type Notification } from '@baitcheck/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { OutgoingHttpHeaders } from 'node:http';
import { AppError } from '../../lib/app-error.ts';
import { defineRoute, parseOrThrow } from '../../lib/route.ts';
import { addressKey } from '../../lib/client-address.ts';
import type { AlertsService } from './alerts.service.ts';
import type { HubEvent, NotificationHub } from './notification-hub.ts';

/** A comment line this often keeps proxies and the browser from taking an open stream for a dead one. */
export const HEARTBEAT_MS = 25_000;
/** How long a browser waits before it opens the stream again after it dropped (EventSource `retry`). */
const RETRY_MS = 5_000;
/** A newcomer (no session yet) is asked back later: by then a scan may have made their session. */
const NEWCOMER_RETRY_MS = 15_000;

/** One Server-Sent Event: its name and JSON data (one line: JSON has no raw line breaks). */
export function sseEvent(name: string, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

function toSse(event: HubEvent): string {
  if (event.kind === 'unread') return sseEvent(NOTIFICATION_STREAM_EVENTS.unread, { unread: event.unread });
  return sseEvent(NOTIFICATION_STREAM_EVENTS.notification, event.notification) + sseEvent(NOTIFICATION_STREAM_EVENTS.unread, { unread: event.unread });
}

/**
 * The notifications API (issue 19): the list, marking read, the channels, web push subscriptions,
 * the spec's `POST /api/device-tokens`, and the live stream (`GET /api/notifications/stream`,
 * Server-Sent Events: on opening, the unread notifications made after `since` and an `unread`
 * event; then each new notification and unread count).
 */
export function registerAlertsRoutes(app: FastifyInstance, alerts: AlertsService, hub: NotificationHub): void {
  const empty = { notifications: [], unread: 0 };
  defineRoute(app, ENDPOINTS.listNotifications, ({ userId, query }) => (userId === '' ? Promise.resolve(empty) : alerts.list(userId, query)));
  defineRoute(app, ENDPOINTS.markNotificationRead, ({ userId, params }) => {
    if (userId === '') throw new AppError('NOTIFICATION_NOT_FOUND');
    return alerts.markRead(userId, params.id);
  });
  defineRoute(app, ENDPOINTS.markAllNotificationsRead, ({ userId }) => (userId === '' ? Promise.resolve({ unread: 0 }) : alerts.markAllRead(userId)));
  defineRoute(app, ENDPOINTS.notificationChannels, ({ userId }) => alerts.channels(userId));
  defineRoute(app, ENDPOINTS.sendAlertEmailConfirmation, ({ userId }) => alerts.sendEmailConfirmation(userId));
  defineRoute(app, ENDPOINTS.confirmAlertEmail, ({ userId, body }) => alerts.confirmEmail(userId, body.token));
  defineRoute(app, ENDPOINTS.subscribePush, ({ userId, request, body }) => alerts.subscribePush(userId, request.sessionHash, body));
  defineRoute(app, ENDPOINTS.unsubscribePush, ({ userId, body }) => alerts.unsubscribePush(userId, body.endpoint));
  defineRoute(app, ENDPOINTS.registerDeviceToken, ({ userId, request, body }) => alerts.registerDeviceToken(userId, request.sessionHash, body));

  // each open stream, to be ended when the app closes (an open response would hold the close forever)
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  app.route({
    method: ENDPOINTS.notificationStream.method,
    url: ENDPOINTS.notificationStream.path,
    config: { session: true },
    handler: async (request, reply: FastifyReply) => {
      const { since } = parseOrThrow(ENDPOINTS.notificationStream.query, request.query);
      const userId = request.userId;
      // the security headers set for every response, with the stream's own
      const headers: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = typeof value === 'number' ? String(value) : value;
      // the connection is the stream's alone: when the stream ends (the app closing), so does it,
      // rather than idling as keep-alive and holding the close up
      Object.assign(headers, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no', connection: 'close' });
      // nothing can be told to a visitor with no session yet: come back later, when there may be one;
      // and HEAD gets the headers alone (held open, a stream sends HEAD nothing: it never answered)
      if (userId === '' || request.method === 'HEAD') {
        reply.hijack();
        reply.raw.writeHead(200, headers);
        reply.raw.end(`retry: ${NEWCOMER_RETRY_MS}\n` + sseEvent(NOTIFICATION_STREAM_EVENTS.unread, { unread: 0 }));
        return;
      }
      const queue: string[] = [];
      let ready = false;
      const write = (chunk: string) => {
        if (!ready) queue.push(chunk);
        else if (!reply.raw.destroyed) reply.raw.write(chunk);
      };
      const stopListening = hub.listen(userId, addressKey(request.ip), (event) => write(toSse(event)));
      if (!stopListening) throw new AppError('TOO_MANY_STREAMS');
      const heartbeat = setInterval(() => write(': keep-alive\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      let closed = false;
      let hijacked = false;
      const end = () => {
        closed = true;
        stopListening();
        clearInterval(heartbeat);
        open.delete(end);
        // before the stream began, the reply is Fastify's to send (an error in the API's shape)
        if (hijacked && !reply.raw.destroyed) reply.raw.end();
      };
      open.add(end);
      // the response's close, not the request's: a request without a body closes once it is read
      reply.raw.on('close', end);
      reply.raw.on('error', end);
      let unread: number;
      let missed: Notification[];
      try {
        [unread, missed] = await Promise.all([alerts.unread(userId), since ? alerts.unreadSince(userId, new Date(since)) : Promise.resolve([])]);
      } catch (error) {
        end();
        throw error;
      }
      reply.hijack();
      hijacked = true;
      // the browser went (or the app is closing) while the count was read: nothing to tell
      if (closed) {
        if (!reply.raw.destroyed) reply.raw.end();
        return;
      }
      reply.raw.writeHead(200, headers);
      reply.raw.write(`retry: ${RETRY_MS}\n` + missed.map((n) => sseEvent(NOTIFICATION_STREAM_EVENTS.notification, n)).join('') + sseEvent(NOTIFICATION_STREAM_EVENTS.unread, { unread }));
      ready = true;
      for (const chunk of queue.splice(0)) reply.raw.write(chunk);
    },
  });
}
