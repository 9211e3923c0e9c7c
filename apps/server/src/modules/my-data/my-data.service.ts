import { MY_DATA_FORMAT, type CurrentUser, type NotificationPreferences, type ProtectionSettings, type Subscription } from '@baitcheck/contracts';
import type { MyDataRepository } from './my-data.repository.ts';

/** Messages read per query while the history is written out: bounds what is held in memory. */
export const EXPORT_PAGE_ROWS = 200;

/**
 * 'Download my data': the visitor's whole stored data as one JSON document (the contract's
 * `MyDataExportSchema`), made piece by piece so that a long history is never held whole in
 * memory. A newcomer (nothing stored yet) gets the document of an empty guest.
 */
export function createMyDataService(deps: {
  repo: MyDataRepository;
  account: (userId: string) => Promise<CurrentUser>;
  subscription: (userId: string) => Promise<Subscription>;
  notificationPreferences: (userId: string) => Promise<NotificationPreferences>;
  protectionSettings: (userId: string) => Promise<ProtectionSettings>;
  clock?: () => Date;
}) {
  const clock = deps.clock ?? (() => new Date());
  return {
    /**
     * The document's text in pieces. Everything but the history is read before the first piece,
     * so a failure there is an error answer, not a cut document.
     */
    async open(userId: string): Promise<AsyncGenerator<string>> {
      const exportedAt = clock().toISOString();
      const [account, subscription, notificationPreferences, protectionSettings, blockedSenders, reports, deviceScanVerdicts] = await Promise.all([
        deps.account(userId),
        deps.subscription(userId),
        deps.notificationPreferences(userId),
        deps.protectionSettings(userId),
        userId === '' ? [] : deps.repo.blockedSenders(userId),
        userId === '' ? [] : deps.repo.reports(userId),
        userId === '' ? [] : deps.repo.deviceScanVerdicts(userId),
      ]);
      const head = { format: MY_DATA_FORMAT, exportedAt, account, subscription, notificationPreferences, protectionSettings, blockedSenders, reports, deviceScanVerdicts };
      const { repo } = deps;
      return (async function* () {
        // the head's JSON without its closing brace, then the history as the last field
        yield `${JSON.stringify(head).slice(0, -1)},"history":[`;
        let after: { scanDate: Date; id: string } | undefined;
        let first = true;
        while (userId !== '') {
          const page = await repo.historyPage(userId, EXPORT_PAGE_ROWS, after);
          if (page.length > 0) {
            yield `${first ? '' : ','}${page.map((m) => JSON.stringify(m)).join(',')}`;
            first = false;
          }
          if (page.length < EXPORT_PAGE_ROWS) break;
          const last = page.at(-1)!;
          after = { scanDate: new Date(last.scanDate), id: last.id };
        }
        yield ']}\n';
      })();
    },
  };
}

/** The my-data service. */
export type MyDataService = ReturnType<typeof createMyDataService>;
