/** Sport ids of section 3. The sport tree's `order` is the id, so tabs sort by it. */
export const SPORT_IDS = {
  football: 1,
  tennis: 2,
  cricket: 3,
  kabaddi: 25,
  horseRacing: 26,
  casino: -1,
} as const;

export type SportKey = keyof typeof SPORT_IDS;
export type SportId = (typeof SPORT_IDS)[SportKey];

/**
 * The family's names of the sports: lower case, one word. The sport tree's `name` is one of these
 * (a V1 client filters its tabs by it); `displayName` carries SPORT_NAMES for people to read.
 */
export const SPORT_KEYS: Record<SportId, string> = {
  1: 'football',
  2: 'tennis',
  3: 'cricket',
  25: 'kabaddi',
  26: 'horseracing',
  [-1]: 'casino',
};

/** The sports' names for people to read. */
export const SPORT_NAMES: Record<SportId, string> = {
  1: 'Football',
  2: 'Tennis',
  3: 'Cricket',
  25: 'Kabaddi',
  26: 'Horse Racing',
  [-1]: 'Casino',
};
