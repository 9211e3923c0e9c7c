import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast-store';
import { blockSender, createReport, type ReportInput } from '@/lib/api/feedback';
import { deleteMessage, invalidateScanData } from '@/lib/api/messages';

// The toasts live in the mutation options, not in mutate() callbacks: a deleted card unmounts
// as soon as the list refreshes, and mutate() callbacks of an unmounted component never run.

function failed(description: string) {
  return (error: Error) => {
    console.error(error);
    toast({ title: 'Error', description, variant: 'destructive' });
  };
}

/** Report a message (stored as feedback) with the spec's toast. */
export function useReportAction() {
  const mutation = useMutation({
    mutationFn: createReport,
    onSuccess: () => toast({ title: 'Message reported', description: 'Thank you for reporting this message.' }),
    onError: failed('Failed to report message. Please try again.'),
  });
  return { report: (input: ReportInput) => mutation.mutate(input), pending: mutation.isPending, done: mutation.isSuccess };
}

/** Block a sender with the spec's toast. */
export function useBlockAction() {
  const mutation = useMutation({
    mutationFn: blockSender,
    onSuccess: () => toast({ title: 'Sender blocked', description: 'Messages from the sender will be blocked.' }),
    onError: failed('Failed to block sender. Please try again.'),
  });
  return { block: (sender: string) => mutation.mutate(sender), pending: mutation.isPending, done: mutation.isSuccess };
}

/** Delete a stored scan with the spec's toasts, then refresh the list, stats and banner. */
export function useDeleteAction() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: deleteMessage,
    onSuccess: () => {
      toast({ title: 'Message deleted', description: 'The message has been removed from your history.' });
      return invalidateScanData(queryClient);
    },
    onError: failed('Failed to delete message.'),
  });
  return { remove: (id: string) => mutation.mutate(id), pendingId: mutation.isPending ? mutation.variables : undefined };
}
