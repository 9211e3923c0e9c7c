/**
 * What the specification's six phrase-group reasons mean, in plain words. Their labels are the
 * spec's ('Suspicious URL detected', 'Urgency language detected'...) and stay as they are, word
 * for word; a person who has never heard of phishing reads this line under them (new-user review:
 * "what is urgency language?"). The engine's other reasons are already written as sentences.
 *
 * The web app imports it as `@baitcheck/contracts/reason-words`, not through `/lite`: re-exported
 * there, it reshuffled the bundler's shared chunks and added 2.3 KB to the first screen.
 */
const PLAIN_WORDS: Readonly<Record<string, string>> = {
  'Urgency language detected': 'It pushes you to act at once, so that you do not stop to check.',
  'Security threat language detected': 'It warns that something is wrong with your account or your security, to worry you into acting.',
  'Artificial time pressure': 'It gives you a deadline, such as "within 24 hours", so that you act before you think.',
  'Suspicious URL detected': 'It has a link we cannot confirm is safe. Do not open it unless you are sure who sent it.',
  'Reward scam patterns detected': 'It promises a prize, a refund or free money you were not expecting.',
  'Suspicious link instructions': 'It asks you to click, tap or open a link.',
};

/** What a reason means in plain words, when its label is one of the specification's terse ones. */
export function plainWordsFor(label: string): string | undefined {
  return Object.hasOwn(PLAIN_WORDS, label) ? PLAIN_WORDS[label] : undefined;
}
