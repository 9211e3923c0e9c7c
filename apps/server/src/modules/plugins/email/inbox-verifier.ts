import { ImapError, verifyImapLogin } from '../../../adapters/imap/imap-inbox.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { VerifyInbox } from '../plugins.service.ts';

/**
 * The email plugin's sign-in: logs in to the inbox over IMAP and answers where it ends now (so
 * only mail arriving from then on is scanned). A problem (a refused password, a server that does
 * not answer, an address on the server's own network) is 422 PLUGIN_AUTH_FAILED with the
 * adapter's sentence, which never holds the password.
 */
export function createInboxVerifier(options: { allowPrivateAddresses: boolean; timeoutMs?: number }): VerifyInbox {
  return async (settings) => {
    try {
      return await verifyImapLogin(
        { host: settings.host, port: settings.port, secure: settings.secure, user: settings.username, password: settings.password },
        { allowPrivateAddresses: options.allowPrivateAddresses, ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}) },
      );
    } catch (error) {
      if (error instanceof ImapError) throw new AppError('PLUGIN_AUTH_FAILED', error.message);
      throw error;
    }
  };
}
