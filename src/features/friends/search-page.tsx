import { useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CachedView, MoreButton } from '../profile/cached-states.tsx';
import { FindMembersForm } from './find-members-form.tsx';
import { MemberRow } from './member-row.tsx';
import { RelationActions } from './relation-actions.tsx';
import { useSearchResults, type SearchField } from './use-friends.ts';
import { useFriendsLive } from './use-friends-live.ts';

const FIELDS: readonly string[] = ['all', 'name', 'chapter', 'skill'];

/** /search-result?keyword=…&field=…: members by name, chapter or skill, with what can be done about each. */
export const SearchResultPage = () => {
  const { t } = useTranslation();
  useFriendsLive();
  const search: { keyword?: unknown; field?: unknown } = useSearch({ strict: false });
  const keyword = typeof search.keyword === 'string' ? search.keyword.trim() : '';
  const field = (typeof search.field === 'string' && FIELDS.includes(search.field) ? search.field : 'all') as SearchField;
  return (
    <div className="stack">
      <h1>{t('search.title')}</h1>
      <FindMembersForm key={`${keyword}|${field}`} initial={keyword} initialField={field} />
      {/[\p{L}\p{N}]/u.test(keyword) ? <Results keyword={keyword} field={field} /> : <p className="empty">{t('search.start')}</p>}
    </div>
  );
};

const Results = ({ keyword, field }: { keyword: string; field: SearchField }) => {
  const { t } = useTranslation();
  const paged = useSearchResults(keyword, field);
  return (
    <section className="stack" aria-label={t('search.resultsFor', { keyword })} aria-busy={paged.first.state === 'ready' && paged.first.refreshing}>
      <CachedView cached={paged.first}>
        {() =>
          paged.items.length === 0 ? (
            <p className="empty">{t('search.none', { keyword })}</p>
          ) : (
            <>
              <ul className="people-list" data-testid="search-results">
                {paged.items.map((hit) => (
                  <MemberRow key={hit.user_id} member={hit} note={<span className="people-matched">{t(`search.matched.${hit.matched}`)}</span>}>
                    <RelationActions member={hit} />
                  </MemberRow>
                ))}
              </ul>
              <MoreButton hasMore={paged.hasMore} loading={paged.loadingMore} error={paged.moreError} onMore={paged.loadMore} />
            </>
          )
        }
      </CachedView>
    </section>
  );
};
