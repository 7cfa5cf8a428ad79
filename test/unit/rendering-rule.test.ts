/**
 * The rendering rule of docs/architecture.md: a page in src/pages/ is a shell, the layout around at
 * most one view; markup repeated per row or redrawn by a script is a view in src/views/, and a view
 * returns Markup, made by the html tag (the one escaper).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { ROOT } from '../helpers/env.ts';
import { filesUnder } from '../helpers/files.ts';

const files = (folder: string, ending: RegExp) => filesUnder(join(ROOT, folder), ending).map((path) => join(ROOT, folder, path));

describe('the rendering rule', () => {
  const shells = files('src/pages', /\.astro$/);

  it('puts at most one view in a page shell', () => {
    const crowded = shells.filter((file) => (readFileSync(file, 'utf8').match(/set:html/g) ?? []).length > 1).map((file) => relative(ROOT, file));
    expect(crowded).toEqual([]);
  });

  it('leaves no markup repeated per row in a page shell', () => {
    const rows = shells.filter((file) => /\.map\(\s*\([^)]*\)\s*=>\s*\(?\s*</.test(readFileSync(file, 'utf8'))).map((file) => relative(ROOT, file));
    expect(rows).toEqual([]);
  });

  it('draws a ranked model’s place and name one way, in list-row.ts, for the tag page, a vendor’s page, /rank/ and the leaderboards alike', () => {
    // A cell of a model's place (`<td class="rank">`) or name (`<th … class="model-name">`) written out anywhere else is a second drawing of those rows
    // (list-table.ts holds the benchmarks list's positions, `<td class="num rank">`, and uses list-row.ts' cells for models).
    const views = files('src/views', /\.ts$/);
    const again = views
      .filter((file) => !/parts\/list-(row|table)\.ts$/.test(file) && /<td class="[^"]*\brank\b|class="model-name"/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file));
    expect(again).toEqual([]);
    // The three that rank models draw their rows with its row (listRowHtml, or the list's table around it).
    const ranking = ['tag-page.ts', 'provider-page.ts', 'rank-page.ts'].filter(
      (name) => !/\blist(Row|Table)?Html\(/.test(readFileSync(join(ROOT, 'src/views', name), 'utf8')),
    );
    expect(ranking).toEqual([]);
  });

  it('has every exported view of src/views/ (a function whose name ends in Html) return Markup', () => {
    const sources = files('src/views', /\.ts$/);
    const program = ts.createProgram(sources, {
      allowImportingTsExtensions: true,
      noEmit: true,
      strict: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
    });
    const checker = program.getTypeChecker();
    const views: string[] = [];
    const offenders: string[] = [];
    for (const file of sources) {
      const exports = checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(file)!)!);
      // escapeHtml is the escaper the html tag uses, not a view.
      for (const symbol of exports.filter((s) => /Html$/.test(s.name) && s.name !== 'escapeHtml')) {
        const type = checker.getTypeOfSymbolAtLocation(symbol, symbol.valueDeclaration!);
        for (const signature of type.getCallSignatures()) {
          const returns = checker.typeToString(signature.getReturnType());
          views.push(symbol.name);
          if (!/\bMarkup\b/.test(returns) || /\bstring\b/.test(returns)) offenders.push(`${relative(ROOT, file)}: ${symbol.name} returns ${returns}`);
        }
      }
    }
    expect(views.length).toBeGreaterThan(10);
    expect(offenders).toEqual([]);
    // A whole TypeScript program: seconds on a quiet machine; the bound is a hang guard for a loaded one.
  }, 120_000);
});
