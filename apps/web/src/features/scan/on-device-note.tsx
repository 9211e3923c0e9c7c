import { Cpu } from 'lucide-react';

/** Under the Enhanced switch while On-Device Scanning is on: why it is off. */
export const ON_DEVICE_ENHANCED = 'Off while On-Device Scanning is on: these checks would send details of the message outside this device.';

/** Under a scan form while On-Device Scanning is on: where the message is checked. */
export function OnDeviceFormNote() {
  return (
    <p role="note" className="flex items-start gap-2 rounded-lg bg-slate-100 p-3 text-sm text-slate-800">
      <Cpu aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <span>
        On-Device Scanning is on: this is checked on this device, and your message is not sent to Baitcheck. Turn it off in Settings to use enhanced checks.
      </span>
    </p>
  );
}
