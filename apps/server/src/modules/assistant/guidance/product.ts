import { SRC } from './sources.ts';
import type { GuidanceArticle } from './types.ts';

/**
 * What Baitcheck itself does, from the specification (plans, limits, retention: sections 6 and 9)
 * and the README (what the product really does, its departures from the specification, and what an
 * enhanced scan sends where). Nothing here promises more than the product does.
 */
export const PRODUCT: readonly GuidanceArticle[] = [
  {
    id: 'baitcheck-verdicts',
    title: 'What safe, suspicious and phishing mean in Baitcheck',
    kind: 'product',
    keywords: ['verdict', 'safe', 'suspicious', 'phishing', 'what does suspicious mean', 'what does phishing mean', 'content appears safe', 'phishing detected', 'suspicious content', 'threat level', 'result', 'score', 'reasons', 'recommendations', 'baitcheck'],
    summary:
      'Baitcheck gives every scan one of three verdicts. Phishing means strong signs of a scam: do not click, reply or pay. Suspicious means some warning signs: check with the sender another way before you act. Safe means no clear warning signs were found, which is not a guarantee.',
    steps: [
      'Read the reasons under the verdict: they say what Baitcheck found, and the suspicious parts of the message are highlighted.',
      'For a suspicious or phishing result, follow the Recommendations list on the result.',
      'Even for a safe result, check another way before you pay, sign in or share anything a message asks for.',
      'Baitcheck never asks for your passwords or codes, and you should never share them with anyone.',
      'If you think a verdict is wrong, press Report on the result so we can learn from it.',
    ],
    sources: [SRC.appScan, SRC.ftcPhishing],
  },
  {
    id: 'baitcheck-how-to-scan',
    title: 'How to check a message or link with Baitcheck',
    kind: 'product',
    keywords: ['how to scan', 'scan a message', 'check a message', 'check a link', 'scan a link', 'scan URL', 'paste a message', 'scan email', 'scan text', 'social media scan', 'scan for threats', 'eml file', 'how do i use baitcheck'],
    summary:
      'Open Scan, paste the message (with the sender if you have it) or the link, and press Scan. Baitcheck says safe, suspicious or phishing, with the reasons, the suspicious parts highlighted and what to do next.',
    steps: [
      'Open the Scan screen and choose Message or URL under General Scan, or the Social Media tab for a message from an app like WhatsApp or Facebook.',
      "Paste the whole message, and the sender's number or address in Sender if you have it; if what you paste into the message box contains a link, Baitcheck switches to the URL tab with that link filled in.",
      'For an email, you can paste the full email source or open an .eml file, and Baitcheck reads the message it carries.',
      'Leave Enhanced Threat Intelligence on for extra checks of links and senders, or turn it off to keep the scan on our server only.',
      'Press Scan Message or Scan URL, then read the verdict, the reasons and the recommendations.',
    ],
    sources: [SRC.appScan],
  },
  {
    id: 'baitcheck-plans-and-prices',
    title: 'Baitcheck plans and prices: Basic, Premium and Family',
    kind: 'product',
    keywords: ['plans', 'price', 'pricing', 'cost', 'how much', 'subscription', 'upgrade', 'Basic', 'free plan', 'Premium', 'Family plan', '7.99', '14.99', 'family members', 'money-back guarantee', 'cancel', 'priority support', 'on-device scanning', 'social media protection'],
    summary:
      'Baitcheck has three plans: Basic is free; Premium is $7.99 a month; Family is $14.99 a month for up to 5 members. Online upgrades are not available yet, so everyone is on the free Basic plan for now and nothing is charged.',
    steps: [
      'Basic (free): basic SMS and email protection and the AI assistant, with 7 days of scan history and a daily scan limit; it does not include social media protection, on-device scanning or priority support.',
      'Premium ($7.99 a month): SMS and email protection, social media protection, on-device scanning, priority support and the AI assistant, with unlimited scans and 30 days of history.',
      'Family ($14.99 a month, up to 5 members): everything in Premium plus the Family Dashboard, parental controls and location sharing, with 90 days of history.',
      'The plans state a 14-day money-back guarantee and that you can cancel at any time.',
      'Family accounts must be managed by someone over 18, and Baitcheck is not for children under 13.',
      'See all plans side by side on the Upgrade Your Protection page.',
    ],
    sources: [SRC.appSubscription],
  },
  {
    id: 'baitcheck-history-retention',
    title: 'How long Baitcheck keeps your scan history',
    kind: 'product',
    keywords: ['history', 'scan history', 'retention', 'how long', 'keep my scans', 'delete history', 'old scans', 'past scans', 'storage', 'data kept', '7 days', '30 days', '90 days'],
    summary:
      'Scan history is kept for 7 days on the free Basic plan, 30 days on Premium and 90 days on Family. You can delete any entry yourself from the History screen at any time.',
    steps: [
      'Open History to see your scans, filtered by All, Phishing, Suspicious or Safe.',
      'Press Delete on an entry to remove it from your history straight away.',
      'History is kept for 7 days on Basic, 30 days on Premium and 90 days on Family.',
      'Create an account if you want your history on all your devices.',
    ],
    sources: [SRC.appHistory, SRC.appSubscription],
  },
  {
    id: 'baitcheck-scan-limits',
    title: 'How many scans you can do',
    kind: 'product',
    keywords: ['scan limit', 'how many scans', 'daily limit', 'scans per day', 'free scans', 'limit reached', 'unlimited scans', 'free plan limit', 'too many scans'],
    summary:
      'There is a daily limit on the free plan: the pricing table gives 10 scans per day on Basic. Premium and Family have unlimited scans.',
    steps: [
      'On the free Basic plan, you can scan up to 10 messages or links per day, as the pricing table states.',
      'Premium and Family have no daily limit.',
      'See the plans on the Upgrade Your Protection page; online upgrades are not available yet.',
    ],
    sources: [SRC.appSubscription],
  },
  {
    id: 'baitcheck-enhanced-scan-privacy',
    title: 'What an enhanced scan sends, and to whom (privacy)',
    kind: 'product',
    keywords: ['privacy', 'enhanced scan', 'Enhanced Threat Intelligence', 'advanced scan', 'what do you send', 'is my message shared', 'do you send my messages', 'Google Safe Browsing', 'VirusTotal', 'DNS', 'RDAP', 'domain age', 'data sharing', 'basic scan', 'third parties', 'threat intelligence details'],
    summary:
      'A basic scan (Enhanced Threat Intelligence off) sends nothing anywhere: it runs on our server. An enhanced scan (the switch on, as it is by default) also looks up the links and the sender: only web addresses and domain names leave the server, never the text of your message.',
    steps: [
      'Threat feeds: links are checked against our own copy of known phishing sites, so nothing leaves the server.',
      "DNS: the sender's domain (of an email address or a scanned link) is looked up through DNS resolvers to check its email security records.",
      "For a pasted email source, the domains it names (From, Return-Path, the DKIM signer) and the sending server's address are looked up the same way, to check SPF, DKIM and DMARC.",
      "Domain age: the domains of the links and the sender (at most 5 a scan) are looked up at the domain's registry, through RDAP.",
      'Google Safe Browsing, when our server is set up with it: the full web addresses of the links are sent to Google.',
      'VirusTotal, when our server is set up with it: the domains of the links (at most 4 a scan) are sent to VirusTotal (Google).',
      'The text of your message is never sent to any of them, and the Threat Intelligence Details panel on a result shows which sources were asked.',
      'To keep a scan entirely on our server, turn off Enhanced Threat Intelligence before you scan.',
    ],
    sources: [SRC.appScan, SRC.safeBrowsing, SRC.virusTotal, SRC.rdap],
  },
  {
    id: 'baitcheck-report-wrong-verdict',
    title: 'How to report a wrong verdict',
    kind: 'product',
    keywords: ['wrong verdict', 'false positive', 'false alarm', 'wrongly flagged', 'not a scam', 'it is real', 'mistake', 'report', 'Report Falsely Detected', 'feedback', 'missed scam', 'marked safe but scam', 'incorrect result'],
    summary:
      'If Baitcheck got a message wrong, report it from the result. Your report stores the message as feedback that we use to improve detection.',
    steps: [
      'On a Suspicious or Phishing result on the Scan screen, press Report.',
      'On the Social Media tab, press Report Falsely Detected on the result.',
      'On the Home screen, each recent alert also has a Report button.',
      'If you think a real message was flagged, you can still check it with the company through its official app or website.',
    ],
    sources: [SRC.appScan, SRC.appHome],
  },
  {
    id: 'baitcheck-block-sender',
    title: 'Blocking a sender in Baitcheck',
    kind: 'product',
    keywords: ['block sender', 'block', 'blocked list', 'blocked senders', 'stop messages', 'block number', 'block email address', 'unwanted messages'],
    summary:
      'Block Sender, on an alert on the Home screen, adds the sender to your blocked list in Baitcheck. A later scan of a message from that sender says so in its reasons.',
    steps: [
      'On the Home screen, under Recent Alerts, press Block Sender on the alert.',
      'Alerts from link scans have no sender, so they have no Block Sender button.',
      "Blocking in Baitcheck does not stop texts or calls reaching your phone: also block the number or address in your phone's messages or email app.",
      'Forward scam texts to 7726 before you delete them, to report them to your mobile network.',
    ],
    sources: [SRC.appHome, SRC.ftcSpamTexts],
  },
  {
    id: 'baitcheck-accounts',
    title: 'Baitcheck accounts: keeping your history across devices',
    kind: 'product',
    keywords: ['account', 'create account', 'sign up', 'sign in', 'log in', 'guest', 'other devices', 'phone and laptop', 'sync', 'change password', 'sign out', 'keep my history'],
    summary:
      'You can use Baitcheck as a guest, and your scans are kept in that browser. Create an account (email and password) to keep your history across your devices: everything you scanned as a guest comes with you.',
    steps: [
      'Open Account and choose Create account; enter your email and a password of 8 to 128 characters.',
      'Sign in with the same account on your other devices to see the same history.',
      'Signing in on a device where you used Baitcheck as a guest adds that guest history, reports and blocked senders to your account.',
      'You can change your password from the Account screen; this signs out your other devices.',
      'Use a password you do not use anywhere else; Baitcheck will never ask you for it by message.',
    ],
    sources: [SRC.appAccount, SRC.cisaPasswords],
  },
  {
    id: 'baitcheck-accessibility',
    title: 'Accessibility options in Baitcheck',
    kind: 'product',
    keywords: ['accessibility', 'large text', 'bigger text', 'text size', 'high contrast', 'reduced motion', 'colour blind', 'color blind', 'protanopia', 'deuteranopia', 'tritanopia', 'hard to read', 'vision'],
    summary:
      'Baitcheck has switches for High Contrast, Large Text and Reduced Motion, and colour-blind modes for protanopia, deuteranopia and tritanopia. They are in the accessibility button in the header, and on the Accessibility tab of Account and Settings.',
    steps: [
      'Press the accessibility button at the top of any screen, or open Account or Settings and choose Accessibility.',
      'Turn on Large Text to make text bigger, High Contrast for stronger colours, or Reduced Motion to stop animations.',
      'Choose a colour-blind mode (protanopia, deuteranopia or tritanopia) to adjust the threat colours.',
      'Your choices are remembered in this browser.',
    ],
    sources: [SRC.appAccount, SRC.appSettings],
  },
];
