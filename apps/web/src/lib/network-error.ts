/**
 * Whether a failed request never reached Baitcheck (no connection, the server down behind its
 * proxy), as opposed to Baitcheck answering with an error. The API client turns an answer into
 * `'{status}: {body}'`; a request that got no answer rejects with the browser's TypeError.
 */
export function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const status = /^(\d{3}): /.exec(error.message)?.[1];
  if (!status) return true;
  // A gateway answering for a server that is down or does not answer in time.
  return status === '502' || status === '503' || status === '504';
}
