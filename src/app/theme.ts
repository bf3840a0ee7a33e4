import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';

/** Dark and light display: the system's choice until the member picks one, then remembered. */
export type ThemeChoice = 'system' | 'light' | 'dark';

export const themeChoiceAtom = atomWithStorage<ThemeChoice>('mn.theme', 'system', createJSONStorage<ThemeChoice>(() => localStorage), {
  getOnInit: true,
});

const systemDark = () => typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;

export const systemDarkAtom = atom(systemDark());
systemDarkAtom.onMount = (set) => {
  const query = matchMedia('(prefers-color-scheme: dark)');
  const listener = () => set(query.matches);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
};

export const resolvedThemeAtom = atom((get) => {
  const choice = get(themeChoiceAtom);
  return choice === 'system' ? (get(systemDarkAtom) ? 'dark' : 'light') : choice;
});

export const applyTheme = (theme: 'light' | 'dark') => {
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
};
