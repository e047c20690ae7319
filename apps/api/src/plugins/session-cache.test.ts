import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CachedSession, SessionCache } from './session-cache.ts';

const entry = (userId: number, leadId: number | null = null, expiresIn = 60_000): CachedSession<{ id: number }> => ({
  user: { id: userId },
  userId,
  leadId,
  remember: true,
  lastSeenAt: Date.now(),
  expiresAt: Date.now() + expiresIn,
});

const live = () => {
  const cache = new SessionCache<{ id: number }>(30_000);
  cache.setEnabled(true);
  return cache;
};

afterEach(() => {
  vi.useRealTimers();
});

describe('session cache', () => {
  it('serves only until the deadline its watcher last set, and again once renewed, with what it kept', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cache = new SessionCache<{ id: number }>(30_000);
    cache.setEnabled(true, Date.now() + 2000);
    cache.set('a', entry(1), cache.generation());
    expect(cache.get('a')?.userId).toBe(1);
    vi.setSystemTime(Date.now() + 2000);
    // The notices were not proven to arrive lately: nothing is served.
    expect(cache.enabled).toBe(false);
    expect(cache.get('a')).toBeUndefined();
    cache.renew(Date.now() + 2000);
    expect(cache.enabled).toBe(true);
    expect(cache.get('a')?.userId).toBe(1);
    // A renewal never shortens it, and is nothing to a cache switched off.
    cache.renew(Date.now() - 1);
    expect(cache.get('a')?.userId).toBe(1);
    cache.setEnabled(false);
    cache.renew(Date.now() + 2000);
    expect(cache.enabled).toBe(false);
  });

  it('serves nothing until told of changes, and starts empty each time it is switched', () => {
    const cache = new SessionCache<{ id: number }>(30_000);
    cache.set('a', entry(1), cache.generation());
    expect(cache.get('a')).toBeUndefined();
    cache.setEnabled(true);
    cache.set('a', entry(1), cache.generation());
    expect(cache.get('a')?.userId).toBe(1);
    cache.setEnabled(false);
    expect(cache.get('a')).toBeUndefined();
    cache.setEnabled(true);
    expect(cache.get('a')).toBeUndefined();
  });

  it('is off with no time to live', () => {
    const cache = new SessionCache<{ id: number }>(0);
    cache.setEnabled(true);
    expect(cache.enabled).toBe(false);
    cache.set('a', entry(1), cache.generation());
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops only the named users’ sessions and those of their team members', () => {
    const cache = live();
    const g = cache.generation();
    cache.set('lead', entry(1), g);
    cache.set('member', entry(2, 1), g);
    cache.set('member, second device', entry(2, 1), g);
    cache.set('other', entry(3, 4), g);
    cache.forgetUsers([1]);
    expect(cache.get('lead')).toBeUndefined();
    expect(cache.get('member')).toBeUndefined();
    expect(cache.get('member, second device')).toBeUndefined();
    expect(cache.get('other')?.userId).toBe(3);
    cache.forgetUsers([4]);
    expect(cache.get('other')).toBeUndefined();
  });

  it('never stores a lookup that began before a change', () => {
    const cache = live();
    const before = cache.generation();
    cache.forgetUsers([99]);
    cache.set('a', entry(1), before);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', entry(1), cache.generation());
    expect(cache.get('a')?.userId).toBe(1);
  });

  it('never serves past the session’s expiry', () => {
    const cache = live();
    cache.set('a', entry(1, null, -1), cache.generation());
    expect(cache.get('a')).toBeUndefined();
    const e = entry(1);
    cache.set('b', e, cache.generation());
    e.expiresAt = Date.now() - 1;
    expect(cache.get('b')).toBeUndefined();
  });

  it('keeps its indexes right when an entry is replaced or evicted', () => {
    const cache = new SessionCache<{ id: number }>(30_000, 2);
    cache.setEnabled(true);
    const g = cache.generation();
    cache.set('a', entry(1, 5), g);
    cache.set('a', entry(2), g);
    cache.forgetUsers([5]);
    expect(cache.get('a')?.userId).toBe(2);
    cache.set('b', entry(3), cache.generation());
    cache.set('c', entry(4), cache.generation());
    expect(cache.size).toBe(2);
    cache.forgetUsers([2, 3, 4]);
    expect(cache.size).toBe(0);
  });
});
