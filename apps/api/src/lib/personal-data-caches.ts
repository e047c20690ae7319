import type { RealtimeHub } from './realtime.ts';

/**
 * Internal channel of the real-time hub (no client can subscribe to it: tokens open `user.{id}`
 * only). A message on it means "a person's data was deleted on request": every instance drops every
 * cache that may hold a copy (search pages and counts, the drawn first screens, signed-in users).
 */
const CHANNEL = 'internal.personal-data-deleted';

/** Runs `forget` on this instance whenever any instance deletes a person's data. */
export function onPersonalDataDeleted(hub: RealtimeHub, forget: () => void): () => void {
  return hub.listen(CHANNEL, () => forget());
}

/**
 * Tells every instance to forget its caches: this one at once, the others through Redis when it is
 * configured. Answers once Redis has handed the message to every instance (or after a second, when
 * Redis is away: those instances' caches then expire on their own, in 15–60 s).
 */
export async function forgetPersonalDataEverywhere(hub: RealtimeHub): Promise<void> {
  await hub.publishAcknowledged({ channel: CHANNEL, event: 'deleted', data: {} });
}
