import { SRC } from './sources.ts';
import type { GuidanceArticle } from './types.ts';

/** Habits that prevent scams and account takeovers. */
export const PROTECTION: readonly GuidanceArticle[] = [
  {
    id: 'scam-warning-signs',
    title: 'The warning signs most scams share',
    kind: 'protection',
    keywords: ['how to spot a scam', 'is it a scam', 'warning signs', 'red flags', 'scam signs', 'how do i know', 'too good to be true', 'pressure', 'urgent', 'secret', 'how to tell if something is a scam'],
    summary:
      'Almost every scam uses the same few levers: it contacts you out of the blue, creates urgency or fear, asks for secrecy, and asks you to pay in an unusual way or to share a code or password. When you notice any of these, stop and check another way.',
    signs: [
      'Unexpected contact: a call, text, email or message you did not ask for.',
      'Pressure to act now, or a threat (a fine, an arrest, a closed account).',
      'A request to keep it secret or not to tell your bank.',
      'Payment by gift card, crypto, wire transfer, payment app or cash courier.',
      'A request for a password, a one-time code, your PIN or remote access.',
      'An offer that is too good to be true: a prize, a job, a guaranteed return.',
    ],
    steps: [
      'Stop: a real organisation will let you take time to check.',
      'Check independently: call the organisation or the person on a number you already have, or use the official app or website.',
      'Never share a password, a one-time code or your PIN with anyone who contacts you, including us.',
      'Talk it over with someone you trust before you pay or share anything.',
      'Paste the message into Baitcheck for a second opinion.',
    ],
    sources: [SRC.ftcPhishing, SRC.takeFive, SRC.ncscPhishing],
  },
  {
    id: 'strong-passwords-and-password-manager',
    title: 'Strong, unique passwords and a password manager',
    kind: 'protection',
    keywords: ['password', 'passwords', 'strong password', 'password manager', 'same password', 'reuse password', 'three random words', 'passphrase', 'how to make a good password', 'remember passwords', '1Password', 'Bitwarden', 'iCloud Keychain', 'Google Password Manager'],
    summary:
      'The biggest risk is using the same password on several sites: when one site leaks it, criminals try it everywhere. Use a different, long password for every account, and let a password manager remember them for you.',
    steps: [
      'Use a different password for every important account, starting with your email, then your bank and social media.',
      'Make passwords long: three random words together (for example "coffeetrainfish") is easier to remember and harder to guess than a short complex one.',
      "Use a password manager (the one built into your phone or browser, or a trusted app) to create and remember them.",
      'Protect your email account with its own strong password: it can reset all the others.',
      'Turn on two-factor authentication as well, so a stolen password is not enough.',
    ],
    sources: [SRC.cisaPasswords, SRC.ncscTopTips],
  },
  {
    id: 'two-factor-authentication',
    title: 'Turning on two-factor authentication (2FA)',
    kind: 'protection',
    keywords: ['two-factor authentication', '2FA', 'two step verification', '2-step verification', 'multi-factor authentication', 'MFA', 'authenticator app', 'Google Authenticator', 'Microsoft Authenticator', 'SMS code', 'text message code', 'security key', 'two factor', '2 factor', 'login approval'],
    summary:
      'Two-factor authentication asks for a second proof, such as a code from an app or a passkey, when you sign in, so a stolen password alone is not enough. An authenticator app or a passkey is safer than codes sent by text message (SMS), but SMS is much better than nothing.',
    steps: [
      'Start with your most important accounts: email, bank, social media and payment apps.',
      'Open the account\'s security settings and look for "two-factor authentication", "2-step verification" or "multi-factor authentication".',
      'Choose an authenticator app or a passkey where offered; use SMS codes only if nothing else is available.',
      'Save the backup or recovery codes somewhere safe and private, such as your password manager.',
      'Remember that a code is only for you to type in yourself: anyone who asks you for it is a scammer.',
    ],
    sources: [SRC.ftcTwoFactor, SRC.cisaMfa, SRC.ncscTopTips],
  },
  {
    id: 'passkeys',
    title: 'What passkeys are and why they help',
    kind: 'protection',
    keywords: ['passkey', 'passkeys', 'passwordless', 'sign in with face', 'sign in with fingerprint', 'Face ID login', 'FIDO', 'what is a passkey', 'create a passkey'],
    summary:
      "A passkey replaces a password with your phone or computer's screen lock: you sign in with your fingerprint, face or device PIN. A passkey only works on the real website it was made for, so it cannot be typed into a fake site or given away to a scammer.",
    steps: [
      'When a site or app offers "create a passkey" (in its security settings or after you sign in), accept it.',
      'Use it on the accounts that matter most first: email, Google, Apple, Microsoft, and banks that offer it.',
      'Keep a screen lock on your phone and computer, because that is what protects your passkeys.',
      'Keep your password manager or phone account (iCloud, Google) secure, since it can sync your passkeys between devices.',
    ],
    sources: [SRC.fidoPasskeys, SRC.cisaMfa],
  },
  {
    id: 'keep-devices-updated',
    title: 'Keeping your phone and computer updated',
    kind: 'protection',
    keywords: ['updates', 'update my phone', 'software update', 'security update', 'iOS update', 'Android update', 'Windows update', 'automatic updates', 'antivirus', 'old phone', 'do i need to update'],
    summary:
      'Updates fix security holes that criminals use to break into phones and computers, including through malicious links. Turning on automatic updates is one of the simplest ways to stay safe.',
    steps: [
      'Turn on automatic updates for your phone, computer, browser and apps.',
      'Install updates soon after you are told they are ready, and restart when asked.',
      'Keep the built-in security on (such as Microsoft Defender on Windows).',
      'Replace devices that no longer get security updates when you can.',
      'Download apps only from the official app store.',
    ],
    sources: [SRC.cisaUpdates, SRC.ncscTopTips],
  },
  {
    id: 'check-a-link-safely',
    title: 'How to check a link safely before opening it',
    kind: 'protection',
    keywords: ['check a link', 'is this link safe', 'safe link', 'preview link', 'hover over link', 'long-press', 'long press', 'shortened link', 'bit.ly', 'web address', 'URL', 'domain', 'fake website address', 'check a website'],
    summary:
      "A link's text can say one thing and lead somewhere else, and scam addresses often hide a brand's name inside a different website. The safest habit is not to use links in unexpected messages at all: type the address yourself or use the official app.",
    steps: [
      'On a phone, long-press the link (without letting go on it) to preview the real address; on a computer, hover the mouse over it.',
      'Read the address from the end of the main part backwards: in "paypal.com.secure-login.top" the real site is "secure-login.top", not PayPal.',
      'Be wary of shortened links (such as bit.ly) from people you do not know: they hide the real address.',
      "For anything to do with an account or a payment, type the company's address yourself or use its app instead of the link.",
      'Paste the link into Baitcheck to check it before opening it.',
    ],
    sources: [SRC.ncscPhishing, SRC.cisaPhishing],
  },
  {
    id: 'verify-a-caller',
    title: 'How to check a caller is really who they say',
    kind: 'protection',
    keywords: ['verify a caller', 'is this call real', 'bank called me', 'call from my bank', 'caller id', 'spoofed number', 'phone call scam', 'police called me', 'Amazon called me', 'how to check a phone call', 'hang up and call back', 'vishing'],
    summary:
      'Caller ID can be faked, and scammers often know your name and some details. The only reliable check is to hang up and call back on an official number you find yourself.',
    steps: [
      'Hang up, even if the caller sounds official or says it is urgent.',
      'Call back on an official number you find yourself: the back of your card, a statement, or the organisation\'s official website.',
      'If you can, call from a different phone, or wait a few minutes first, in case the line was kept open.',
      'Never give a caller a password, PIN or one-time code, and never let them connect to your device.',
      'In the UK, 159 connects you to your own bank safely (it works for most major banks).',
    ],
    sources: [SRC.ftcBankCall, SRC.takeFive, SRC.stopScams159],
  },
  {
    id: 'protect-older-relatives',
    title: 'Helping protect older relatives from scams',
    kind: 'protection',
    keywords: ['elderly', 'older parents', 'grandparents', 'mum', 'dad', 'parent', 'senior', 'protect my parents', 'elder fraud', 'vulnerable relative', 'aging parent', 'AARP', 'protect family from scams'],
    summary:
      'Anyone can be scammed, and older people are targeted with fake relatives in trouble, tech support, bank and government impersonation, and romance scams. Calm, regular conversations help more than warnings, together with a few simple agreements.',
    steps: [
      'Talk about current scams regularly, without blame, and share real examples.',
      'Agree on a family code word to check any urgent call or message asking for money.',
      'Agree on a simple rule: anyone who asks for gift cards, crypto, a wire transfer or secrecy is a scammer.',
      'Write down the real numbers for their bank and family on a card near the phone, so they can hang up and call back.',
      'Help them turn on two-factor authentication, automatic updates and call and text filtering on their phone.',
      'In the US, the AARP Fraud Watch Network helpline (877-908-3360) and the National Elder Fraud Hotline (1-833-372-8311) offer free help.',
    ],
    sources: [SRC.aarpFraudWatch, SRC.elderFraudHotline, SRC.ftcFakeEmergencies],
  },
  {
    id: 'family-code-word',
    title: 'A family code word against fake emergencies and voice cloning',
    kind: 'protection',
    keywords: ['code word', 'family code word', 'safe word', 'password for family', 'voice cloning protection', 'AI voice protection', 'fake emergency', 'grandparent scam protection', 'verify family member'],
    summary:
      'A family code word is a word or phrase only your family knows. If someone calls or texts claiming to be a relative in trouble, even in a voice that sounds exactly right, ask for the word: a scammer will not know it.',
    steps: [
      'Choose a word or phrase together that is easy to remember but not guessable, and not posted anywhere online.',
      'Agree that any urgent request for money or help must include the word.',
      'Share it with family members in person or by phone, not by text or social media.',
      'If a caller cannot give the word, hang up and call the relative on the number you already have.',
      'Change the word if you think someone outside the family has learned it.',
    ],
    sources: [SRC.ftcAiVoice, SRC.ic3GenerativeAi],
  },
];
