import { useId, type ReactNode } from 'react';
import { Switch } from '@/components/ui/switch';
import { Badge } from '@/components/ui/badge';

/** A labelled switch row: the switch is named by the label and described by the description. */
export function SettingRow({
  label,
  description,
  checked,
  onCheckedChange,
  disabled,
  badge,
  icon,
  showActive = true,
}: {
  label: string;
  description: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  badge?: ReactNode;
  icon?: ReactNode;
  /** Show the 'Active' badge while on (the home screen does). */
  showActive?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-3 py-3">
      <div className="flex min-w-0 items-start gap-3">
        {icon ? <span className="mt-0.5 text-primary">{icon}</span> : null}
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor={`${id}-switch`} id={`${id}-label`} className="text-sm font-medium text-slate-900">
              {label}
            </label>
            {badge}
            {checked && showActive ? <Badge variant="success">Active</Badge> : null}
          </div>
          <p id={`${id}-desc`} className="text-sm text-slate-600">
            {description}
          </p>
        </div>
      </div>
      <Switch
        id={`${id}-switch`}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-desc`}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
      />
    </div>
  );
}
