import { useState } from 'react';
import { Dialog } from 'radix-ui';
import { Settings2 } from 'lucide-react';
import type { Plugin } from '@baitcheck/contracts';
import { Button } from '@/components/ui/button';
import { DialogPanel } from '@/components/ui/dialog';
import { EmailForm } from './email-form';
import { SlackForm } from './slack-form';
import { SmsForm } from './sms-form';
import { SocialForm } from './social-form';

const DESCRIPTIONS: Record<Plugin['id'], string> = {
  sms: 'Enter your mobile number, then confirm it with a text. After that, texts you forward to Baitcheck are checked as they arrive.',
  email: 'Sign in to your inbox with an app password. Every new email is checked as it arrives and kept in your History.',
  slack: 'Choose the Slack channel to check. A phishing message gets a warning in its thread.',
  'social-media': 'Choose the platform and the user name of the feed to check.',
};

/**
 * A plugin's 'Configure' button and its dialog (spec section 2: open, edit fields, save closes
 * on success, cancel closes). The form starts from the saved settings each time it opens.
 */
export function ConfigureDialog({ plugin }: { plugin: Plugin }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="outline" size="sm" aria-label={`Configure ${plugin.name}`}>
          <Settings2 aria-hidden="true" className="h-4 w-4" />
          Configure
        </Button>
      </Dialog.Trigger>
      <DialogPanel title={`Configure ${plugin.name}`} description={DESCRIPTIONS[plugin.id]} className="max-w-lg" focusFirstField={plugin.id !== 'social-media'}>
        {plugin.id === 'sms' ? <SmsForm plugin={plugin} onDone={close} /> : null}
        {plugin.id === 'email' ? <EmailForm plugin={plugin} onDone={close} /> : null}
        {plugin.id === 'slack' ? <SlackForm plugin={plugin} onDone={close} /> : null}
        {plugin.id === 'social-media' ? <SocialForm plugin={plugin} onDone={close} /> : null}
      </DialogPanel>
    </Dialog.Root>
  );
}
