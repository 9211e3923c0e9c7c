import { useRef, useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { PLUGIN_TEXT, SOCIAL_PLATFORMS } from '@baitcheck/contracts/lite';
import type { Plugin, SocialPlatform } from '@baitcheck/contracts';
import { Badge } from '@/components/ui/badge';
import { Label, Select } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { configurePlugin } from '@/lib/api/plugins';
import { FormButtons, FormProblem, Note, SwitchField, TextField, useFocusFirstInvalid } from './fields';
import { PLATFORM_LABELS, SIMULATED_FEED, SIMULATED_FEED_NOTE } from './plugin-text';
import { usePluginChange } from './use-plugin-change';

const FIELDS = ['platform', 'username', 'manualMode'] as const;

const isPlatform = (value: unknown): value is SocialPlatform => (SOCIAL_PLATFORMS as readonly unknown[]).includes(value);

/**
 * The social plugin (spec section 3: platform, username, manualMode). Its feed is simulated:
 * it says so before anything else, so nobody thinks an account of theirs is being read.
 * Premium and Family only: on Basic the reason shows, with the way to the plans.
 */
export function SocialForm({ plugin, onDone }: { plugin: Plugin; onDone: () => void }) {
  const platformId = useId();
  const config = plugin.configuration;
  const [platform, setPlatform] = useState<SocialPlatform | ''>(isPlatform(config.platform) ? config.platform : '');
  const [username, setUsername] = useState(typeof config.username === 'string' ? config.username : '');
  // the server's default: a platform named here is the feed (there is no account to sign in to)
  const [manualMode, setManualMode] = useState(config.manualMode !== false);
  const save = usePluginChange('social-media', (fields: Record<string, string | boolean>) => configurePlugin('social-media', fields), { done: PLUGIN_TEXT.configured, failed: PLUGIN_TEXT.configureFailed }, () => onDone());

  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, save.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    save.mutate({ platform, username: username.trim(), manualMode });
  };

  const { available, unavailableReason } = plugin.status;
  const fields = save.error?.fields ?? {};
  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-busy={save.isPending} className="space-y-4">
      <Note>
        <Badge variant="warning" className="mb-1">
          {SIMULATED_FEED}
        </Badge>
        <p>{SIMULATED_FEED_NOTE}</p>
      </Note>
      {!available && unavailableReason ? (
        <Note tone="warning">
          <p>{unavailableReason}</p>
          <Link href={paths.subscription} className="font-semibold text-primary-strong underline underline-offset-2 focus-ring">
            See the plans
          </Link>
        </Note>
      ) : null}
      <div>
        <Label htmlFor={platformId}>Platform</Label>
        <Select
          id={platformId}
          value={platform}
          aria-invalid={fields.platform ? true : undefined}
          aria-describedby={fields.platform ? `${platformId}-error` : undefined}
          onChange={(e) => setPlatform(e.target.value as SocialPlatform | '')}
        >
          <option value="">Choose a platform</option>
          {SOCIAL_PLATFORMS.map((p) => (
            <option key={p} value={p}>
              {PLATFORM_LABELS[p]}
            </option>
          ))}
        </Select>
        {fields.platform ? (
          <p id={`${platformId}-error`} className="mt-1 text-sm font-medium text-red-700">
            {fields.platform}
          </p>
        ) : null}
      </div>
      <TextField
        label="User name"
        hint="Optional: the name the feed's messages are addressed to."
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={username}
        error={fields.username}
        onChange={(e) => setUsername(e.target.value)}
      />
      <SwitchField label="Manual mode" hint="Use the platform and user name given here, without signing in to the platform." checked={manualMode} onChange={setManualMode} />
      <FormProblem error={save.error} fields={FIELDS} />
      <FormButtons busy={save.isPending} busyText="Saving…" />
    </form>
  );
}
