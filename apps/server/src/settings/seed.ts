import { seedDemoBonuses } from '../bonus';
import { seedDemoCashiers } from '../money';
import type { Executor } from '../platform/db/database';
import { findDomainByName, upsertDomain, type Domain, type StoredSettings } from './domain-repository';

const updatedAt = '2026-11-01T00:00:00.000Z';

/** Operator pages for the demo domains; a real operator writes its own per domain. */
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
