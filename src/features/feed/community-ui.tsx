import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallError } from '../../api/client.ts';
import type { Cached } from '../../store/cache.ts';
import { Button } from '../../ui/button.tsx';
import { useTimeFormat } from './use-time-format.ts';

/** No answer came back: the network or a timeout, as opposed to the server refusing. */
export const isUnreachable = (e: CallError): boolean => e.cause_ === 'network' || e.cause_ === 'timeout';

/** A round picture, or the first letter of the name on a colour of its own. */
export const Avatar = ({ name, src, size = 2.5 }: { name: string; src?: string; size?: number }) => {
  const style = { inlineSize: `${size}rem`, blockSize: `${size}rem` };
  if (src) return <img className="cm-avatar" src={src} alt="" style={style} />;
  const hue = [...name].reduce((h, ch) => (h * 31 + ch.codePointAt(0)!) % 360, 11);
  return (
    <span className="cm-avatar" aria-hidden="true" style={{ ...style, background: `hsl(${hue} 50% 42%)` }}>
      {[...name.trim()][0]?.toLocaleUpperCase() ?? '?'}
    </span>
  );
};

/** http(s) addresses in text, and where they end (not on closing punctuation). */
const URL_RE = /\bhttps?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]}'’”]/giu;

/**
 * Member-written text, rendered as text (never as HTML) with its direction taken from its own
 * first letters; only http and https addresses become links, opened without handing over the page.
 */
export const RichText = ({ text, className }: { text: string; className?: string }) => {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_RE)) {
    const url = match[0];
    const safe = URL.canParse(url) ? new URL(url) : null;
    if (!safe || (safe.protocol !== 'http:' && safe.protocol !== 'https:')) continue;
    parts.push(text.slice(last, match.index));
    parts.push(
      <a key={match.index} href={safe.href} target="_blank" rel="noopener noreferrer nofollow">
        {url}
      </a>,
    );
    last = match.index + url.length;
  }
  parts.push(text.slice(last));
  return (
    <p className={`cm-text ${className ?? ''}`} dir="auto">
      {parts.map((p, i) => (
        <Fragment key={i}>{p}</Fragment>
      ))}
    </p>
  );
};

/** Only http(s) and this site's own paths may be opened from data the server sends. */
export const safeHref = (link: string): string | null => {
  if (link.startsWith('/') && !link.startsWith('//')) return link;
  const url = URL.canParse(link) ? new URL(link) : null;
  return url && (url.protocol === 'http:' || url.protocol === 'https:') ? url.href : null;
};

export const Spinner = () => {
  const { t } = useTranslation();
  return <div className="spinner" role="status" aria-label={t('app.loading')} />;
};

/**
 * What every list and page renders before its data: loading, offline with nothing saved,
 * an error with a retry; then the data, with a note when it is the saved copy or stale.
 */
export const CachedView = <T,>({
  result,
  children,
  what,
}: {
  result: Cached<T> & { refresh: () => Promise<void> };
  children: (data: T) => ReactNode;
  /** Names what is shown, in the failure messages. */
  what?: string;
}) => {
  const { t } = useTranslation();
  const formatTime = useTimeFormat();
  const retry = (
    <Button variant="secondary" onClick={() => result.refresh()}>
      {t('actions.retry')}
    </Button>
  );
  if (result.state === 'loading') return <Spinner />;
  if (result.state === 'offline') return <p className="empty">{t('errors.offlineNoData')}</p>;
  if (result.state === 'error') {
    return (
      <div className="alert row cm-note" role="alert">
        <span>{t('errors.loadFailed', { message: isUnreachable(result.error) ? t('community.unreachable') : result.error.message })}</span>
        {retry}
      </div>
    );
  }
  return (
    <>
      {result.error && (
        <div className="alert row cm-note" role="status">
          <span>
            {isUnreachable(result.error)
              ? t('community.savedCopy', { time: formatTime(result.fetchedAt), what: what ?? t('community.thisPage') })
              : t('community.refreshFailed', { message: result.error.message })}
          </span>
          {retry}
        </div>
      )}
      {children(result.data)}
    </>
  );
};

/** Tabs as buttons over a panel; arrow keys move between them (WAI-ARIA tabs pattern). */
export const Tabs = <K extends string>({
  label,
  tabs,
  current,
  onChange,
}: {
  label: string;
  tabs: { key: K; label: string; badge?: number }[];
  current: K;
  onChange: (key: K) => void;
}) => {
  const move = (from: number, by: number) => {
    const next = tabs[(from + by + tabs.length) % tabs.length]!;
    onChange(next.key);
    document.getElementById(`tab-${next.key}`)?.focus();
  };
  return (
    <div className="cm-tabs" role="tablist" aria-label={label}>
      {tabs.map((tab, i) => (
        <button
          key={tab.key}
          id={`tab-${tab.key}`}
          type="button"
          role="tab"
          aria-selected={tab.key === current}
          aria-controls={`panel-${tab.key}`}
          tabIndex={tab.key === current ? 0 : -1}
          className="cm-tab"
          onClick={() => onChange(tab.key)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
              e.preventDefault();
              const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
              move(i, (e.key === 'ArrowRight') !== rtl ? 1 : -1);
            }
          }}
        >
          {tab.label}
          {tab.badge ? <span className="cm-count">{tab.badge}</span> : null}
        </button>
      ))}
    </div>
  );
};

export const TabPanel = ({ id, children }: { id: string; children: ReactNode }) => (
  <div role="tabpanel" id={`panel-${id}`} aria-labelledby={`tab-${id}`} className="stack">
    {children}
  </div>
);
