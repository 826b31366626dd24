/**
 * The description's rich-text editor (Tiptap, decision 050), loaded with the editor page's chunk
 * only. Its schema is the sanitiser's allowlist (@storefront/shared/product-html): paragraphs,
 * h2–h4, bold, italic, underline, lists, links (http, https, mailto; the server adds their rel),
 * tables and line breaks. Anything else in pasted text is dropped here, as the server would.
 */
import Link from '@tiptap/extension-link';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import {
  Bold,
  Heading2,
  Heading3,
  Italic,
  Link2,
  List,
  ListOrdered,
  Redo2,
  Table as TableIcon,
  Underline,
  Undo2,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useId } from 'react';
import { PRODUCT_HTML_SCHEMES } from '@storefront/shared/product-html';
import { cn } from '../../../../lib/cn';

/** A link keeps its address and title only: the server sets its rel, and a target is dropped. */
const DescriptionLink = Link.extend({
  addAttributes() {
    return { href: { default: null }, title: { default: null } };
  },
}).configure({
  openOnClick: false,
  autolink: true,
  protocols: [...PRODUCT_HTML_SCHEMES],
  isAllowedUri: (url) => /^(https?:|mailto:)/i.test(url),
  HTMLAttributes: { target: null, rel: null, class: null },
});

/** A table as plain rows and cells: no column widths, styles or colgroup for the sanitiser to strip. */
const DescriptionTable = Table.extend({
  renderHTML() {
    return ['table', {}, ['tbody', 0]];
  },
}).configure({ resizable: false });

export const DESCRIPTION_EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3, 4] },
    blockquote: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    link: false,
  }),
  DescriptionLink,
  DescriptionTable,
  TableRow,
  TableHeader,
  TableCell,
];

function ToolButton({
  editor,
  label,
  icon: Icon,
  active,
  onClick,
}: {
  editor: Editor;
  label: string;
  icon: LucideIcon;
  active?: boolean;
  onClick(): void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={!editor.isEditable}
      onClick={onClick}
      className={cn(
        'inline-flex size-8 items-center justify-center rounded text-slate-700 hover:bg-slate-100',
        'focus-visible:outline-2 focus-visible:outline-blue-600',
        active && 'bg-slate-200 text-slate-900',
      )}
    >
      <Icon aria-hidden="true" className="size-4" />
    </button>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
    }),
  });
  const chain = () => editor.chain().focus();
  const setLink = () => {
    const previous = (editor.getAttributes('link') as { href?: string }).href ?? '';
    const href = window.prompt('Link address (https://… or mailto:…); empty to remove', previous);
    if (href === null) return;
    if (href.trim() === '') chain().extendMarkRange('link').unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href: href.trim() }).run();
  };
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      className="flex flex-wrap gap-0.5 border-b border-slate-200 p-1"
    >
      <ToolButton
        editor={editor}
        label="Bold"
        icon={Bold}
        active={state.bold}
        onClick={() => chain().toggleBold().run()}
      />
      <ToolButton
        editor={editor}
        label="Italic"
        icon={Italic}
        active={state.italic}
        onClick={() => chain().toggleItalic().run()}
      />
      <ToolButton
        editor={editor}
        label="Underline"
        icon={Underline}
        active={state.underline}
        onClick={() => chain().toggleUnderline().run()}
      />
      <ToolButton
        editor={editor}
        label="Heading"
        icon={Heading2}
        active={state.h2}
        onClick={() => chain().toggleHeading({ level: 2 }).run()}
      />
      <ToolButton
        editor={editor}
        label="Subheading"
        icon={Heading3}
        active={state.h3}
        onClick={() => chain().toggleHeading({ level: 3 }).run()}
      />
      <ToolButton
        editor={editor}
        label="Bulleted list"
        icon={List}
        active={state.bullet}
        onClick={() => chain().toggleBulletList().run()}
      />
      <ToolButton
        editor={editor}
        label="Numbered list"
        icon={ListOrdered}
        active={state.ordered}
        onClick={() => chain().toggleOrderedList().run()}
      />
      <ToolButton editor={editor} label="Link" icon={Link2} active={state.link} onClick={setLink} />
      <ToolButton
        editor={editor}
        label="Insert table"
        icon={TableIcon}
        onClick={() => chain().insertTable({ rows: 3, cols: 2, withHeaderRow: true }).run()}
      />
      <ToolButton editor={editor} label="Undo" icon={Undo2} onClick={() => chain().undo().run()} />
      <ToolButton editor={editor} label="Redo" icon={Redo2} onClick={() => chain().redo().run()} />
    </div>
  );
}

export function DescriptionEditor({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange(html: string): void;
  error?: string;
}) {
  const labelId = useId();
  const errorId = useId();
  const editor = useEditor({
    extensions: DESCRIPTION_EXTENSIONS,
    content: value,
    immediatelyRender: true,
    // Tiptap's own CSS would be an inline <style>, which the console's CSP refuses: admin.css
    // carries the same rules.
    injectCSS: false,
    editorProps: {
      attributes: {
        'aria-labelledby': labelId,
        'aria-multiline': 'true',
        role: 'textbox',
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
        class:
          'prose-description min-h-40 px-3 py-2 text-sm text-slate-900 focus:outline-none [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:my-1 [&_table]:border-collapse [&_td]:border [&_td]:border-slate-300 [&_td]:px-2 [&_th]:border [&_th]:border-slate-300 [&_th]:px-2 [&_ul]:list-disc [&_ul]:pl-5 [&_a]:text-blue-700 [&_a]:underline',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  // A value from outside (the product loaded, or saved back sanitised) replaces the content.
  useEffect(() => {
    if (editor && value !== editor.getHTML() && !(value === '' && editor.isEmpty))
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  return (
    <div className="grid gap-1.5">
      {/* The panel's heading says "Description" already; the label names the field for a reader. */}
      <span id={labelId} className="sr-only">
        Description
      </span>
      <div
        className={cn(
          'overflow-hidden rounded-md border bg-white focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-blue-600',
          error ? 'border-red-500' : 'border-slate-300',
        )}
      >
        <Toolbar editor={editor} />
        <EditorContent editor={editor} />
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
