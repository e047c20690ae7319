import { isAllowedRichTextHref, RICH_TEXT_LINK_ATTRIBUTES, RICH_TEXT_SCHEMES } from '@hr/contract/rich-text';
import { RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import '@mantine/tiptap/styles.css';
import { useDebouncedCallback } from '@mantine/hooks';
import Link from '@tiptap/extension-link';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type Ref, useImperativeHandle } from 'react';
import { EDITOR_DEBOUNCE_MS } from '../lib/editor.ts';

export type DescriptionEditorHandle = { getHTML: () => string; focus: () => void };

type DescriptionEditorProps = {
  id: string;
  initialHtml: string;
  /** Debounced 300 ms (SEED 9): the counter and the form follow the text, not every keystroke. */
  onChange: (html: string) => void;
  invalid: boolean;
  describedBy: string;
  ref?: Ref<DescriptionEditorHandle>;
};

const LABELS: Partial<RichTextEditorLabels> = {
  boldControlLabel: 'Жирный',
  italicControlLabel: 'Курсив',
  underlineControlLabel: 'Подчёркнутый',
  bulletListControlLabel: 'Маркированный список',
  orderedListControlLabel: 'Нумерованный список',
  linkControlLabel: 'Ссылка',
  unlinkControlLabel: 'Убрать ссылку',
  clearFormattingControlLabel: 'Очистить форматирование',
  undoControlLabel: 'Отменить',
  redoControlLabel: 'Повторить',
  linkEditorInputLabel: 'Адрес ссылки',
  linkEditorInputPlaceholder: 'https://example.ru',
  linkEditorExternalLink: 'Открывать в новой вкладке',
  linkEditorInternalLink: 'Открывать в этой вкладке',
  linkEditorSave: 'Сохранить',
};

/**
 * The vacancy description in TipTap, limited to what the contract's allow-list keeps
 * (`@hr/contract/rich-text`): paragraphs, line breaks, lists, bold, italic, underline and links with
 * its schemes (headings, quotes, code and strike are switched off).
 */
export function DescriptionEditor({ id, initialHtml, onChange, invalid, describedBy, ref }: DescriptionEditorProps) {
  const emit = useDebouncedCallback(onChange, EDITOR_DEBOUNCE_MS);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: false,
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        link: false,
      }),
      Link.configure({
        openOnClick: false,
        autolink: true,
        protocols: RICH_TEXT_SCHEMES.filter((scheme) => !scheme.startsWith('http')),
        isAllowedUri: (url) => isAllowedRichTextHref(url),
        HTMLAttributes: { rel: RICH_TEXT_LINK_ATTRIBUTES.rel, target: null },
      }),
    ],
    content: initialHtml,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': 'Описание вакансии',
        'aria-describedby': describedBy,
        'aria-invalid': invalid ? 'true' : 'false',
      },
    },
    onUpdate: ({ editor: current }) => emit(current.getHTML()),
    onBlur: ({ editor: current }) => {
      // Leaving the editor hands the text over at once (the form may be submitted next).
      emit.cancel();
      onChange(current.getHTML());
    },
  });

  useImperativeHandle(ref, () => ({ getHTML: () => editor?.getHTML() ?? initialHtml, focus: () => editor?.commands.focus() }), [
    editor,
    initialHtml,
  ]);

  return (
    <RichTextEditor editor={editor} labels={LABELS} className="vacancy-editor" data-invalid={invalid || undefined}>
      <RichTextEditor.Toolbar sticky stickyOffset="var(--hr-header-height)">
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
          <RichTextEditor.ClearFormatting />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Undo />
          <RichTextEditor.Redo />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content />
    </RichTextEditor>
  );
}
