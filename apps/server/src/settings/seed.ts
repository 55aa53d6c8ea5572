import { seedDemoBonuses } from '../bonus';
import { seedDemoCashiers } from '../money';
import type { Executor } from '../platform/db/database';
import { findDomainByName, upsertDomain, type Domain, type StoredSettings } from './domain-repository';

const updatedAt = '2026-11-01T00:00:00.000Z';

/**
 * Operator pages for the demo domains, in English with a Hindi translation; a real operator writes
 * its own per domain.
 */
export const DEMO_CONTENT: Domain['content'] = {
  'rule-regulations': {
    title: 'Rules and Regulations',
    updatedAt,
    sections: [
      {
        heading: 'General',
        paragraphs: [
          'All bets are accepted subject to these rules. By placing a bet you confirm that you are at least 18 years old and that betting is lawful where you are.',
          'Stakes are in whole rupees. Odds are decimal; bookmaker and fancy prices are rates per 100.',
          'A bet is accepted only when the confirmation appears in your open bets. A refused bet charges nothing.',
        ],
      },
      {
        heading: 'Match odds and bookmaker',
        paragraphs: [
          'Match odds are settled on the official result at the end of the match. If a match is abandoned or not completed, match odds are void unless a result is declared by the governing body.',
          'In-play bets are held for the market delay shown on the betslip and are accepted only if the price is still available when the delay ends.',
        ],
      },
      {
        heading: 'Fancy (sessions)',
        paragraphs: [
          'A YES bet wins if the runs scored reach the line; a NO bet wins if they stay below it.',
          'If the session is not completed because of rain or any other reason, bets on it are void, unless the session was already decided.',
        ],
      },
      {
        heading: 'Errors and suspensions',
        paragraphs: [
          'Markets are suspended around goals, wickets and other key moments; no bet is accepted while a market is suspended or the ball is running.',
          'Bets placed at a price that is obviously wrong, or after the result was known, may be voided.',
        ],
      },
    ],
    translations: {
      hi: {
        title: 'नियम और विनियम',
        sections: [
          {
            heading: 'सामान्य',
            paragraphs: [
              'सभी दांव इन नियमों के अधीन स्वीकार किए जाते हैं। दांव लगाकर आप पुष्टि करते हैं कि आपकी उम्र कम से कम 18 वर्ष है और जहाँ आप हैं वहाँ दांव लगाना कानूनी है।',
              'स्टेक पूरे रुपयों में होते हैं। ऑड्स दशमलव में होते हैं; बुकमेकर और फैंसी के भाव प्रति 100 की दर हैं।',
              'दांव तभी स्वीकार माना जाता है जब उसकी पुष्टि आपके खुले दांवों में दिखे। अस्वीकार हुए दांव पर कुछ नहीं कटता।',
            ],
          },
          {
            heading: 'मैच ऑड्स और बुकमेकर',
            paragraphs: [
              'मैच ऑड्स मैच के अंत में आधिकारिक नतीजे पर सेटल होते हैं। मैच रद्द हो जाए या पूरा न हो, तो मैच ऑड्स वॉइड होते हैं, जब तक कि खेल की शासी संस्था कोई नतीजा घोषित न करे।',
              'इन-प्ले दांव बेटस्लिप पर दिखाई गई मार्केट की देरी तक रुके रहते हैं, और देरी खत्म होने पर भाव तब भी मिल रहा हो तभी स्वीकार होते हैं।',
            ],
          },
          {
            heading: 'फैंसी (सेशन)',
            paragraphs: [
              'YES दांव तब जीतता है जब बने रन लाइन तक पहुँचें; NO दांव तब जीतता है जब रन लाइन से नीचे रहें।',
              'बारिश या किसी और कारण से सेशन पूरा न हो, तो उस पर लगे दांव वॉइड होते हैं, जब तक कि सेशन का फ़ैसला पहले ही न हो चुका हो।',
            ],
          },
          {
            heading: 'गलतियाँ और सस्पेंशन',
            paragraphs: [
              'गोल, विकेट और दूसरे अहम पलों के आसपास मार्केट सस्पेंड होते हैं; मार्केट सस्पेंड रहते या बॉल रनिंग के दौरान कोई दांव स्वीकार नहीं होता।',
              'साफ़ तौर पर गलत भाव पर, या नतीजा पता चलने के बाद लगाए गए दांव वॉइड किए जा सकते हैं।',
            ],
          },
        ],
      },
    },
  },
  'exclusion-policy': {
    title: 'Exclusion Policy',
    updatedAt,
    sections: [
      {
        heading: 'Taking a break',
        paragraphs: [
          'You can take a time-out of 24 hours to 6 weeks, or exclude yourself for 6 months to 5 years. While either lasts you cannot bet, play casino games, deposit or claim bonuses; you can still sign in and withdraw your balance.',
          'Neither can be shortened or lifted once it has started. Start one yourself on the Responsible Gaming page.',
        ],
      },
      {
        heading: 'Operator exclusions',
        paragraphs: [
          'We may exclude an account that shows signs of problem gambling, that belongs to a minor, or that breaks these terms. Open bets on an excluded account are settled normally.',
        ],
      },
    ],
    translations: {
      hi: {
        title: 'बहिष्करण नीति',
        sections: [
          {
            heading: 'ब्रेक लेना',
            paragraphs: [
              'आप 24 घंटे से 6 हफ़्ते तक का टाइम-आउट ले सकते हैं, या 6 महीने से 5 साल तक के लिए सेल्फ-एक्सक्लूज़न चुन सकते हैं। जब तक इनमें से कोई भी लागू है, आप न दांव लगा सकते हैं, न कैसीनो गेम खेल सकते हैं, न जमा कर सकते हैं, न बोनस ले सकते हैं; आप फिर भी साइन इन करके अपना बैलेंस निकाल सकते हैं।',
              'शुरू होने के बाद इन्हें न छोटा किया जा सकता है, न हटाया जा सकता है। इनमें से कोई भी आप खुद ज़िम्मेदार गेमिंग पेज पर शुरू कर सकते हैं।',
            ],
          },
          {
            heading: 'ऑपरेटर का बहिष्करण',
            paragraphs: [
              'जिस खाते में जुए की समस्या के संकेत दिखें, जो किसी नाबालिग का हो, या जो इन शर्तों को तोड़े, उसे हम बाहर कर सकते हैं। बाहर किए गए खाते के खुले दांव सामान्य तरीके से सेटल होते हैं।',
            ],
          },
        ],
      },
    },
  },
  'responsible-gaming': {
    title: 'Responsible Gaming',
    updatedAt,
    sections: [
      {
        heading: 'Play for fun',
        paragraphs: [
          'Betting should be entertainment, not a way to make money. Only bet what you can afford to lose, and never chase losses.',
          'Set a budget and a time limit before you start, and stop when you reach either. Below, you can set deposit and loss limits for a day, a week and a month, and a reminder of how long you have played.',
        ],
      },
      {
        heading: 'Warning signs',
        paragraphs: [
          'Betting more than you planned, borrowing to bet, hiding your betting from family, or feeling anxious when you are not betting are signs to take a break.',
        ],
      },
      {
        heading: 'Getting help',
        paragraphs: [
          'Use our exclusion options to take a break. Free, confidential help is available from counselling services and support groups such as Gamblers Anonymous India.',
          'No one under 18 may open an account or bet.',
        ],
      },
    ],
    translations: {
      hi: {
        title: 'ज़िम्मेदार गेमिंग',
        sections: [
          {
            heading: 'मनोरंजन के लिए खेलें',
            paragraphs: [
              'दांव लगाना मनोरंजन होना चाहिए, पैसा कमाने का तरीका नहीं। उतना ही लगाएँ जितना आप खो सकते हैं, और हारे हुए पैसे वापस पाने के लिए कभी पीछा न करें।',
              'शुरू करने से पहले एक बजट और समय की सीमा तय करें, और दोनों में से किसी पर भी पहुँचते ही रुक जाएँ। नीचे आप एक दिन, एक हफ़्ते और एक महीने के लिए जमा और नुकसान की सीमाएँ, और कितनी देर से खेल रहे हैं इसकी याद दिलाने वाला रिमाइंडर सेट कर सकते हैं।',
            ],
          },
          {
            heading: 'चेतावनी के संकेत',
            paragraphs: [
              'सोचे से ज़्यादा दांव लगाना, दांव के लिए उधार लेना, परिवार से अपने दांव छिपाना, या दांव न लगाने पर बेचैनी महसूस करना ब्रेक लेने के संकेत हैं।',
            ],
          },
          {
            heading: 'मदद पाना',
            paragraphs: [
              'ब्रेक लेने के लिए हमारे बहिष्करण विकल्पों का इस्तेमाल करें। काउंसलिंग सेवाओं और Gamblers Anonymous India जैसे सहायता समूहों से मुफ़्त और गोपनीय मदद मिलती है।',
              '18 साल से कम उम्र का कोई भी व्यक्ति न खाता खोल सकता है, न दांव लगा सकता है।',
            ],
          },
        ],
      },
    },
  },
};

const BASE: StoredSettings = {
  baseUrl: null,
  siteSuspended: false,
  bodyBgColor: 'dark',
  showDWRequests: true,
  showDepositW: true,
  casino: true,
  allowSignUp: true,
  skipVerification: false,
  domainTitle: 'Backlay',
  description: 'Back and lay on cricket, football, tennis, kabaddi and horse racing with live odds.',
  favicon: '/favicon.svg',
  mainLogo: '/logo.svg',
  tennis: true,
  football: true,
  cricket: true,
  horseRacing: true,
  kabaddi: true,
  showNews: true,
  newsText:
    'Welcome to Backlay: live back and lay odds on every ball. Play responsibly: set a budget before you bet.',
  showSlider: true,
  sliderImages: [
    { imageUrl: '/slides/cricket.svg', link: '/inplay' },
    { imageUrl: '/slides/football.svg', link: '/inplay' },
  ],
  supportWhatsApp: null,
};

/**
 * The demo domain for localhost (settings file test.json), and three demo white-label sites that
 * show the per-domain switches: a suspended one, one without sign-up, one that skips verification.
 */
export async function seedDemoDomains(db: Executor): Promise<void> {
  // Seeding never overwrites what an operator has changed since.
  if (await findDomainByName(db, 'test')) return seedDemoExtras(db);
  await upsertDomain(db, {
    name: 'test',
    hosts: ['localhost', '127.0.0.1', 'test'],
    settings: BASE,
    content: DEMO_CONTENT,
  });
  await upsertDomain(db, {
    name: 'suspended.backlay.local',
    hosts: ['suspended.backlay.local'],
    settings: { ...BASE, domainTitle: 'Backlay Suspended', siteSuspended: true },
    content: DEMO_CONTENT,
  });
  await upsertDomain(db, {
    name: 'nosignup.backlay.local',
    hosts: ['nosignup.backlay.local'],
    settings: {
      ...BASE,
      domainTitle: 'Backlay Private',
      allowSignUp: false,
      casino: false,
      showDepositW: false,
    },
    content: DEMO_CONTENT,
  });
  await upsertDomain(db, {
    name: 'skipotp.backlay.local',
    hosts: ['skipotp.backlay.local'],
    settings: { ...BASE, domainTitle: 'Backlay Blue', skipVerification: true, bodyBgColor: 'blue' },
    content: DEMO_CONTENT,
  });
  await seedDemoExtras(db);
}

/** The demo domains' cashier and bonus catalogue: each only where the domain has none yet. */
async function seedDemoExtras(db: Executor): Promise<void> {
  const ids = await demoDomainIds(db);
  await seedDemoCashiers(db, ids);
  await seedDemoBonuses(db, ids);
}

/** The demo domains that exist (each gets the demo cashier unless it has one). */
async function demoDomainIds(db: Executor): Promise<number[]> {
  const names = ['test', 'suspended.backlay.local', 'nosignup.backlay.local', 'skipotp.backlay.local'];
  const found = await Promise.all(names.map((name) => findDomainByName(db, name)));
  return found.flatMap((d) => (d ? [d.id] : []));
}
