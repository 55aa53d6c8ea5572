import type { SitePage, SitePages } from '@backlay/contract';

/** The Site screen's answers as the server puts them on the wire (money in rupees). */

export const storedSettings = {
  baseUrl: null,
  siteSuspended: false,
  bodyBgColor: 'light',
  showDWRequests: true,
  showDepositW: true,
  casino: true,
  allowSignUp: true,
  skipVerification: false,
  domainTitle: 'Backlay',
  description: 'Back and lay on cricket, football and tennis.',
  favicon: '/favicon.png',
  mainLogo: '/logo.png',
  tennis: true,
  football: true,
  cricket: true,
  horseRacing: false,
  kabaddi: false,
  showNews: true,
  newsText: 'Welcome to Backlay.',
  showSlider: true,
  sliderImages: [
    { imageUrl: '/slides/cricket.png', link: '/inplay' },
    { imageUrl: '/slides/football.png', link: null },
  ],
  supportWhatsApp: null,
};

export function siteSettings(
  overrides: Partial<typeof storedSettings> | Record<string, unknown> = {},
  version = 4,
  updatedAt = '2025-11-24T10:00:00.000Z',
) {
  return { settings: { ...storedSettings, ...overrides }, version, updatedAt };
}

export function operatorBonus(overrides: Record<string, unknown> = {}) {
  return {
    id: 3,
    title: 'Welcome bonus',
    description: 'Double your first deposit',
    kind: 'FirstDeposit',
    percent: 100,
    amount: null,
    maxAmount: 5000,
    minDeposit: 500,
    wageringMultiplier: 5,
    validDays: 30,
    cashbackPeriodDays: 7,
    terms: 'Deposit at least ₹500; wager the bonus five times within 30 days.',
    visible: true,
    active: true,
    claims: 12,
    updatedAt: '2025-11-20T08:00:00.000Z',
    ...overrides,
  };
}

export const referralSettings = {
  enabled: true,
  reward: 250,
  qualifyingDeposit: 1000,
  qualifyingTurnover: 5000,
  monthlyCap: 10,
};

export const casinoProviders = {
  providers: [
    { provider: 'international', name: 'International Casino', enabled: true },
    { provider: 'dream', name: 'Dream Casino', enabled: false },
  ],
};

/** An image file as a browser hands it over; its bytes are a PNG's signature. */
export function imageFile(name = 'logo.png', type = 'image/png', bytes = 8): File {
  const content = new Uint8Array(bytes);
  content.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].slice(0, bytes));
  return new File([content], name, { type });
}

/** The operator's pages (GET /admin/site-pages): texts as stored, in English and Hindi. */
export const rulesEnglish = {
  title: 'Rules and Regulations',
  sections: [
    { heading: 'General', paragraphs: ['All bets are final once accepted.', 'Players must be 18 or older.'] },
    { heading: 'Cricket', paragraphs: ['Bets on an abandoned match are void.'] },
  ],
};

export const exclusionEnglish = {
  title: 'Exclusion Policy',
  sections: [{ heading: '', paragraphs: ['Ask support to exclude you for six months or more.'] }],
};

export const exclusionHindi = {
  title: 'बहिष्करण नीति',
  sections: [{ heading: '', paragraphs: ['छह महीने या अधिक के लिए बहिष्करण हेतु सहायता से कहें।'] }],
};

export function sitePage(page: SitePage['page'], overrides: Partial<SitePage> = {}): SitePage {
  return { page, updatedAt: null, texts: { en: null, hi: null }, ...overrides };
}

/** The three pages: the rules in English alone, the exclusion policy translated, responsible gaming never written. */
export function sitePages(rules: Partial<SitePage> = {}): SitePages {
  return {
    pages: [
      sitePage('rule-regulations', {
        updatedAt: '2025-11-20T09:00:00.000Z',
        texts: { en: rulesEnglish, hi: null },
        ...rules,
      }),
      sitePage('exclusion-policy', {
        updatedAt: '2025-11-21T09:00:00.000Z',
        texts: { en: exclusionEnglish, hi: exclusionHindi },
      }),
      sitePage('responsible-gaming'),
    ],
  };
}
