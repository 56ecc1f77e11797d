import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';
import '@mantine/tiptap/styles.css';

type RichTextFieldProps = {
  /** Names the editor for assistive technology; shown above it unless `labelHidden`. */
  label: string;
  labelHidden?: boolean;
  description?: string;
  value: string;
  onChange: (html: string) => void;
  error?: string | undefined;
};

/**
 * A rich text editor (Mantine's, on tiptap) whose value is HTML. What staff write is still sanitised by the server
 * when it is saved: the editor only makes writing easy, it is not trusted.
 */
export function RichTextField({
  label,
  labelHidden,
  description,
  value,
  onChange,
  error,
}: RichTextFieldProps) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link],
    content: value,
    immediatelyRender: true,
    editorProps: { attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });
  // A value changed from outside (the HTML view, a reset) is shown; the editor's own edits are not fed back.
  useEffect(() => {
    if (editor && !editor.isDestroyed && value !== editor.getHTML() && !(value === '' && editor.isEmpty)) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  return (
    <Input.Wrapper label={labelHidden ? undefined : label} description={description} error={error}>
      <RichTextEditor editor={editor} mt={4}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Strikethrough />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
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
        <RichTextEditor.Content mih={220} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
