import type { AppContext } from '../../context.ts';

/** The `interview.reminder` job: participants hear of the interview 30 minutes before (being built). */
export async function remindInterview(_ctx: AppContext, _job: { interview_id: number; sequence: number }): Promise<void> {}
