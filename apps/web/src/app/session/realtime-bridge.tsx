import { useRealtimeBridge } from './use-realtime-bridge.ts';

/** One WebSocket per tab while signed in (use-realtime-bridge.ts); loaded for a member only. */
export function RealtimeBridge() {
  useRealtimeBridge();
  return null;
}
