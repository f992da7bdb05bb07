/**
 * How big tourflow's files and functions are, per folder: line counts of every source file
 * and the 90th percentile of function lengths (functions found with the TypeScript compiler
 * API), leaving out tests and generated files. `node --import tsx scripts/code-size.ts`
 * prints the table; `--json` prints the measurements; `--root DIR` measures another checkout; `--limit` also lists the files over
 * {@link FILE_LINE_LIMIT} lines and exits 1 when there is one. `test/code-size.test.ts`
 * holds the tree to that limit.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The most lines a source file outside tests and generated files may have. */
export const FILE_LINE_LIMIT = 300;

const SOURCE_EXTENSIONS = ['.ts', '.js', '.cjs', '.mjs'];

/** Folders whose files are not measured: tests and their fixtures. */
const EXCLUDED_FOLDERS = ['test/'];

/**
 * Files written by a generator rather than by hand (`scripts/generate-docs.ts` writes only
 * Markdown and JSON today, which are not source files); listed here when one is code.
 */
const GENERATED_FILES: readonly string[] = [];

/** One measured source file. */
export interface FileSize {
  /** Path relative to the repository root, with `/`. */
  file: string;
  lines: number;
  /** The length in lines of each function, method, accessor, constructor and arrow function. */
  functionLengths: number[];
}

/** The figures of one folder. */
export interface FolderSize {
  folder: string;
  files: number;
  lines: number;
  largestFile: number;
  functions: number;
  functionP90: number;
}

/** Whether a repository path is a hand-written source file that the size limits apply to. */
export function isMeasured(file: string): boolean {
  return (
    SOURCE_EXTENSIONS.some((extension) => file.endsWith(extension)) &&
    !file.endsWith('.d.ts') &&
    !EXCLUDED_FOLDERS.some((folder) => file.startsWith(folder)) &&
    !GENERATED_FILES.includes(file)
  );
}

/** The source files of the tree at `root` that git tracks or would track, measured ones only. */
export function sourceFiles(root: string): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  return [...new Set(listed.split('\n').filter((file) => file !== '' && isMeasured(file)))].sort();
}

/** A file's line count, as `wc -l` counts a file that ends with a newline. */
export function lineCount(text: string): number {
  if (text === '') return 0;
  const lines = text.split('\n').length;
  return text.endsWith('\n') ? lines - 1 : lines;
}

function isFunctionLike(node: ts.Node): boolean {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

/** The length in lines (first to last, inclusive) of every function with a body in `text`. */
export function functionLengths(file: string, text: string): number[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const lengths: number[] = [];
  const visit = (node: ts.Node): void => {
    if (isFunctionLike(node) && (node as ts.FunctionLikeDeclaration).body !== undefined) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      lengths.push(last - first + 1);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return lengths;
}

/** Measures one file of the tree at `root`. */
export function measureFile(root: string, file: string): FileSize {
  const text = readFileSync(path.join(root, file), 'utf8');
  return { file, lines: lineCount(text), functionLengths: functionLengths(file, text) };
}

/** The nearest-rank 90th percentile of `values` (0 for none). */
export function p90(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(0.9 * sorted.length) - 1] ?? 0;
}

/** The folder figures of `files`, one row per folder that holds a file, and a last row `(all)`. */
export function byFolder(files: readonly FileSize[]): FolderSize[] {
  const groups = new Map<string, FileSize[]>();
  for (const file of files) {
    const folder = path.posix.dirname(file.file);
    groups.set(folder, [...(groups.get(folder) ?? []), file]);
  }
  const row = (folder: string, members: readonly FileSize[]): FolderSize => {
    const lengths = members.flatMap((member) => member.functionLengths);
    return {
      folder,
      files: members.length,
      lines: members.reduce((sum, member) => sum + member.lines, 0),
      largestFile: Math.max(0, ...members.map((member) => member.lines)),
      functions: lengths.length,
      functionP90: p90(lengths),
    };
  };
  const rows = [...groups.keys()].sort().map((folder) => row(folder, groups.get(folder) ?? []));
  return [...rows, row('(all)', files)];
}

/** The measured files of `root` longer than {@link FILE_LINE_LIMIT} lines. */
export function oversizeFiles(files: readonly FileSize[]): FileSize[] {
  return files.filter((file) => file.lines > FILE_LINE_LIMIT);
}

/** Every measured source file of the tree at `root`. */
export function measureTree(root: string): FileSize[] {
  return sourceFiles(root).map((file) => measureFile(root, file));
}

function table(rows: readonly FolderSize[]): string {
  const header = ['folder', 'files', 'lines', 'largest file', 'functions', 'function p90'];
  const cells = rows.map((r) => [r.folder, r.files, r.lines, r.largestFile, r.functions, r.functionP90].map(String));
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((cell) => cell[i]?.length ?? 0)));
  const line = (cell: readonly string[]): string =>
    cell.map((value, i) => (i === 0 ? value.padEnd(widths[i] ?? 0) : value.padStart(widths[i] ?? 0))).join('  ');
  return [line(header), ...cells.map(line)].join('\n');
}

function main(argv: readonly string[]): number {
  const rootAt = argv.indexOf('--root');
  const root =
    rootAt >= 0
      ? path.resolve(argv[rootAt + 1] ?? '.')
      : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const files = measureTree(root);
  if (argv.includes('--json')) {
    process.stdout.write(`${JSON.stringify({ folders: byFolder(files), files }, null, 2)}\n`);
    return 0;
  }
  process.stdout.write(`${table(byFolder(files))}\n`);
  if (!argv.includes('--limit')) return 0;
  const over = oversizeFiles(files);
  for (const file of over) process.stdout.write(`over ${FILE_LINE_LIMIT} lines: ${file.file} (${file.lines})\n`);
  return over.length === 0 ? 0 : 1;
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
