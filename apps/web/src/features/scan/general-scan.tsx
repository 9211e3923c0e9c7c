import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link2, MessageSquareText, ScanText } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/toast-store';
import { useSessionDraft } from '@/lib/session-draft';
import { warmEngine } from '@/lib/on-device/engine-client';
import { useOnDevice } from '@/lib/on-device/on-device-state';
import { MessageForm, MESSAGE_FORM_DEFAULTS, isMessageFormValues, type MessageFormValues } from './message-form';
import { UrlForm, URL_FORM_DEFAULTS, type UrlFormValues } from './url-form';
import { tellShare, type ReceivedShare } from './share-target';
import { ResultView } from './result-view';
import {
  isConnectionError,
  isOutOfScans,
  scanLimitSentence,
  toOutcomeFromText,
  toOutcomeFromUrl,
  useScanGuard,
  useScanText,
  useScanUrl,
  useScanUsage,
  type ScanOutcome,
  type TextScanInput,
  type UrlScanInput,
} from './api';

type InnerTab = 'message' | 'url';

const TRIGGER = 'border border-slate-300 bg-white data-[state=active]:border-primary data-[state=active]:bg-primary-soft data-[state=active]:shadow-none';
const NOTICE_HEADING_ID = 'link-found-heading';

/**
 * Said on the URL tab when a pasted message's link was moved there (the spec's switch): the
 * message is still in its box, and scanning it whole finds more than its link alone.
 */
function LinkFoundNotice({ onScanMessage, focusOnMount }: { onScanMessage: () => void; focusOnMount: RefObject<boolean> }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focusOnMount.current) return;
    focusOnMount.current = false;
    // the box pasted into went away with its tab: the focus goes to what happened
    heading.current?.focus();
  }, [focusOnMount]);
  return (
    <section aria-labelledby={NOTICE_HEADING_ID} className="mb-4 rounded-lg border border-primary/40 bg-primary-soft p-3 text-sm text-slate-800">
      <h2 ref={heading} id={NOTICE_HEADING_ID} tabIndex={-1} className="font-semibold text-slate-900 outline-none">
        We found a link in your message
      </h2>
      <p className="mt-1">
        The link is below if you only want to check the website. Scanning the whole message also checks what it says and who sent it, so it finds more.
      </p>
      <Button variant="outline" size="sm" className="mt-3" onClick={onScanMessage}>
        <ScanText aria-hidden="true" className="h-4 w-4" />
        Scan the whole message instead
      </Button>
    </section>
  );
}

/**
 * What a failed scan says (spec section 8: 'Scan failed' and the form's sentence), except a scan
 * refused for the daily limit: the server's sentence, saying when scans come back.
 */
function scanFailedToast(error: unknown, description: string) {
  const limit = scanLimitSentence(error);
  return limit ? ({ title: 'No scans left today', description: limit, variant: 'destructive' } as const) : ({ title: 'Scan failed', description, variant: 'destructive' } as const);
}

/**
 * General Scan: Message and URL forms, then the result view. `share`: a text shared to the app
 * (share-target.ts), already in the Message form's draft; it is said once and taken, and the
 * focus goes to the box that holds it.
 */
export function GeneralScan({ share }: { share?: RefObject<ReceivedShare | null> } = {}) {
  const [tab, setTab] = useState<InnerTab>('message');
  // what the person typed survives the Social tab, another screen, the Upgrade link (this browser tab only)
  const [messageValues, setMessageValues, forgetMessage] = useSessionDraft<MessageFormValues>('scan-message', MESSAGE_FORM_DEFAULTS, isMessageFormValues);
  const [urlValues, setUrlValues, forgetUrl] = useSessionDraft<UrlFormValues>('scan-url', URL_FORM_DEFAULTS);
  const [outcome, setOutcome] = useState<ScanOutcome | null>(null);
  // a pasted message's link was moved to the URL tab
  const [linkFromMessage, setLinkFromMessage] = useState(false);
  // once the person went back to their message, pasting there no longer moves them away
  const [keepMessage, setKeepMessage] = useState(false);
  // the form whose last scan got no answer
  const [connectionLost, setConnectionLost] = useState<InnerTab | null>(null);
  const focusNotice = useRef(false);
  const box = useRef<HTMLTextAreaElement>(null);
  // after the Message form's own first effects: the screen opened with the focus on nothing
  useEffect(() => {
    const received = share?.current;
    if (!received || !share) return;
    share.current = null;
    const el = box.current;
    el?.focus();
    // after the text, where a person goes on writing (the sender, a line of their own)
    el?.setSelectionRange(el.value.length, el.value.length);
    tellShare(received, () => {
      setMessageValues((values) => ({ ...values, content: received.content, fileName: '' }));
      box.current?.focus();
    });
  }, [share, setMessageValues]);
  const scanText = useScanText();
  const scanUrl = useScanUrl();
  const guard = useScanGuard();
  const busy = scanText.isPending || scanUrl.isPending;
  const usage = useScanUsage().data;
  // what the form says; the scan itself asks again when it is made (onDeviceStateNow)
  const onDevice = useOnDevice().active;
  // the engine loads while the person writes, so the first scan on the device is not the slow one
  useEffect(() => {
    if (onDevice) warmEngine();
  }, [onDevice]);
  // on the device there is no daily limit to reach (a paid plan) and no server to ask
  const outOfScans = !onDevice && isOutOfScans(usage) ? usage : null;

  const submitMessage = (values: MessageFormValues) => {
    const input: TextScanInput = {
      content: values.content,
      sender: values.sender.trim(),
      source: values.source,
      enhancedAnalysis: values.enhancedAnalysis && !onDevice,
      saveToHistory: true,
    };
    const idempotencyKey = guard.start({ text: input });
    if (idempotencyKey === null) return;
    setConnectionLost(null);
    scanText.mutate(
      { input, idempotencyKey },
      {
        onSuccess: (res) => {
          guard.settle(true);
          // scanned: the draft has done its work, and is not kept past this screen
          forgetMessage();
          setOutcome(toOutcomeFromText(res, input.enhancedAnalysis === true));
        },
        onError: (error) => {
          guard.settle(false);
          console.error('Text scan failed', error);
          if (isConnectionError(error)) setConnectionLost('message');
          else toast(scanFailedToast(error, 'There was a problem scanning your message.'));
        },
      },
    );
  };

  const submitUrl = (values: UrlFormValues) => {
    const input: UrlScanInput = { url: values.url, enhancedAnalysis: values.enhancedAnalysis && !onDevice, saveToHistory: values.saveToHistory, source: 'manual' };
    const idempotencyKey = guard.start({ url: input });
    if (idempotencyKey === null) return;
    setConnectionLost(null);
    scanUrl.mutate(
      { input, idempotencyKey },
      {
        onSuccess: (res) => {
          guard.settle(true);
          forgetUrl();
          setOutcome(toOutcomeFromUrl(res, 'manual', input.enhancedAnalysis));
        },
        onError: (error) => {
          guard.settle(false);
          console.error('URL scan failed', error);
          if (isConnectionError(error)) setConnectionLost('url');
          else toast(scanFailedToast(error, 'There was a problem scanning the URL.'));
        },
      },
    );
  };

  const changeTab = (next: InnerTab) => {
    setTab(next);
    if (next === 'message' && linkFromMessage) setKeepMessage(true);
  };

  const scanWholeMessage = () => {
    changeTab('message');
    submitMessage(messageValues);
  };

  const scanNew = () => {
    setOutcome(null);
    setMessageValues(MESSAGE_FORM_DEFAULTS);
    setUrlValues(URL_FORM_DEFAULTS);
    setLinkFromMessage(false);
    setKeepMessage(false);
    setConnectionLost(null);
    scanText.reset();
    scanUrl.reset();
  };

  if (outcome) return <ResultView outcome={outcome} onScanNew={scanNew} />;

  return (
    <Tabs value={tab} onValueChange={(v) => changeTab(v as InnerTab)}>
      <TabsList aria-label="What to scan" className="bg-transparent p-0 gap-2">
        <TabsTrigger className={TRIGGER} value="message" disabled={busy && tab !== 'message'}>
          <span className="inline-flex items-center gap-2">
            <MessageSquareText aria-hidden="true" className="h-4 w-4" />
            Message
          </span>
        </TabsTrigger>
        <TabsTrigger className={TRIGGER} value="url" disabled={busy && tab !== 'url'}>
          <span className="inline-flex items-center gap-2">
            <Link2 aria-hidden="true" className="h-4 w-4" />
            URL
          </span>
        </TabsTrigger>
      </TabsList>
      {/* tabIndex -1: the panels hold fields, so Tab goes from the tab list straight into the first one */}
      <TabsContent value="message" tabIndex={-1}>
        <MessageForm
          values={messageValues}
          boxRef={box}
          onChange={setMessageValues}
          onSubmit={submitMessage}
          onLinkPasted={
            keepMessage
              ? undefined
              : (link) => {
                  setUrlValues((v) => ({ ...v, url: link }));
                  setLinkFromMessage(true);
                  focusNotice.current = true;
                  setTab('url');
                }
          }
          busy={scanText.isPending}
          connectionLost={connectionLost === 'message'}
          outOfScans={outOfScans}
          onDevice={onDevice}
        />
      </TabsContent>
      <TabsContent value="url" tabIndex={-1}>
        {linkFromMessage && messageValues.content.trim() !== '' ? <LinkFoundNotice onScanMessage={scanWholeMessage} focusOnMount={focusNotice} /> : null}
        <UrlForm values={urlValues} onChange={setUrlValues} onSubmit={submitUrl} busy={scanUrl.isPending} connectionLost={connectionLost === 'url'} outOfScans={outOfScans} onDevice={onDevice} />
      </TabsContent>
    </Tabs>
  );
}
