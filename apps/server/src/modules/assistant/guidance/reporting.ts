import { SRC } from './sources.ts';
import type { GuidanceArticle } from './types.ts';

/**
 * Where to report, by country. Only numbers and addresses we are sure are real and current; where
 * unsure (for example Australia's text-forwarding numbers), the official website only.
 */
export const REPORTING: readonly GuidanceArticle[] = [
  {
    id: 'report-scams-us',
    title: 'How to report scams in the United States',
    kind: 'reporting',
    region: 'US',
    keywords: ['report a scam', 'report scam US', 'report scam USA', 'report scam text', 'report phishing', 'report fraud', 'FTC', 'ReportFraud.ftc.gov', 'FBI', 'IC3', 'ic3.gov', '7726', 'SPAM', 'IdentityTheft.gov', 'APWG', 'where do i report', 'united states', 'america'],
    summary:
      'In the US, forward scam texts to 7726 (SPAM), report scams to the FTC at ReportFraud.ftc.gov, and report internet crime to the FBI at ic3.gov. Reporting helps block the senders and warn others, even if you lost nothing.',
    steps: [
      'Forward a scam text to 7726 (it spells SPAM) so your mobile carrier can block the sender, then delete it.',
      'Forward a phishing email to reportphishing@apwg.org, and use "Report phishing" in your email app.',
      'Report the scam to the Federal Trade Commission at ReportFraud.ftc.gov.',
      'If it happened online, or you lost money, also report it to the FBI\'s Internet Crime Complaint Center at ic3.gov.',
      'If someone is using your identity, report it and get a recovery plan at IdentityTheft.gov.',
      'If you lost money, call your bank or card company first, on the number on the back of your card.',
    ],
    sources: [SRC.reportFraudFtc, SRC.ic3, SRC.identityTheftGov, SRC.apwg, SRC.ftcSpamTexts],
  },
  {
    id: 'report-scams-uk',
    title: 'How to report scams in the United Kingdom',
    kind: 'reporting',
    region: 'UK',
    keywords: ['report a scam UK', 'report scam text UK', 'report phishing email UK', 'report@phishing.gov.uk', '7726', 'Action Fraud', 'Report Fraud', 'actionfraud', 'reportfraud.police.uk', '0300 123 2040', 'Police Scotland', '101', 'Scotland', 'England', 'Wales', 'Northern Ireland', 'NCSC', '159', 'united kingdom', 'britain'],
    summary:
      'In the UK, forward scam texts to 7726 and scam emails to report@phishing.gov.uk. If you lost money or details, report it to Report Fraud, the national service that replaced Action Fraud (reportfraud.police.uk, 0300 123 2040); in Scotland, call Police Scotland on 101.',
    steps: [
      'Forward a scam text to 7726 (free), then delete it.',
      'Forward a scam email to report@phishing.gov.uk (the National Cyber Security Centre\'s reporting service).',
      'If you lost money or gave details, call your bank first; 159 connects you safely to most major UK banks.',
      'In England, Wales and Northern Ireland, report fraud to Report Fraud at reportfraud.police.uk or on 0300 123 2040.',
      'In Scotland, report fraud to Police Scotland on 101.',
      'If you are in danger or a crime is happening now, call 999.',
    ],
    // Report Fraud is Action Fraud renamed: one service, one link
    sources: [SRC.ncscReportEmails, SRC.reportFraudUk, SRC.policeScotland, SRC.stopScams159],
    calls: [
      { number: '159', dial: '159', who: 'Stop Scams UK, to reach your bank safely' },
      { number: '0300 123 2040', dial: '+443001232040', who: 'Report Fraud' },
      { number: '101', dial: '101', who: 'Police Scotland' },
    ],
  },
  {
    id: 'report-scams-canada',
    title: 'How to report scams in Canada',
    kind: 'reporting',
    region: 'CA',
    keywords: ['report a scam Canada', 'Canadian Anti-Fraud Centre', 'CAFC', 'anti-fraud centre', 'antifraudcentre', '1-888-495-8501', '7726', 'report scam text Canada', 'Canada fraud', 'canadian'],
    summary:
      'In Canada, report scams to the Canadian Anti-Fraud Centre (antifraudcentre-centreantifraude.ca, 1-888-495-8501) and to your local police if you lost money. Forward scam texts to 7726.',
    steps: [
      'If you lost money, call your bank or card company first, on the number on the back of your card.',
      'Forward a scam text to 7726 so your mobile provider can act on it, then delete it.',
      'Report the scam to the Canadian Anti-Fraud Centre online at antifraudcentre-centreantifraude.ca or by phone at 1-888-495-8501.',
      'If you lost money or your identity was used, also report it to your local police.',
    ],
    sources: [SRC.cafc, SRC.cafcReport],
    calls: [{ number: '1-888-495-8501', dial: '+18884958501', who: 'Canadian Anti-Fraud Centre' }],
  },
  {
    id: 'report-scams-australia',
    title: 'How to report scams in Australia',
    kind: 'reporting',
    region: 'AU',
    keywords: ['report a scam Australia', 'Scamwatch', 'scamwatch.gov.au', 'ReportCyber', 'cyber.gov.au', 'ACCC', 'ACSC', 'IDCARE', 'Australia fraud', 'australian'],
    summary:
      'In Australia, report scams to Scamwatch (scamwatch.gov.au), run by the ACCC, and report cybercrime such as hacked accounts or online fraud through ReportCyber on cyber.gov.au. If you lost money, contact your bank first.',
    steps: [
      'If you lost money or gave bank details, contact your bank straight away.',
      'Report the scam to Scamwatch at scamwatch.gov.au.',
      'If you lost money online or an account was hacked, report it through ReportCyber on cyber.gov.au.',
      'If your identity details were stolen, IDCARE (idcare.org), the national identity support service, can help with a plan.',
      'Report scam texts with your phone\'s "Report junk" option and block the number.',
    ],
    sources: [SRC.scamwatch, SRC.scamwatchReport, SRC.reportCyber, SRC.idcare],
  },
  {
    id: 'report-scams-ireland',
    title: 'How to report scams in Ireland',
    kind: 'reporting',
    region: 'IE',
    keywords: ['report a scam Ireland', 'Garda', 'Gardaí', 'An Garda Síochána', 'garda.ie', 'Ireland fraud', 'irish', 'report fraud Ireland'],
    summary:
      'In Ireland, report fraud to An Garda Síochána at your local Garda station (garda.ie lists them), and tell your bank straight away if you lost money or shared bank details.',
    steps: [
      'If you lost money or shared bank details, contact your bank immediately.',
      'Report the fraud to An Garda Síochána at your local Garda station; garda.ie has station details.',
      'Keep the messages, numbers, website addresses and receipts to give to the Gardaí and your bank.',
      'In an emergency, call 999 or 112.',
    ],
    sources: [SRC.garda],
  },
  {
    id: 'report-scams-new-zealand',
    title: 'How to report scams in New Zealand',
    kind: 'reporting',
    region: 'NZ',
    keywords: ['report a scam New Zealand', 'NZ', 'Netsafe', 'New Zealand Police', '105', 'kiwi', 'report fraud NZ'],
    summary:
      'In New Zealand, Netsafe (netsafe.org.nz) gives free help with online scams, and you can report fraud to the New Zealand Police on 105 or online. If you lost money, contact your bank first.',
    steps: [
      'If you lost money or gave bank details, contact your bank straight away.',
      'Get advice and report the scam to Netsafe at netsafe.org.nz.',
      'Report fraud to the New Zealand Police on 105 (the non-emergency number) or online at police.govt.nz.',
      'In an emergency, call 111.',
    ],
    sources: [SRC.netsafe, SRC.nzPolice],
    calls: [{ number: '105', dial: '105', who: 'New Zealand Police (not an emergency)' }],
  },
  {
    id: 'report-scams-india',
    title: 'How to report cyber fraud in India',
    kind: 'reporting',
    region: 'IN',
    keywords: ['report a scam India', 'cyber crime India', 'cybercrime.gov.in', '1930', 'cyber fraud helpline', 'UPI fraud', 'online fraud India', 'cyber cell', 'indian'],
    summary:
      'In India, call the national cyber fraud helpline 1930 as soon as possible after losing money, and report the crime on the National Cyber Crime Reporting Portal, cybercrime.gov.in. Quick reporting gives the best chance of the money being held.',
    steps: [
      'Call 1930 straight away if you lost money through UPI, a card, net banking or a wallet.',
      'Report the complaint online at cybercrime.gov.in.',
      'Tell your bank and ask them to block the card or account used.',
      'Keep transaction IDs, screenshots, phone numbers and UPI IDs for the complaint.',
    ],
    sources: [SRC.cybercrimeIndia],
    calls: [{ number: '1930', dial: '1930', who: 'national cyber fraud helpline' }],
  },
  {
    id: 'report-scams-eu',
    title: 'How to report scams in EU countries',
    kind: 'reporting',
    region: 'EU',
    keywords: ['report a scam Europe', 'EU', 'European Union', 'Germany', 'France', 'Spain', 'Italy', 'Netherlands', 'police report fraud', 'Europol', '112', 'europe'],
    summary:
      'In EU countries, report scams and fraud to your national police: most have an online reporting service for internet crime, and Europol\'s website links to them. If you lost money, contact your bank first.',
    steps: [
      'If you lost money or shared bank or card details, contact your bank straight away.',
      'Report the fraud to your national or local police, online where your country offers it.',
      'Europol\'s website links to the online crime reporting services of each EU country.',
      'Keep the messages, website addresses, account numbers and receipts for the report.',
      'In an emergency, call 112.',
    ],
    sources: [SRC.europol],
  },
  {
    id: 'report-to-platforms',
    title: 'Reporting scams to WhatsApp, Facebook, Instagram and other apps',
    kind: 'reporting',
    keywords: ['report on WhatsApp', 'report on Facebook', 'report on Instagram', 'report a profile', 'report fake account', 'report scam account', 'report button', 'block and report', 'Meta', 'TikTok', 'Telegram report', 'fake profile'],
    summary:
      "Reporting a scam account on the app where it contacted you helps get it removed before it reaches others. Every major app has a report option on the chat, profile or post.",
    steps: [
      'In WhatsApp, open the chat, tap the contact\'s name, and choose "Report" (you can block at the same time).',
      'On Facebook and Instagram, tap the three dots on the profile, post or message and choose "Report".',
      'On marketplaces and dating apps, use the report option on the listing or profile.',
      'Block the account after reporting, and do not reply.',
      'If you lost money, also tell your bank and report it to the police or your national reporting service.',
    ],
    sources: [SRC.whatsappHelp, SRC.instagramHelp, SRC.facebookHacked],
  },
  {
    id: 'tell-your-bank',
    title: 'Telling your bank about a scam',
    kind: 'reporting',
    keywords: ['tell my bank', 'call my bank', 'contact bank', 'bank fraud team', 'report to bank', 'stop payment', 'block my card', 'freeze account', 'number on the back of your card', 'bank fraud line'],
    summary:
      'If you paid a scammer or shared card, bank or login details, your bank is the first call: it can block cards, stop payments and sometimes recover money. Always use a number you trust, not one from a message.',
    steps: [
      'Call the number on the back of your card, or use the help or chat option in your bank\'s official app.',
      'Say clearly that you have been the victim of a scam, and what was shared or paid.',
      'Ask them to block the card, stop or recall the payment, and watch the account for more activity.',
      'Ask for a reference number and write down who you spoke to and when.',
      'In the UK, 159 connects you safely to most major banks.',
    ],
    sources: [SRC.ftcScammed, SRC.takeFive, SRC.stopScams159],
  },
];
