/** Asks to continue the conversation on WhatsApp, Telegram, Signal or a private number. */
import { intentRule } from './lib/intent-rule';
import { CHAT_APP, GAP, PHONE, re } from './lib/words';

const MOVE =
  '(?:text|message|msg|contact|add|reach|chat|talk|continue|reply|respond|dm|write|hit\\s+me\\s+up|find|ping|follow\\s+up|switch|move|get\\s+in\\s+touch|connect|apply|join\\s+me)';

/** Group chats among friends are not a move away from the channel: keep the rule quiet on them. */
const GROUP = /^\W{0,3}(?:\w+\s+){0,1}?(?:group|chat\s+group|groupchat)\b/i;

/** Fires on a move verb with a chat app, a wa.me / t.me link, or "text me at <number>". */
export const moveToOtherApp = intentRule({
  id: 'move-to-other-app',
  label: 'Asks you to move the conversation to another app',
  severity: 'medium',
  routes: [
    [{ re: re(`${MOVE}\\s+${GAP}\\b(?:on|via|through|over|in|to|at|using)\\s+(?:my\\s+|our\\s+|the\\s+)?${CHAT_APP}`), notNegated: true, notFollowedBy: GROUP }],
    [{ re: re(`${CHAT_APP}\\s+(?:me|us)\\b|(?:my|our)\\s+${CHAT_APP}\\s+(?:is|number|id|handle)|${CHAT_APP}\\s*(?:number|no\\.?|id|handle)?\\s*[:@+]\\s*\\S`), notFollowedBy: GROUP }],
    [{ re: /(?<![\w.])(?:wa\.me|api\.whatsapp\.com\/send|t\.me|telegram\.me)\/(?!joinchat)[\w+]/gi, inLinks: true }],
    [{ re: re(`(?:text|message|whatsapp|sms)\\s+me\\s+(?:directly\\s+|privately\\s+|personally\\s+)?(?:at|on)\\s+${PHONE}|my\\s+(?:private|personal)\\s+(?:number|line|cell)\\s+(?:is\\s+)?${PHONE}`), notNegated: true }],
  ],
});
