import type { Profile, ProfileUpdateBody } from '@hr/contract';
import { postWithCsrf } from '@/shared/api/api-client.ts';

/** POST /api/user/profile — only the fields sent change; answers the new profile (422 per field). */
export function updateProfile(body: ProfileUpdateBody) {
  return postWithCsrf<Profile>('/api/user/profile', body);
}
