import { SPORT_IDS } from '@backlay/contract';
import { t } from '../i18n';

/**
 * Our names of the sports (SPORT_NAMES), in the player's language; undefined for an id we do not
 * name. The sport tree's own displayName is the server's and shows as it comes.
 */
export function sportName(id: number): string | undefined {
  switch (id) {
    case SPORT_IDS.football:
      return t('sports.sport.football');
    case SPORT_IDS.tennis:
      return t('sports.sport.tennis');
    case SPORT_IDS.cricket:
      return t('sports.sport.cricket');
    case SPORT_IDS.kabaddi:
      return t('sports.sport.kabaddi');
    case SPORT_IDS.horseRacing:
      return t('sports.sport.horseRacing');
    case SPORT_IDS.casino:
      return t('sports.sport.casino');
    default:
      return undefined;
  }
}
