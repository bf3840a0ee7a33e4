import { useAtom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { useCallback } from 'react';
import { currentLang } from '../../i18n/i18n.ts';
import { oauthConfig, requestMembershipToken, type MembershipToken } from './oauth-client.ts';

/**
 * The token of the external membership service for this tab, once the member has signed in to
 * that service on /authorize. It stays in this tab only (sessionStorage) and is never sent to
 * our server by this screen.
 */
export const membershipTokenAtom = atomWithStorage<{ token: MembershipToken; at: number } | null>(
  'mn.membershipToken',
  null,
  createJSONStorage(() => sessionStorage),
  { getOnInit: true },
);

export const useMembershipAuthorize = () => {
  const config = oauthConfig();
  const [saved, setSaved] = useAtom(membershipTokenAtom);
  const connect = useCallback(
    async (username: string, password: string) => {
      if (!config.configured) return null;
      const outcome = await requestMembershipToken(config.settings, { username, password }, { lang: currentLang() });
      if (outcome.ok) setSaved({ token: outcome.token, at: Date.now() });
      return outcome;
    },
    [config, setSaved],
  );
  return { config, saved, connect, forget: useCallback(() => setSaved(null), [setSaved]) };
};
