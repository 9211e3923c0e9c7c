import { useState } from 'react';
import { Link2, MessageSquareText } from 'lucide-react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/toast-store';
import { MessageForm, MESSAGE_FORM_DEFAULTS, type MessageFormValues } from './message-form';
import { UrlForm, URL_FORM_DEFAULTS, type UrlFormValues } from './url-form';
import { ResultView } from './result-view';
import { toOutcomeFromText, toOutcomeFromUrl, useScanText, useScanUrl, type ScanOutcome } from './api';

type InnerTab = 'message' | 'url';

/** General Scan: Message and URL forms, then the result view. */
export function GeneralScan() {
  const [tab, setTab] = useState<InnerTab>('message');
  const [messageValues, setMessageValues] = useState<MessageFormValues>(MESSAGE_FORM_DEFAULTS);
  const [urlValues, setUrlValues] = useState<UrlFormValues>(URL_FORM_DEFAULTS);
  const [outcome, setOutcome] = useState<ScanOutcome | null>(null);
  const scanText = useScanText();
  const scanUrl = useScanUrl();
  const busy = scanText.isPending || scanUrl.isPending;

  const submitMessage = (values: MessageFormValues) =>
    scanText.mutate(
      {
        content: values.content,
        sender: values.sender.trim(),
        source: values.source,
        enhancedAnalysis: values.enhancedAnalysis,
        saveToHistory: true,
      },
      {
        onSuccess: (res) => setOutcome(toOutcomeFromText(res, values.enhancedAnalysis)),
        onError: (error) => {
          console.error('Text scan failed', error);
          toast({ title: 'Scan failed', description: 'There was a problem scanning your message.', variant: 'destructive' });
        },
      },
    );

  const submitUrl = (values: UrlFormValues) =>
    scanUrl.mutate(
      { url: values.url, enhancedAnalysis: values.enhancedAnalysis, saveToHistory: values.saveToHistory, source: 'manual' },
      {
        onSuccess: (res) => setOutcome(toOutcomeFromUrl(res, 'manual', values.enhancedAnalysis)),
        onError: (error) => {
          console.error('URL scan failed', error);
          toast({ title: 'Scan failed', description: 'There was a problem scanning the URL.', variant: 'destructive' });
        },
      },
    );

  const scanNew = () => {
    setOutcome(null);
    setMessageValues(MESSAGE_FORM_DEFAULTS);
    setUrlValues(URL_FORM_DEFAULTS);
    scanText.reset();
    scanUrl.reset();
  };

  if (outcome) return <ResultView outcome={outcome} onScanNew={scanNew} />;

  return (
    <Tabs value={tab} onValueChange={(v) => setTab(v as InnerTab)}>
      <TabsList aria-label="What to scan" className="bg-transparent p-0 gap-2">
        <TabsTrigger className="border border-slate-300 bg-white data-[state=active]:border-primary data-[state=active]:bg-primary-soft data-[state=active]:shadow-none" value="message" disabled={busy && tab !== 'message'}>
          <span className="inline-flex items-center gap-2">
            <MessageSquareText aria-hidden="true" className="h-4 w-4" />
            Message
          </span>
        </TabsTrigger>
        <TabsTrigger className="border border-slate-300 bg-white data-[state=active]:border-primary data-[state=active]:bg-primary-soft data-[state=active]:shadow-none" value="url" disabled={busy && tab !== 'url'}>
          <span className="inline-flex items-center gap-2">
            <Link2 aria-hidden="true" className="h-4 w-4" />
            URL
          </span>
        </TabsTrigger>
      </TabsList>
      <TabsContent value="message">
        <MessageForm
          values={messageValues}
          onChange={setMessageValues}
          onSubmit={submitMessage}
          onLinkPasted={(link) => {
            setUrlValues((v) => ({ ...v, url: link }));
            setTab('url');
          }}
          busy={scanText.isPending}
        />
      </TabsContent>
      <TabsContent value="url">
        <UrlForm values={urlValues} onChange={setUrlValues} onSubmit={submitUrl} busy={scanUrl.isPending} />
      </TabsContent>
    </Tabs>
  );
}
