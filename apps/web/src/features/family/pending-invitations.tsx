import { X } from 'lucide-react';
import type { FamilyInvitation } from '@baitcheck/contracts';
import { Badge } from '@/components/ui/badge';
import { toast } from '@/components/ui/toast-store';
import { useRevokeFamilyInvitation } from '@/lib/api/family';
import { ConfirmButton } from './confirm-dialog';
import { formatFamilyDate } from './labels';

/** The manager's invitations not used yet: to whom, until when (or expired), and Cancel. */
export function PendingInvitations({ invitations, headingId, onChanged }: { invitations: readonly FamilyInvitation[]; headingId: string; onChanged: () => void }) {
  const revoke = useRevokeFamilyInvitation();
  if (invitations.length === 0) return <p className="text-sm text-slate-600">No invitations waiting.</p>;
  return (
    <ul aria-labelledby={headingId} className="divide-y divide-slate-100 rounded-lg border border-slate-200">
      {invitations.map((invitation) => (
        <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
          <div className="min-w-0">
            <p className="break-all text-sm font-medium text-slate-900">{invitation.email}</p>
            <p className="text-sm text-slate-600">
              {invitation.expired ? (
                <Badge variant="warning">Expired</Badge>
              ) : (
                `Link works until ${formatFamilyDate(invitation.expiresAt)}`
              )}
            </p>
          </div>
          <ConfirmButton
            trigger={
              <>
                <X aria-hidden="true" className="h-4 w-4" />
                {invitation.expired ? 'Remove' : 'Cancel invitation'}
              </>
            }
            triggerLabel={`${invitation.expired ? 'Remove expired invitation' : 'Cancel invitation'} for ${invitation.email}`}
            title={invitation.expired ? 'Remove this expired invitation?' : `Cancel the invitation for ${invitation.email}?`}
            description={invitation.expired ? 'It no longer works; removing it tidies the list.' : 'Its link stops working at once. You can invite them again later.'}
            confirmText={invitation.expired ? 'Remove' : 'Cancel invitation'}
            cancelText="Keep it"
            busyText="Removing..."
            run={async () => {
              await revoke.mutateAsync(invitation.id);
              toast({ title: invitation.expired ? 'Invitation removed' : 'Invitation canceled', description: `${invitation.email} cannot join with that link.` });
            }}
            onDone={onChanged}
          />
        </li>
      ))}
    </ul>
  );
}
