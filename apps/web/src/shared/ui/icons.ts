import {
  faAngleDown,
  faAngleLeft,
  faAngleRight,
  faAngleUp,
  faBan,
  faBook,
  faBuildingColumns,
  faCircleUser,
  faCopy,
  faCreditCard,
  faDownload,
  faEye,
  faGear,
  faHand,
  faLifeRing,
  faList,
  faLock,
  faMagnifyingGlass,
  faMinus,
  faMobile,
  faMoneyBill,
  faPlus,
  faRectangleXmark,
  faRightFromBracket,
  faRuler,
  faSpinner,
  faStar,
  faTrash,
  faTv,
  faUpRightFromSquare,
  faXmark,
  type IconDefinition,
  type IconName,
} from '@fortawesome/free-solid-svg-icons';

/** The section 9 icon list, in its order. */
export const SECTION_9_ICONS = [
  faTrash,
  faAngleDown,
  faAngleUp,
  faAngleLeft,
  faAngleRight,
  faMobile,
  faRectangleXmark,
  faXmark,
  faMinus,
  faPlus,
  faMagnifyingGlass,
  faCopy,
  faTv,
  faHand,
  faBan,
  faLifeRing,
  faSpinner,
] as const;

/** The icons section 9 hints at for account screens. */
export const HINTED_ICONS = [
  faRightFromBracket,
  faList,
  faLock,
  faStar,
  faUpRightFromSquare,
  faEye,
  faRuler,
  faDownload,
  faGear,
  faCreditCard,
  faBuildingColumns,
  faMoneyBill,
  faCircleUser,
  faBook,
] as const;

/** The registered icons by name, for content that names an icon rather than importing it. */
const registry = new Map<IconName, IconDefinition>();

export function registerIcons(...icons: IconDefinition[]): void {
  for (const icon of icons) registry.set(icon.iconName, icon);
}

export function registeredIcon(name: IconName): IconDefinition | undefined {
  return registry.get(name);
}

export function registerDefaultIcons(): void {
  registerIcons(...SECTION_9_ICONS, ...HINTED_ICONS);
}
