import { useId, useState, type FormEvent } from 'react';
import { Dialog } from 'radix-ui';
import { ShieldCheck } from 'lucide-react';
import type { FamilyMember, ProtectionSettings } from '@baitcheck/contracts';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogPanel } from '@/components/ui/dialog';
import { SubmitButton } from '@/components/ui/submit-button';
import { SettingRow } from '@/components/setting-row';
import { toast } from '@/components/ui/toast-store';
import { readAuthError } from '@/lib/api/auth';
import { useSetMemberProtection } from '@/lib/api/family';
import { PROTECTION_SWITCHES, WHAT_THE_SWITCHES_DECIDE } from './labels';

function ProtectionForm({ member, onDone }: { member: FamilyMember; onDone: () => void }) {
  const id = useId();
  const save = useSetMemberProtection();
  const [settings, setSettings] = useState<ProtectionSettings>(member.protection);
  // a manager opening the controls means to set them: managed is the starting choice
  const [managed, setManaged] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setError(null);
    try {
      await save.mutateAsync({ userId: member.userId, settings, managed });
      toast({ title: 'Parental controls saved', description: managed ? `${member.email} sees these switches but cannot change them.` : `${member.email} can change these switches.` });
      onDone();
    } catch (caught) {
      setError(readAuthError(caught).message);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-busy={save.isPending} className="space-y-3">
      <p role="note" className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
        {WHAT_THE_SWITCHES_DECIDE(member.email)}
      </p>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Protection switches</legend>
        <div className="divide-y divide-slate-100">
          {PROTECTION_SWITCHES.map((item) => (
            <SettingRow
              key={item.key}
              label={item.label}
              description={item.description}
              checked={settings[item.key]}
              onCheckedChange={(value) => setSettings((s) => ({ ...s, [item.key]: value }))}
              disabled={!item.available}
              showActive={false}
            />
          ))}
        </div>
      </fieldset>
      <div className="flex items-start gap-3 rounded-lg bg-slate-50 p-3">
        <input
          id={`${id}-managed`}
          type="checkbox"
          checked={managed}
          onChange={(e) => setManaged(e.target.checked)}
          aria-describedby={`${id}-managed-hint`}
          className="mt-1 h-5 w-5 shrink-0 cursor-pointer accent-primary focus-ring"
        />
        <div>
          <label htmlFor={`${id}-managed`} className="text-sm font-medium text-slate-900">
            Only I can change these switches
          </label>
          <p id={`${id}-managed-hint`} className="text-sm text-slate-600">
            {member.email} sees them, marked as set by you, but cannot turn them off. Untick to let them choose. Nothing changes until you
            press Save: {member.protectionManaged ? 'now only you can change them.' : 'for now they can change them themselves.'}
          </p>
        </div>
      </div>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <DialogActions>
        <Dialog.Close asChild>
          <Button variant="outline">Cancel</Button>
        </Dialog.Close>
        <SubmitButton busy={save.isPending} busyText="Saving...">
          Save
        </SubmitButton>
      </DialogActions>
    </form>
  );
}

/** Parental controls: the manager sets a member's protection switches, and whether only they may. */
export function ProtectionDialog({ member }: { member: FamilyMember }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="outline" size="sm" aria-label={`Parental controls for ${member.email}`}>
          <ShieldCheck aria-hidden="true" className="h-4 w-4" />
          Parental controls
        </Button>
      </Dialog.Trigger>
      <DialogPanel title="Parental controls" description={`Choose the protection that is on for ${member.email}.`} className="max-w-lg">
        {/* a fresh form each time it opens: it starts from the member's switches as they are */}
        {open ? <ProtectionForm member={member} onDone={() => setOpen(false)} /> : null}
      </DialogPanel>
    </Dialog.Root>
  );
}
