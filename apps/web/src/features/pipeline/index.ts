// What the vacancy pages use of the hiring pipeline: the replies page's board, list and stage editor,
// the move dialog, and the reply page's interviews and duplicates.
export { useBoard } from './board/get-board.ts';
export { BoardSkeleton, ReplyBoard } from './board/reply-board.tsx';
export { type RepliesView, readRepliesView, saveRepliesView } from './board/replies-view.ts';
export { ReplyListView } from './bulk/reply-list-view.tsx';
export { ReplyDuplicates } from './duplicates/reply-duplicates.tsx';
export { ReplyInterviews } from './interviews/reply-interviews.tsx';
export { StageEditor } from './stages/stage-editor.tsx';
export { MoveDialog, type MoveDialogProps, type MoveValues } from './templates/move-dialog.tsx';
