import { useRef, useState, type FormEvent } from 'react';
import { ExternalLink } from 'lucide-react';
import { PLUGIN_TEXT } from '@baitcheck/contracts/lite';
import type { Plugin } from '@baitcheck/contracts';
import { Button } from '@/components/ui/button';
import { configurePlugin } from '@/lib/api/plugins';
import { FormButtons, FormProblem, Note, SwitchField, TextField, useFocusFirstInvalid } from './fields';
import { usePluginChange } from './use-plugin-change';
import { Code, ConfirmStep } from './confirm-step';

const FIELDS = ['workspaceName', 'channelName', 'manualMode'] as const;

const text = (value: Plugin['configuration'][string] | undefined) => (typeof value === 'string' ? value : '');

/**
 * The Slack plugin (spec section 3: workspaceName, channelName, manualMode): installed through
 * Slack ('Add to Slack', when the server has Slack's sign-in), or in manual mode by naming the
 * workspace and channel (spec section 5: connected with both names).
 */
export function SlackForm({ plugin, onDone }: { plugin: Plugin; onDone: () => void }) {
  const config = plugin.configuration;
  const [workspaceName, setWorkspaceName] = useState(text(config.workspaceName));
  const [channelName, setChannelName] = useState(text(config.channelName));
  const [manualMode, setManualMode] = useState(config.manualMode === true);
  // manual mode keeps the dialog open on its step: the person needs the code in front of them
  const save = usePluginChange('slack', (fields: Record<string, string | boolean>) => configurePlugin('slack', fields), { done: PLUGIN_TEXT.configured, failed: PLUGIN_TEXT.configureFailed }, (changed) => {
    if (!changed.plugins.slack?.status.confirmation) onDone();
  });

  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, save.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    save.mutate({ workspaceName: workspaceName.trim(), channelName: channelName.trim(), manualMode });
  };

  const { authUrl, available, unavailableReason, confirmation, connected, problem } = plugin.status;
  const fields = save.error?.fields ?? {};
  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-busy={save.isPending} className="space-y-4">
      {!available && unavailableReason ? <Note tone="warning">{unavailableReason}</Note> : null}
      {authUrl ? (
        <div className="space-y-2">
          <p className="text-sm text-slate-700">Install Baitcheck in your workspace, then invite it to the channel to check.</p>
          <Button asChild variant="outline">
            <a href={authUrl}>
              <ExternalLink aria-hidden="true" className="h-4 w-4" />
              Add to Slack
            </a>
          </Button>
        </div>
      ) : null}
      <SwitchField
        label="Manual mode"
        hint="Connect by naming the workspace and channel here, without installing through Slack. Both names are needed; then you post a code in that channel, to show you are in it."
        checked={manualMode}
        onChange={setManualMode}
      />
      <TextField label="Workspace name" autoComplete="off" value={workspaceName} error={fields.workspaceName} onChange={(e) => setWorkspaceName(e.target.value)} />
      <TextField
        label="Channel name"
        hint="Such as #general."
        autoComplete="off"
        autoCapitalize="none"
        value={channelName}
        error={fields.channelName}
        onChange={(e) => setChannelName(e.target.value)}
      />
      <FormProblem error={save.error} fields={FIELDS} />
      {problem ? <Note tone="warning">{problem}</Note> : null}
      {confirmation && !connected ? (
        <ConfirmStep heading="Confirm the channel" confirmation={confirmation} testId="slack-confirmation" arrived="Once it is posted, this plugin is connected and turned on.">
          Post “<Code>{confirmation.code}</Code>” in <span className="whitespace-nowrap">{confirmation.sendTo}</span> of {text(config.workspaceName)}, as a message of its own.
        </ConfirmStep>
      ) : null}
      <FormButtons busy={save.isPending} busyText="Saving…" />
    </form>
  );
}
