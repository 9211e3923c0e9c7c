import { useId } from 'react';
import { Link } from 'wouter';
import { Info } from 'lucide-react';
import { HelpPageShell } from '@/components/help/help-page-shell';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { assistantHref, paths } from '@/config/paths';
import { LiveChat } from './live-chat';
import { SupportHoursPanel } from './support-hours-panel';

const LINK = 'font-semibold text-primary-strong underline underline-offset-2 focus-ring';

/**
 * Says, on both tabs and before anything is typed, that no person is behind this chat and that
 * nothing leaves the page, and where real help is: the text carries it, not a colour.
 */
function AutomatedPreviewNotice() {
  const headingId = `${useId()}-heading`;
  return (
    <section aria-labelledby={headingId} className="mb-4 flex items-start gap-3 rounded-xl border border-sky-300 bg-sky-50 p-4 text-sky-950">
      <Info aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-sky-800" />
      <div className="space-y-1 text-sm">
        <h2 id={headingId} className="font-semibold">
          This chat is an automated preview
        </h2>
        <p>
          No person reads or answers it, and nothing you type leaves this page: the replies are written in advance. For a real answer
          from a person, write to{' '}
          <Link href={paths.contactSupport} className={LINK}>
            Contact Support
          </Link>{' '}
          (we answer by email); for questions about scams or a message you received, ask the{' '}
          <Link href={assistantHref} className={LINK}>
            Virtual Assistant
          </Link>{' '}
          on the Account page.
        </p>
      </div>
    </section>
  );
}

/**
 * Live Chat (spec section 2): tabs 'Live Chat' and 'Support Hours'. The chat is simulated on this
 * page; `random` and `now` are injected by tests (typing time, the clock of "open now").
 */
export function LiveChatView({ random, now }: { random?: () => number; now?: () => Date }) {
  return (
    <HelpPageShell title="Live Chat">
      <AutomatedPreviewNotice />
      <Tabs defaultValue="chat">
        <TabsList aria-label="Live Chat sections">
          <TabsTrigger value="chat">Live Chat</TabsTrigger>
          <TabsTrigger value="hours">Support Hours</TabsTrigger>
        </TabsList>
        {/* Kept mounted behind the other tab, so a look at the hours does not end the chat. */}
        <TabsContent value="chat" forceMount className="data-[state=inactive]:hidden">
          <LiveChat random={random} />
        </TabsContent>
        <TabsContent value="hours">
          <SupportHoursPanel now={now} />
        </TabsContent>
      </Tabs>
    </HelpPageShell>
  );
}

export default function LiveChatPage() {
  return <LiveChatView />;
}
