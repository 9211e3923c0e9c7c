import { toast } from '@/components/ui/toast-store';
import { useBlockSender, useCreateReport, type ReportInput } from '@/lib/api/feedback';

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
