import { type ComponentType, lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteError } from '@/features/errors/components/route-error.tsx';
import { NotFoundPage } from '@/features/errors/pages/not-found-page.tsx';
import { RootLayout } from './layout/root-layout.tsx';
// The search (main, /search) is most visits' first screen: it comes with the app, not after it.
import { HomeRoute } from './routes/home-route.tsx';
import { SearchRoute } from './routes/search-route.tsx';
import { installDocumentTitle } from './layout/document-title.ts';
import type { RouteHandle } from './route-handle.ts';

const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, key: K) =>
  lazy(() => load().then((module) => ({ default: module[key] })));

const SearchOldRoute = named(() => import('./routes/search-old-route.tsx'), 'SearchOldRoute');
const PopularResumePage = named(() => import('@/features/resume/pages/popular-resume-page.tsx'), 'PopularResumePage');
const ResumeRoute = named(() => import('./routes/resume-route.tsx'), 'ResumeRoute');
const FavouriteRoute = named(() => import('./routes/favourite-route.tsx'), 'FavouriteRoute');
const FavouriteResumeRoute = named(() => import('./routes/resume-route.tsx'), 'FavouriteResumeRoute');
const VacancyListPage = named(() => import('@/features/vacancy/pages/vacancy-list-page.tsx'), 'VacancyListPage');
const VacancyCreateRoute = named(() => import('./routes/vacancy-routes.tsx'), 'VacancyCreateRoute');
const VacancyViewPage = named(() => import('@/features/vacancy/pages/vacancy-view-page.tsx'), 'VacancyViewPage');
const VacancyEditRoute = named(() => import('./routes/vacancy-routes.tsx'), 'VacancyEditRoute');
const VacancyRepliesPage = named(() => import('@/features/vacancy/pages/vacancy-replies-page.tsx'), 'VacancyRepliesPage');
const VacancyReplyRoute = named(() => import('./routes/vacancy-routes.tsx'), 'VacancyReplyRoute');
const PersonalDataPage = named(() => import('@/features/legal/pages/personal-data-page.tsx'), 'PersonalDataPage');
const ProfileRoute = named(() => import('./routes/profile-route.tsx'), 'ProfileRoute');
const ProfileEditRoute = named(() => import('./routes/profile-edit-route.tsx'), 'ProfileEditRoute');
const PersonRoute = named(() => import('./routes/person-route.tsx'), 'PersonRoute');
const ReviewEditPage = named(() => import('@/features/review/pages/review-edit-page.tsx'), 'ReviewEditPage');
const ReviewRequestPage = named(() => import('@/features/review/pages/review-request-page.tsx'), 'ReviewRequestPage');
const ReviewRequestSendPage = named(() => import('@/features/review/pages/review-request-send-page.tsx'), 'ReviewRequestSendPage');
const AdminLayout = named(() => import('@/features/admin/pages/admin-layout.tsx'), 'AdminLayout');
const AdminUsersPage = named(() => import('@/features/admin/pages/admin-users-page.tsx'), 'AdminUsersPage');
const AdminUserPage = named(() => import('@/features/admin/pages/admin-user-page.tsx'), 'AdminUserPage');
const AdminEducationPage = named(() => import('@/features/admin/pages/admin-education-page.tsx'), 'AdminEducationPage');
const AdminOpinionsPage = named(() => import('@/features/admin/pages/admin-opinions-page.tsx'), 'AdminOpinionsPage');
const AdminImportPage = named(() => import('@/features/admin/pages/admin-import-page.tsx'), 'AdminImportPage');
const AdminImportJobPage = named(() => import('@/features/admin/pages/admin-import-job-page.tsx'), 'AdminImportJobPage');
const AdminErrorsPage = named(() => import('@/features/admin/pages/admin-errors-page.tsx'), 'AdminErrorsPage');
const AdminMailPage = named(() => import('@/features/admin/pages/admin-mail-page.tsx'), 'AdminMailPage');
const AdminAuditPage = named(() => import('@/features/admin/pages/admin-audit-page.tsx'), 'AdminAuditPage');
const AdminPersonalDataPage = named(() => import('@/features/admin/pages/admin-personal-data-page.tsx'), 'AdminPersonalDataPage');
const AutosearchListRoute = named(() => import('./routes/autosearch-routes.tsx'), 'AutosearchListRoute');
const AutosearchResultsRoute = named(() => import('./routes/autosearch-routes.tsx'), 'AutosearchResultsRoute');
const AutosearchUnsubscribeRoute = named(() => import('./routes/autosearch-routes.tsx'), 'AutosearchUnsubscribeRoute');
const HistoryRoute = named(() => import('./routes/history-route.tsx'), 'HistoryRoute');
const TemplatesPage = named(() => import('@/features/pipeline/templates/templates-page.tsx'), 'TemplatesPage');
const VacancyAnalyticsPage = named(() => import('@/features/pipeline/analytics/vacancy-analytics-page.tsx'), 'VacancyAnalyticsPage');
const TeamAnalyticsPage = named(() => import('@/features/pipeline/analytics/team-analytics-page.tsx'), 'TeamAnalyticsPage');
const ErrorPage = named(() => import('@/features/errors/pages/error-page.tsx'), 'ErrorPage');

const page = (path: string, Component: ComponentType, handle: RouteHandle): RouteObject => ({ path, Component, handle });

/** SEED 2 routes, plus /search, /admin, /error and the 404 page. */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          page('/', HomeRoute, { name: 'main', title: 'Поиск кандидатов' }),
          page('/search', SearchRoute, { name: 'search', title: 'Поиск кандидатов' }),
          page('/search_old', SearchOldRoute, { name: 'search_old', title: 'Простой поиск' }),
          page('/popular_resume', PopularResumePage, { name: 'popular_resume', title: 'Популярные резюме', auth: true }),
          page('/favourite', FavouriteRoute, { name: 'favourite', title: 'Избранное', auth: true }),
          page('/favourite/:hash', FavouriteResumeRoute, { name: 'favourite_resume', title: 'Резюме', auth: true }),
          page('/history', HistoryRoute, { name: 'history', title: 'История просмотров', auth: true }),
          page('/autosearch', AutosearchListRoute, { name: 'autosearch', title: 'Автопоиски', auth: true }),
          // A digest's unsubscribe link works without a login (the token is signed).
          page('/autosearch/unsubscribe/:token', AutosearchUnsubscribeRoute, { name: 'autosearch_unsubscribe', title: 'Отписка от автопоиска' }),
          page('/autosearch/:id', AutosearchResultsRoute, { name: 'autosearch_view', title: 'Автопоиск', auth: true }),
          page('/vacancy', VacancyListPage, { name: 'vacancy', title: 'Заявки на вакансии', auth: true }),
          page('/vacancy/create', VacancyCreateRoute, { name: 'vacancy_create', title: 'Новая вакансия', auth: true }),
          page('/vacancy/templates', TemplatesPage, { name: 'vacancy_templates', title: 'Шаблоны писем кандидатам', auth: true }),
          page('/vacancy/analytics', TeamAnalyticsPage, { name: 'vacancy_analytics', title: 'Аналитика найма', auth: true }),
          page('/vacancy/:id/analytics', VacancyAnalyticsPage, { name: 'vacancy_view_analytics', title: 'Аналитика вакансии', auth: true }),
          page('/vacancy/:id', VacancyViewPage, { name: 'vacancy_view', title: 'Вакансия' }),
          page('/vacancy/:id/edit', VacancyEditRoute, { name: 'vacancy_edit', title: 'Редактирование вакансии', auth: true }),
          page('/vacancy/:id/reply', VacancyRepliesPage, { name: 'vacancy_reply', title: 'Отклики на вакансию', auth: true }),
          page('/vacancy/:vId/reply/:rId', VacancyReplyRoute, { name: 'vacancy_reply_view', title: 'Отклик кандидата', auth: true }),
          page('/personal-data', PersonalDataPage, { name: 'personal_data', title: 'Политика обработки персональных данных' }),
          page('/profile', ProfileRoute, { name: 'profile', title: 'Личный кабинет', auth: true }),
          page('/profile/edit', ProfileEditRoute, { name: 'profile_edit', title: 'Редактирование профиля', auth: true }),
          page('/person/:id', PersonRoute, { name: 'person', title: 'Участник клуба', auth: true }),
          // Open to visitors: they see the resume without who the candidate is (PRODUCT 9), members see it all.
          page('/resume/:hash', ResumeRoute, { name: 'resume', title: 'Резюме' }),
          page('/review/request/:id', ReviewRequestPage, { name: 'review_request', title: 'Запрос отзыва' }),
          page('/review/request/:id/send', ReviewRequestSendPage, { name: 'review_request_send', title: 'Отзыв о кандидате' }),
          page('/review/:id', ReviewEditPage, { name: 'review', title: 'Редактирование отзыва', auth: true }),
          {
            path: '/admin',
            Component: AdminLayout,
            handle: { name: 'admin', title: 'Администрирование', auth: true } satisfies RouteHandle,
            children: [
              { index: true, Component: AdminUsersPage, handle: { name: 'admin', title: 'Пользователи — администрирование' } },
              page('users/:id', AdminUserPage, { name: 'admin_user', title: 'Пользователь — администрирование' }),
              page('education', AdminEducationPage, { name: 'admin_education', title: 'Объявления — администрирование' }),
              page('opinions', AdminOpinionsPage, { name: 'admin_opinions', title: 'Отзывы — администрирование' }),
              page('import', AdminImportPage, { name: 'admin_import', title: 'Импорт — администрирование' }),
              page('import/:id', AdminImportJobPage, { name: 'admin_import_job', title: 'Импорт — администрирование' }),
              page('errors', AdminErrorsPage, { name: 'admin_errors', title: 'Ошибки клиента — администрирование' }),
              page('mail', AdminMailPage, { name: 'admin_mail', title: 'Неотправленные письма — администрирование' }),
              page('audit', AdminAuditPage, { name: 'admin_audit', title: 'Журнал — администрирование' }),
              page('personal-data', AdminPersonalDataPage, { name: 'admin_personal_data', title: 'Персональные данные — администрирование' }),
            ],
          },
          page('/error', ErrorPage, { name: 'error', title: 'Ошибка' }),
          page('/404', NotFoundPage, { name: '404', title: 'Страница не найдена' }),
          page('*', NotFoundPage, { name: '404', title: 'Страница не найдена' }),
        ],
      },
    ],
  },
];

/** The browser's router (boot.tsx); the server draws the first screen from `routes` alone. */
export function createAppRouter() {
  const router = createBrowserRouter(routes);
  installDocumentTitle(router);
  return router;
}
