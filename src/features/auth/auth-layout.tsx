import type { ReactNode } from 'react';
import { LanguageSelect } from '../settings/language-select.tsx';
import { ThemeToggle } from '../settings/theme-toggle.tsx';

/** The frame of every page shown before sign-in: the card, with language and theme at hand. */
export const AuthLayout = ({ title, children }: { title: ReactNode; children: ReactNode }) => (
  <div className="centered">
    <div className="page-tools">
      <LanguageSelect />
      <ThemeToggle />
    </div>
    <main className="card stack" aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      {children}
    </main>
  </div>
);
