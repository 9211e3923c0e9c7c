/**
 * Trust: the message sends you to a channel you already have rather than one it supplies: "call
 * the number on the back of your card", "review it in the app", "log in to the app directly".
 */
import { trustRule } from './lib/intent-rule';
import { re } from './lib/words';
import { fraudAlertCallback } from './fraud-alert-callback';
import { callbackPhoneNumber } from './callback-phone-number';

/** Fires on advice to use a known channel, unless the message also gives its own callback number. */
export const officialChannelAdvice = trustRule({
  id: 'official-channel-advice',
  label: 'Points you to a channel you already have, such as the number on your card or the official app',
  routes: [
    [re('(?:number|phone\\s+number)\\s+on\\s+the\\s+back\\s+of\\s+your\\s+(?:card|debit\\s+card|credit\\s+card)|number\\s+(?:on|in)\\s+your\\s+(?:statement|app)|(?:in|using|through|via|from|open)\\s+(?:the\\s+|your\\s+|our\\s+)?(?:[A-Z][\\w&+-]{1,20}\\s+)?(?:official\\s+|mobile\\s+|banking\\s+)?app\\b(?!\\s+(?:link|below|here))|(?:go|log\\s+in|sign\\s+in)\\s+(?:directly\\s+)?to\\s+(?:our|the)\\s+(?:official\\s+)?(?:website|app)\\s+(?:directly|yourself)|(?:never|don\\W?t|do\\s+not)\\s+click\\s+(?:on\\s+)?links')],
  ],
  cancelledBy: [fraudAlertCallback, callbackPhoneNumber],
});
