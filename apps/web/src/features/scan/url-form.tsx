import { useId, useState, type FormEvent } from 'react';
import type { ScanUsage } from '@baitcheck/contracts';
import { VALIDATION_MESSAGES } from '@baitcheck/contracts/lite';
import { SubmitButton } from '@/components/ui/submit-button';
import { FieldError, Input, Label } from '@/components/ui/input';
import { SettingRow } from '@/components/setting-row';
import { ConnectionProblem } from './connection-problem';
import { toScanUrl } from './extract-link';
import { ScanLimitNote, describedBy } from './scan-allowance';
import { ON_DEVICE_ENHANCED, OnDeviceFormNote } from './on-device-note';

export interface UrlFormValues {
  url: string;
  enhancedAnalysis: boolean;
  saveToHistory: boolean;
}

/** The URL form's starting values on the scan screen: advanced on, save to history on. */
export const URL_FORM_DEFAULTS: UrlFormValues = { url: '', enhancedAnalysis: true, saveToHistory: true };

export function UrlForm({
  values,
  onChange,
  onSubmit,
  busy,
  connectionLost = false,
  outOfScans = null,
  onDevice = false,
}: {
  values: UrlFormValues;
  onChange: (values: UrlFormValues) => void;
  onSubmit: (values: UrlFormValues) => void;
  busy: boolean;
  /** The last scan got no answer: say so, with Retry. */
  connectionLost?: boolean;
  /** No scans are left today (the plan's daily limit): the button says so instead of scanning. */
  outOfScans?: ScanUsage | null;
  /** On-Device Scanning is on: checked here, so no enhanced checks (they ask outside sources). */
  onDevice?: boolean;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (outOfScans) return;
    // scam texts write links without http(s): a bare domain or www. address gets https://,
    // shown in the box, and anything else that is not an address keeps the spec's message
    const url = toScanUrl(values.url);
    if (url === null) {
      setError(VALIDATION_MESSAGES.urlInvalid);
      return;
    }
    setError(null);
    if (url !== values.url) onChange({ ...values, url });
    onSubmit({ ...values, url });
  };

  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      <fieldset disabled={busy} className="space-y-4">
        <div>
          <Label htmlFor={`${id}-url`}>URL to scan</Label>
          <Input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://example.com"
            value={values.url}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(error ? `${id}-url-error` : null, outOfScans ? `${id}-limit` : null)}
            onChange={(e) => {
              onChange({ ...values, url: e.target.value });
              if (error && toScanUrl(e.target.value) !== null) setError(null);
            }}
          />
          <FieldError id={`${id}-url-error`}>{error}</FieldError>
        </div>
        <div className="divide-y divide-slate-100">
          <SettingRow
            label="Enhanced Threat Intelligence"
            description={onDevice ? ON_DEVICE_ENHANCED : 'Check the domain against threat intelligence sources'}
            checked={values.enhancedAnalysis && !onDevice}
            onCheckedChange={(on) => onChange({ ...values, enhancedAnalysis: on })}
            showActive={false}
            disabled={busy || onDevice}
          />
          <SettingRow
            label="Save to Scan History"
            description="Keep this scan in your history"
            checked={values.saveToHistory}
            onCheckedChange={(on) => onChange({ ...values, saveToHistory: on })}
            showActive={false}
            disabled={busy}
          />
        </div>
        {onDevice ? <OnDeviceFormNote /> : null}
        <SubmitButton busy={busy} busyText="Analyzing URL..." disabled={!!outOfScans} describedBy={outOfScans ? `${id}-limit` : undefined}>
          Scan URL
        </SubmitButton>
        {outOfScans ? <ScanLimitNote id={`${id}-limit`} usage={outOfScans} /> : null}
        {connectionLost && !busy ? <ConnectionProblem /> : null}
      </fieldset>
    </form>
  );
}
