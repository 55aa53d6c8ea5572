import { SPORT_IDS } from '@backlay/contract';
import { t } from '../i18n';

/** A sport's name as SPORT_NAMES has it, in the player's language; '' for an id it does not know. */
export function sportName(id: number): string {
  switch (id) {
    case SPORT_IDS.football:
      return t('betting.sport.football');
    case SPORT_IDS.tennis:
      return t('betting.sport.tennis');
    case SPORT_IDS.cricket:
      return t('betting.sport.cricket');
    case SPORT_IDS.kabaddi:
      return t('betting.sport.kabaddi');
    case SPORT_IDS.horseRacing:
      return t('betting.sport.horseRacing');
    case SPORT_IDS.casino:
      return t('betting.sport.casino');
    default:
      return '';
  }
}
