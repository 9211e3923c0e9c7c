import type { GuidanceSource } from './types.ts';

/**
 * The sources the guidance cites, in one place so a moved page is fixed once. Only official or
 * well-established pages; where a deep link was not certain, the organisation's stable top-level
 * page is used instead. Product articles cite the app's own screens (paths inside Baitcheck).
 */
export const SRC = {
  // US Federal Trade Commission (consumer advice)
  ftcPhishing: { name: 'FTC: How to recognize and avoid phishing scams', url: 'https://consumer.ftc.gov/articles/how-recognize-and-avoid-phishing-scams' },
  ftcSpamTexts: { name: 'FTC: How to recognize and report spam text messages', url: 'https://consumer.ftc.gov/articles/how-recognize-and-report-spam-text-messages' },
  ftcTolls: {
    name: "FTC consumer alert: Got a text about unpaid tolls? It's probably a scam",
    url: 'https://consumer.ftc.gov/consumer-alerts/2025/01/got-text-about-unpaid-tolls-its-probably-scam',
  },
  ftcBankCall: {
    name: 'FTC consumer alert: Got a call about fraud activity on your bank account? It could be a scammer',
    url: 'https://consumer.ftc.gov/consumer-alerts/2024/06/got-call-about-fraud-activity-your-bank-account-it-could-be-scammer',
  },
  ftcVerificationCode: {
    name: "FTC consumer alert: What's a verification code and why would someone ask me for it?",
    url: 'https://consumer.ftc.gov/consumer-alerts/2024/03/whats-verification-code-why-would-someone-ask-me-it',
  },
  ftcGiftCards: { name: 'FTC: Avoiding and reporting gift card scams', url: 'https://consumer.ftc.gov/articles/avoiding-and-reporting-gift-card-scams' },
  ftcCrypto: { name: 'FTC: What to know about cryptocurrency and scams', url: 'https://consumer.ftc.gov/articles/what-know-about-cryptocurrency-and-scams' },
  ftcRomance: { name: 'FTC: What to know about romance scams', url: 'https://consumer.ftc.gov/articles/what-know-about-romance-scams' },
  ftcFakeEmergencies: { name: 'FTC: Scammers use fake emergencies to steal your money', url: 'https://consumer.ftc.gov/articles/scammers-use-fake-emergencies-steal-your-money' },
  ftcAiVoice: {
    name: 'FTC consumer alert: Scammers use AI to enhance their family emergency schemes',
    url: 'https://consumer.ftc.gov/consumer-alerts/2023/03/scammers-use-ai-enhance-their-family-emergency-schemes',
  },
  ftcJobs: { name: 'FTC: Job scams', url: 'https://consumer.ftc.gov/articles/job-scams' },
  ftcTechSupport: { name: 'FTC: How to spot, avoid, and report tech support scams', url: 'https://consumer.ftc.gov/articles/how-spot-avoid-and-report-tech-support-scams' },
  ftcGovImpersonation: { name: 'FTC: How to avoid a government impersonation scam', url: 'https://consumer.ftc.gov/articles/how-avoid-government-impersonation-scam' },
  ftcPrizes: { name: 'FTC: Fake prize, sweepstakes, and lottery scams', url: 'https://consumer.ftc.gov/articles/fake-prize-sweepstakes-and-lottery-scams' },
  ftcFakeChecks: { name: 'FTC: How to spot, avoid, and report fake check scams', url: 'https://consumer.ftc.gov/articles/how-spot-avoid-and-report-fake-check-scams' },
  ftcQr: {
    name: 'FTC consumer alert: Scammers hide harmful links in QR codes to steal your information',
    url: 'https://consumer.ftc.gov/consumer-alerts/2023/12/scammers-hide-harmful-links-qr-codes-steal-your-information',
  },
  ftcOnlineShopping: { name: 'FTC: Online shopping', url: 'https://consumer.ftc.gov/articles/online-shopping' },
  ftcHacked: { name: 'FTC: How to recover your hacked email or social media account', url: 'https://consumer.ftc.gov/articles/how-recover-your-hacked-email-or-social-media-account' },
  ftcScammed: { name: 'FTC: What to do if you were scammed', url: 'https://consumer.ftc.gov/articles/what-do-if-you-were-scammed' },
  ftcPaymentApps: {
    name: 'FTC consumer alert: Do you use payment apps like Venmo, Cash App, or Zelle? Read this.',
    url: 'https://consumer.ftc.gov/consumer-alerts/2023/08/do-you-use-payment-apps-venmo-cashapp-or-zelle-read',
  },
  ftcIdentityTheft: { name: 'FTC: What to know about identity theft', url: 'https://consumer.ftc.gov/articles/what-know-about-identity-theft' },
  ftcTwoFactor: { name: 'FTC: Use two-factor authentication to protect your accounts', url: 'https://consumer.ftc.gov/articles/use-two-factor-authentication-protect-your-accounts' },
  ftcRecoveryScams: { name: 'FTC: Refund and recovery scams', url: 'https://consumer.ftc.gov/articles/refund-and-recovery-scams' },
  reportFraudFtc: { name: 'FTC: ReportFraud.ftc.gov', url: 'https://reportfraud.ftc.gov/' },
  identityTheftGov: { name: 'FTC: IdentityTheft.gov', url: 'https://www.identitytheft.gov/' },

  // Other US
  ic3: { name: 'FBI Internet Crime Complaint Center (IC3)', url: 'https://www.ic3.gov/' },
  ic3GenerativeAi: {
    name: 'FBI IC3: Criminals use generative artificial intelligence to facilitate financial fraud',
    url: 'https://www.ic3.gov/PSA/2024/PSA241203',
  },
  apwg: { name: 'Anti-Phishing Working Group: Report phishing', url: 'https://apwg.org/reportphishing/' },
  irsScams: { name: 'IRS: Tax scams and consumer alerts', url: 'https://www.irs.gov/newsroom/tax-scams-consumer-alerts' },
  irsReportPhishing: { name: 'IRS: Report phishing and online scams', url: 'https://www.irs.gov/privacy-disclosure/report-phishing' },
  ssaScams: { name: 'Social Security Administration: Protect yourself from scams', url: 'https://www.ssa.gov/scam/' },
  uspis: { name: 'US Postal Inspection Service', url: 'https://www.uspis.gov/' },
  cisaSecureOurWorld: { name: 'CISA: Secure Our World', url: 'https://www.cisa.gov/secure-our-world' },
  cisaPhishing: { name: 'CISA: Recognize and report phishing', url: 'https://www.cisa.gov/secure-our-world/recognize-and-report-phishing' },
  cisaMfa: { name: 'CISA: Turn on multifactor authentication', url: 'https://www.cisa.gov/secure-our-world/turn-mfa' },
  cisaPasswords: { name: 'CISA: Use strong passwords', url: 'https://www.cisa.gov/secure-our-world/use-strong-passwords' },
  cisaUpdates: { name: 'CISA: Update software', url: 'https://www.cisa.gov/secure-our-world/update-software' },
  cfpb: { name: 'Consumer Financial Protection Bureau', url: 'https://www.consumerfinance.gov/' },
  investorGov: { name: 'SEC: Investor.gov', url: 'https://www.investor.gov/' },
  equifaxFreeze: { name: 'Equifax: Credit freeze', url: 'https://www.equifax.com/personal/credit-report-services/credit-freeze/' },
  experianFreeze: { name: 'Experian: Freeze center', url: 'https://www.experian.com/freeze/center.html' },
  transunionFreeze: { name: 'TransUnion: Credit freeze', url: 'https://www.transunion.com/credit-freeze' },
  aarpFraudWatch: { name: 'AARP Fraud Watch Network: Scams and fraud', url: 'https://www.aarp.org/money/scams-fraud/' },
  elderFraudHotline: { name: 'US Department of Justice, Office for Victims of Crime (National Elder Fraud Hotline)', url: 'https://ovc.ojp.gov/' },
  takeItDown: { name: 'NCMEC: Take It Down', url: 'https://takeitdown.ncmec.org/' },

  // United Kingdom
  ncscPhishing: { name: 'NCSC: Phishing: spot and report scam emails, texts, websites and calls', url: 'https://www.ncsc.gov.uk/collection/phishing-scams' },
  ncscReportEmails: { name: 'NCSC: Report suspicious emails', url: 'https://www.ncsc.gov.uk/collection/phishing-scams/report-suspicious-emails' },
  ncscSextortion: { name: 'NCSC: Sextortion scams: how to protect yourself', url: 'https://www.ncsc.gov.uk/guidance/sextortion-scams-how-to-protect-yourself' },
  ncscHacked: { name: 'NCSC: Recovering a hacked account', url: 'https://www.ncsc.gov.uk/guidance/recovering-a-hacked-account' },
  ncscTopTips: { name: 'NCSC: Top tips for staying secure online', url: 'https://www.ncsc.gov.uk/collection/top-tips-for-staying-secure-online' },
  reportFraudUk: { name: 'Report Fraud (formerly Action Fraud)', url: 'https://www.reportfraud.police.uk/' },
  policeScotland: { name: 'Police Scotland', url: 'https://www.scotland.police.uk/' },
  takeFive: { name: 'Take Five to Stop Fraud (UK Finance)', url: 'https://www.takefive-stopfraud.org.uk/' },
  stopScams159: { name: 'Stop Scams UK: Call 159', url: 'https://stopscamsuk.org.uk/159' },
  cifasProtectiveRegistration: {
    name: 'Cifas: Protective Registration',
    url: 'https://www.cifas.org.uk/services/identity-protection/protective-registration',
  },
  citizensAdviceScams: { name: 'Citizens Advice: Scams', url: 'https://www.citizensadvice.org.uk/consumer/scams/' },
  psr: { name: 'Payment Systems Regulator', url: 'https://www.psr.org.uk/' },
  fcaScamSmart: { name: 'FCA ScamSmart', url: 'https://www.fca.org.uk/scamsmart' },

  // Canada, Australia, Ireland, New Zealand, India, EU
  cafc: { name: 'Canadian Anti-Fraud Centre', url: 'https://antifraudcentre-centreantifraude.ca/' },
  cafcReport: { name: 'Canadian Anti-Fraud Centre: Report fraud', url: 'https://antifraudcentre-centreantifraude.ca/report-signalez-eng.htm' },
  scamwatch: { name: 'Scamwatch (ACCC)', url: 'https://www.scamwatch.gov.au/' },
  scamwatchReport: { name: 'Scamwatch: Report a scam', url: 'https://www.scamwatch.gov.au/report-a-scam' },
  reportCyber: { name: 'Australian Cyber Security Centre: ReportCyber', url: 'https://www.cyber.gov.au/report-and-recover/report' },
  idcare: { name: 'IDCARE', url: 'https://www.idcare.org/' },
  garda: { name: 'An Garda Síochána', url: 'https://www.garda.ie/' },
  netsafe: { name: 'Netsafe', url: 'https://netsafe.org.nz/' },
  nzPolice: { name: 'New Zealand Police', url: 'https://www.police.govt.nz/' },
  cybercrimeIndia: { name: 'National Cyber Crime Reporting Portal (India)', url: 'https://cybercrime.gov.in/' },
  europol: { name: 'Europol', url: 'https://www.europol.europa.eu/' },

  // Platforms and standards
  facebookHacked: { name: 'Facebook: Hacked account recovery', url: 'https://www.facebook.com/hacked' },
  instagramHacked: { name: 'Instagram: Hacked account recovery', url: 'https://www.instagram.com/hacked/' },
  instagramHelp: { name: 'Instagram Help Centre', url: 'https://help.instagram.com/' },
  whatsappHelp: { name: 'WhatsApp Help Center', url: 'https://faq.whatsapp.com/' },
  fidoPasskeys: { name: 'FIDO Alliance: Passkeys', url: 'https://fidoalliance.org/passkeys/' },
  safeBrowsing: { name: 'Google Safe Browsing', url: 'https://developers.google.com/safe-browsing' },
  virusTotal: { name: 'VirusTotal', url: 'https://www.virustotal.com/' },
  rdap: { name: 'RFC 9224: Finding the authoritative RDAP service', url: 'https://www.rfc-editor.org/rfc/rfc9224' },

  // This product's own screens (paths inside the Baitcheck app)
  appScan: { name: 'Baitcheck: Scan for Threats screen', url: '/scan' },
  appHistory: { name: 'Baitcheck: Scan History screen', url: '/history' },
  appHome: { name: 'Baitcheck: Home screen (Recent Alerts)', url: '/' },
  appAccount: { name: 'Baitcheck: Account screen', url: '/account' },
  appSettings: { name: 'Baitcheck: Settings screen', url: '/settings' },
  appSubscription: { name: 'Baitcheck: Upgrade Your Protection (plans)', url: '/subscription' },
} as const satisfies Record<string, GuidanceSource>;
