/** A member's picture, or their initials on a colour of their name when they have none. */
export const MemberAvatar = ({ name, src, size = 2.5 }: { name: string; src?: string; size?: number }) => {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const initials = [words[0], words.length > 1 ? words.at(-1) : undefined].map((w) => (w ? ([...w][0] ?? '').toLocaleUpperCase() : '')).join('');
  const hue = [...name].reduce((h, c) => (h * 31 + c.codePointAt(0)!) % 360, 7);
  const style = { inlineSize: `${size}rem`, blockSize: `${size}rem`, fontSize: `${size / 2.6}rem`, background: `hsl(${hue} 55% 42%)` };
  return src ? (
    <img className="people-avatar" src={src} alt="" style={style} loading="lazy" />
  ) : (
    <span className="people-avatar" style={style} aria-hidden="true">
      {initials || '?'}
    </span>
  );
};
