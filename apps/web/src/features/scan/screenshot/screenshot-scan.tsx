import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { flushSync } from 'react-dom';
import { Dialog } from 'radix-ui';
import { ImageUp } from 'lucide-react';
import { useSearch } from 'wouter';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogPanel } from '@/components/ui/dialog';
import { FieldError, Label, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import type { OcrProgress } from './ocr-text';
import type { ScreenshotReading } from './read-screenshot';
import { checkImageFile, fileFromTransfer, SCREENSHOT_PROBLEMS, ScreenshotReadError } from './screenshot-file';
import { sharedImageProblem, sharedImageState, takeSharedImage } from './shared-image';

type Phase =
  | { name: 'idle' }
  /** Opening the picture and looking for a QR code: a moment, said beside the button. */
  | { name: 'looking' }
  | { name: 'reading'; progress: OcrProgress }
  | { name: 'review'; text: string; from: 'text' | 'qr' };

export const REVIEW_DESCRIPTION = 'We read this from your picture. Check it, then scan.';
export const REVIEW_QR_DESCRIPTION = 'We read this from a QR code in your picture. Check it, then scan.';
export const EMPTY_REVIEW = 'There is no text to use. Type the message, or choose Cancel.';
export const TEXT_ADDED = 'The text from your picture is in the message box. Check it, then scan it.';

/** The reader (jsQR, tesseract.js) loads only when a picture is read: never on the first screen. */
async function read(file: File, signal: AbortSignal, onProgress: (progress: OcrProgress) => void): Promise<ScreenshotReading> {
  // a file that cannot be a picture is told at once, without loading the reader
  const problem = checkImageFile(file);
  if (problem) throw new ScreenshotReadError(problem);
  let reader: typeof import('./read-screenshot');
  try {
    reader = await import('./read-screenshot');
  } catch (cause) {
    throw new ScreenshotReadError('reader-unavailable', { cause });
  }
  return reader.readScreenshot(file, { signal, onProgress });
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * The focus was on something a tab switch removed (the QR code's link moved the person to the URL
 * tab): it goes to the first field of the tab now shown, instead of being lost on the page.
 */
function focusShownTab(tabs: Element | null | undefined) {
  if (!tabs || (document.activeElement && document.activeElement !== document.body)) return;
  const panel = [...tabs.children].find((child) => child.getAttribute('role') === 'tabpanel' && child.getAttribute('data-state') === 'active');
  panel?.querySelector<HTMLElement>('input:not([type="hidden"]):not([disabled]), textarea:not([disabled])')?.focus();
}

/**
 * 'Scan a screenshot' under the message box: a picture chosen here, or pasted or dropped on the
 * box (`boxId`), is read on this device. A QR code's link goes to `onLink` (the URL form); its
 * text, or the text recognised in the picture, is shown to check and correct, then put into the
 * message box (`onMessage`) beside or instead of what is there, as the person chooses. Scanning
 * stays theirs to start.
 */
export function ScreenshotScan({
  boxId,
  message,
  onMessage,
  onLink,
}: {
  /** The message box's id: pictures pasted or dropped there are read, and focus goes there after. */
  boxId: string;
  /** What the message box holds now. */
  message: string;
  onMessage: (content: string) => void;
  /** Given a QR code's link; without it the link is offered for the message box like text. */
  onLink?: ((link: string) => void) | undefined;
}) {
  const id = useId();
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  const [problem, setProblem] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [reviewError, setReviewError] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const reading = useRef<AbortController | null>(null);
  // where focus goes when the dialog closes: where the picture came from, or the message box once filled
  const focusAfter = useRef<'button' | 'box'>('button');
  // the next problem said takes the focus (a share opened the screen: the focus is on nothing)
  const focusProblem = useRef(false);
  const problemRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!problem || !focusProblem.current) return;
    focusProblem.current = false;
    // in the middle of the screen: the lines above it (the day's scans left) may still come in
    // and push it down, under the bottom navigation of a phone
    problemRef.current?.focus({ preventScroll: true });
    problemRef.current?.scrollIntoView?.({ block: 'center' });
  }, [problem]);

  const stop = () => {
    reading.current?.abort();
    reading.current = null;
  };
  useEffect(() => stop, []);

  const start = async (file: File, from: 'button' | 'box' | 'share') => {
    stop();
    const controller = new AbortController();
    reading.current = controller;
    focusAfter.current = from === 'box' ? 'box' : 'button';
    setProblem(null);
    setNote(null);
    setReviewError(null);
    setPhase({ name: 'looking' });
    let result: ScreenshotReading;
    try {
      result = await read(file, controller.signal, (progress) => setPhase({ name: 'reading', progress }));
    } catch (error) {
      if (controller.signal.aborted || isAbort(error)) return;
      if (!(error instanceof ScreenshotReadError)) console.error('Reading a screenshot failed', error);
      reading.current = null;
      setPhase({ name: 'idle' });
      // a shared picture came with the focus nowhere: it goes to what went wrong
      focusProblem.current = from === 'share';
      setProblem(error instanceof ScreenshotReadError ? error.message : SCREENSHOT_PROBLEMS['ocr-failed']);
      return;
    }
    if (controller.signal.aborted) return;
    reading.current = null;
    if (result.kind === 'qr-link' && onLink) {
      const tabs = root.current?.closest('[role="tabpanel"]')?.parentElement;
      setPhase({ name: 'idle' });
      toast({ title: 'QR code found', description: 'Its link is ready to check on the URL tab.' });
      // committed at once, so the focus can be checked where the link went
      flushSync(() => onLink(result.link));
      focusShownTab(tabs);
      return;
    }
    const text = result.kind === 'qr-link' ? result.link : result.text;
    setPhase({ name: 'review', text, from: result.kind === 'text' ? 'text' : 'qr' });
  };
  // the box's listeners are added once, and call the latest `start` (with the latest props)
  const startRef = useRef(start);
  useEffect(() => {
    startRef.current = start;
  });

  // a picture shared to the app from another one (`/scan?image=1`, shared-image.ts) is read once,
  // like a chosen one; a share whose picture could not be kept says why, and the focus goes there
  // (the message is read, and brought into view on a short screen). The Scan screen takes the
  // parameter out of the address (share-target.ts), after this has read it.
  const openedWith = useRef(useSearch());
  const alive = useRef(false);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  // asked once per visit: React may run the effect twice, and the second would find the picture gone
  const askedForShare = useRef(false);
  useEffect(() => {
    if (askedForShare.current) return;
    askedForShare.current = true;
    const shared = sharedImageState(openedWith.current);
    if (shared === 'too-big' || shared === 'failed') {
      focusProblem.current = true;
      setProblem(sharedImageProblem(shared));
    }
    if (shared !== 'waiting') return;
    void takeSharedImage().then((file) => {
      if (!alive.current) return;
      if (file) {
        void startRef.current(file, 'share');
        return;
      }
      // nothing kept (another tab of the app took it first): said like a share not received
      focusProblem.current = true;
      setProblem(sharedImageProblem('failed'));
    });
  }, []);

  // a picture pasted or dropped on the message box is read like a chosen one
  useEffect(() => {
    const box = document.getElementById(boxId);
    if (!box) return;
    const onPaste = (event: ClipboardEvent) => {
      const file = fileFromTransfer(event.clipboardData, 'paste');
      if (!file) return;
      event.preventDefault();
      void startRef.current(file, 'box');
    };
    // without this, a file dropped on the box would open in the tab, and the message would be gone
    const onDragOver = (event: DragEvent) => {
      if (!event.dataTransfer?.types.includes('Files')) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    };
    const onDrop = (event: DragEvent) => {
      const file = fileFromTransfer(event.dataTransfer, 'drop');
      if (!file) return;
      event.preventDefault();
      void startRef.current(file, 'box');
    };
    box.addEventListener('paste', onPaste);
    box.addEventListener('dragover', onDragOver);
    box.addEventListener('drop', onDrop);
    return () => {
      box.removeEventListener('paste', onPaste);
      box.removeEventListener('dragover', onDragOver);
      box.removeEventListener('drop', onDrop);
    };
  }, [boxId]);

  // the recognised text has come: the focus goes to it, to check
  const reviewing = phase.name === 'review';
  useEffect(() => {
    if (reviewing) document.getElementById(`${id}-text`)?.focus();
  }, [reviewing, id]);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // the same picture can be chosen again
    event.target.value = '';
    if (file) void start(file, 'button');
  };

  const cancel = () => {
    stop();
    setPhase({ name: 'idle' });
  };

  const use = (mode: 'add' | 'replace') => {
    if (phase.name !== 'review') return;
    const text = phase.text.trim();
    if (text === '') {
      setReviewError(EMPTY_REVIEW);
      return;
    }
    onMessage(mode === 'add' && message.trim() !== '' ? `${message.trimEnd()}\n\n${text}` : text);
    focusAfter.current = 'box';
    setPhase({ name: 'idle' });
    setNote(TEXT_ADDED);
  };

  const open = phase.name === 'reading' || phase.name === 'review';
  const hasMessage = message.trim() !== '';
  const percent = phase.name === 'reading' ? Math.round(phase.progress.done * 100) : 0;

  return (
    <div ref={root} className="mt-3 text-sm text-slate-700">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button variant="outline" size="sm" aria-describedby={`${id}-hint`} onClick={() => input.current?.click()}>
          <ImageUp aria-hidden="true" className="h-4 w-4" />
          Scan a screenshot
        </Button>
        <span id={`${id}-hint`} className="text-slate-600">
          Read on this device. You can also paste or drop a picture in the message box.
        </span>
      </div>
      <input ref={input} type="file" accept="image/*" hidden tabIndex={-1} aria-hidden="true" data-testid="screenshot-file" onChange={onFile} />
      <div role="status" className="mt-1">
        {phase.name === 'looking' ? 'Looking at your picture…' : note}
      </div>
      {problem ? (
        <p ref={problemRef} role="alert" tabIndex={-1} className="mt-1 font-medium text-red-700 outline-none">
          {problem}
        </p>
      ) : null}

      <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : cancel())}>
        <DialogPanel
          title={phase.name === 'review' ? 'Check the text' : 'Reading your picture'}
          description={
            phase.name === 'review' ? (
              <span id={`${id}-review-description`}>{phase.from === 'qr' ? REVIEW_QR_DESCRIPTION : REVIEW_DESCRIPTION}</span>
            ) : (
              'Your picture stays on this device: it is read here, and not sent anywhere.'
            )
          }
          className="max-w-lg"
          // opened straight at the text (a QR code's text: no reading step), it opens in the text
          focusFirstField={phase.name === 'review'}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const target = focusAfter.current === 'box' ? document.getElementById(boxId) : root.current?.querySelector('button');
            target?.focus();
          }}
        >
          {phase.name === 'reading' ? (
            <div className="space-y-3">
              <p role="status" className="font-medium text-slate-900">
                {phase.progress.stage === 'preparing' ? 'Getting the text reader ready…' : 'Reading the text…'}
              </p>
              <div
                role="progressbar"
                aria-label="Reading your picture"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
              >
                <div className="h-full rounded-full bg-primary transition-[width] motion-reduce:transition-none" style={{ width: `${percent}%` }} />
              </div>
              <p className="text-sm text-slate-600">The first time, the text reader (about 4 MB) is downloaded from Baitcheck; after that it is kept by your browser.</p>
              <div className="flex justify-end">
                <Button variant="outline" onClick={cancel}>
                  Cancel
                </Button>
              </div>
            </div>
          ) : null}
          {phase.name === 'review' ? (
            <div className="space-y-3">
              <div>
                <Label htmlFor={`${id}-text`}>Text from your picture</Label>
                <Textarea
                  id={`${id}-text`}
                  value={phase.text}
                  rows={8}
                  className="min-h-40"
                  aria-invalid={reviewError ? true : undefined}
                  aria-describedby={`${id}-review-description${reviewError ? ` ${id}-review-error` : ''}`}
                  onChange={(event) => {
                    setPhase({ ...phase, text: event.target.value });
                    if (reviewError && event.target.value.trim() !== '') setReviewError(null);
                  }}
                />
                <FieldError id={`${id}-review-error`}>{reviewError}</FieldError>
              </div>
              {hasMessage ? <p className="text-sm text-slate-700">Your message box already has text. Add this text after it, or replace it.</p> : null}
              <DialogActions>
                <Dialog.Close asChild>
                  <Button variant="outline">Cancel</Button>
                </Dialog.Close>
                {hasMessage ? (
                  <>
                    <Button variant="outline" onClick={() => use('replace')}>
                      Replace my message
                    </Button>
                    <Button onClick={() => use('add')}>Add to my message</Button>
                  </>
                ) : (
                  <Button onClick={() => use('replace')}>Use this text</Button>
                )}
              </DialogActions>
            </div>
          ) : null}
        </DialogPanel>
      </Dialog.Root>
    </div>
  );
}
