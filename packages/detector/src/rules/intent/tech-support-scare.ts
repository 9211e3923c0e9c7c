/** A tech-support scare: your device is infected, hacked or its licence expired, call a technician. */
import { intentRule } from './lib/intent-rule';
import { PHONE, re } from './lib/words';

const SCARE =
  '(?:virus(?:es)?|malware|spyware|trojan|ransomware|infected|hacked|compromised|at\\s+risk|security\\s+breach|(?:licen[cs]e|subscription|protection|antivirus)\\s+(?:has\\s+)?expired|(?:pornographic|illegal)\\s+(?:content|activity)|suspicious\\s+activity\\s+(?:has\\s+been\\s+)?detected|blocked\\s+for\\s+security)';
const DEVICE = '(?:computer|pc|laptop|device|windows|mac|macbook|iphone|icloud|apple\\s+id|browser|system|network|ip\\s+address|router)';
const HELP =
  `(?:(?:call|contact|phone|ring|dial)\\s+(?:\\w+\\s+){0,4}?(?:support|technician|helpdesk|help\\s+desk|microsoft|apple|geek\\s?squad|agent|expert|us)|technician\\s+will\\s+(?:call|contact)|renew\\s+(?:now|today|your\\s+(?:protection|subscription|antivirus|licen[cs]e))|do\\s+not\\s+(?:turn\\s+off|shut\\s+down|restart)|(?:call|contact)\\s+(?:us\\s+)?(?:now\\s+)?(?:at|on)?\\s*${PHONE})`;

/** Fires on a scare about a device with an instruction to call support or not switch off. */
export const techSupportScare = intentRule({
  id: 'tech-support-scare',
  label: 'Claims your device is infected or at risk and tells you to call support',
  severity: 'high',
  routes: [[re(SCARE), re(DEVICE), { re: re(HELP), notNegated: false }]],
  window: 160,
});
