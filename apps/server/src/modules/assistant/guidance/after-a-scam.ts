import { SRC } from './sources.ts';
import type { GuidanceArticle } from './types.ts';

/** What to do once something has happened: a click, a password, a code, a payment, remote access. */
export const AFTER_A_SCAM: readonly GuidanceArticle[] = [
  {
    id: 'first-steps-after-a-scam',
    title: "I think I've been scammed: first steps",
    kind: 'after-a-scam',
    keywords: ['scammed', 'been scammed', 'got scammed', 'i think i was scammed', 'fell for a scam', 'lost money', 'what do i do now', 'victim of fraud', 'fraud victim', 'help i was scammed'],
    summary:
      'Act quickly, but calmly: the first hour matters most for money and accounts. Stop all contact with the scammer, call your bank, secure your accounts, then report it. Being scammed is not your fault: these are professional criminals.',
    steps: [
      'Stop replying to the scammer and do not send any more money, whatever they say.',
      'If you paid or gave card or bank details, call your bank or card company now on the number on the back of your card.',
      'If you gave a password or a code, change that password on the real website and turn on two-factor authentication.',
      'Keep evidence: screenshots of messages, phone numbers, website addresses, receipts and transaction IDs.',
      'Report it: in the US at ReportFraud.ftc.gov (and ic3.gov for online crime); in the UK to Report Fraud (formerly Action Fraud) on 0300 123 2040; elsewhere to the police.',
      'Be wary of anyone who contacts you offering to get your money back for a fee: that is a second scam.',
    ],
    sources: [SRC.ftcScammed, SRC.reportFraudUk, SRC.citizensAdviceScams],
  },
  {
    id: 'after-clicking-a-link',
    title: 'I clicked a link in a scam message: what now?',
    kind: 'after-a-scam',
    keywords: ['clicked a link', 'clicked the link', 'tapped a link', 'tapped the link', 'opened a link', 'opened the link', 'pressed the link', 'clicked phishing link', 'i clicked it', 'visited a scam site', 'clicked on a scam', 'clicked link in text', 'clicked link in email', 'clikced', 'cliked'],
    summary:
      'Opening a scam link on its own usually does little harm on an up-to-date phone or computer. What matters is what you did next: did you type a password, card details or a code, or download something? Follow the steps that match.',
    steps: [
      'Close the page and do not enter anything more.',
      'If you did not type anything or download anything, delete the message, block the sender, and you are very likely fine.',
      'If you typed a password, change it now on the real website (typed in yourself) and anywhere else you use it, and turn on two-factor authentication.',
      'If you entered card or bank details, call your bank or card company on the number on the back of your card and ask them to block the card.',
      'If you downloaded a file or app, delete it and run a scan with your security or antivirus software.',
      'Install any waiting updates for your phone or computer and your browser.',
      'Watch your bank and card statements for payments you do not recognise.',
    ],
    sources: [SRC.ftcPhishing, SRC.ncscPhishing, SRC.ncscHacked],
  },
  {
    id: 'after-entering-a-password',
    title: 'I typed my password into a fake website',
    kind: 'after-a-scam',
    keywords: ['entered my password', 'typed my password', 'gave my password', 'password on fake site', 'logged in on a fake page', 'password stolen', 'phished password', 'compromised password', 'change password', 'pasword', 'passwrod'],
    summary:
      'Assume the scammer now has that password and will try it quickly, on that account and on others where you use the same one. Changing it straight away, and turning on two-factor authentication, usually locks them out.',
    steps: [
      'Change the password now on the real website or app, typed in yourself, not through the message.',
      'Change it on every other account where you used the same or a similar password.',
      'Turn on two-factor authentication, preferably with an authenticator app or a passkey.',
      "Check the account's settings for changes: recovery email and phone, forwarding rules, and devices that are signed in; sign out the ones you do not know.",
      'If it was your email account, do this first: whoever controls your email can reset your other passwords.',
      'If it was your bank, also call the bank on the number on the back of your card.',
    ],
    sources: [SRC.ncscHacked, SRC.ftcHacked, SRC.cisaMfa],
  },
  {
    id: 'after-giving-a-one-time-code',
    title: 'I gave someone a one-time code (verification code)',
    kind: 'after-a-scam',
    keywords: ['gave the code', 'gave a code', 'told them the code', 'read out the code', 'shared my code', 'sent the code', 'gave verification code', 'gave OTP', 'gave my 2FA code', 'WhatsApp code given', 'they have my code'],
    summary:
      'A one-time code lets someone sign in to your account, reset your password or approve a payment. Act straight away: the sooner you lock them out, the less they can do.',
    steps: [
      'Read the text that came with the code to see which account it was for and what it allowed, such as a sign-in or a payment.',
      'If it was for your bank or a payment, call your bank now on the number on the back of your card and ask them to stop any payments.',
      'If it was for an account (email, WhatsApp, social media), sign in, change the password and sign out all other devices.',
      'Turn on two-factor authentication with an authenticator app, and check the recovery email and phone number are yours.',
      'For WhatsApp, set it up again on your own phone with your number (this signs the other person out), then turn on two-step verification.',
      'If you cannot get back in, use the official recovery page, and warn your contacts that messages from your account may be fake.',
    ],
    sources: [SRC.ftcVerificationCode, SRC.ncscHacked, SRC.whatsappHelp],
  },
  {
    id: 'after-paying-by-card',
    title: 'I paid a scammer by credit or debit card',
    kind: 'after-a-scam',
    keywords: ['paid by card', 'credit card', 'debit card', 'card payment', 'gave my card details', 'entered card details', 'chargeback', 'dispute a charge', 'fake website took my money', 'card fraud', 'unauthorized charge'],
    summary:
      'Card payments are the easiest to get back. Call your card company quickly, tell them it was a scam, and ask them to cancel the card and dispute the charge (a chargeback).',
    steps: [
      'Call the number on the back of your card, not a number in a message or on the scam website.',
      'Tell them it was a scam, ask them to cancel the card and send a new one, and ask for a chargeback (a dispute) on the payment.',
      'Ask them to stop any pending or repeat payments to the same company.',
      'Check your statements over the next months for more charges you do not recognise.',
      'Keep evidence: the website address, emails, receipts and screenshots.',
      'In the UK, a credit card purchase between £100 and £30,000 may also be covered by Section 75; ask your card company.',
    ],
    sources: [SRC.ftcScammed, SRC.cfpb, SRC.citizensAdviceScams],
  },
  {
    id: 'after-paying-by-bank-transfer',
    title: 'I sent money by bank transfer, wire, Zelle or a payment app',
    kind: 'after-a-scam',
    keywords: ['bank transfer', 'wire transfer', 'wire', 'Zelle', 'Venmo', 'Cash App', 'PayPal friends and family', 'Western Union', 'MoneyGram', 'sent money', 'transferred money', 'authorised push payment', 'APP fraud', 'faster payment', 'recall transfer', 'reverse payment'],
    summary:
      'Money sent by transfer is hard to get back, so speed matters: call your bank or the payment app straight away and ask them to stop or recall the payment. Banks can sometimes freeze the money before the scammer moves it.',
    steps: [
      "Call your bank now on the number on the back of your card or in its app, tell them it was a scam, and ask them to stop or recall the transfer.",
      'For a wire transfer, ask the bank to recall the wire and to contact the receiving bank.',
      'For Zelle, Venmo, Cash App or PayPal, report the payment in the app and call the bank or card linked to it.',
      'In the UK, since October 2024 banks must reimburse most people tricked into sending a bank transfer, up to £85,000: tell your bank as soon as you can.',
      'Report it: in the US at ReportFraud.ftc.gov and ic3.gov; in the UK to Report Fraud (formerly Action Fraud).',
      'Ignore anyone who offers to get the money back for a fee.',
    ],
    sources: [SRC.ftcScammed, SRC.ftcPaymentApps, SRC.psr],
  },
  {
    id: 'after-paying-with-gift-cards',
    title: 'I paid a scammer with gift cards',
    kind: 'after-a-scam',
    keywords: ['paid with gift cards', 'bought gift cards', 'gave gift card numbers', 'sent gift card photos', 'gift card refund', 'Apple gift card scam', 'Google Play card scam', 'Steam card scam', 'get gift card money back'],
    summary:
      'Act fast: if the money on the cards has not been spent yet, the company that issued the cards may be able to freeze it. Contact the card issuer right away with the card numbers and your receipt.',
    steps: [
      'Contact the company that issued the gift card (for example Apple, Google Play, Amazon, Steam or the store) straight away, using the phone number on the back of the card or on its official website.',
      'Tell them the card was used in a scam, give them the card numbers, and ask them to freeze the balance and refund you.',
      'Keep the cards and the receipts: you will need them.',
      'Tell the store where you bought the cards.',
      'In the US, report it at ReportFraud.ftc.gov.',
      'Stop contact with the scammer, and ignore anyone who offers to get the money back for a fee.',
    ],
    sources: [SRC.ftcGiftCards],
  },
  {
    id: 'after-paying-in-crypto',
    title: 'I paid a scammer in crypto',
    kind: 'after-a-scam',
    keywords: ['paid in crypto', 'sent bitcoin', 'sent crypto', 'bitcoin ATM', 'crypto ATM', 'USDT', 'crypto wallet', 'crypto exchange', 'Coinbase', 'lost crypto', 'crypto scam refund', 'get my bitcoin back'],
    summary:
      'Crypto payments usually cannot be reversed, but report it quickly: the exchange or crypto ATM company may be able to freeze the scammer\'s account if it is still there, and a report helps investigators.',
    steps: [
      'Contact the exchange, wallet provider or crypto ATM operator you used straight away and ask them to flag or freeze the receiving account.',
      'Keep the transaction ID (hash), the wallet address you sent to, the amounts, the dates and the scammer\'s messages.',
      'Report it: in the US to the FBI at ic3.gov and to the FTC; in the UK to Report Fraud (formerly Action Fraud); elsewhere to the police.',
      'If you paid from a bank account or card to buy the crypto, tell your bank too.',
      'Do not pay anyone who promises to trace or recover your crypto: that is a second scam.',
    ],
    sources: [SRC.ftcCrypto, SRC.ic3],
  },
  {
    id: 'after-giving-remote-access',
    title: 'I let someone connect to my computer or phone',
    kind: 'after-a-scam',
    keywords: ['remote access', 'AnyDesk', 'TeamViewer', 'UltraViewer', 'screen share', 'let them into my computer', 'controlled my computer', 'tech support scam', 'installed an app they asked', 'they took over my screen', 'remote desktop'],
    summary:
      'Someone with remote access could see your screen, install programs and use accounts that were open, including online banking. Cut them off, clean the device, and change passwords from a different device.',
    steps: [
      'Disconnect the device from the internet (turn off Wi-Fi or unplug the cable).',
      'Uninstall the remote access app they asked you to install (such as AnyDesk or TeamViewer).',
      'Run a full scan with your security software, or have a trusted repair shop check the device.',
      'From a different device, change the passwords for your email, bank and other important accounts.',
      'Call your bank on the number on the back of your card: tell them someone had access and ask them to watch for payments.',
      'If you are not sure the device is clean, back up your files and reset it to factory settings.',
    ],
    sources: [SRC.ftcTechSupport, SRC.ncscHacked],
  },
  {
    id: 'after-sharing-personal-details',
    title: 'I gave my personal details to a scammer',
    kind: 'after-a-scam',
    keywords: ['personal details', 'personal information', 'identity theft', 'stolen identity', 'Social Security number', 'SSN', 'National Insurance number', 'date of birth', 'passport photo', 'driving licence', 'ID photo', 'bank details', 'someone opened account in my name'],
    summary:
      'With your Social Security or National Insurance number, date of birth, ID photos or bank details, a scammer may try to open accounts or take out credit in your name. Freezing your credit, flagging your name and watching your accounts makes that much harder.',
    steps: [
      'Tell your bank which details were shared, and ask them to watch your accounts.',
      'In the US, freeze your credit (free) with all three bureaus: Equifax, Experian and TransUnion.',
      'In the US, report identity theft and get a recovery plan at IdentityTheft.gov.',
      'In the UK, consider Cifas Protective Registration, which tells lenders to make extra checks before opening accounts in your name.',
      'Check your credit reports for accounts you do not recognise.',
      'Expect follow-up scams that use your details to sound convincing, and check every unexpected call or message.',
    ],
    sources: [SRC.identityTheftGov, SRC.ftcIdentityTheft, SRC.cifasProtectiveRegistration],
  },
  {
    id: 'credit-freeze-us',
    title: 'Freezing your credit in the US',
    kind: 'after-a-scam',
    region: 'US',
    keywords: ['credit freeze', 'freeze my credit', 'security freeze', 'Equifax', 'Experian', 'TransUnion', 'credit bureau', 'fraud alert', 'identity theft US', 'SSN stolen'],
    summary:
      'A credit freeze stops lenders from looking at your credit file, so no one can open new credit in your name. It is free, does not affect your credit score, and you can lift it when you need to apply for credit yourself.',
    steps: [
      'Freeze your credit with each of the three bureaus: Equifax, Experian and TransUnion (a freeze at one does not cover the others).',
      'Keep the PIN or login each bureau gives you in a safe place: you need it to lift the freeze later.',
      'Report identity theft and get a personal recovery plan at IdentityTheft.gov.',
      'Get your free credit reports and check them for accounts you do not recognise.',
    ],
    sources: [SRC.equifaxFreeze, SRC.experianFreeze, SRC.transunionFreeze, SRC.identityTheftGov],
  },
  {
    id: 'protective-registration-uk',
    title: 'Protecting your identity in the UK (Cifas Protective Registration)',
    kind: 'after-a-scam',
    region: 'UK',
    keywords: ['Cifas', 'Protective Registration', 'identity theft UK', 'identity fraud', 'someone using my identity', 'credit file', 'National Insurance number stolen', 'accounts opened in my name'],
    summary:
      'If your personal details were stolen in the UK, Cifas Protective Registration puts a warning on your name so that banks and lenders make extra checks before opening an account or giving credit. It is a paid service run by Cifas, the UK fraud prevention service.',
    steps: [
      'Tell your bank which details were shared.',
      'Apply for Protective Registration on the Cifas website.',
      'Check your credit file with the credit reference agencies for anything you do not recognise.',
      'Report the fraud to Report Fraud (formerly Action Fraud) on 0300 123 2040, or to Police Scotland on 101 in Scotland.',
    ],
    sources: [SRC.cifasProtectiveRegistration, SRC.reportFraudUk],
  },
  {
    id: 'hacked-email-or-social-account',
    title: 'My email or social media account was hacked',
    kind: 'after-a-scam',
    keywords: ['hacked', 'account hacked', 'email hacked', 'facebook hacked', 'instagram hacked', 'hacked account', 'someone logged into my account', 'messages sent from my account', 'locked out of my account', 'password changed', 'account taken over', 'my friends got messages from me', 'hacekd'],
    summary:
      'Get back in through the official recovery pages, lock the account down, and warn your contacts. Hackers often use a taken-over account to ask friends and family for money or codes.',
    steps: [
      'Use the official recovery page: facebook.com/hacked, instagram.com/hacked, or the "forgot password" option of your email provider.',
      'Once back in, change the password to a new one you do not use anywhere else.',
      'Turn on two-factor authentication, and check the recovery email and phone number are yours.',
      'Sign out of all other devices and remove apps or forwarding rules you do not recognise.',
      'Warn your friends and contacts that messages sent from your account may be fake.',
      'Update and scan your device, and never pay anyone who offers to recover the account for you.',
    ],
    sources: [SRC.ftcHacked, SRC.ncscHacked, SRC.facebookHacked, SRC.instagramHacked],
  },
  {
    id: 'beware-recovery-scams',
    title: 'Beware "we can get your money back" offers after a scam',
    kind: 'after-a-scam',
    keywords: ['recovery scam', 'get my money back', 'fund recovery', 'asset recovery', 'recover lost crypto', 'hacker to recover money', 'lawyer recover funds', 'refund scam', 'recovery company', 'recover scammed money'],
    summary:
      'People who were scammed are often contacted again by "recovery" companies, lawyers, hackers or even fake government officials promising to get the money back for an upfront fee. They are scammers too, sometimes the same ones.',
    steps: [
      'Never pay an upfront fee to recover money you lost: no government agency charges to do that.',
      'Ignore ads and messages from people who say they can trace scammers or recover crypto.',
      'Deal only with your own bank, the payment company and the police.',
      'Report recovery offers the same way you reported the first scam.',
    ],
    sources: [SRC.ftcRecoveryScams, SRC.ic3],
  },
];
