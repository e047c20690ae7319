import { useEffect, useRef } from 'react';
import { fetchChannelToken } from '../api/get-channel-token.ts';
import { connectRealtime, type RealtimeEvent, realtimeUrl } from './realtime-client.ts';

type Handlers = {
  onEvent: (event: RealtimeEvent) => void;
  onResubscribed?: () => void;
};

/**
 * Keeps ONE socket per tab while a user is signed in; a change of user (or logout: `undefined`)
 * closes it. Mount it once, from app/.
 */
export function useRealtime(userId: number | undefined, handlers: Handlers): void {
  const ref = useRef(handlers);
  ref.current = handlers;

  useEffect(() => {
    if (!userId || typeof WebSocket === 'undefined') return;
    const connection = connectRealtime({
      url: realtimeUrl(),
      getToken: fetchChannelToken,
      onEvent: (event) => ref.current.onEvent(event),
      onResubscribed: () => ref.current.onResubscribed?.(),
    });
    return () => connection.stop();
  }, [userId]);
}
