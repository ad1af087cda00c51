// What the extension's sources say to users, read with the TypeScript parser (as `npm run l10n:export` reads them, in
// a second rather than the minute the exporter's own parser takes): the messages passed to `l10n.t`, and the English
// text that reaches the UI without it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

export interface SourceFile {
  path: string;
  source: ts.SourceFile;
}

/** The .ts and .tsx files under `folders` (relative to `root`). */
export function readSources(root: string, folders: readonly string[]): SourceFile[] {
  return folders.flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => {
        const path = `${folder}/${file}`;
        const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
        return { path, source: ts.createSourceFile(path, readFileSync(join(root, path), 'utf8'), ts.ScriptTarget.Latest, true, kind) };
      }),
  );
}

function visit(node: ts.Node, each: (node: ts.Node) => void): void {
  each(node);
  node.forEachChild((child) => visit(child, each));
}

function place(file: SourceFile, node: ts.Node): string {
  return `${file.path}:${file.source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
}

function isLiteral(node: ts.Node | undefined): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral {
  return node !== undefined && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node));
}

/** Words a reader would see: two letters in a row, icon references such as `$(error)` aside. */
const WORDS = /[A-Za-z]{2}/;
const ICONS = /\$\([\w~-]+\)/g;

/** The text a literal or template writes itself, without what its placeholders insert; null for any other expression. */
function writtenText(node: ts.Node): string | null {
  if (isLiteral(node)) return node.text.replace(ICONS, '');
  if (ts.isTemplateExpression(node)) return (node.head.text + node.templateSpans.map((span) => span.literal.text).join('')).replace(ICONS, '');
  return null;
}

export interface Messages {
  /** Every message given to `l10n.t` / `vscode.l10n.t`. */
  messages: Set<string>;
  /** Calls whose message is not a literal: the exporter cannot see them, so they would never be translated. */
  dynamic: string[];
}

export function l10nMessages(files: readonly SourceFile[]): Messages {
  const messages = new Set<string>();
  const dynamic: string[] = [];
  for (const file of files) {
    visit(file.source, (node) => {
      if (!ts.isCallExpression(node) || !/^(vscode\.)?l10n\.t$/.test(node.expression.getText(file.source))) return;
      const [message] = node.arguments;
      if (isLiteral(message)) messages.add(message.text);
      else dynamic.push(place(file, node));
    });
  }
  return { messages, dynamic };
}

const HOST_MESSAGE_CALLS = /\.(showInformationMessage|showWarningMessage|showErrorMessage|setStatusBarMessage)$/;
const HOST_TEXT_PROPERTIES = new Set(['title', 'placeHolder', 'placeholder', 'prompt', 'tooltip', 'description', 'detail', 'label', 'openLabel', 'saveLabel', 'message']);

/** English text in host code that reaches the UI without `vscode.l10n.t`: message boxes and UI properties given a literal. */
export function untranslatedHostText(files: readonly SourceFile[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    visit(file.source, (node) => {
      if (ts.isCallExpression(node) && HOST_MESSAGE_CALLS.test(node.expression.getText(file.source))) {
        const [first] = node.arguments;
        if (first !== undefined && WORDS.test(writtenText(first) ?? '')) found.push(place(file, node));
      }
      const assigned =
        ts.isPropertyAssignment(node) && HOST_TEXT_PROPERTIES.has(node.name.getText(file.source))
          ? node.initializer
          : ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(node.left) && HOST_TEXT_PROPERTIES.has(node.left.name.text)
            ? node.right
            : undefined;
      if (assigned !== undefined && WORDS.test(writtenText(assigned) ?? '')) {
        found.push(place(file, assigned));
      }
    });
  }
  return found;
}

const JSX_TEXT_ATTRIBUTES = new Set(['title', 'aria-label', 'placeholder', 'label', 'none']);

/** English text in webview JSX without `l10n.t`: text between tags (key caps in <kbd> aside) and text attributes. */
export function untranslatedJsxText(files: readonly SourceFile[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    visit(file.source, (node) => {
      if (ts.isJsxText(node) && WORDS.test(node.text)) {
        const parent = node.parent;
        const tag = ts.isJsxElement(parent) ? parent.openingElement.tagName.getText(file.source) : '';
        if (tag !== 'kbd') found.push(place(file, node));
      }
      if (ts.isJsxAttribute(node) && JSX_TEXT_ATTRIBUTES.has(node.name.getText(file.source)) && node.initializer !== undefined) {
        const value = ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer;
        if (value !== undefined && WORDS.test(writtenText(value) ?? '')) {
          found.push(place(file, node));
        }
      }
    });
  }
  return found;
}
