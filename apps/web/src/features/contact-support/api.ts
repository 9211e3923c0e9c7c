import { useMutation, useQuery } from '@tanstack/react-query';
import type { ContactSupportInfo, ContactSupportRequest, ContactSupportResponse } from '@baitcheck/contracts';
import { API_ROUTES as API } from '@baitcheck/contracts/lite';
import { api } from '@/lib/api-client';

// under the subscription's key: whatever refreshes the plan (an upgrade, a cancel) refreshes the priority note too
const INFO_KEY = ['subscription', 'contact-support'] as const;

/** Where to write directly, whether this server sends email, the plan's priority, the account's email. */
export function useContactSupportInfo() {
  return useQuery({
    queryKey: INFO_KEY,
    queryFn: () => api.get<ContactSupportInfo>(API.contactSupportInfo.path),
  });
}

/** Sends a support request: stored in every case, emailed when the server can. */
export function useSubmitSupportRequest() {
  return useMutation({
    mutationFn: (body: ContactSupportRequest) => api.post<ContactSupportResponse>(API.contactSupport.path, body),
  });
}
