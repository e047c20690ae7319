/**
 * The web app's main calls (apps/web/src/features/∗/api and its shared client), checked against the
 * types an outside client generates from /api/openapi.json (openapi/schema.d.ts, kept current by
 * openapi.test.ts): each answer's `res` as the document describes it must be assignable to the
 * contract type the web reads it as. Nothing runs here; `npm run typecheck` compiles it, and a
 * mismatch is a type error naming the call and the field.
 */
import type {
  AccessMap,
  AdminCandidate,
  AdminMailFailure,
  AdminOpinion,
  AdminUser,
  AuditEntry,
  AutosearchResultCard,
  ChannelToken,
  CityOption,
  ContactQuota,
  ClientErrorGroup,
  Dictionary,
  DictionaryName,
  EducationMessage,
  EmptyAnswer,
  FavouriteBulkAnswer,
  FavouriteCandidateFolders,
  FavouriteEntry,
  FavouriteFolder,
  FavouriteListItem,
  HistoryItem,
  ImportJob,
  ImportReportLine,
  Interview,
  InterviewList,
  InterviewSaved,
  InviteTargets,
  LoginCheckAnswer,
  MainInfo,
  MarkReadAnswer,
  MergeAnswer,
  MergePreview,
  NotificationItem,
  Opinion,
  Paginated,
  Person,
  Profile,
  RegisterAnswer,
  ReplyBulkAnswer,
  ReplyBulkUndoAnswer,
  ReplyDetail,
  ReplyDuplicates,
  ReplyFileText,
  ReplyList,
  ResumeCard,
  ResumeContacts,
  ResumeFull,
  ResumeSignals,
  ReviewRequestItem,
  ReviewRequestPublic,
  SavedSearch,
  SearchResult,
  Team,
  TeamAnalytics,
  TeamInviteCreated,
  TeamMemberCandidate,
  TelegramConfig,
  TelegramState,
  Vacancy,
  VacancyAnalytics,
  VacancyInviteAnswer,
  VacancyList,
  VacancyMatches,
  VacancyView,
} from '@hr/contract';
import type { ResumeVisitor } from '@hr/contract/resume-visitor';
import type { paths } from '../openapi/schema.d.ts';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
/** Where the document has no such answer: fits none of the web's types (but `{}`). */
type Missing<P extends string, M extends string> = `the document has no 200 JSON success answer for ${M} ${P}`;
/** The JSON body of the 200 answer of `method path`, as the document describes it. */
type Body<P extends keyof paths, M extends Method> = paths[P][M] extends {
  responses: { 200: { content: { 'application/json': infer B } } };
}
  ? B
  : Missing<P, M>;
/** Its `res`: what the web's api-client hands to the caller. */
type Res<P extends keyof paths, M extends Method> = Body<P, M> extends { status: 'success'; res: infer R } ? R : Missing<P, M>;

/** Compiles only while the document's answer fits the type the web reads it as. */
const reads =
  <Web>() =>
  <_Generated extends Web>(): void => {};

export const webCalls = [
  // shared and auth
  reads<Partial<AccessMap>>()<Res<'/api/user/access', 'get'>>,
  reads<boolean>()<Res<'/api/user/access/{flag}/get', 'get'>>,
  reads<MainInfo>()<Res<'/api/user/main_info', 'get'>>,
  reads<EmptyAnswer>()<Res<'/api/auth/check', 'post'>>,
  reads<LoginCheckAnswer>()<Res<'/api/auth/login/check', 'post'>>,
  reads<RegisterAnswer>()<Res<'/register', 'post'>>,
  reads<Paginated<CityOption>>()<Res<'/api/auth/register/city', 'get'>>,
  reads<Partial<Record<DictionaryName, Dictionary>>>()<Res<'/api/dictionary', 'get'>>,
  // user, team, telegram
  reads<Profile>()<Res<'/api/user/profile', 'get'>>,
  reads<Profile>()<Res<'/api/user/profile', 'post'>>,
  reads<Person>()<Res<'/api/user/person/{id}', 'get'>>,
  reads<ContactQuota>()<Res<'/api/user/contact_quota', 'get'>>,
  reads<EmptyAnswer>()<Res<'/api/user/confirm/later', 'post'>>,
  reads<ChannelToken>()<Res<'/api/user/csrf-token', 'post'>>,
  reads<Team>()<Res<'/api/user/team/', 'get'>>,
  reads<TeamMemberCandidate[]>()<Res<'/api/user/team/candidates', 'get'>>,
  reads<TeamInviteCreated>()<Res<'/api/user/team/invite/create', 'post'>>,
  reads<TelegramState>()<Res<'/api/user/telegram', 'get'>>,
  reads<TelegramConfig>()<Res<'/api/telegram/config', 'get'>>,
  // education, notifications
  reads<EducationMessage | null>()<Res<'/api/user/education/pending', 'get'>>,
  reads<EducationMessage>()<Res<'/api/user/education/message/{id}', 'get'>>,
  reads<Paginated<NotificationItem>>()<Res<'/api/notify/message', 'get'>>,
  reads<number>()<Res<'/api/notify/message/unread_count', 'get'>>,
  reads<MarkReadAnswer>()<Res<'/api/notify/message/read', 'post'>>,
  // resumes, search, favourites
  reads<SearchResult>()<Res<'/api/resume/search', 'get'>>,
  reads<ResumeFull>()<Res<'/api/resume/{hash}', 'get'>>,
  reads<ResumeVisitor>()<Res<'/api/resume/{hash}/public', 'get'>>,
  reads<ResumeContacts>()<Res<'/api/resume/{hash}/contacts', 'post'>>,
  reads<Paginated<ResumeCard>>()<Res<'/api/resume/popular', 'get'>>,
  reads<ResumeSignals>()<Res<'/api/resume/{hash}/signals', 'get'>>,
  reads<Paginated<HistoryItem>>()<Res<'/api/resume/history', 'get'>>,
  reads<Paginated<FavouriteListItem>>()<Res<'/api/favourite/', 'get'>>,
  reads<FavouriteFolder[]>()<Res<'/api/favourite/folders', 'get'>>,
  reads<FavouriteFolder>()<Res<'/api/favourite/folders', 'post'>>,
  reads<FavouriteFolder>()<Res<'/api/favourite/folders/{id}', 'patch'>>,
  reads<FavouriteCandidateFolders>()<Res<'/api/favourite/{hash}/folders', 'get'>>,
  reads<FavouriteCandidateFolders>()<Res<'/api/favourite/{hash}/folders', 'put'>>,
  reads<FavouriteEntry>()<Res<'/api/favourite/{hash}', 'post'>>,
  reads<FavouriteBulkAnswer>()<Res<'/api/favourite/bulk', 'post'>>,
  // Автопоиск
  reads<SavedSearch[]>()<Res<'/api/autosearch/', 'get'>>,
  reads<SavedSearch>()<Res<'/api/autosearch/', 'post'>>,
  reads<SavedSearch>()<Res<'/api/autosearch/{id}', 'put'>>,
  reads<Paginated<AutosearchResultCard>>()<Res<'/api/autosearch/{id}/results', 'get'>>,
  // reviews
  reads<Paginated<Opinion>>()<Res<'/api/review/', 'get'>>,
  reads<Opinion>()<Res<'/api/review/', 'post'>>,
  reads<Opinion>()<Res<'/api/review/{id}', 'get'>>,
  reads<Opinion>()<Res<'/api/review/{id}', 'put'>>,
  reads<Paginated<ReviewRequestItem>>()<Res<'/api/review/request', 'get'>>,
  reads<ReviewRequestItem>()<Res<'/api/review/request', 'post'>>,
  reads<ReviewRequestPublic>()<Res<'/api/review/request/{id}', 'get'>>,
  // vacancies
  reads<VacancyList>()<Res<'/api/vacancy/', 'get'>>,
  reads<Vacancy>()<Res<'/api/vacancy/', 'post'>>,
  reads<VacancyView>()<Res<'/api/vacancy/{id}', 'get'>>,
  reads<Vacancy>()<Res<'/api/vacancy/{id}', 'put'>>,
  reads<ReplyList>()<Res<'/api/vacancy/{id}/reply', 'get'>>,
  reads<ReplyDetail>()<Res<'/api/vacancy/{id}/reply/{r_id}', 'get'>>,
  reads<ReplyBulkAnswer>()<Res<'/api/vacancy/{id}/reply/bulk', 'post'>>,
  reads<ReplyBulkUndoAnswer>()<Res<'/api/vacancy/{id}/reply/bulk/undo', 'post'>>,
  reads<ReplyDetail>()<Res<'/api/vacancy/{id}/reply/{r_id}', 'patch'>>,
  reads<VacancyMatches>()<Res<'/api/vacancy/{id}/matches', 'get'>>,
  reads<VacancyInviteAnswer>()<Res<'/api/vacancy/{id}/invite', 'post'>>,
  reads<InviteTargets>()<Res<'/api/vacancy/invite-targets/{hash}', 'get'>>,
  reads<ReplyFileText>()<Res<'/api/vacancy/{id}/reply/{r_id}/file/text', 'get'>>,
  // duplicates and the merge (features/pipeline/duplicates)
  reads<ReplyDuplicates>()<Res<'/api/vacancy/{id}/reply/{r_id}/duplicates', 'get'>>,
  reads<MergePreview>()<Res<'/api/resume/merge/preview', 'get'>>,
  reads<MergeAnswer>()<Res<'/api/resume/merge', 'post'>>,
  // interviews of a reply (features/pipeline/interviews)
  reads<InterviewList>()<Res<'/api/vacancy/{id}/reply/{r_id}/interviews', 'get'>>,
  reads<InterviewSaved>()<Res<'/api/vacancy/{id}/reply/{r_id}/interviews', 'post'>>,
  reads<InterviewSaved>()<Res<'/api/vacancy/{id}/reply/{r_id}/interviews/{i_id}', 'put'>>,
  reads<InterviewSaved>()<Res<'/api/vacancy/{id}/reply/{r_id}/interviews/{i_id}', 'delete'>>,
  reads<Interview>()<Res<'/api/vacancy/{id}/reply/{r_id}/interviews/{i_id}/feedback', 'post'>>,
  reads<{ criteria: string[] }>()<Res<'/api/vacancy/{id}/criteria', 'put'>>,
  // analytics
  reads<VacancyAnalytics>()<Res<'/api/vacancy/{id}/analytics', 'get'>>,
  reads<TeamAnalytics>()<Res<'/api/vacancy/analytics', 'get'>>,
  // back office
  reads<Paginated<AdminUser>>()<Res<'/api/admin/users', 'get'>>,
  reads<AdminUser>()<Res<'/api/admin/users/{id}', 'get'>>,
  reads<Paginated<AdminCandidate>>()<Res<'/api/admin/candidates', 'get'>>,
  reads<Paginated<AdminOpinion>>()<Res<'/api/admin/opinions', 'get'>>,
  reads<Paginated<ImportJob>>()<Res<'/api/admin/imports', 'get'>>,
  reads<ImportJob>()<Res<'/api/admin/imports/{id}', 'get'>>,
  reads<Paginated<ImportReportLine>>()<Res<'/api/admin/imports/{id}/report', 'get'>>,
  reads<Paginated<AdminMailFailure>>()<Res<'/api/admin/mail-failures', 'get'>>,
  reads<Paginated<ClientErrorGroup>>()<Res<'/api/admin/client-errors/groups', 'get'>>,
  reads<Paginated<AuditEntry>>()<Res<'/api/admin/audit', 'get'>>,
];
