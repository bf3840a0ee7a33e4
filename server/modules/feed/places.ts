/**
 * Nearby places for tagging a post, behind a provider interface. The Google Places adapter is
 * used when GOOGLE_PLACES_API_KEY is set; without a provider, nearby search answers that it is
 * off on this server (no place data is made up).
 */
import type { Static } from '@sinclair/typebox';
import type { Place } from '../../../schemas/api/feed.ts';
import { refuse } from '../../http/answer.ts';

export type PlaceView = Static<typeof Place>;

export interface PlacesProvider {
  nearby(query: { lat: number; lng: number; radius: number; keyword: string; lang: string }): Promise<PlaceView[]>;
}

interface GooglePlace {
  place_id?: string;
  name?: string;
  vicinity?: string;
  geometry?: { location?: { lat?: number; lng?: number } };
}

/** Google Places "Nearby Search"; failures of the provider become a clear refusal, not a crash. */
export const googlePlaces = (apiKey: string, fetchFn: typeof fetch = fetch): PlacesProvider => ({
  async nearby({ lat, lng, radius, keyword, lang }) {
    const url = new URL('https://maps.googleapis.com/maps/api/place/nearbysearch/json');
    url.search = new URLSearchParams({ location: `${lat},${lng}`, radius: String(radius), key: apiKey, language: lang, ...(keyword ? { keyword } : {}) }).toString();
    let body: { status?: string; results?: GooglePlace[] };
    try {
      const res = await fetchFn(url, { signal: AbortSignal.timeout(10_000) });
      body = (await res.json()) as typeof body;
    } catch {
      throw refuse('nearbyUnavailable');
    }
    if (body.status !== 'OK' && body.status !== 'ZERO_RESULTS') throw refuse('nearbyUnavailable');
    return (body.results ?? []).slice(0, 20).map((p) => ({
      place_id: p.place_id ?? '',
      name: p.name ?? '',
      address: p.vicinity ?? '',
      lat: p.geometry?.location?.lat ?? lat,
      lng: p.geometry?.location?.lng ?? lng,
    }));
  },
});

let provider: PlacesProvider | null = process.env.GOOGLE_PLACES_API_KEY ? googlePlaces(process.env.GOOGLE_PLACES_API_KEY) : null;

/** Tests (and deployments with another provider) plug theirs in here; null turns nearby search off. */
export const setPlacesProvider = (next: PlacesProvider | null) => {
  provider = next;
};

export const searchNearby = async (query: Parameters<PlacesProvider['nearby']>[0]): Promise<PlaceView[]> => {
  if (!provider) throw refuse('nearbyOff');
  return provider.nearby(query);
};
