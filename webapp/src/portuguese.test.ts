/**
 * Portuguese as Brazilians write it (decisions.md §29): the spec's texts lost accents and
 * capitals ('Nao', 'alteracoes', 'Anuncios', 'tornar invisível?'); the app writes them
 * correctly. This test lists the webapp's user-visible strings — JSX text, the text attributes
 * a person reads or hears (title, aria-label, placeholder, alt, label, message…), and every other
 * string literal that reads as words (it has a space, or starts with a capital) — of every source
 * file (tests, generated and compiled files aside), and fails on the unaccented forms, and on a
 * question that does not start with a capital.
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** Every source file's text, by its path from src/ (Vite reads them; tests aside, below). */
const SOURCES = import.meta.glob<string>(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}', '!./wasm/**', '!./test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Words Brazilians write with an accent, as the spec's texts lost it (whole words, any case). */
const UNACCENTED = [
  'nao', 'voce', 'voces', 'anuncio', 'anuncios', 'endereco', 'enderecos', 'historico', 'alteracao',
  'alteracoes', 'informacao', 'informacoes', 'numero', 'preco', 'precos', 'descricao', 'opcao', 'opcoes',
  'promocao', 'pagina', 'proximo', 'valido', 'valida', 'invalido', 'invalida', 'disponivel', 'indisponivel',
  'possivel', 'tambem', 'sera', 'mes', 'codigo', 'minimo', 'maximo', 'titulo', 'usuario', 'avaliacao',
  'avaliacoes', 'comentario', 'excluido', 'solicitacao', 'transferencia', 'confirmacao', 'gestao', 'saida',
];

/** Attributes whose text a person reads or hears. */
const TEXT_ATTRIBUTES = new Set([
  'title', 'aria-label', 'placeholder', 'alt', 'label', 'message', 'confirmLabel', 'cancelLabel', 'aria-description',
]);

/** The files checked: sources, without test kits, declarations and the generated contract. */
const sourceFiles = (): string[] =>
  Object.keys(SOURCES).filter((f) => !/\.kit\.tsx?$|\.d\.ts$|api\.gen\.ts$|api\.check\.ts$/.test(f));

/** A string literal that reads as words: letters, and a space or a first capital (an address is not). */
const readsAsWords = (s: string) =>
  /\p{L}/u.test(s) && !/^\/|=|:\/\//.test(s.trim()) && (/\s/.test(s.trim()) || /^\p{Lu}/u.test(s.trim()));

interface Found {
  file: string;
  text: string;
}

/** The user-visible strings of one file. */
function visibleStrings(file: string): Found[] {
  const code = SOURCES[file];
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: Found[] = [];
  const rel = file.replace(/^\.\//, '');
  const add = (text: string) => {
    if (text.trim()) out.push({ file: rel, text: text.trim() });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isImportTypeNode(node)) return;
    if (ts.isJsxText(node)) add(node.text);
    else if (ts.isJsxAttribute(node)) {
      const name = node.name.getText(source);
      const init = node.initializer;
      if (init && ts.isStringLiteral(init) && TEXT_ATTRIBUTES.has(name)) add(init.text);
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const parent = node.parent;
      const isKey = parent && (ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent)) && parent.name === node;
      const isModule = parent && (ts.isExternalModuleReference(parent) || ts.isCallExpression(parent) && parent.expression.kind === ts.SyntaxKind.ImportKeyword);
      if (!isKey && !isModule && readsAsWords(node.text)) add(node.text);
    } else if (ts.isTemplateExpression(node)) {
      const parts = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' … ');
      if (readsAsWords(parts)) add(parts);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

const FILES = sourceFiles();
const STRINGS = FILES.flatMap(visibleStrings);

/** The unaccented words of `text`. */
function unaccented(text: string): string[] {
  const words = text.toLowerCase().split(/[^\p{L}]+/u);
  return UNACCENTED.filter((w) => words.includes(w));
}

describe('the webapp writes Portuguese as Brazilians do (decisions.md §29)', () => {
  it('finds the visible texts it checks', () => {
    expect(FILES.length).toBeGreaterThan(100);
    const texts = STRINGS.map((s) => s.text);
    // A sample of what must be in the list, so the checks below look at the real texts.
    for (const known of ['Sair da sua conta?', 'Cupons de desconto', 'Histórico de pedidos', 'Dados pessoais']) {
      expect(texts).toContain(known);
    }
  });

  it('never writes the unaccented forms the spec lost', () => {
    const bad = STRINGS.flatMap((s) => unaccented(s.text).map((w) => `${s.file}: «${s.text}» (${w})`));
    expect(bad).toEqual([]);
  });

  it.each(['Nao', 'alteracoes', 'Anuncios', 'Anuncio Direto', 'Novo anuncio', 'Seus anuncios', 'Endereco', 'Historico de Pedidos'])(
    'never shows %s',
    (form) => {
      expect(STRINGS.filter((s) => s.text === form || s.text.startsWith(`${form} `))).toEqual([]);
    },
  );

  it('starts every question with a capital (not "tornar invisível?")', () => {
    const questions = STRINGS.filter((s) => /\?$/.test(s.text) && !s.text.includes('…') && /^\p{Ll}/u.test(s.text));
    expect(questions).toEqual([]);
  });

  it('recognises the forms it refuses', () => {
    expect(unaccented('Suas alteracoes foram salvas com sucesso')).toEqual(['alteracoes']);
    expect(unaccented('Suas alterações foram salvas com sucesso')).toEqual([]);
    expect(unaccented('Nao')).toEqual(['nao']);
    expect(unaccented('Não')).toEqual([]);
  });
});
