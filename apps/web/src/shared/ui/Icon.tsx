import type { IconDefinition } from '@fortawesome/free-solid-svg-icons';

export interface IconProps {
  icon: IconDefinition;
  className?: string;
  /** Rotate continuously (the spinner). */
  spin?: boolean;
  /** Equal width for every icon, so menu labels line up. */
  fixedWidth?: boolean;
  /** Set when the icon alone carries meaning; otherwise it is hidden from assistive tech. */
  title?: string;
}

/**
 * A Font Awesome icon drawn straight from its definition. The svg-core runtime (about 30 KB
 * gzipped) would cost a fifth of the /inplay budget for what is one <svg> and one <path>.
 */
export function Icon({ icon, className, spin, fixedWidth, title }: IconProps) {
  const [width, height, , , path] = icon.icon;
  const paths = Array.isArray(path) ? path : [path];
  const classes = ['icon', spin ? 'icon--spin' : '', fixedWidth ? 'icon--fw' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <svg
      className={classes}
      viewBox={`0 0 ${width} ${height}`}
      data-icon={icon.iconName}
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      focusable="false"
    >
      {paths.map((d, i) => (
        <path key={i} fill="currentColor" d={d} />
      ))}
    </svg>
  );
}
