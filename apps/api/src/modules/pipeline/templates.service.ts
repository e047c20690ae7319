import {
  fillTemplate,
  type MessageTemplate,
  TEMPLATE_KINDS,
  TEMPLATE_MSG,
  TEMPLATES_PER_MEMBER_MAX,
  type TemplateKind,
  type TemplatePreview,
  VACANCY_MSG,
} from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { templateBody, templatePreviewBody } from '@hr/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { teamOf, vacancyForTeam } from '../vacancy/vacancy.access.ts';
import { rowsIn } from './pipeline.db.ts';
import { templateValuesOf } from './reply-message.ts';

type TemplateRow = {
  id: number;
  kind: TemplateKind;
  name: string;
  subject: string;
  body: string;
  shared: boolean;
  owner_id: number | null;
  owner_name: string | null;
  owner_family: string | null;
};

/** The templates `userId` sees: the club's defaults, their own, and their team's shared ones. */
const visibleTo = (userId: number) => sql`(t.owner_id is null or t.owner_id = ${userId} or (t.shared and t.owner_id in ${teamOf(userId)}))`;

const kindOrder = sql.raw(`array_position(array[${TEMPLATE_KINDS.map((k) => `'${k}'`).join(',')}]::text[], t.kind)`);

const selectTemplates = (userId: number, extra = sql``) => sql`
  select t.id, t.kind, t.name, t.subject, t.body, t.shared, t.owner_id, u.name as owner_name, u.family as owner_family
  from message_templates t left join users u on u.id = t.owner_id
  where ${visibleTo(userId)} ${extra}
  order by (t.owner_id is not null), (t.owner_id is distinct from ${userId}), ${kindOrder}, lower(t.name), t.id`;

function present(row: TemplateRow, userId: number): MessageTemplate {
  const ownerId = row.owner_id == null ? null : Number(row.owner_id);
  return {
    id: Number(row.id),
    kind: row.kind,
    name: row.name,
    subject: row.subject,
    body: row.body,
    shared: ownerId != null && row.shared,
    own: ownerId === userId,
    owner: ownerId == null ? null : { id: ownerId, name: row.owner_name ?? '', family: row.owner_family ?? '' },
  };
}

/** `GET /api/templates`: defaults first (by kind), then the member's own, then the team's shared ones. */
export async function listTemplates(ctx: AppContext, userId: number): Promise<MessageTemplate[]> {
  const rows = await ctx.database.rows<TemplateRow>(selectTemplates(userId));
  return rows.map((r) => present(r, userId));
}

/** A template `userId` sees (404 otherwise), in the list's shape. */
export async function visibleTemplate(db: Db, userId: number, id: number): Promise<MessageTemplate> {
  const [row] = await rowsIn<TemplateRow>(db, selectTemplates(userId, sql`and t.id = ${id}`));
  if (!row) throw new AppError('not_found', TEMPLATE_MSG.notFound);
  return present(row, userId);
}

/** Another member's template is 404 when the member cannot see it, 403 when they see it but it is not theirs. */
async function ownTemplate(db: Db, userId: number, id: number): Promise<MessageTemplate> {
  const t = await visibleTemplate(db, userId, id);
  if (!t.own) throw new AppError('forbidden', TEMPLATE_MSG.notOwn);
  return t;
}

type TemplateInput = z.output<typeof templateBody>;

/**
 * `POST /api/templates` within TEMPLATES_PER_MEMBER_MAX: the member's users row is locked for the
 * count and the insert, so requests sent at once are counted one after another.
 */
export async function createTemplate(ctx: AppContext, userId: number, body: TemplateInput): Promise<MessageTemplate> {
  return ctx.database.db.transaction(async (tx: Db) => {
    await tx.execute(sql`select 1 from users where id = ${userId} for no key update`);
    const [held] = await rowsIn<{ n: number }>(tx, sql`select count(*)::int as n from message_templates where owner_id = ${userId}`);
    if (Number(held?.n ?? 0) >= TEMPLATES_PER_MEMBER_MAX) throw fieldError('name', TEMPLATE_MSG.tooMany);
    const [row] = await rowsIn<{ id: number }>(
      tx,
      sql`insert into message_templates (owner_id, kind, name, subject, body, shared)
          values (${userId}, ${body.kind}, ${body.name}, ${body.subject}, ${body.body}, ${body.shared})
          returning id`,
    );
    if (!row) throw new Error('template not written');
    return visibleTemplate(tx, userId, Number(row.id));
  });
}

/** `PUT /api/templates/{id}`: only the owner; the row is locked so a delete at once is not lost. */
export async function updateTemplate(ctx: AppContext, userId: number, id: number, body: TemplateInput): Promise<MessageTemplate> {
  return ctx.database.db.transaction(async (tx: Db) => {
    await ownTemplate(tx, userId, id);
    await tx.execute(sql`update message_templates
        set kind = ${body.kind}, name = ${body.name}, subject = ${body.subject}, body = ${body.body}, shared = ${body.shared}, updated_at = now()
        where id = ${id} and owner_id = ${userId}`);
    return visibleTemplate(tx, userId, id);
  });
}

/** `DELETE /api/templates/{id}`: only the owner; letters already written keep their text. */
export async function deleteTemplate(ctx: AppContext, userId: number, id: number): Promise<void> {
  await ownTemplate(ctx.database.db, userId, id);
  await ctx.database.db.execute(sql`delete from message_templates where id = ${id} and owner_id = ${userId}`);
}

/**
 * `POST /api/templates/preview`: the letter a reply would get, filled as it will be sent (the first
 * name only as the member may see it). Without a reply (a bulk action) only the vacancy's and the
 * member's values are filled: each candidate's own stay as placeholders.
 */
export async function previewTemplate(
  ctx: AppContext,
  viewer: AuthUser,
  q: z.output<typeof templatePreviewBody>,
): Promise<TemplatePreview> {
  const db = ctx.database.db;
  const template = await visibleTemplate(db, viewer.id, q.template_id);
  const vacancy = await vacancyForTeam(ctx, viewer.id, q.vacancy_id);
  if (q.reply_id) {
    const [reply] = await rowsIn<{ id: number }>(
      db,
      sql`select id from vacancy_replies where id = ${q.reply_id} and vacancy_id = ${vacancy.id}`,
    );
    if (!reply) throw new AppError('not_found', VACANCY_MSG.replyNotFound);
    const { values } = await templateValuesOf(db, {
      vacancyId: vacancy.id,
      replyId: q.reply_id,
      userId: viewer.id,
      interviewId: q.interview_id,
      viewer,
    });
    return { subject: fillTemplate(template.subject, values), body: fillTemplate(template.body, values) };
  }
  return { subject: template.subject, body: template.body };
}
