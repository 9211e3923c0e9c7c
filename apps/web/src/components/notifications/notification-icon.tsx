import { Lightbulb, ShieldCheck } from 'lucide-react';
import type { Notification } from '@baitcheck/contracts';
import { ThreatIcon } from '@/components/threat-level';
import { cn } from '@/lib/cn';

/**
 * An alert's icon: its verdict's (spec section 3: warning for phishing, help for suspicious) when
 * it is about a scan, else its type's. Decorative: the title says what it is.
 */
export function NotificationIcon({ notification, className }: { notification: Pick<Notification, 'type' | 'threatLevel'>; className?: string }) {
  const size = cn('h-5 w-5 shrink-0', className);
  const level = notification.threatLevel ?? (notification.type === 'phishing_alert' ? 'phishing' : notification.type === 'suspicious_content' ? 'suspicious' : null);
  if (level) return <ThreatIcon level={level} className={cn(size, level === 'phishing' ? 'text-red-700' : level === 'suspicious' ? 'text-amber-800' : 'text-green-700')} />;
  if (notification.type === 'tips_and_education') return <Lightbulb aria-hidden="true" className={cn(size, 'text-amber-800')} />;
  return <ShieldCheck aria-hidden="true" className={cn(size, 'text-primary')} />;
}
