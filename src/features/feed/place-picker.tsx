import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button.tsx';
import { useNearby } from './use-nearby.ts';

/** "Places near me": asks for the position only on request, then offers the places found to pick from. */
export const PlacePicker = ({ online, onPick }: { online: boolean; onPick: (name: string) => void }) => {
  const { t } = useTranslation();
  const { nearby, search, reset } = useNearby();
  const busy = nearby.state === 'locating' || nearby.state === 'searching';
  return (
    <div className="stack cm-gap-small">
      <Button variant="ghost" disabled={!online || busy} onClick={search}>
        {busy ? t('feed.nearby.searching') : t('feed.nearby.find')}
      </Button>
      <div aria-live="polite">
        {nearby.state === 'failed' && (
          <p className="field-hint" role="status">
            {nearby.reason === 'denied' ? t('feed.nearby.denied') : nearby.reason === 'unavailable' ? t('feed.nearby.unavailable') : nearby.message}
          </p>
        )}
        {nearby.state === 'found' &&
          (nearby.places.length === 0 ? (
            <p className="field-hint">{t('feed.nearby.none')}</p>
          ) : (
            <ul className="cm-plain-list row" aria-label={t('feed.nearby.label')}>
              {nearby.places.map((p) => (
                <li key={p.place_id || p.name}>
                  <Button
                    variant="secondary"
                    onClick={() => {
                      onPick(p.name);
                      reset();
                    }}
                  >
                    <span dir="auto">{p.name}</span>
                  </Button>
                </li>
              ))}
            </ul>
          ))}
      </div>
    </div>
  );
};
