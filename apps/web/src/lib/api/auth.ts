import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  AuthResponse,
  ChangePasswordRequest,
  CurrentUser,
  DeleteAccountRequest,
  ErrorCode,
  FieldIssue,
  SignInRequest,
  SignUpRequest,
} from '@baitcheck/contracts';
import { API_ROUTES as API } from '@baitcheck/contracts/lite';
import { api } from '../api-client';
import { queryKeys } from './query-keys';

/** What the server said when an auth call failed, read back out of the client's error. */
export interface AuthError {
  status: number | null;
  code: ErrorCode | null;
  message: string;
  /** Field problems of a `VALIDATION_FAILED` answer, keyed by field name. */
  fields: Record<string, string>;
}

const UNREACHABLE = 'Could not reach Baitcheck. Check your connection and try again.';
const UNEXPECTED = 'Something went wrong on our side. Please try again.';

/**
 * The API client turns every failure into `'{status}: {body text}'`; the body is the server's
 * `{ error: { code, message, details? } }`, whose message is written for people and shown as is.
 */
export function readAuthError(error: unknown): AuthError {
  const text = error instanceof Error ? error.message : String(error);
  const match = /^(\d{3}): ([\s\S]*)$/.exec(text);
  if (!match) return { status: null, code: null, message: UNREACHABLE, fields: {} };
  const status = Number(match[1]);
  try {
    const body = JSON.parse(match[2]!) as { error?: { code?: ErrorCode; message?: string; details?: FieldIssue[] } };
    const fields: Record<string, string> = {};
    for (const issue of body.error?.details ?? []) {
      // the first problem of a field is the one to fix first
      if (issue.field && !(issue.field in fields)) fields[issue.field] = issue.message;
    }
    return { status, code: body.error?.code ?? null, message: body.error?.message || UNEXPECTED, fields };
  } catch {
    return { status, code: null, message: UNEXPECTED, fields: {} };
  }
}

/** `GET /api/auth/me` as a query, for code outside a component too. */
export const currentUserQuery = queryOptions({
  queryKey: queryKeys.currentUser,
  queryFn: async () => (await api.get<AuthResponse>(API.me.path)).user,
});

/** Who is using the app: a guest (data kept with this browser's session) or an account. */
export function useCurrentUser() {
  return useQuery(currentUserQuery);
}

const isCurrentUserQuery = (key: readonly unknown[]) => key[0] === queryKeys.currentUser[0];

const userSwitchListeners = new Set<() => void>();

/**
 * Calls `listener` after each sign-in, sign-up or sign-out in this tab, once the new session is in
 * place (the live notifications reconnect as the new person; push alerts follow them). Returns a
 * function that stops.
 */
export function onUserSwitch(listener: () => void): () => void {
  userSwitchListeners.add(listener);
  return () => userSwitchListeners.delete(listener);
}

/**
 * After a sign-in, sign-up or sign-out every cached answer belonged to someone else: drop them all
 * (screens on view fetch again, the others when next opened) and keep only who the user now is.
 */
async function switchUser(queryClient: QueryClient, user?: CurrentUser): Promise<void> {
  await queryClient.cancelQueries();
  let next = user;
  if (!next) {
    // One request first, so the new guest session is made once rather than by every screen at once.
    next = await api.get<AuthResponse>(API.me.path).then((r) => r.user, () => undefined);
  }
  if (next) queryClient.setQueryData(queryKeys.currentUser, next);
  void queryClient.resetQueries({ predicate: (q) => !(next && isCurrentUserQuery(q.queryKey)) });
  for (const listener of [...userSwitchListeners]) listener();
}

/** Whether an error means this page's idea of who is signed in is out of date (another tab or device). */
function isStaleSession(error: unknown): boolean {
  const { code } = readAuthError(error);
  return code === 'ALREADY_SIGNED_IN' || code === 'NOT_SIGNED_IN';
}

let ownAccountChangeAt = Number.NEGATIVE_INFINITY;

/**
 * When this tab last signed in or changed the password (ms since the epoch): the Security Update
 * the server raises for it is this person's own doing, listed but not popped up at them.
 */
export function lastOwnAccountChange(): number {
  return ownAccountChangeAt;
}

const markOwnAccountChange = () => {
  ownAccountChangeAt = Date.now();
};

/** Turns the guest into an account; everything the guest did stays with it. */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignUpRequest) => api.post<AuthResponse>(API.signUp.path, input),
    onSuccess: ({ user }) => switchUser(queryClient, user),
    onError: (error) => (isStaleSession(error) ? switchUser(queryClient) : undefined),
  });
}

/** Signs in to an account; a guest's history merges into it. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInRequest) => api.post<AuthResponse>(API.signIn.path, input),
    // before the request: its Security Update may reach the stream before the answer does
    onMutate: markOwnAccountChange,
    onSuccess: ({ user }) => switchUser(queryClient, user),
    onError: (error) => (isStaleSession(error) ? switchUser(queryClient) : undefined),
  });
}

/**
 * Ends the account's session; the browser carries on as a new, empty guest. Already signed out
 * (elsewhere, or by a password change on another device) counts as done.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await api.post<{ success: true }>(API.signOut.path);
      } catch (error) {
        if (readAuthError(error).code !== 'NOT_SIGNED_IN') throw error;
      }
    },
    onSuccess: () => switchUser(queryClient),
  });
}

/**
 * Deletes the account and everything of it (`POST /api/auth/delete-account`); every session
 * ends, and this page becomes a new guest's.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeleteAccountRequest) => api.post<{ success: true }>(API.deleteAccount.path, input),
    onSuccess: () => switchUser(queryClient),
    onError: (error) => (isStaleSession(error) ? switchUser(queryClient) : undefined),
  });
}

/** Changes the password; the server signs out every other session of the account. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordRequest) => api.post<{ success: true }>(API.changePassword.path, input),
    onMutate: markOwnAccountChange,
    onError: (error) => (isStaleSession(error) ? switchUser(queryClient) : undefined),
  });
}
