import { useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { AlertTriangle, ChevronDown, ChevronUp, Hash, Mail, MessageSquare, Share2 } from 'lucide-react';
import { PLUGIN_TEXT } from '@baitcheck/contracts/lite';
import type { Plugin } from '@baitcheck/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { paths } from '@/config/paths';
import { disablePlugin, enablePlugin } from '@/lib/api/plugins';
import { ConfigureDialog } from './configure-dialog';
import { DisconnectButton } from './disconnect-button';
import { PluginMessages } from './plugin-messages';
import { SIMULATED_FEED, TYPE_LABELS, describeActivity, describeConfirmation, describeState, formatPhoneNumber } from './plugin-text';
import { usePluginChange } from './use-plugin-change';

const ICON = 'h-5 w-5';

function PluginIcon({ type }: { type: Plugin['type'] }) {
  switch (type) {
    case 'sms':
      return <MessageSquare aria-hidden="true" className={ICON} />;
    case 'email':
      return <Mail aria-hidden="true" className={ICON} />;
    case 'slack':
      return <Hash aria-hidden="true" className={ICON} />;
    default:
      return <Share2 aria-hidden="true" className={ICON} />;
  }
}

/** Whether the plugin holds anything to forget: settings, a pending number, a connection. */
function hasSettings(plugin: Plugin): boolean {
  const saved = Object.entries(plugin.configuration).some(([key, value]) => key !== 'forwardTo' && value !== '');
  return plugin.status.connected || plugin.status.enabled || Boolean(plugin.status.confirmation) || saved;
}

/**
 * One plugin: name, type and state; its switch (usable once it is connected and can run here,
 * and always to turn it off); what it received; Configure, its messages and Disconnect.
 */
export function PluginRow({ plugin, canConnect = true }: { plugin: Plugin; /** False for a guest: the server refuses them, so no dialog invites them to fill it in. */ canConnect?: boolean }) {
  const id = useId();
  const configureRef = useRef<HTMLDivElement>(null);
  const [showMessages, setShowMessages] = useState(false);
  const { connected, enabled, available, confirmation, problem, unavailableReason } = plugin.status;
  const toggle = usePluginChange(
    plugin.id,
    (on: boolean) => (on ? enablePlugin(plugin.id) : disablePlugin(plugin.id)),
    { done: (on) => (on ? PLUGIN_TEXT.enabled : PLUGIN_TEXT.disabled), failed: (on) => (on ? PLUGIN_TEXT.enableFailed : PLUGIN_TEXT.disableFailed) },
  );
  const turning = toggle.isPending ? toggle.variables : undefined;
  const state = describeState(plugin);
  const activity = describeActivity(plugin.activity, connected);
  const forwardTo = typeof plugin.configuration.forwardTo === 'string' ? plugin.configuration.forwardTo : '';
  const switchUsable = (connected && available) || enabled;
  const pending = Boolean(confirmation) && !connected;
  const unavailable = !available && Boolean(unavailableReason);
  // a switch that cannot be used says why: the reason shown beside it, else where to start
  const why = switchUsable ? null : unavailable ? `${id}-unavailable` : pending ? `${id}-confirm` : `${id}-why`;
  const describedBy = [`${id}-desc`, why, toggle.error ? `${id}-error` : null].filter(Boolean).join(' ');

  return (
    <div className="py-4" data-testid="plugin-row" data-plugin-id={plugin.id}>
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <span className="mt-0.5 text-primary">
            <PluginIcon type={plugin.type} />
          </span>
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="text-sm font-semibold text-slate-900">{plugin.name}</h3>
              {/* the type, where the name does not already say it (not 'SMS SMS') */}
              {TYPE_LABELS[plugin.type] !== plugin.name ? <Badge variant="neutral">{TYPE_LABELS[plugin.type]}</Badge> : null}
              <Badge variant={state.variant}>{state.label}</Badge>
              {plugin.status.simulated ? <Badge variant="warning">{SIMULATED_FEED}</Badge> : null}
            </div>
            <p id={`${id}-desc`} className="mt-1 text-sm text-slate-600">
              {plugin.description}
            </p>
          </div>
        </div>
        <Switch
          aria-label={`Enable ${plugin.name}`}
          aria-describedby={describedBy}
          checked={turning ?? enabled}
          disabled={!switchUsable}
          aria-busy={toggle.isPending || undefined}
          onCheckedChange={(on) => {
            if (toggle.isPending) return;
            toggle.mutate(on);
          }}
        />
      </div>

      <div className="mt-2 space-y-1 pl-8 text-sm">
        {why === `${id}-why` ? (
          <p id={why} className="sr-only">
            Connect this plugin first: open Configure.
          </p>
        ) : null}
        {pending && confirmation ? (
          <p id={`${id}-confirm`} className="text-amber-900">
            {describeConfirmation(plugin, confirmation)}
          </p>
        ) : null}
        {plugin.id === 'email' && connected && typeof plugin.configuration.emailAddress === 'string' ? (
          <p className="break-words text-slate-700">Checking {plugin.configuration.emailAddress}</p>
        ) : null}
        {plugin.id === 'sms' && connected && forwardTo ? <p className="text-slate-700">
            Forward texts you want checked to <span className="whitespace-nowrap">{formatPhoneNumber(forwardTo)}</span>
          </p> : null}
        {unavailable ? (
          <p id={`${id}-unavailable`} className="text-slate-700">
            {unavailableReason}
            {plugin.id === 'social-media' ? (
              <>
                {' '}
                <Link href={paths.subscription} className="font-semibold text-primary-strong underline underline-offset-2 focus-ring">
                  See the plans
                </Link>
              </>
            ) : null}
          </p>
        ) : null}
        {problem ? (
          <p className="flex items-start gap-1 font-medium text-red-700">
            <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            <span>{problem}</span>
          </p>
        ) : null}
        {activity ? (
          <p className="text-slate-600" data-testid="plugin-activity">
            {activity}
          </p>
        ) : null}
        {toggle.error ? (
          <p id={`${id}-error`} role="alert" className="font-medium text-red-700">
            {toggle.error.message}
          </p>
        ) : null}
      </div>

      <div ref={configureRef} className="mt-2 flex flex-wrap gap-2 pl-8">
        {canConnect ? <ConfigureDialog plugin={plugin} /> : null}
        <Button variant="ghost" size="sm" aria-expanded={showMessages} aria-controls={`${id}-messages`} onClick={() => setShowMessages((s) => !s)}>
          {showMessages ? <ChevronUp aria-hidden="true" className="h-4 w-4" /> : <ChevronDown aria-hidden="true" className="h-4 w-4" />}
          {showMessages ? 'Hide messages' : 'Show messages'}
          <span className="sr-only"> of {plugin.name}</span>
        </Button>
        {hasSettings(plugin) ? <DisconnectButton plugin={plugin} onDone={() => configureRef.current?.querySelector<HTMLButtonElement>('button')?.focus()} /> : null}
      </div>
      {showMessages ? (
        <div className="sm:pl-8">
          <PluginMessages plugin={plugin} id={`${id}-messages`} />
        </div>
      ) : null}
    </div>
  );
}
