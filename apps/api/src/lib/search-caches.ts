import type { RealtimeHub } from './realtime.ts';

/**
 * Internal channel of the real-time hub (no client can subscribe to it). A message on it means "club
 * resumes arrived or changed in bulk" (an import finished): every instance drops its cached search
 * counts and pages, so a member who searches right after sees the new resumes, not an answer kept
 * from before (the caches otherwise live 15–60 s).
 */
const CHANNEL = 'internal.resumes-changed';

/** Runs `forget` on this instance whenever any instance says the resumes changed. */
export function onResumesChanged(hub: RealtimeHub, forget: () => void): () => void {
  return hub.listen(CHANNEL, () => forget());
}

/** Tells every instance (this one at once, the others through Redis when configured) that resumes changed. */
export async function forgetSearchesEverywhere(hub: RealtimeHub): Promise<void> {
  await hub.publishAcknowledged({ channel: CHANNEL, event: 'changed', data: {} });
}
