import type { Dictionary, DictionaryName } from '@hr/contract';
import { DICTIONARY_VERSION_HEADER, dictionaryEtag } from '@hr/contract/dictionary-version';
import { buildQuery } from '@/shared/api/api-client.ts';
import { ApiError, type ErrorPayload, NetworkError } from '@/shared/api/api-error.ts';

export type FetchedDictionaries =
  | { notModified: false; version: string | null; res: Partial<Record<DictionaryName, Dictionary>> }
  /** The copies held at the version sent are still the current ones. */
  | { notModified: true };

/**
 * GET /api/dictionary?fields[]=a&fields[]=b (SEED 7). With the version the cached copies came with,
 * asks with If-None-Match: a 304 costs the server nothing and brings no body. Its own fetch, not the
 * API client's, which hides the status and the headers.
 */
export async function fetchDictionaries(names: readonly DictionaryName[], cachedVersion?: string | null): Promise<FetchedDictionaries> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Cache-Control': 'no-cache', Pragma: 'no-cache', Expires: '0' };
  if (cachedVersion) headers['If-None-Match'] = dictionaryEtag(cachedVersion, names);
  let response: Response;
  try {
    response = await fetch(`/api/dictionary${buildQuery({ fields: names })}`, { headers, credentials: 'same-origin', cache: 'no-store' });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (response.status === 304) return { notModified: true };
  const body = (await response.json().catch(() => null)) as (ErrorPayload & { res?: Partial<Record<DictionaryName, Dictionary>> }) | null;
  if (!response.ok || body?.status !== 'success' || !body.res) throw new ApiError(response.status, body ?? {});
  return { notModified: false, version: response.headers.get(DICTIONARY_VERSION_HEADER), res: body.res };
}
