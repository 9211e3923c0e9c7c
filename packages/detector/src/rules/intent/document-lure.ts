/**
 * The waiting-item lure: a shared document, a voicemail, a fax, a secure message, a pay stub or a
 * policy to acknowledge is waiting for you, and a link opens it. The most common phishing email of
 * recent years (fake DocuSign, OneDrive, Teams voicemail, HR handbook), and word for word what the
 * genuine notices say, so the wording alone decides nothing: the rule fires only when a link of the
 * message goes to a site nothing vouches for (`lib/linked-intent.ts`). A real DocuSign envelope
 * links to docusign.com, a real Dropbox share to dropbox.com, and a real voicemail notice often has
 * no link.
 */
import { linkedIntentRule } from './lib/linked-intent';
import { re } from './lib/words';

/** A waiting item: a voicemail, a secure message, a shared document, a pay stub, a policy to acknowledge. */
export const WAITING_ITEM =
  '(?:(?:new\\s+|unread\\s+|missed\\s+)?(?:voice\\s?-?mail|voice\\s+(?:message|note|memo)|fax)(?:\\s+message)?s?|(?:secure|encrypted|confidential)\\s+(?:message|document|file|e-?mail)s?|(?:important|confidential|shared|secured?|new|pending|signed|completed)\\s+(?:document|file|pdf|folder|invoice)s?|(?:document|file|folder|pdf|invoice|contract|agreement)s?\\s+(?:has\\s+been\\s+|was\\s+)?(?:shared|sent)\\s+(?:with|to)\\s+you|shared\\s+(?:a|an|the)\\s+(?:document|file|folder|pdf)|sent\\s+you\\s+(?:a|an)\\s+(?:\\w+\\s+)?(?:document|file|pdf|invoice|contract|agreement)|(?:review|please)\\s+and\\s+sign|docu\\s?sign|e-?signature|pay-?\\s?stubs?|payslips?|pay\\s+slips?|w-?2\\s+forms?|remittance(?:\\s+advice)?|payment\\s+advice|(?:salary|payroll|compensation|bonus)\\s+(?:adjustment|increase|review|structure|update|changes?)|(?:employee\\s+)?handbook|(?:company\\s+)?policy\\s+update)';
/** An ask to open it. */
export const OPEN_ASK =
  '(?:view|open|review|read|listen(?:\\s+to)?|play|download|access|retrieve|acknowledge|sign\\s?(?:in|on)|log\\s?(?:in|on)|click|tap)';

/** Fires on a waiting item and an ask to open it, in a message with a link nothing vouches for. */
export const documentLure = linkedIntentRule({
  id: 'document-lure',
  label: "Says a document, voicemail or message is waiting for you behind a link that does not go to the service's own website",
  severity: 'medium',
  routes: [[re(WAITING_ITEM), { re: re(OPEN_ASK), notNegated: true }]],
  window: 300,
});
