import { useTranslation } from 'react-i18next';
import { Carousel } from '../../ui/carousel.tsx';
import { safeHref } from './community-ui.tsx';
import { useAdClick, useHomeAds } from './use-home-ads.ts';

type Ad = { ad_id: number; title: string; image: string; link: string };

const AdTile = ({ ad, onOpen }: { ad: Ad; onOpen: (ad: Ad) => void }) => {
  const href = safeHref(ad.link);
  const picture = <img src={ad.image} alt={ad.title} className="cm-ad-image" loading="lazy" />;
  if (!href) return <figure className="cm-ad">{picture}</figure>;
  const external = !href.startsWith('/');
  return (
    <a className="cm-ad" href={href} onClick={() => onOpen(ad)} {...(external ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {})}>
      {picture}
    </a>
  );
};

/**
 * The home advertisements: a carousel (6 shown, 1 scrolled; 3 centred at ≤ 992 px; 1 at ≤ 480 px)
 * and the side slot. Both render from this device's copy; nothing shows when there are none.
 */
export const HomeAds = ({ placement }: { placement: 'carousel' | 'lift' }) => {
  const { t } = useTranslation();
  const ads = useHomeAds(placement);
  const click = useAdClick();
  if (ads.state !== 'ready' || ads.data.length === 0) return null;
  if (placement === 'lift') {
    return (
      <aside className="cm-lift" aria-label={t('feed.ads.lift')}>
        {ads.data.map((ad) => (
          <AdTile key={ad.ad_id} ad={ad} onOpen={click} />
        ))}
      </aside>
    );
  }
  return <Carousel items={ads.data} label={t('feed.ads.carousel')} keyOf={(ad) => ad.ad_id} render={(ad) => <AdTile ad={ad} onOpen={click} />} />;
};
