import { Icon, type IconProps } from '~/components/ui/icon';

/** The shell's few line icons (24×24 at 20 px, stroke in the current text colour). */
type ShellIconProps = Omit<IconProps, 'children' | 'size'> & { size?: number };

export function MenuIcon({ size = 20, ...props }: ShellIconProps) {
  return (
    <Icon size={size} {...props}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </Icon>
  );
}

export function CollapseIcon({ size = 20, ...props }: ShellIconProps) {
  return (
    <Icon size={size} {...props}>
      <path d="M4 6h16M4 12h10M4 18h16M18 9l-3 3 3 3" />
    </Icon>
  );
}

export function HomeIcon({ size = 20, ...props }: ShellIconProps) {
  return (
    <Icon size={size} {...props}>
      <path d="M3 11l9-7 9 7" />
      <path d="M5 10v10h5v-6h4v6h5V10" />
    </Icon>
  );
}

export function LogOutIcon({ size = 20, ...props }: ShellIconProps) {
  return (
    <Icon size={size} {...props}>
      <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3" />
      <path d="M10 17l-5-5 5-5M5 12h11" />
    </Icon>
  );
}
