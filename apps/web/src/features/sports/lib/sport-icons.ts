import {
  faBaseballBatBall,
  faDice,
  faFutbol,
  faHorseHead,
  faPeopleArrows,
  faTableTennisPaddleBall,
  faTrophy,
} from '@fortawesome/free-solid-svg-icons';
import type { IconDefinition } from '@fortawesome/free-solid-svg-icons';
import { SPORT_IDS } from '@backlay/contract';

const ICONS: Record<number, IconDefinition> = {
  [SPORT_IDS.football]: faFutbol,
  [SPORT_IDS.tennis]: faTableTennisPaddleBall,
  [SPORT_IDS.cricket]: faBaseballBatBall,
  [SPORT_IDS.kabaddi]: faPeopleArrows,
  [SPORT_IDS.horseRacing]: faHorseHead,
  [SPORT_IDS.casino]: faDice,
};

export function sportIcon(sportId: number): IconDefinition {
  return ICONS[sportId] ?? faTrophy;
}
