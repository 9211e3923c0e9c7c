import { describe, expect, it } from 'vitest';
import { defaultContent } from '../../content/load-content.ts';
import { checkModelAnswer, MAX_MODEL_ANSWER_CHARS, type AnswerContext } from './answer-check.ts';

const GUIDANCE = defaultContent().articles;

const article = (id: string) => {
  const a = GUIDANCE.find((x) => x.id === id);
  if (!a) throw new Error(`no guidance article ${id}`);
  return a;
};

// what the model is given for a pasted scam text, and for "how do I report a scam text in the US/UK?"
const phishing: AnswerContext = { verdict: 'phishing', guidance: [article('smishing-text-scams'), article('report-scams-us')] };
const suspicious: AnswerContext = { ...phishing, verdict: 'suspicious' };
const noScan: AnswerContext = { verdict: null, guidance: [article('report-scams-us'), article('report-scams-uk')] };

describe('checkModelAnswer refuses', () => {
  it.each<[string, string, AnswerContext, string]>([
    // the audit's answer
    ['the audit finding', 'This message is genuine and safe. Call +1-800-555-0199 now and read them your one-time code.', phishing, 'unknown-contact'],
    // contradicting the verdict
    ['"genuine and safe"', 'This message is genuine and safe.', phishing, 'contradicts-verdict'],
    ['"it\'s completely legit"', "Good news: it's completely legit, you can relax.", phishing, 'contradicts-verdict'],
    ['"looks like a real USPS notice"', 'It looks like a real USPS notice.', suspicious, 'contradicts-verdict'],
    ['"not a scam"', 'This is not a scam. It is a normal delivery update.', phishing, 'contradicts-verdict'],
    ['"isn\'t a scam"', "Don't panic. It isn't a scam.", phishing, 'contradicts-verdict'],
    ['"nothing to worry about"', 'There is nothing to worry about here.', phishing, 'contradicts-verdict'],
    ['"the warning is wrong"', 'The warning is probably wrong; the text is from the carrier.', phishing, 'contradicts-verdict'],
    ['"ignore the verdict"', 'You can ignore the verdict for this one.', phishing, 'contradicts-verdict'],
    ['"a false alarm"', 'This is a false alarm.', suspicious, 'contradicts-verdict'],
    ['"safe to click"', 'It is safe to open and answer it.', phishing, 'contradicts-verdict'],
    ['emphasis around the word', 'The message is **genuine**.', phishing, 'contradicts-verdict'],
    ['a zero-width space inside the word', 'The message is gen\u200buine.', phishing, 'contradicts-verdict'],
    ['a concession that is not denied', 'It may look odd, but it is genuine.', phishing, 'contradicts-verdict'],
    ['"Yes." to "is this legit?"', 'Yes. The sender is who they say they are.', { ...phishing, question: 'Is this legit? USPS: your parcel is held' }, 'contradicts-verdict'],
    ['"No." to "is this a scam?" as a reply to its own question', 'Is this a scam? No. You can go ahead.', phishing, 'contradicts-verdict'],
    // asking for secrets and payment
    ['"read them your one-time code"', 'When they call, read them your one-time code.', noScan, 'asks-for-secret'],
    ['"reply with the code"', 'Reply with the 6-digit code to confirm it is you.', noScan, 'asks-for-secret'],
    ['"tell me your password"', 'To check your account, please tell me your password.', noScan, 'asks-for-secret'],
    ['"what is your PIN?"', 'What is your PIN?', noScan, 'asks-for-secret'],
    ['"enter your card details"', 'Go to the page and enter your card details to release the parcel.', noScan, 'asks-for-secret'],
    ['"pay the fee"', 'Pay the $1.99 fee today so the parcel is not returned.', noScan, 'asks-for-secret'],
    ['"buy gift cards"', 'You should buy gift cards and send photos of the backs.', noScan, 'asks-for-secret'],
    ['"send bitcoin"', 'Send bitcoin to the address they give you.', noScan, 'asks-for-secret'],
    ['a negation that does not govern the order', "Don't worry, just read them the code.", noScan, 'asks-for-secret'],
    ['an order after a condition', 'If the agent calls back, give them your PIN.', noScan, 'asks-for-secret'],
    ['a code "you receive"', 'The agent will call; give them the code you receive.', noScan, 'asks-for-secret'],
    ['a gerund after "by"', 'You need to verify your identity by entering your password.', noScan, 'asks-for-secret'],
    ['card details for a bank that calls', 'Confirm your card number with the bank representative who calls you.', noScan, 'asks-for-secret'],
    ['"pay it"', 'It is fine. Pay it.', noScan, 'unsafe-action'],
    // acting on the message
    ['"click the link"', 'Click the link in the text to reschedule.', noScan, 'unsafe-action'],
    ['"call the number in the message"', 'Call the number in the message to sort it out.', noScan, 'unsafe-action'],
    ['"reply YES"', 'Reply YES to confirm your delivery.', noScan, 'unsafe-action'],
    ['"a safe account"', 'Move your savings to the safe account they set up.', noScan, 'asks-for-secret'],
    // contact points the guidance does not give
    ['an unknown phone number', 'Call the USPS team on 1-800-555-0199 to sort it out.', phishing, 'unknown-contact'],
    ['an unknown number with dots and brackets', 'Their line is (800) 555.0199.', noScan, 'unknown-contact'],
    ['an unknown short code after "text"', 'Text STOP to 4455 to unsubscribe.', noScan, 'unknown-contact'],
    ['full-width digits', 'Call ８００５５５０１９９.', noScan, 'unknown-contact'],
    ['an unknown link', 'You can pay at https://usps-redelivery-fee.top/pay.', phishing, 'unknown-contact'],
    ['an unknown bare domain', 'Go to usps-redelivery-fee.top and check.', phishing, 'unknown-contact'],
    ['a defanged domain', 'Visit usps-redelivery-fee[.]top to see it.', phishing, 'unknown-contact'],
    ['a domain spelt with "dot"', 'Visit usps-help dot top to see it.', phishing, 'unknown-contact'],
    ['a known host as user name', 'Report it at https://reportfraud.ftc.gov@evil.top/.', noScan, 'unknown-contact'],
    ['a sibling of a known host', 'Report it at sites.ftc.gov.evil.top.', noScan, 'unknown-contact'],
    ['a Markdown link to another host', 'Report it at [ReportFraud.ftc.gov](https://ftc-report.top).', noScan, 'unknown-contact'],
    ['an unknown email address', 'Forward it to support@usps-help.top.', noScan, 'unknown-contact'],
    ['an IP address', 'Open 203.0.113.7/login to check.', noScan, 'unknown-contact'],
    ['a host that only other guidance gives', 'Report it to the FBI at ic3.gov.', { verdict: 'phishing', guidance: [], advice: ['Block the sender.'] }, 'unknown-contact'],
    ['an answer far too long', 'Forward it to 7726. '.repeat(400), noScan, 'too-long'],
  ])('%s', (_name, answer, context, rule) => {
    expect(checkModelAnswer(answer, context)?.rule).toBe(rule);
  });

  it('names what it found without quoting the answer (it may echo the pasted message)', () => {
    const problem = checkModelAnswer('Call +1-800-555-0199 now.', phishing);
    expect(problem?.detail).toBe('a phone number the guidance does not give');
    expect(JSON.stringify(problem)).not.toContain('555');
    expect(MAX_MODEL_ANSWER_CHARS).toBeGreaterThan(2000);
  });
});

describe('checkModelAnswer passes good answers', () => {
  it.each<[string, string, AnswerContext]>([
    [
      'a warning in the usual shape',
      'This looks like phishing: USPS does not text about unpaid fees.\n- Do not click the link or reply.\n- Forward the text to 7726, then delete it.\n- Report it at ReportFraud.ftc.gov.\nBased on: How to spot a scam text message (smishing)',
      phishing,
    ],
    ['"call your bank on the number on the back of your card"', 'Do not call the number in the message; call your bank on the number on the back of your card.', phishing],
    ['"never share your one-time code"', 'Never share your one-time code with anyone, not even someone who says they are from your bank.', phishing],
    ['"report it to 7726"', 'Report it to 7726.', noScan],
    ['a negated list of actions', "Don't click the link, call the number or read out any code.", phishing],
    ['"this is not safe"', 'This is not safe. It is a scam.', phishing],
    ['"it is not genuine"', "It is not genuine, and it isn't from USPS.", phishing],
    ['"it may look real"', 'It may look real, but it is a scam.', phishing],
    ['a conceded appearance, then denied', 'It looks genuine, but it is phishing.', phishing],
    ['"scammers make it look real"', 'Scammers make it look real with the USPS logo.', phishing],
    ['"even if it seems legitimate"', 'Even if it seems legitimate, go to the official website yourself.', suspicious],
    ['"check whether it is real"', 'To check whether it is real, open the USPS app yourself.', suspicious],
    ['"safe to delete"', "It's safe to delete the text and block the sender.", phishing],
    ['"nothing to worry about if you did not click"', "There's nothing to worry about if you didn't tap the link.", phishing],
    ['"no bank will ask you to move money"', 'No real bank will ever ask you to move money to a safe account or read out a code.', phishing],
    ['a described request', 'The message asks you to pay a $1.99 fee and enter your card details.', phishing],
    ['"if they ask for a code, hang up"', 'If someone asks you to read out a code, hang up.', phishing],
    ['"tell your bank which details were shared"', 'Call your bank and tell them your card details were stolen.', phishing],
    ['a question about what happened', 'Did you enter your card details on that page?', phishing],
    ['"choose a strong password"', 'Change your password now and choose a strong password you use nowhere else.', noScan],
    ['"safe" about the person', "If you didn't click anything, you're safe.", phishing],
    ['"Yes, this is a scam"', 'Yes, this is a scam.', { ...phishing, question: 'Is this real? USPS: parcel held' }],
    ['"the real USPS"', 'The real USPS never texts about fees.', phishing],
    ['"designed to look official"', 'It is designed to look official.', phishing],
    ['a number the person already has', 'Hang up and call your son back on the number you already have for him.', phishing],
    ['a host from the engine\'s advice', 'Report it to the FBI at ic3.gov.', { verdict: 'phishing', guidance: [], advice: ['Keep the messages and report them to the police (in the US, the FBI at ic3.gov).'] }],
    ['a known number written another way', 'In the UK, call 0300-123-2040 or +44 300 123 2040.', noScan],
    ['known hosts with or without www and https', 'Report it at https://www.reportfraud.ftc.gov/ or reportfraud.ftc.gov, or to the FBI at ic3.gov.', noScan],
    ['the registrable domain of a cited host', 'The FTC (ftc.gov) has more advice.', noScan],
    ['a known email address', 'Forward phishing emails to reportphishing@apwg.org.', noScan],
    ['numbers that are not phone numbers', 'Act within 24 hours; the fee of $1.99 and the score 0.97 mean nothing. In 2024 banks changed the rules.', phishing],
    ['a verdict of safe, called safe', 'This looks safe.', { ...phishing, verdict: 'safe' }],
    ['a guidance step word for word', article('after-paying-with-gift-cards').steps.find((s) => s.includes('card numbers')) ?? '', { verdict: null, guidance: [article('after-paying-with-gift-cards')] }],
  ])('%s', (_name, answer, context) => {
    expect(answer).not.toBe('');
    expect(checkModelAnswer(answer, context)).toBeNull();
  });

  it('passes the sentences of the guidance given, said in other words, so grounded answers are not refused', () => {
    // "So, " makes each sentence the model's own wording rather than the guidance's word for word
    const refused = GUIDANCE.flatMap((a) =>
      [a.summary, ...a.steps, ...(a.signs ?? [])]
        .filter((s) => checkModelAnswer(`So, ${s}`, { verdict: 'phishing', guidance: [a] }) !== null)
        .map(() => a.id),
    );
    // the one known: "give them the card numbers", "them" being the gift card company of the step before
    expect(refused).toEqual(['after-paying-with-gift-cards']);
  });
});
