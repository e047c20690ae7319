import { Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSession } from '@/shared/session/session-store.ts';
import { PageLoader } from '@/shared/ui/page-loader.tsx';
import { useClientErrorGroups } from '../api/get-client-error-groups.ts';
import { AdminNav } from '../components/admin-nav.tsx';
import { handleAdminLoadError } from '../lib/admin-errors.ts';
import '../admin.css';

/**
 * `/admin/*`: the back office frame. The server decides who is an admin: when the session says the
 * user is not one, one call is made anyway — a 403 shows «Доступ к услуге ограничен» once (nothing inline),
 * a success means the cached account type is stale and the sections open.
 */
export function AdminLayout() {
  const { pathname } = useLocation();
  const { user } = useSession();
  const knownAdmin = user?.account_type === 'admin';
  const probe = useClientErrorGroups(1, user !== null && !knownAdmin);
  const reported = useRef(false);

  useEffect(() => {
    if (!probe.error || reported.current) return;
    reported.current = true;
    handleAdminLoadError(probe.error);
  }, [probe.error]);

  const allowed = knownAdmin || probe.isSuccess;

  return (
    <Container size="xl" py={{ base: 'lg', sm: 40 }} px={{ base: 'md', sm: 'lg' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 34 }}>
            Администрирование
          </Title>
          {/* Refused: the 403 dialog is the one message; no list of sections this member cannot open. */}
          {probe.isError ? null : <Text c="dimmed">Пользователи, модерация, импорт, журнал и персональные данные</Text>}
        </Stack>
        {allowed ? (
          <div className="admin-shell">
            <AdminNav pathname={pathname} />
            <div className="admin-content" style={{ minWidth: 0 }}>
              <Suspense fallback={<PageLoader />}>
                <Outlet />
              </Suspense>
            </div>
          </div>
        ) : probe.isError ? null : (
          <Skeleton height={320} radius="lg" aria-hidden />
        )}
      </Stack>
    </Container>
  );
}
