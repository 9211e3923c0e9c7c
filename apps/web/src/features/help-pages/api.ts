import { useQuery } from '@tanstack/react-query';
import type { HelpPage } from '@baitcheck/contracts';
import { API_ROUTES as API, buildPath, type HelpPageId } from '@baitcheck/contracts/lite';
import { api } from '@/lib/api-client';

/** The query key of one help page. Only these pages read it, so it is kept here. */
export const helpPageKey = (id: HelpPageId) => ['help-pages', id] as const;

/** A help page (Privacy Policy, Terms of Service, FAQ) as the server keeps it: title, date and Markdown. */
export function useHelpPage(id: HelpPageId) {
  return useQuery({ queryKey: helpPageKey(id), queryFn: () => api.get<HelpPage>(buildPath(API.getHelpPage.path, { id })) });
}

const UPDATED = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** A page's `YYYY-MM-DD` date as people write it: 'April 7, 2025' (the same day in every time zone). */
export function formatUpdated(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : UPDATED.format(date);
}
