import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageSource } from '@baitcheck/contracts';
import { toast } from '@/components/ui/toast-store';
import { blockSender, createReport, type ReportInput } from '@/lib/api/feedback';
import { queryKeys } from '@/lib/api/query-keys';

// The toasts live in the mutation options, not in mutate() callbacks: the card that asked can
// unmount before the answer comes (deleted, or its result cleared), and mutate() callbacks of an
// unmounted component never run.

function failed(description: string) {
  return (error: Error) => {
    console.error(error);
    toast({ title: 'Error', description, variant: 'destructive' });
  };
}

/**
 * Where else to report a scam message, by how it arrived (the assistant's reporting guidance, in
 * short): Baitcheck keeps a report for itself, it does not pass it on to anyone.
 */
export function reportElsewhere(source?: MessageSource | null): string {
  switch (source) {
    case 'email':
      return 'To report it further, forward the email to report@phishing.gov.uk (UK) or reportphishing@apwg.org (US), then delete it.';
    case 'social':
      return 'To get the account removed, report it in the app where it reached you, then block it there.';
    case 'sms':
      return 'To warn your mobile network too, forward the text to 7726 (free in the UK, US and Canada), then delete it.';
    default:
      return 'To warn your mobile network too, forward a scam text to 7726 (UK, US and Canada); forward a scam email to report@phishing.gov.uk (UK) or reportphishing@apwg.org (US).';
  }
}

/** What a report and a block say: the spec's titles, with what really happened and what else to do. */
export const FEEDBACK_TEXTS = {
  reported: (source?: MessageSource | null) => ({
    title: 'Message reported',
    description: `Thank you for reporting this message: Baitcheck keeps it to improve its detection. ${reportElsewhere(source)}`,
  }),
  falsePositive: { title: 'Thanks for flagging this result', description: "We'll review this result and use it to make Baitcheck more accurate." },
  blocked: {
    title: 'Sender blocked',
    description:
      "Added to your blocked senders: future scans of their messages will warn you. Baitcheck can't stop them reaching your phone: block them in your messages, WhatsApp or email app too.",
  },
} as const;

/**
 * Report a message (stored as feedback). A report of a scam says where else to report it, by
 * `source` (how the message arrived); a report of a wrong result ('false_positive') thanks the
 * person for flagging it.
 */
export function useReportAction() {
  const mutation = useMutation({
    mutationFn: ({ input }: { input: ReportInput; source?: MessageSource | null }) => createReport(input),
    onSuccess: (_report, { input, source }) =>
      toast(input.kind === 'false_positive' ? FEEDBACK_TEXTS.falsePositive : FEEDBACK_TEXTS.reported(source ?? input.source)),
    onError: failed('Failed to report message. Please try again.'),
  });
  return {
    report: (input: ReportInput, source?: MessageSource | null) => mutation.mutate({ input, source }),
    pending: mutation.isPending,
    done: mutation.isSuccess,
  };
}

/** Block a sender: the spec's toast title, and what blocking in a web app does and does not do. */
export function useBlockAction() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: blockSender,
    onSuccess: () => {
      toast(FEEDBACK_TEXTS.blocked);
      // Settings lists the blocked senders, and lists are never stale by themselves.
      void queryClient.invalidateQueries({ queryKey: queryKeys.blockedSenders });
    },
    onError: failed('Failed to block sender. Please try again.'),
  });
  return { block: (sender: string) => mutation.mutate(sender), pending: mutation.isPending, done: mutation.isSuccess };
}
