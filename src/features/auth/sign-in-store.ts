import { getDefaultStore } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import type { SignInStep } from './sign-in-step.ts';

/**
 * The unfinished sign-in of this tab, kept in sessionStorage: it survives a reload of the tab,
 * is gone with the tab, and is never shared with other tabs.
 */
export const signInStepAtom = atomWithStorage<SignInStep | null>(
  'mn.signInStep',
  null,
  createJSONStorage<SignInStep | null>(() => sessionStorage),
  { getOnInit: true },
);

export const setSignInStep = (step: SignInStep | null) => getDefaultStore().set(signInStepAtom, step);
