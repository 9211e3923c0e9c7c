import { toast } from '@/components/ui/toast-store';
import { useBlockSender, useCreateReport, type ReportInput } from '@/lib/api/feedback';
import { useDeleteMessage } from '@/lib/api/messages';

function failed(description: string) {
  return (error: Error) => {
    console.error(error);
    toast({ title: 'Error', description, variant: 'destructive' });
  };
}

/** Report a message (stored as feedback) with the spec's toast. */
export function useReportAction() {
  const mutation = useCreateReport();
  const report = (input: ReportInput) =>
    mutation.mutate(input, {
      onSuccess: () => toast({ title: 'Message reported', description: 'Thank you for reporting this message.' }),
      onError: failed('Failed to report message. Please try again.'),
    });
  return { report, pending: mutation.isPending, done: mutation.isSuccess };
}

/** Block a sender with the spec's toast. */
export function useBlockAction() {
  const mutation = useBlockSender();
  const block = (sender: string) =>
    mutation.mutate(sender, {
      onSuccess: () => toast({ title: 'Sender blocked', description: 'Messages from the sender will be blocked.' }),
      onError: failed('Failed to block sender. Please try again.'),
    });
  return { block, pending: mutation.isPending, done: mutation.isSuccess };
}

/** Delete a stored scan with the spec's toasts; the list and stats refresh afterwards. */
export function useDeleteAction() {
  const mutation = useDeleteMessage();
  const remove = (id: string) =>
    mutation.mutate(id, {
      onSuccess: () => toast({ title: 'Message deleted', description: 'The message has been removed from your history.' }),
      onError: failed('Failed to delete message.'),
    });
  return { remove, pendingId: mutation.isPending ? mutation.variables : undefined };
}
