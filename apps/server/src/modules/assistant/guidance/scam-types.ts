import { SRC } from './sources.ts';
import type { GuidanceArticle } from './types.ts';

/** How to recognise the common scams: one article per kind, with the signs and what to do instead. */
export const SCAM_TYPES: readonly GuidanceArticle[] = [
  {
    id: 'phishing-emails',
    title: 'How to spot a phishing email',
    kind: 'scam-type',
    keywords: ['phishing', 'phishing email', 'scam email', 'fake email', 'suspicious email', 'spoofed email', 'email scam', 'is this email real', 'email asking me to log in', 'verify your account email', 'fake invoice', 'attachment', 'phising', 'phishy email'],
    summary:
      'A phishing email pretends to come from a company, an office or a person you trust, so that you click a link, open an attachment, sign in on a fake page or make a payment. Names and logos are easy to copy, so judge what the email asks you to do, not how official it looks.',
    signs: [
      'It pushes you to act fast: a deadline, a threat to close your account, a fine or a missed payment.',
      "The sender's address does not end in the company's real web address (look at the part after the @, not just the name shown).",
      "A link's real address (shown when you hover over it or long-press it) is not the company's website.",
      'It asks you to sign in, confirm card or bank details, or give a code.',
      'An invoice, voicemail, shared document or parcel notice you were not expecting, often as an attachment.',
      'A generic greeting like "Dear customer", or small spelling and layout mistakes.',
    ],
    steps: [
      'Do not click links or open attachments in an email you were not expecting.',
      "Check the sender's full email address, not just the display name.",
      "To check your account, open the company's app or type its website address yourself.",
      'If the email seems to come from someone you know, check with them by phone or a new message, not by replying.',
      'Report it with your email app\'s "Report phishing" or "Report junk" button, then delete it (in the UK you can also forward it to report@phishing.gov.uk, in the US to reportphishing@apwg.org).',
      'If you already clicked or typed in a password, follow the steps for what to do after clicking a link.',
    ],
    sources: [SRC.ftcPhishing, SRC.ncscPhishing, SRC.cisaPhishing],
  },
  {
    id: 'smishing-text-scams',
    title: 'How to spot a scam text message (smishing)',
    kind: 'scam-type',
    keywords: ['smishing', 'scam text', 'text scam', 'text message scam', 'sms scam', 'fake text', 'spam text', 'suspicious text', 'text with a link', 'imessage scam', 'strange text', 'scam txt', 'random text'],
    summary:
      'Scam texts pretend to be a delivery company, bank, toll agency, tax office or someone you know, and push you to tap a link, reply or call a number. Real organisations rarely text a link asking you to pay, sign in or confirm your details.',
    signs: [
      'You were not expecting it, and it comes from an unknown number or an email address.',
      'It has a link to an address that is not the organisation\'s official website, or a shortened link.',
      'It creates urgency: a fee, a fine, a locked account or a parcel that will be returned.',
      'It asks for card details, personal details or a code.',
      'It asks you to reply (for example "reply Y") so that its link starts working.',
    ],
    steps: [
      'Do not tap the link, and do not reply to the message.',
      "If you think it could be real, check in the organisation's official app or on its website, typed in yourself.",
      'Forward the text to 7726 (in the US, UK and Canada this reports it to your mobile network), then delete it.',
      "Use your phone's \"Report junk\" or block option so the number cannot text you again.",
      'If you already tapped the link, follow the steps for what to do after clicking a link.',
    ],
    sources: [SRC.ftcSpamTexts, SRC.ncscPhishing],
  },
  {
    id: 'unpaid-toll-texts',
    title: 'Unpaid toll text scams',
    kind: 'scam-type',
    keywords: ['toll', 'tolls', 'unpaid toll', 'toll text', 'toll balance', 'toll road', 'E-ZPass', 'EZ Pass', 'SunPass', 'FasTrak', 'TxTag', 'Dart Charge', 'late fee', 'toll violation', 'outstanding toll'],
    summary:
      'A text says you owe a small unpaid toll and will be charged a late fee unless you pay today through a link. The link leads to a fake payment page that steals your card details. Toll agencies do not text links demanding payment.',
    signs: [
      'A small amount (a few dollars) with a threat of a much larger late fee or a licence penalty.',
      "The link is not the toll agency's official website.",
      'It names a toll service for roads you have not used, or comes from an unknown number or email address.',
    ],
    steps: [
      'Do not tap the link or reply.',
      "Check whether you really owe anything on your toll agency's official website or app, typed in yourself, or on a statement you received.",
      'Forward the text to 7726, then delete it.',
      'If you entered card details, call your card company on the number on the back of your card and ask them to block the card and dispute the charge.',
      'In the US, report it to the FTC at ReportFraud.ftc.gov or to the FBI at ic3.gov.',
    ],
    sources: [SRC.ftcTolls, SRC.ic3],
  },
  {
    id: 'parcel-delivery-fee-texts',
    title: 'Parcel delivery and redelivery fee scams',
    kind: 'scam-type',
    keywords: ['parcel', 'package', 'delivery', 'redelivery', 'redelivery fee', 'package on hold', 'missed delivery', 'update your address', 'customs fee', 'USPS', 'UPS', 'FedEx', 'DHL', 'Royal Mail', 'Evri', 'DPD', 'Canada Post', 'Australia Post', 'An Post', 'shipping fee'],
    summary:
      'A text or email says a parcel is on hold until you pay a small redelivery or customs fee, or confirm your address. The link leads to a fake page that takes your card details. Carriers do not text you asking for fees or address details through a link.',
    signs: [
      'You are not expecting a parcel, or it does not say which parcel or from which shop.',
      "The link is not the carrier's official website, or the sender is an unknown number or email address.",
      'It asks for a small fee, your address or your card details, with a short deadline.',
    ],
    steps: [
      'Do not tap the link or reply.',
      "Track the parcel on the carrier's official website or app, using the tracking number from the shop you bought from.",
      'Forward the text to 7726, then delete it.',
      'If you entered card details, call your card company on the number on the back of your card and ask them to block the card.',
    ],
    sources: [SRC.ftcSpamTexts, SRC.uspis, SRC.ncscPhishing],
  },
  {
    id: 'fake-bank-fraud-alerts',
    title: 'Fake bank fraud alerts that ask you to call a number',
    kind: 'scam-type',
    keywords: ['bank fraud alert', 'fraud alert', 'did you make this purchase', 'suspicious transaction', 'unusual activity', 'callback number', 'call this number', 'fraud department', 'fake bank call', 'bank called me', 'safe account', 'move my money', 'spoofed number', 'caller id', 'Chase', 'Wells Fargo', 'Bank of America', 'Barclays', 'HSBC', 'Lloyds', 'Zelle'],
    summary:
      "A text, email or call claims to be your bank's fraud team and asks you to confirm a payment, call a number, or move your money to a \"safe account\". Scammers can fake the caller ID and already know some of your details. Your real bank will never ask you to move money to keep it safe or to read out a code.",
    signs: [
      'A message about a large purchase you did not make, with a phone number to call.',
      'A caller who asks for a one-time code, your PIN, your online banking password or remote access to your device.',
      'Any request to move money to a new "safe" or "protected" account, or to withdraw cash or buy gift cards or crypto.',
    ],
    steps: [
      'Do not call the number in the message or reply to it.',
      "Call the number on the back of your card, or open your bank's app, to ask whether the alert is real.",
      'If someone calls you, hang up and call back on the number on the back of your card, ideally from another phone or after waiting a few minutes.',
      'Never move money to a "safe account", and never tell a caller your PIN, password or a code.',
      'In the UK you can call 159 to reach your own bank safely (it works for most major banks).',
    ],
    sources: [SRC.ftcBankCall, SRC.takeFive, SRC.stopScams159],
  },
  {
    id: 'account-locked-or-suspended',
    title: '"Your account is locked or suspended" messages',
    kind: 'scam-type',
    keywords: ['account locked', 'account suspended', 'account disabled', 'account on hold', 'unusual sign-in', 'verify your account', 'confirm your identity', 'Apple ID locked', 'Netflix payment failed', 'PayPal limited', 'Amazon account', 'Microsoft password expires', 'mailbox full', 'storage full', 'iCloud'],
    summary:
      'A message says your account (Apple, Amazon, PayPal, Netflix, your bank or your email) is locked, suspended or about to be closed, and that you must sign in through a link to fix it. The link leads to a fake sign-in page that steals your password and sometimes your card.',
    signs: [
      'A threat to close or suspend your account within hours.',
      "A link to sign in or \"verify\" that does not lead to the company's real website.",
      'It asks for your password, card details or a code to "confirm" who you are.',
    ],
    steps: [
      'Do not use the link or any phone number in the message.',
      "Open the company's app or type its website address yourself: a real problem with your account will show there.",
      'If you already typed your password on the page, change it now on the real website and anywhere else you use it.',
      'Report the message as phishing or junk, then delete it.',
    ],
    sources: [SRC.ftcPhishing, SRC.ncscPhishing],
  },
  {
    id: 'fake-order-and-refund-messages',
    title: 'Fake order, refund and delivery messages from shops (Amazon, PayPal, eBay, Apple)',
    kind: 'scam-type',
    keywords: ['Amazon', 'Amazon text', 'Amazon refund', 'Amazon order', 'Amazon Prime', 'does Amazon text', 'refund text', 'refund message', 'claim a refund', 'refund link', 'order you did not make', 'order you didn\'t place', 'fake order', 'order confirmation', 'product recall refund', 'PayPal refund', 'eBay', 'Apple receipt', 'shop refund', 'purchase you did not make'],
    summary:
      'Messages that look like they come from Amazon, PayPal, eBay, Apple or another shop say you are owed a refund, that an order you did not make is on its way, or that a product was recalled, and send you to a link or a phone number. Shops put refunds back on your payment method on their own: you never claim one through a text or an email link, and they never ask for your card details, a code or remote access to refund you.',
    signs: [
      'A refund, an order or a charge you were not expecting, with a link to "claim" or "cancel" it.',
      'A phone number to call about an order, where the "agent" asks to connect to your computer or for a code.',
      'A request for your card details, bank details or sign-in to receive money.',
    ],
    steps: [
      'Do not use the link or call the number in the message.',
      "Open the shop's own app, or type its website address yourself, and look at Your Orders and your payments: a real order or refund shows there.",
      'Never give card details, a code or remote access to receive a refund.',
      'Report the message as phishing or junk, then delete it (forward a scam text to 7726 in the US, UK and Canada).',
      'If you already typed a password or card details, change the password and call your bank on the number on the back of your card.',
    ],
    sources: [SRC.ftcPhishing, SRC.ftcSpamTexts, SRC.ncscPhishing],
  },
  {
    id: 'one-time-code-requests',
    title: 'Someone asks you for a one-time code (verification code)',
    kind: 'scam-type',
    keywords: ['one-time code', 'verification code', 'OTP', 'one time passcode', '6-digit code', 'six digit code', 'security code', 'read me the code', 'send me the code', 'sent you a code by mistake', 'code by accident', 'WhatsApp code', 'Google Voice code', 'confirmation code', 'login code', '2FA code'],
    summary:
      'A one-time code is a key to your account or a payment. Anyone who asks you to read it out or send it on is trying to get into your account or approve a payment, whether they claim to be your bank, a delivery driver, a buyer, or a friend who "sent it to you by mistake". No real company asks for it, and neither do we.',
    signs: [
      'A code arrives that you did not ask for, followed by a call or message asking for it.',
      'A caller says they need the code to "verify" you, "cancel" a payment or "secure" your account.',
      'A friend\'s account suddenly asks you to forward a code: the account has probably been taken over.',
    ],
    steps: [
      'Never tell anyone a code that was sent to you, whoever they say they are.',
      'Read the whole text that came with the code: it usually says what the code is for, such as signing in to WhatsApp or approving a payment.',
      'If you did not ask for the code, ignore it, and change the password of that account.',
      'If someone is pressing you on the phone, hang up and call the company on its official number.',
      'If you already gave a code away, follow the steps for what to do after giving a one-time code.',
    ],
    sources: [SRC.ftcVerificationCode, SRC.ncscHacked],
  },
  {
    id: 'gift-card-payment-demands',
    title: 'Anyone who asks to be paid in gift cards is a scammer',
    kind: 'scam-type',
    keywords: ['gift card', 'gift cards', 'pay with gift cards', 'Apple gift card', 'iTunes card', 'Google Play card', 'Steam card', 'Amazon gift card', 'Target gift card', 'scratch the back', 'photo of the card', 'boss asked for gift cards', 'buy gift cards'],
    summary:
      'Anyone who tells you to pay with gift cards (Apple, Google Play, Steam, Amazon, Target and others) is a scammer, whether they say they are the government, the tax office, a utility, tech support, your boss or a relative. Gift cards are for gifts: no real company or agency takes payment in them.',
    signs: [
      'You are told to buy cards at a shop, scratch off the back and send photos or read out the numbers.',
      'You are asked to keep it secret, or told not to tell the shop staff what the cards are for.',
      'The request comes with urgency: a fine, an arrest, a cut-off, or a boss "in a meeting".',
    ],
    steps: [
      'Stop: do not buy the cards, and do not send photos or numbers of cards you already have.',
      'Check the story by calling the person or organisation on a number you already know.',
      'If you already paid, follow the steps for what to do after paying with gift cards straight away.',
      'In the US, report it at ReportFraud.ftc.gov.',
    ],
    sources: [SRC.ftcGiftCards],
  },
  {
    id: 'crypto-investment-pig-butchering',
    title: 'Crypto investment scams and "pig butchering"',
    kind: 'scam-type',
    keywords: ['crypto', 'cryptocurrency', 'bitcoin', 'USDT', 'crypto investment', 'pig butchering', 'investment scam', 'trading platform', 'trading app', 'forex', 'mentor', 'guaranteed returns', "can't withdraw", 'withdrawal fee', 'tax to withdraw', 'bitcoin ATM', 'crypto ATM', 'investment group'],
    summary:
      'A new online friend or "mentor", often met through a wrong-number text, a dating app or social media, shows you big profits on a trading website or app and encourages you to invest more and more. The platform is fake and the balance is made up; when you try to withdraw, you are asked to pay "taxes" or "fees" first. This is often called pig butchering.',
    signs: [
      'Someone you have never met in person brings up investing or crypto.',
      'Promised or "guaranteed" returns, or a balance that grows fast.',
      'You are asked to send money to a crypto address, a bitcoin ATM or a platform they recommend.',
      'You cannot withdraw unless you first pay a fee, tax or deposit.',
    ],
    steps: [
      'Never invest through a website, app or group recommended by someone you met online.',
      'Do not pay any fee or tax to withdraw: that payment is part of the scam, and more demands will follow.',
      'Stop sending money and keep every record: messages, wallet addresses, transaction IDs and the website address.',
      'Report it: in the US to the FBI at ic3.gov and the FTC at ReportFraud.ftc.gov; in the UK to Report Fraud (formerly Action Fraud); elsewhere to the police.',
      'Check any investment firm with the regulator first (in the US at Investor.gov, in the UK on the FCA ScamSmart site).',
      'Ignore anyone who later offers to recover your crypto for a fee: that is a second scam.',
    ],
    sources: [SRC.ftcCrypto, SRC.ic3, SRC.investorGov, SRC.fcaScamSmart],
  },
  {
    id: 'wrong-number-and-romance-openers',
    title: '"Wrong number" texts and romance scams',
    kind: 'scam-type',
    keywords: ['wrong number', 'is this', 'sorry wrong person', 'texted the wrong number', 'stranger texted me', 'romance scam', 'dating scam', 'online relationship', 'catfish', 'online boyfriend', 'online girlfriend', 'met online', 'military romance', 'love scam', 'dating app'],
    summary:
      'A friendly "wrong number" text ("Hi, is this Linda? It\'s Sarah from yoga") or a warm message from a stranger online is how many romance and investment scams start. The scammer builds trust over days or weeks, then asks for money, gift cards or crypto, or suggests an "investment".',
    signs: [
      'A stranger who keeps chatting after the "wrong number" is pointed out.',
      'Attractive photos, a job abroad (on an oil rig, in the military, as a doctor) and reasons never to video call or meet.',
      'Talk of love or a special connection very quickly.',
      'Any request for money, gift cards, crypto or help with a payment, or talk of an investment opportunity.',
    ],
    steps: [
      'Do not keep chatting with a stranger who texted a "wrong number": block the number.',
      'Never send money, gift cards or crypto to someone you have only met online, however close you feel.',
      'Search their photos with a reverse image search: scammers often use pictures of other people.',
      'Talk to a friend or relative you trust about the relationship.',
      'Report the profile to the app or site, and report the scam (in the US at ReportFraud.ftc.gov).',
    ],
    sources: [SRC.ftcRomance, SRC.reportFraudUk],
  },
  {
    id: 'hi-mum-family-emergency',
    title: '"Hi Mum" messages and family emergency scams',
    kind: 'scam-type',
    keywords: ['hi mum', 'hi mom', 'hi dad', 'new number', 'lost my phone', 'broke my phone', 'family emergency', 'grandparent scam', 'grandson', 'granddaughter', 'in jail', 'bail', 'accident', 'hospital', 'relative needs money', 'child needs money', 'emergency call'],
    summary:
      'A message from an unknown number says "Hi Mum" or "Hi Dad, I lost my phone, this is my new number", then asks for money for an urgent bill. Or a caller says a grandchild or relative is in trouble (arrested, in an accident, in hospital) and needs money now, and asks you to keep it secret.',
    signs: [
      'A relative on a new number who cannot call, only text.',
      'An urgent request to pay a bill or send money to an account that is not theirs.',
      'Being asked to keep it secret or not to call anyone.',
      'A "lawyer" or "police officer" who takes over the call and asks for bail, fees, gift cards, crypto or cash collected by a courier.',
    ],
    steps: [
      'Call your relative on the number you already have for them, or another family member, before you do anything.',
      'Ask a question only the real person would know, or use your family code word.',
      'Never send money to a new number or an unknown account before you have checked.',
      'Do not keep it secret: talk to someone else in the family.',
      'Block the number and report the message.',
    ],
    sources: [SRC.ftcFakeEmergencies, SRC.ftcAiVoice, SRC.reportFraudUk],
  },
  {
    id: 'job-and-task-scams',
    title: 'Job offers and "task" scams',
    kind: 'scam-type',
    keywords: ['job scam', 'job offer', 'work from home', 'remote job', 'part-time job', 'task scam', 'like videos', 'rate products', 'app optimization', 'earn per day', 'recruiter on WhatsApp', 'hiring', 'HR on WhatsApp', 'commission', 'deposit to unlock', 'reshipping', 'equipment check'],
    summary:
      'An unexpected text or WhatsApp message offers easy remote work: liking videos, rating products or "optimising apps" for a daily wage. After small first payments, you are told to deposit your own money (often crypto) to unlock bigger tasks or your earnings, and the money is lost. Other versions send a cheque for "equipment" and ask you to send part back.',
    signs: [
      'A job offer you did not apply for, by text, WhatsApp or Telegram.',
      'High pay for simple online tasks, with no interview.',
      'You must pay, deposit or buy something to start, to unlock tasks or to withdraw earnings.',
      'A cheque arrives with a request to send part of the money on.',
    ],
    steps: [
      'Real employers do not hire by text or WhatsApp, pay for liking videos, or ask you to pay to work.',
      'Never pay or deposit money to get a job or to release your earnings.',
      'Never deposit a cheque from an employer and send part of it back or on to someone else.',
      "Look the company up yourself and contact it through its official website's careers page.",
      'Block the sender and report it (in the US at ReportFraud.ftc.gov).',
    ],
    sources: [SRC.ftcJobs, SRC.ic3],
  },
  {
    id: 'tech-support-and-fake-renewal-invoices',
    title: 'Tech support scams and fake renewal invoices (Geek Squad, Norton, McAfee)',
    kind: 'scam-type',
    keywords: ['tech support', 'Geek Squad', 'Norton', 'McAfee', 'Best Buy', 'PayPal invoice', 'renewal', 'subscription renewed', 'auto-renewal', 'invoice', 'call to cancel', 'refund', 'Microsoft support', 'Apple support', 'virus warning', 'pop-up', 'computer locked', 'your computer is infected', 'AnyDesk', 'TeamViewer'],
    summary:
      'An email "invoice" says you have been charged a few hundred dollars to renew Geek Squad, Norton, McAfee or a similar service, and gives a phone number to cancel. Or a pop-up says your computer is infected and to call "Microsoft". The "agent" wants to connect to your computer, then tricks you into sending money for a fake refund.',
    signs: [
      'An invoice or renewal you do not recognise, with a phone number to call to cancel or dispute it.',
      'It comes from a free email account (Gmail, Outlook) rather than the company.',
      'A pop-up or call warning about viruses, with a number to call.',
      'Being asked to install AnyDesk, TeamViewer or a similar app, or to log in to your bank "to receive a refund".',
    ],
    steps: [
      'Do not call the number in the email or pop-up.',
      'Check your subscriptions by signing in to the company\'s website yourself, and look at your bank or card statement.',
      'Never let a caller connect to your computer or phone, and never install an app because a caller asks you to.',
      'For a pop-up, close the browser (restart the computer if it will not close); real companies do not warn you of viruses this way.',
      'If someone already connected to your computer, follow the steps for what to do after giving remote access.',
    ],
    sources: [SRC.ftcTechSupport, SRC.ic3],
  },
  {
    id: 'tax-refund-impersonation',
    title: 'Tax refund and tax office scams (IRS, HMRC, CRA, ATO)',
    kind: 'scam-type',
    keywords: ['tax', 'tax refund', 'tax rebate', 'tax debt', 'owe taxes', 'back taxes', 'IRS', 'HMRC', 'CRA', 'Canada Revenue Agency', 'ATO', 'Revenue', 'tax return', 'arrest warrant', 'tax office text'],
    summary:
      'Scammers pretend to be the tax office (the IRS, HMRC, the CRA, the ATO) to offer a refund you must "claim" through a link, or to threaten arrest over unpaid tax. Tax offices do not text or email links to claim refunds, and never demand payment by gift card, crypto or wire transfer.',
    signs: [
      'A text or email about a refund you must claim by entering card or bank details.',
      'A call threatening arrest, deportation or a fine unless you pay today.',
      'A request to pay by gift card, crypto, wire transfer or payment app.',
    ],
    steps: [
      'Do not click links, open attachments or call numbers in the message.',
      'Check your tax account on the official website, typed in yourself (irs.gov, gov.uk, canada.ca).',
      'In the US, forward tax scam emails to phishing@irs.gov; in the UK, forward emails to report@phishing.gov.uk and texts to 7726.',
      'If you gave card or bank details, call your bank on the number on the back of your card.',
    ],
    sources: [SRC.irsScams, SRC.irsReportPhishing, SRC.ncscPhishing],
  },
  {
    id: 'government-benefit-scams',
    title: 'Government benefit and grant scams',
    kind: 'scam-type',
    keywords: ['government', 'benefits', 'grant', 'government grant', 'Social Security', 'SSA', 'Medicare', 'stimulus', 'cost of living payment', 'DWP', 'Universal Credit', 'energy rebate', 'pension', 'Social Security number suspended', 'free money', 'government impersonation'],
    summary:
      'Messages or calls offer a government grant, cost-of-living payment or benefit increase if you "apply" through a link or pay a fee, or warn that your benefits or your Social Security number will be suspended. Government agencies do not charge fees for grants and do not ask for payment by gift card, crypto or wire transfer.',
    signs: [
      'A grant or payment you never applied for, with a fee to release it.',
      'A threat that your benefits, pension or Social Security number will be stopped.',
      'A link or number in the message to "confirm" your details.',
    ],
    steps: [
      'Do not click links or call numbers in the message.',
      'Check benefits only on the official government website or phone line you look up yourself (for example ssa.gov or gov.uk).',
      'Never pay a fee to receive a grant or benefit.',
      'In the US, report it at ReportFraud.ftc.gov; in the UK, to Report Fraud (formerly Action Fraud).',
    ],
    sources: [SRC.ftcGovImpersonation, SRC.ssaScams],
  },
  {
    id: 'prize-and-lottery-scams',
    title: 'Prize, lottery and giveaway scams',
    kind: 'scam-type',
    keywords: ['prize', 'won', 'winner', 'you have won', 'lottery', 'sweepstakes', 'giveaway', 'reward', 'free iPhone', 'claim your prize', 'Publishers Clearing House', 'congratulations', 'lucky draw', 'inheritance'],
    summary:
      'You are told you have won a prize, lottery, sweepstakes or giveaway, often one you never entered, but must pay a fee, tax or delivery charge, or give your bank details, to claim it. Real prizes never ask you to pay to receive them.',
    signs: [
      'A win you did not enter.',
      'A fee, tax or "processing charge" to release the prize.',
      'A request for bank or card details, or payment by gift card, wire or crypto.',
      'A social media "giveaway" from an account that copies a brand or celebrity.',
    ],
    steps: [
      'Never pay anything to claim a prize: that payment is the scam.',
      'Do not give your bank or card details to "receive" winnings.',
      'If you want to check, look up the company yourself and contact it through its official website.',
      'Delete the message and block the sender.',
    ],
    sources: [SRC.ftcPrizes],
  },
  {
    id: 'sextortion-emails',
    title: 'Sextortion emails ("I recorded you through your webcam")',
    kind: 'scam-type',
    keywords: ['sextortion', 'webcam', 'recorded you', 'adult sites', 'video of you', 'send to your contacts', 'bitcoin blackmail', 'blackmail email', 'hacked your device', 'knows my password', 'intimate images', 'nudes', 'threatening email'],
    summary:
      'An email claims a hacker recorded you through your webcam on adult sites and demands bitcoin, sometimes quoting an old password from a data breach to seem real. It is a bluff sent to many people at once. A different, more serious kind targets people (often young people) after intimate images were really shared: that needs help from a trusted adult and the police.',
    signs: [
      'A demand for bitcoin within a day or two, or "the video goes to your contacts".',
      'An old password of yours quoted as "proof".',
      'No actual image or detail that shows they have anything.',
    ],
    steps: [
      'Do not reply and do not pay: paying leads to more demands.',
      'If the email shows a real password of yours, change it everywhere you use it and turn on two-factor authentication.',
      'Mark the email as spam and delete it.',
      'If someone really has intimate images of you, stop replying, do not pay, keep the messages, and tell someone you trust.',
      'Report it to the police (in the US, the FBI at ic3.gov); for under-18s, the NCMEC Take It Down service (takeitdown.ncmec.org) helps remove images.',
    ],
    sources: [SRC.ncscSextortion, SRC.ic3, SRC.takeItDown],
  },
  {
    id: 'marketplace-overpayment-scams',
    title: 'Marketplace, overpayment and fake cheque scams',
    kind: 'scam-type',
    keywords: ['marketplace', 'Facebook Marketplace', 'Craigslist', 'eBay', 'Gumtree', 'Vinted', 'buyer', 'seller', 'overpayment', 'overpaid', 'refund the difference', 'fake check', 'fake cheque', 'payment pending', 'upgrade to business account', 'courier will collect', 'deposit for item', 'rental deposit'],
    summary:
      'When you sell, a "buyer" overpays with a cheque or a fake payment email and asks you to send back the difference, or asks for a code "to prove you are real". When you buy, a "seller" asks for a deposit by bank transfer, gift card or payment app for an item that does not exist.',
    signs: [
      'A buyer who pays more than the price and asks for the difference back.',
      'An email saying a payment is "pending" until you pay to upgrade your account.',
      'A buyer or seller who wants to move off the platform or asks for a verification code.',
      'A seller who will only take a bank transfer, gift cards, crypto or a payment app, or wants a deposit before you can see the item.',
    ],
    steps: [
      'Never send back an overpayment: even when money shows as available, a fake cheque can bounce weeks later and you will owe the bank.',
      'Check any "payment received" message in your own bank or payment app, not in an email or text.',
      'Never share a verification code with a buyer or seller.',
      "Buy and sell through the platform's own checkout, or meet in a safe public place and pay on collection.",
      'Report the buyer or seller to the platform.',
    ],
    sources: [SRC.ftcFakeChecks, SRC.ftcOnlineShopping],
  },
  {
    id: 'qr-code-phishing',
    title: 'QR code scams ("quishing")',
    kind: 'scam-type',
    keywords: ['QR code', 'QR', 'quishing', 'scan the code', 'parking meter', 'parking QR', 'EV charger', 'QR sticker', 'QR code in email', 'QR code letter', 'pay parking'],
    summary:
      'A QR code can hide a link to a fake website. Scammers stick their own codes over real ones on parking meters and chargers, or send QR codes in emails, letters and texts so the link is harder to check. The fake page then asks you to pay or sign in.',
    signs: [
      'A sticker placed over another QR code, or a code in an odd place.',
      'An email or letter you were not expecting that asks you to scan a code to sign in, pay or "re-verify".',
      'After scanning, an address that is not the company or council you expected.',
    ],
    steps: [
      'Before opening, look at the web address your camera shows, and do not open it if it is not what you expected.',
      'Do not scan QR codes in emails or texts you were not expecting.',
      "Pay for parking through the official app or a website address you type in yourself.",
      'Do not download a separate QR scanning app: your phone camera can read QR codes.',
    ],
    sources: [SRC.ftcQr, SRC.ncscPhishing],
  },
  {
    id: 'fake-shopping-sites',
    title: 'Fake online shops',
    kind: 'scam-type',
    keywords: ['fake shop', 'fake website', 'fake store', 'online shopping scam', 'too good to be true', 'cheap deal', 'closing down sale', 'social media ad', 'never arrived', 'is this website legit', 'website legit', 'scam website', 'counterfeit'],
    summary:
      'Fake shops are often advertised on social media with huge discounts or "closing down" sales. You pay and get nothing, or a cheap fake, and your card details may be stolen. Many of these websites are only days or weeks old.',
    signs: [
      'Prices far below anywhere else.',
      'A website you found through an ad, with no real contact details, returns policy or reviews elsewhere.',
      'Payment only by bank transfer, gift card, crypto or a payment app.',
      'A very new website (Baitcheck\'s enhanced scan checks how old a site is).',
    ],
    steps: [
      'Look up reviews of the shop on other websites before buying.',
      'Pay by credit card where you can: it gives you the strongest right to dispute a charge.',
      'Never pay a shop by bank transfer, gift card or crypto.',
      'If you paid and nothing came, call your card company on the number on the back of your card and ask for a chargeback.',
    ],
    sources: [SRC.ftcOnlineShopping, SRC.citizensAdviceScams],
  },
  {
    id: 'social-media-account-recovery-scams',
    title: 'Social media account scams: fake warnings and fake "recovery experts"',
    kind: 'scam-type',
    keywords: ['social media scam', 'Facebook', 'Instagram', 'Meta', 'copyright violation', 'page will be disabled', 'appeal', 'account recovery', 'recover my account', 'hacker for hire', 'recovery expert', 'vote for me', 'friend asked for a code', 'blue tick', 'verified badge'],
    summary:
      'Two common tricks: messages pretending to be Meta or Instagram saying your page broke the rules and will be disabled unless you "appeal" through a link; and, after an account is hacked, "recovery experts" who offer to get it back for a fee. Both are scams. Hacked friends\' accounts are also used to ask you for money or a code.',
    signs: [
      'A message or email about a violation with a link to "appeal" or "verify".',
      'Strangers who reply to your post about being hacked and offer to recover the account.',
      'A friend who suddenly asks for money, a code, or for you to "vote" through a link.',
    ],
    steps: [
      "Check warnings only in the app's own settings, not through links in messages.",
      'Use only the official recovery pages: facebook.com/hacked and instagram.com/hacked.',
      'Never pay someone who offers to recover an account, and never give them your login or a code.',
      'If a friend asks for money or a code, call them on the number you already have before doing anything.',
    ],
    sources: [SRC.facebookHacked, SRC.instagramHacked, SRC.ftcHacked],
  },
  {
    id: 'voice-cloning-ai-calls',
    title: 'Voice cloning and AI voice calls',
    kind: 'scam-type',
    keywords: ['voice cloning', 'AI voice', 'cloned voice', 'deepfake', 'sounded just like', 'fake voice', 'AI scam call', 'video call deepfake', 'boss called', 'grandchild voice', 'voice message'],
    summary:
      'Scammers can copy a voice from a few seconds of audio posted online. A call may sound exactly like your child, grandchild or boss in trouble and asking for money urgently, and the caller ID can be faked too. Hearing a familiar voice is no longer proof of who is calling.',
    signs: [
      'An urgent, emotional call asking for money, often with a reason you cannot call back.',
      'Payment by wire, gift cards, crypto or cash handed to a courier.',
      'Pressure to keep it secret.',
    ],
    steps: [
      'Hang up and call the person back on the number you already have for them.',
      'Ask for your family code word, or a question only the real person could answer.',
      'Do not send money until you have spoken to the person directly.',
      'Report the call (in the US at ReportFraud.ftc.gov).',
    ],
    sources: [SRC.ftcAiVoice, SRC.ic3GenerativeAi],
  },
  {
    id: 'moving-chat-to-whatsapp-telegram',
    title: 'When a stranger asks to move the chat to WhatsApp or Telegram',
    kind: 'scam-type',
    keywords: ['WhatsApp', 'Telegram', 'Signal', 'move to WhatsApp', 'continue on Telegram', 'text me instead', 'off the app', 'off platform', 'dating app', 'recruiter', 'buyer wants my number', 'add me on'],
    summary:
      'A stranger, new match, "recruiter", buyer or seller asks to continue the conversation on WhatsApp, Telegram, Signal or by text. Scammers do this to get away from the platform\'s safety checks and reporting, where it is easier to ask for money or codes.',
    signs: [
      'Being asked to switch apps early, before you know the person.',
      'Reasons like "I rarely use this app" or "my account is about to expire".',
      'Investment tips, job offers or money requests soon after moving.',
    ],
    steps: [
      'Keep the conversation on the app or site where you met.',
      'If they insist on moving, treat it as a warning sign and stop replying.',
      'Never share a code you receive by text, such as a WhatsApp registration code.',
      "Block and report the profile using the platform's report tool.",
    ],
    sources: [SRC.ftcRomance, SRC.ftcJobs, SRC.whatsappHelp],
  },
];
