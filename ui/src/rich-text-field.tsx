import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { IconTable } from '@tabler/icons-react';
import { Image } from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef } from 'react';
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
 * A rich text editor (Mantine's, on tiptap) whose value is HTML. What people write is still sanitised by the server
 * when it is saved: the editor only makes writing easy, it is not trusted. Pictures and tables are part of its
 * schema, so an imported description that has them keeps them when it is edited.
 */
export function RichTextField({
  label,
  labelHidden,
  description,
  value,
  onChange,
  error,
}: RichTextFieldProps) {
  // What the editor has answered since the value last matched it.
  const emitted = useRef(new Set<string>());
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false }),
      Link,
      // Marketplace descriptions put their pictures inside paragraphs; inline keeps them there.
      Image.configure({ inline: true }),
      TableKit.configure({ table: { resizable: false } }),
    ],
    content: value,
    immediatelyRender: true,
    editorProps: { attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: current }) => {
      const html = current.isEmpty ? '' : current.getHTML();
      emitted.current.add(html);
      onChange(html);
    },
  });
  // A value changed from outside (the HTML view, a reset) is shown. The editor's own edits come back as the value
  // a render later, possibly after more typing: those echoes are left alone, or they would undo the newer typing.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value === current || value === editor.getHTML()) {
      emitted.current.clear();
      return;
    }
    if (emitted.current.has(value)) return;
    emitted.current.clear();
    editor.commands.setContent(value, { emitUpdate: false });
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
            <RichTextEditor.Control
              aria-label="Insert table"
              title="Insert table"
              onClick={() =>
                editor?.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()
              }
            >
              <IconTable size={16} stroke={1.5} />
            </RichTextEditor.Control>
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
