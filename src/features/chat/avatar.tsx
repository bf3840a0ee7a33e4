/** A round avatar: the picture when there is one, else initials on a colour derived from the name. */
export const Avatar = ({ name, src, size = 2.5 }: { name: string; src?: string; size?: number }) => {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => [...w][0]?.toUpperCase() ?? '')
    .join('');
  const hue = [...name].reduce((h, c) => (h * 31 + c.codePointAt(0)!) % 360, 7);
  const style = { inlineSize: `${size}rem`, blockSize: `${size}rem`, background: `hsl(${hue} 55% 45%)` };
  return src ? (
    <img className="avatar" src={src} alt="" style={style} />
  ) : (
    <span className="avatar" style={style} aria-hidden="true">
      {initials || '?'}
    </span>
  );
};
