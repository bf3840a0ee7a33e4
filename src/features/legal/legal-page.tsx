import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { tokenAtom } from '../../api/token.ts';
import { LanguageSelect } from '../settings/language-select.tsx';
import { ThemeToggle } from '../settings/theme-toggle.tsx';

export type LegalDoc = 'terms' | 'privacy' | 'csae';

interface Section {
  heading: string;
  paragraphs: string[];
}

/** The terms, the privacy policy and the child-safety standards, in the member's language. */
export const LegalPage = ({ doc }: { doc: LegalDoc }) => {
  const { t } = useTranslation('legal');
  const { t: tc } = useTranslation();
  const signedIn = useAtomValue(tokenAtom) !== null;
  const sections = t(`${doc}.sections`, { returnObjects: true }) as unknown as Section[];
  return (
    <div>
      <div className="page-tools">
        <LanguageSelect />
        <ThemeToggle />
      </div>
      <main className="legal" aria-labelledby="legal-title">
        <p>
          <Link to={signedIn ? '/newsfeeds' : '/auth/sign-in1'}>{tc('actions.back')}</Link>
        </p>
        <h1 id="legal-title">{t(`${doc}.title`)}</h1>
        <p className="muted">{t('updated')}</p>
        <p>{t(`${doc}.intro`)}</p>
        {Array.isArray(sections) &&
          sections.map((s) => (
            <section key={s.heading}>
              <h2>{s.heading}</h2>
              {s.paragraphs.map((p) => (
                <p key={p}>{p}</p>
              ))}
            </section>
          ))}
        <nav className="row" aria-label={t('otherDocuments')}>
          {doc !== 'terms' && <Link to="/privacyAndPolicyAndUser">{t('terms.title')}</Link>}
          {doc !== 'privacy' && <Link to="/privacyandpolicy">{t('privacy.title')}</Link>}
          {doc !== 'csae' && <Link to="/CSAE">{t('csae.title')}</Link>}
        </nav>
      </main>
    </div>
  );
};
