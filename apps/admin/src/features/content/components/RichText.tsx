import { ActionIcon, Alert, Button, FileButton, Group, Input, Paper, Popover, Stack, TextInput, Tooltip } from '@mantine/core';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useState, type ReactNode } from 'react';
import { errorMessage, uploadPicture } from '../../../lib/api.ts';
import './rich-text.css';

/**
 * The rich-text editor of posts and pages: tiptap (ProseMirror) with a toolbar of Mantine buttons.
 * It writes only what the server's sanitising policy keeps (headings, lists, quotes, code, links,
 * pictures, tables), so what a member sees is what the shop shows. Pictures are uploaded like every other
 * picture of the back office and placed by their 800 px file.
 */
/** The page's CSP nonce: the editor's own style tag carries it, as Mantine's do. */
const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? '';

export function RichText({ label, value, onChange, error, description }: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
  description?: string;
}) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3, 4, 5, 6] },
        link: { openOnClick: false, autolink: true, protocols: ['mailto', 'tel'], HTMLAttributes: { rel: 'noopener noreferrer', target: null } },
      }),
      Image.configure({ inline: false }),
      // Tables (weight charts, ratti conversions) come through whole; columns are not resized by hand.
      TableKit.configure({ table: { resizable: false } }),
    ],
    content: value,
    injectNonce: nonce,
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    editorProps: { attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox', 'data-testid': 'rich-text' } },
  });

  // A value loaded (or saved and cleaned by the server) after the editor started replaces its text.
  useEffect(() => {
    if (editor && value !== (editor.isEmpty ? '' : editor.getHTML())) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <Input.Wrapper label={label} description={description} error={error}>
      <Paper withBorder radius="sm" className="rich-text" data-invalid={error ? true : undefined}>
        {editor && <Toolbar editor={editor} />}
        <EditorContent editor={editor} className="rich-text__content" />
      </Paper>
    </Input.Wrapper>
  );
}

function Tool({ label, active, disabled, onClick, children }: { label: string; active?: boolean; disabled?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip label={label} openDelay={400}>
      <ActionIcon variant={active ? 'filled' : 'subtle'} color={active ? 'indigo' : 'gray'} size="md" aria-label={label} aria-pressed={active}
        disabled={disabled} onClick={onClick} onMouseDown={(e) => e.preventDefault()}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'), italic: e.isActive('italic'), underline: e.isActive('underline'), strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }), h3: e.isActive('heading', { level: 3 }),
      bullets: e.isActive('bulletList'), numbers: e.isActive('orderedList'), quote: e.isActive('blockquote'), link: e.isActive('link'),
      table: e.isActive('table'),
      canUndo: e.can().undo(), canRedo: e.can().redo(), href: (e.getAttributes('link').href as string | undefined) ?? '',
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <Group gap={4} p={6} className="rich-text__toolbar" role="toolbar" aria-label="Formatting">
      <Tool label="Bold" active={state.bold} onClick={() => chain().toggleBold().run()}><b>B</b></Tool>
      <Tool label="Italic" active={state.italic} onClick={() => chain().toggleItalic().run()}><i>I</i></Tool>
      <Tool label="Underline" active={state.underline} onClick={() => chain().toggleUnderline().run()}><u>U</u></Tool>
      <Tool label="Strikethrough" active={state.strike} onClick={() => chain().toggleStrike().run()}><s>S</s></Tool>
      <span className="rich-text__gap" />
      <Tool label="Heading" active={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>H2</Tool>
      <Tool label="Subheading" active={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>H3</Tool>
      <Tool label="Bulleted list" active={state.bullets} onClick={() => chain().toggleBulletList().run()}>•</Tool>
      <Tool label="Numbered list" active={state.numbers} onClick={() => chain().toggleOrderedList().run()}>1.</Tool>
      <Tool label="Quote" active={state.quote} onClick={() => chain().toggleBlockquote().run()}>“</Tool>
      <span className="rich-text__gap" />
      <LinkTool editor={editor} active={state.link} href={state.href} />
      <PictureTool editor={editor} />
      <Button variant="subtle" color="gray" size="compact-sm" onMouseDown={(e) => e.preventDefault()} disabled={state.table}
        onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}>Table</Button>
      {state.table && (
        <Group gap={2} aria-label="Table">
          <Button variant="light" size="compact-xs" onClick={() => chain().addRowAfter().run()}>+ Row</Button>
          <Button variant="light" size="compact-xs" onClick={() => chain().addColumnAfter().run()}>+ Column</Button>
          <Button variant="light" color="gray" size="compact-xs" onClick={() => chain().deleteRow().run()}>− Row</Button>
          <Button variant="light" color="gray" size="compact-xs" onClick={() => chain().deleteColumn().run()}>− Column</Button>
          <Button variant="light" color="red" size="compact-xs" onClick={() => chain().deleteTable().run()}>Remove table</Button>
        </Group>
      )}
      <span className="rich-text__gap" />
      <Tool label="Undo" disabled={!state.canUndo} onClick={() => chain().undo().run()}>↶</Tool>
      <Tool label="Redo" disabled={!state.canRedo} onClick={() => chain().redo().run()}>↷</Tool>
    </Group>
  );
}

function LinkTool({ editor, active, href }: { editor: Editor; active: boolean; href: string }) {
  const [opened, setOpened] = useState(false);
  const [url, setUrl] = useState('');
  const apply = () => {
    const target = url.trim();
    const chain = editor.chain().focus().extendMarkRange('link');
    if (target) chain.setLink({ href: target }).run();
    else chain.unsetLink().run();
    setOpened(false);
  };
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom" withArrow trapFocus>
      <Popover.Target>
        <Button variant={active ? 'filled' : 'subtle'} color={active ? 'indigo' : 'gray'} size="compact-sm" aria-pressed={active}
          onMouseDown={(e) => e.preventDefault()} onClick={() => { setUrl(href); setOpened((o) => !o); }}>Link</Button>
      </Popover.Target>
      <Popover.Dropdown>
        <form onSubmit={(e) => { e.preventDefault(); apply(); }}>
          <Stack gap="xs">
            <TextInput label="Link to" placeholder="/blog or https://…" value={url} onChange={(e) => setUrl(e.currentTarget.value)} data-autofocus />
            <Group gap="xs" justify="flex-end">
              {active && <Button variant="subtle" color="red" size="xs" onClick={() => { setUrl(''); editor.chain().focus().extendMarkRange('link').unsetLink().run(); setOpened(false); }}>Remove link</Button>}
              <Button type="submit" size="xs">Apply</Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}

function PictureTool({ editor }: { editor: Editor }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const add = async (file: File | null) => {
    if (!file) return;
    setBusy(true); setProblem(null);
    try {
      const photo = await uploadPicture(file);
      editor.chain().focus().setImage({ src: photo.src, alt: '' }).run();
    } catch (err) {
      setProblem(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <FileButton onChange={(f) => void add(f)} accept="image/jpeg,image/png,image/webp">
        {(props) => <Button variant="subtle" color="gray" size="compact-sm" aria-label="Insert a picture" loading={busy} {...props}>Picture</Button>}
      </FileButton>
      {problem && <Alert color="red" role="alert" p={4} withCloseButton onClose={() => setProblem(null)}>{problem}</Alert>}
    </>
  );
}
