/**
 * An unsolicited job or "task" offer with pay per day or task (liking videos, rating apps, "data
 * optimisation"), often through WhatsApp or Telegram, or asking for a fee or your SSN to start.
 */
import { intentRule } from './lib/intent-rule';
import { AMOUNT, CHAT_APP, re } from './lib/words';

const JOB =
  '(?:part[- ]?time|full[- ]?time|remote\\s+(?:job|position|work|role|opportunity)|work(?:ing)?\\s+from\\s+(?:home|your\\s+phone)|work-from-home|wfh|hiring|recruit(?:ment|er|ing)|job(?:\\s+(?:offer|opportunity|opening|vacancy))?|position|vacanc(?:y|ies)|flexible\\s+(?:job|hours|work|schedule)|extra\\s+(?:income|money|cash)|side\\s+(?:income|hustle|job)|online\\s+(?:job|work)|data\\s+optimi[sz]ation|product\\s+reviewers?|mystery\\s+shopper|reshipping|re-?shipper|package\\s+forwarding|hr|human\\s+resources|employer|onboarding)';
const TASK_PAY =
  `(?:(?:${AMOUNT}|\\d[\\d,]{0,6})\\s?(?:-|to|~)\\s?)?${AMOUNT}\\s*(?:/|per|a|an|each|every)\\s*(?:day|task|order|like|video|review|\\d+\\s+tasks)|\\d[\\d,]{0,6}\\s*(?:/|per|each|every)\\s*(?:task|order|like|video|review|\\d+\\s+tasks)|daily\\s+(?:pay|salary|income|earnings?|commission|wage|payment)s?|(?:paid|pay|salary)\\s+(?:daily|per\\s+task|same\\s+day|every\\s+day)|payment\\s+same\\s+day|earn(?:ing)?\\s+(?:up\\s+to\\s+)?(?:${AMOUNT}|\\d[\\d,]+)\\s*(?:-|to)?\\s*(?:${AMOUNT}|\\d[\\d,]+)?\\s*(?:/|per|a|each)\\s*(?:day|task|week)|no\\s+experience\\s+(?:needed|required|necessary)|\\d+\\s*(?:-|to)\\s*\\d+\\s+minutes\\s+(?:a|per)\\s+day|(?:like|follow|subscribe|rate|review)\\s+(?:and\\s+(?:follow|subscribe|like)\\s+)?(?:youtube\\s+|tiktok\\s+|instagram\\s+)?(?:videos?|channels?|posts?|apps?|products?|hotels?)|boost\\s+(?:app\\s+)?(?:ratings?|rankings?|sales)|complete\\s+(?:simple\\s+|easy\\s+)?tasks`;
const START =
  `(?:(?:reply|message|contact|add|text|apply|chat|reach)\\s+(?:\\w+\\s+){0,3}?(?:on|via|through|at|to)\\s+(?:our\\s+|my\\s+|the\\s+)?${CHAT_APP}|(?:send|provide)\\s+(?:us\\s+|me\\s+)?(?:your\\s+)?(?:full\\s+name|ssn|social\\s+security|bank\\s+details|address)|pay\\s+(?:${AMOUNT}\\s+)?(?:for\\s+)?(?:the\\s+)?(?:\\w+\\s+)?(?:background\\s+check|training|uniform|equipment|registration|activation)|deposit\\s+(?:it|the\\s+check|the\\s+cheque)|no\\s+interview)`;

/** Fires on a job word with pay per day/task, or with a move to a chat app, a fee or your SSN to start. */
export const jobTaskOffer = intentRule({
  id: 'job-task-offer',
  label: 'An unsolicited job or task offer with easy daily pay',
  severity: 'medium',
  routes: [
    [re(JOB), re(TASK_PAY)],
    [re(JOB), { re: re(START), notNegated: true, inLinks: true }],
  ],
  window: 200,
});
