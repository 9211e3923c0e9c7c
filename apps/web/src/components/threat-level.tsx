import { AlertTriangle, CheckCircle2, HelpCircle, Info, type LucideIcon } from 'lucide-react';
import type { ThreatLevel } from '@baitcheck/contracts';

interface LevelMeta {
  /** Short name of the verdict. */
  label: string;
  /** The result header (spec section 2, Scan). */
  title: string;
  Icon: LucideIcon;
  /** Text and icon colour. */
  tone: string;
  /** Panel background and border. */
  panel: string;
  badge: 'danger' | 'warning' | 'success';
}

/** How each verdict looks: icons per spec section 3 (warning, help_outline, check_circle). */
export const THREAT_LEVEL_META: Record<ThreatLevel, LevelMeta> = {
  phishing: {
    label: 'Phishing',
    title: 'Phishing Detected',
    Icon: AlertTriangle,
    tone: 'text-red-700',
    panel: 'border-red-200 bg-red-50',
    badge: 'danger',
  },
  suspicious: {
    label: 'Suspicious',
    title: 'Suspicious Content',
    Icon: HelpCircle,
    tone: 'text-amber-800',
    panel: 'border-amber-200 bg-amber-50',
    badge: 'warning',
  },
  safe: {
    label: 'Safe',
    title: 'Content Appears Safe',
    Icon: CheckCircle2,
    tone: 'text-green-700',
    panel: 'border-green-200 bg-green-50',
    badge: 'success',
  },
};

/** The icon of a verdict, 'info' for anything unknown. */
export function ThreatIcon({ level, className }: { level: ThreatLevel | string; className?: string }) {
  const meta = THREAT_LEVEL_META[level as ThreatLevel];
  const Icon = meta?.Icon ?? Info;
  return <Icon aria-hidden="true" className={className ?? `h-5 w-5 ${meta?.tone ?? 'text-slate-600'}`} />;
}
